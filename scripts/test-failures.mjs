/** The failed tests in the test runners' JSON reports, for the last lines of `npm test`. */
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

/** Playwright's JSON report: each failed or flaky test's name and error. */
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
