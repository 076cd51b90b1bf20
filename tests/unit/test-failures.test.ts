import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { errorExcerpt, pageAtFailure, playwrightFailures, vitestFailures } from "../../scripts/test-failures.mjs";

/** The last lines of `npm test` name each failed test with its error (scripts/test-failures.mjs). */
describe("the failed tests in the runners' reports", () => {
  it("names a failed or flaky browser test with its describe blocks and the error of its failed run", () => {
    const report = {
      suites: [
        {
          title: "accessibility.spec.ts",
          specs: [],
          suites: [
            {
              title: "the free taste",
              specs: [
                {
                  file: "accessibility.spec.ts",
                  title: "the last screen",
                  tests: [
                    {
                      status: "flaky",
                      results: [
                        {
                          status: "failed",
                          errors: [{ message: "\u001b[31mError: expect(locator).toBeVisible()\u001b[39m" }],
                        },
                        { status: "passed", errors: [] },
                      ],
                    },
                  ],
                },
                { file: "accessibility.spec.ts", title: "passes", tests: [{ status: "expected", results: [] }] },
              ],
            },
          ],
        },
      ],
    };
    const failures = playwrightFailures(report);
    expect(failures.map((failure) => failure.name)).toEqual([
      "accessibility.spec.ts › the free taste › the last screen (flaky)",
    ]);
    expect(errorExcerpt(failures[0]!.error)).toEqual(["Error: expect(locator).toBeVisible()"]);
  });

  it("names a failed unit test with its message, and a file that did not run", () => {
    const report = {
      testResults: [
        {
          name: `${process.cwd()}/tests/unit/a.test.ts`,
          status: "failed",
          assertionResults: [
            { status: "passed", fullName: "works" },
            {
              status: "failed",
              fullName: "adds up",
              failureMessages: ["AssertionError: expected 3 to be 4\n\n    at a.test.ts:3"],
            },
          ],
        },
        {
          name: `${process.cwd()}/tests/unit/b.test.ts`,
          status: "failed",
          assertionResults: [],
          message: "SyntaxError",
        },
      ],
    };
    expect(vitestFailures(report)).toEqual([
      { name: "tests/unit/a.test.ts › adds up", error: "AssertionError: expected 3 to be 4\n\n    at a.test.ts:3" },
      { name: "tests/unit/b.test.ts (did not run)", error: "SyntaxError" },
    ]);
    expect(errorExcerpt("AssertionError: expected 3 to be 4\n\n    at a.test.ts:3")).toEqual([
      "AssertionError: expected 3 to be 4",
      "    at a.test.ts:3",
    ]);
  });

  it("keeps at most twelve lines of a long error", () => {
    const long = Array.from({ length: 40 }, (_, index) => `line ${index}`).join("\n");
    expect(errorExcerpt(long)).toHaveLength(12);
    expect(errorExcerpt(undefined)).toEqual([]);
  });

  it("shows what the failed test's page showed: its toasts, alerts and status messages", () => {
    const snapshot = [
      "# Page snapshot",
      "",
      "```yaml",
      "- main:",
      '  - heading "Your Training Program" [level=1]',
      '  - group "Grandma Rose":',
      '    - status: "Saved Grandma Rose\'s settings."',
      '    - button "Send the notice"',
      '- region "Notifications":',
      "  - list:",
      "    - listitem:",
      "      - paragraph: Too many notices",
      '      - button "Close"',
      "```",
    ].join("\n");
    expect(pageAtFailure(snapshot)).toEqual([
      '- status: "Saved Grandma Rose\'s settings."',
      '- region "Notifications":',
      "  - list:",
      "    - listitem:",
      "      - paragraph: Too many notices",
      '      - button "Close"',
    ]);
    expect(pageAtFailure('- region "Notifications":\n  - list\n- main')).toEqual([
      '- region "Notifications":',
      "  - list",
    ]);
    expect(pageAtFailure(undefined)).toEqual([]);

    const folder = mkdtempSync(path.join(tmpdir(), "failures-"));
    const file = path.join(folder, "error-context.md");
    writeFileSync(file, snapshot);
    const report = {
      suites: [
        {
          title: "training-contacts.spec.ts",
          specs: [
            {
              file: "training-contacts.spec.ts",
              title: "a family sets up",
              tests: [
                {
                  status: "unexpected",
                  results: [
                    {
                      status: "failed",
                      errors: [{ message: "Error: toBeVisible" }],
                      attachments: [{ name: "error-context", contentType: "text/markdown", path: file }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(report)[0]!.page).toContain("      - paragraph: Too many notices");
  });
});
