#!/usr/bin/env node
/**
 * `npm run bench`: measures the built site on this machine and prints ratios against budgets.
 *  - JavaScript a first visit to the home page downloads (gzip), against the 90 KB budget.
 *  - Requests per second for the home page and /healthz from one local client, bounded in time.
 * Traffic goes only to a server this script starts on 127.0.0.1. Results: bench/results/latest.json.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const JS_BUDGET_KB = 90;
const PORT = 4391;
const base = `http://127.0.0.1:${PORT}`;

if (!existsSync(path.join(root, "build/server.js"))) {
  const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "scam-free-bench-"));
const server = spawn(process.execPath, ["build/server.js"], {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "silent" },
  stdio: "ignore",
});

async function waitUntilReady() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
}

/** Scripts the home page's HTML loads on first visit (entry, route chunks, modulepreloads). */
async function homePageJavaScript() {
  const html = await (await fetch(`${base}/`)).text();
  const urls = new Set();
  for (const match of html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) urls.add(match[1]);
  let gz = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer());
    gz += gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.size, gzipKb: Math.round((gz / 1024) * 10) / 10 };
}

/** Sequential-with-concurrency load for a fixed time; returns requests per second. */
async function throughput(pathname, seconds = 5, concurrency = 8) {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      const response = await fetch(`${base}${pathname}`).catch(() => null);
      if (response?.ok) {
        await response.arrayBuffer();
        done += 1;
      } else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { rps: Math.round(done / seconds), failed };
}

try {
  await waitUntilReady();
  const js = await homePageJavaScript();
  const home = await throughput("/");
  const health = await throughput("/healthz");
  const results = {
    measuredAt: new Date().toISOString(),
    homeJavaScript: { ...js, budgetKb: JS_BUDGET_KB, ratio: Math.round((js.gzipKb / JS_BUDGET_KB) * 100) / 100 },
    homeRequestsPerSecond: home.rps,
    healthRequestsPerSecond: health.rps,
    homeToHealthRatio: Math.round((home.rps / Math.max(1, health.rps)) * 100) / 100,
    failedRequests: home.failed + health.failed,
  };
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  writeFileSync(path.join(root, "bench/results/latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`home page JavaScript: ${js.gzipKb} KB gzip in ${js.files} files; budget ${JS_BUDGET_KB} KB; ratio ${results.homeJavaScript.ratio}`);
  console.log(`home page: ${home.rps} req/s; /healthz: ${health.rps} req/s; ratio ${results.homeToHealthRatio}`);
  if (results.homeJavaScript.ratio > 1) {
    console.log(`OVER BUDGET: the home page ships ${js.gzipKb} KB of JavaScript, more than ${JS_BUDGET_KB} KB.`);
    process.exitCode = 1;
  }
} finally {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
