import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { BROWSER_TEST_SERVER_ENV } from "./tests/support/browser-test-env";

/**
 * Browser tests run against the production build (`npm run build` first; `npm test` does it).
 * CHROMIUM_PATH is found by scripts/test.mjs.
 *
 * With TEST_DATABASE_URL (CI sets it) the shared server runs on a new database on that PostgreSQL
 * server, and a second server on the embedded database (PGlite, the default a new user runs) takes
 * the smoke spec, so both stay covered. Without it, every spec runs on PGlite. Specs that need data
 * of their own start their own server (tests/support/spec-database.ts).
 *
 * This file is read by the runner and again by each worker: what must be the same everywhere
 * (folders, database names) is chosen once and passed on through the environment.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const embeddedPort = port + 1;
const embeddedURL = `http://127.0.0.1:${embeddedPort}`;
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "scam-free-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (onPostgres && !process.env.E2E_DATABASE_URL) {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/scamfree_e2e_${randomBytes(6).toString("hex")}`;
  process.env.E2E_DATABASE_URL = url.toString();
}

function server(options: { port: number; dataDir: string; databaseUrl?: string }) {
  const url = `http://127.0.0.1:${options.port}`;
  return {
    command: "node scripts/e2e-server.mjs",
    url: `${url}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: (process.env.E2E_SERVER_LOG ? "pipe" : "ignore") as "pipe" | "ignore",
    stderr: "pipe" as const,
    env: {
      ...BROWSER_TEST_SERVER_ENV,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATA_DIR: options.dataDir,
      // Never a database from the developer's own environment.
      DATABASE_URL: options.databaseUrl ?? "",
    },
  };
}

const SMOKE = /embedded-database\.spec\.ts/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A guard against a hung test, not a speed check: the longest flow takes about 20 s alone.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  // Its own folder: Playwright empties it at the start, and Vitest's report may be beside it.
  outputDir: "test-results/browser",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: onPostgres ? "postgres" : "embedded",
      testIgnore: onPostgres ? SMOKE : undefined,
      use: { ...devices["Desktop Chrome"], baseURL },
    },
    ...(onPostgres
      ? [{ name: "embedded smoke", testMatch: SMOKE, use: { ...devices["Desktop Chrome"], baseURL: embeddedURL } }]
      : []),
  ],
  webServer: onPostgres
    ? [
        server({ port, dataDir, databaseUrl: process.env.E2E_DATABASE_URL }),
        server({ port: embeddedPort, dataDir: path.join(dataDir, "embedded") }),
      ]
    : [server({ port, dataDir })],
});
