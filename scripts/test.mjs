#!/usr/bin/env node
/**
 * `npm test`: the one command. Typecheck, a production build, unit and integration tests
 * (in-memory PGlite, plus real PostgreSQL when TEST_DATABASE_URL is set; some run the build as a
 * child process), then the browser tests in Chromium. Ends with one line "tests: N passed, N failed".
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { findOrInstallChromium } from "./find-chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");
const results = path.join(root, "test-results");
let passed = 0;
let failed = 0;
let ok = true;

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✗ ${label} failed`);
    ok = false;
  }
  return result.status === 0;
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

if (!run("typecheck", "npx", ["react-router", "typegen"]) || !run("typecheck", "npx", ["tsc", "--noEmit"])) {
  failed += 1;
}

// ESLint (typescript-eslint, Rules of Hooks, jsx-a11y), Prettier, and no unused files or exports.
if (!run("lint", "npm", ["run", "lint"]) || !run("unused code", "npx", ["knip", "--no-progress"])) {
  failed += 1;
}

// The production build comes before Vitest: tests/integration/http-server.test.ts runs it.
const built = run("production build", "npm", ["run", "build"]);
if (!built) failed += 1;

const vitestJson = path.join(results, "vitest.json");
run("unit and integration tests", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
} else {
  failed += 1;
}

let chromium;
try {
  chromium = await findOrInstallChromium();
  console.log(`Using Chromium at ${chromium}`);
} catch (error) {
  console.error(`\n${error.message}`);
  ok = false;
  failed += 1;
}

if (chromium && built) {
  run("browser tests", "npx", ["playwright", "test"], { CHROMIUM_PATH: chromium });
  const e2e = readJson(path.join(results, "e2e.json"));
  if (e2e?.stats) {
    passed += e2e.stats.expected;
    failed += e2e.stats.unexpected + (e2e.stats.flaky ?? 0);
  } else {
    failed += 1;
  }
}

if (!ok && failed === 0) failed = 1;
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
