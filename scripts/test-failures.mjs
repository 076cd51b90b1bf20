/** The failed tests in the test runners' JSON reports, for the last lines of `npm test`. */
import { readFileSync } from "node:fs";
import path from "node:path";

/** At most a dozen lines of an error, without colour codes or blank lines. */
export function errorExcerpt(error) {
  const plain = String(error ?? "").replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "");
  return plain
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, 12);
}

/** Vitest's JSON report: each failed test's name and error. */
export function vitestFailures(result) {
  const failures = [];
  for (const file of result?.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed") {
        failures.push({ name: `${where} › ${test.fullName ?? test.title}`, error: test.failureMessages?.[0] });
      }
    }
    if (file.status === "failed" && (file.assertionResults ?? []).length === 0) {
      failures.push({ name: `${where} (did not run)`, error: file.message });
    }
  }
  return failures;
}

/**
 * What the page showed to the person when a browser test failed, from Playwright's page snapshot
 * (its "error-context" attachment): the toasts in the Notifications region and every alert or
 * status message, each with the lines under it. A missing toast and an error toast in its place
 * read very differently, and the CI record keeps only the last lines.
 */
export function pageAtFailure(snapshot) {
  const lines = String(snapshot ?? "").split("\n");
  const shown = [];
  const indentOf = (line) => line.length - line.trimStart().length;
  for (let at = 0; at < lines.length; at++) {
    if (!/^\s*- (region "Notifications"|alert|status)(?=[\s:[]|$)/.test(lines[at])) continue;
    // The block: this line and the deeper ones under it, shown from its own indentation.
    const depth = indentOf(lines[at]);
    shown.push(lines[at].slice(depth).trimEnd());
    while (at + 1 < lines.length && lines[at + 1].trim() !== "" && indentOf(lines[at + 1]) > depth) {
      at++;
      shown.push(lines[at].slice(depth).trimEnd());
    }
  }
  return shown.slice(0, 12);
}

function readPageSnapshot(run) {
  const context = (run?.attachments ?? []).find((attachment) => attachment.name === "error-context");
  if (!context?.path) return undefined;
  try {
    return readFileSync(context.path, "utf8");
  } catch {
    return undefined;
  }
}

/** Playwright's JSON report: each failed or flaky test's name, error, and what its page showed. */
export function playwrightFailures(report) {
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected" || test.status === "flaky") {
          const failedRun = (test.results ?? []).find((run) => run.status !== "passed" && run.status !== "skipped");
          failures.push({
            name: `${spec.file} › ${[...titles, spec.title].join(" › ")} (${test.status})`,
            error: failedRun?.errors?.map((error) => error.message).join("\n") ?? failedRun?.error?.message,
            page: pageAtFailure(readPageSnapshot(failedRun)),
          });
        }
      }
    }
    for (const describe of suite.suites ?? []) walk(describe, [...titles, describe.title]);
  };
  // The top-level suites are the spec files (their title is the file name, already shown).
  for (const file of report?.suites ?? []) walk(file, []);
  return failures;
}
