#!/usr/bin/env node
/**
 * `npm test`: the one command. Ends with one line "tests: N passed, N failed".
 *
 * What does not depend on anything else starts at once, side by side: the type check, lint (with
 * the import-cycle check), unused code, and the production build. The browser tests start once the
 * build is there (they run against it) and the type check and lint have ended; the unit and
 * integration tests (in-memory PGlite, plus real PostgreSQL when TEST_DATABASE_URL is set; some
 * start the built server) follow them.
 * Those two are not run side by side: each keeps both cores busy, and together on this two-core
 * machine they took as long as one after the other while timing out tests (a run on 2026-11-25:
 * 797 s, one Vitest test past its 30 s). Each step's output is printed in one block when it ends,
 * and a table of step times last.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { findOrInstallChromium } from "./find-chromium.mjs";
import { errorExcerpt, playwrightFailures, vitestFailures } from "./test-failures.mjs";

const root = path.resolve(import.meta.dirname, "..");
const results = path.join(root, "test-results");
const startedAt = Date.now();
const times = [];

/** Runs one command, keeping its output, and prints that output when it ends. Resolves to success. */
function run(label, command, args, env = {}) {
  const began = Date.now();
  console.log(`▶ ${label} started`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      const seconds = (Date.now() - began) / 1000;
      const ok = code === 0;
      times.push({ label, seconds, ok, from: (began - startedAt) / 1000 });
      process.stdout.write(`\n━━ ${label} ${ok ? "passed" : "FAILED"} in ${seconds.toFixed(0)} s ━━\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(ok);
    });
  });
}

/** Steps that must follow one another, as one step. */
async function inOrder(...steps) {
  for (const step of steps) if (!(await step())) return false;
  return true;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const chromium = findOrInstallChromium({ log: () => {} }).then(
  (found) => ({ found }),
  (error) => ({ error }),
);

const typecheck = inOrder(
  () => run("typegen", "npx", ["react-router", "typegen"]),
  () => run("typecheck", "npx", ["tsc", "--noEmit"]),
);
// ESLint (typescript-eslint, Rules of Hooks, jsx-a11y, folder boundaries), Prettier, import cycles.
const lint = run("lint", "npm", ["run", "lint"]);
const unused = run("unused code", "npx", ["knip", "--no-progress"]);
const build = run("production build", "npm", ["run", "build"]);

// The browser tests also wait for the type check and lint to end (whatever their result): beside
// them on two cores, a checkout's first answer took over 15 s and failed a test (CI, 2026-12-07).
const browser = Promise.all([build, chromium, typecheck, lint]).then(([built, { found, error }]) => {
  if (error) {
    console.error(`\n${error.message}`);
    return false;
  }
  if (!built) return false;
  return run("browser tests", "npx", ["playwright", "test"], { CHROMIUM_PATH: found });
});

const vitestJson = path.join(results, "vitest.json");
const vitest = browser.then(() =>
  run("unit and integration tests", "npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestJson}`,
  ]),
);

const [typesOk, lintOk, unusedOk, built, , browserOk] = await Promise.all([
  typecheck,
  lint,
  unused,
  build,
  vitest,
  browser,
]);

let passed = 0;
let failed = [typesOk, lintOk, unusedOk, built].filter((ok) => !ok).length;
const vitestResult = readJson(vitestJson);
if (vitestResult) {
  passed += vitestResult.numPassedTests;
  failed += vitestResult.numFailedTests;
} else {
  failed += 1;
}
const e2e = readJson(path.join(results, "e2e.json"));
if (e2e?.stats) {
  passed += e2e.stats.expected;
  failed += e2e.stats.unexpected + (e2e.stats.flaky ?? 0);
} else {
  failed += 1;
}
if (!browserOk && failed === 0) failed = 1;

// The last lines are often all a CI page shows: name every failed test there, with the first
// lines of its error, so a red run can be understood from its record alone.
const failures = [...vitestFailures(vitestResult), ...playwrightFailures(e2e)];
if (failures.length > 0) {
  console.log("\nFailed tests:");
  for (const { name, error, page } of failures) {
    console.log(`  ${name}`);
    for (const line of errorExcerpt(error)) console.log(`      ${line}`);
    if (page?.length) {
      console.log("      On the page (toasts, alerts, status):");
      for (const line of page) console.log(`        ${line}`);
    }
  }
}

console.log("\nStep times (seconds from the start, and how long each took):");
for (const { label, seconds, ok, from } of times.sort((a, b) => a.from - b.from)) {
  console.log(
    `  ${label.padEnd(28)} at ${from.toFixed(0).padStart(4)} s  took ${seconds.toFixed(0).padStart(4)} s${ok ? "" : "  FAILED"}`,
  );
}
console.log(`  ${"whole run".padEnd(28)}              ${((Date.now() - startedAt) / 1000).toFixed(0).padStart(4)} s`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
