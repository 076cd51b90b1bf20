#!/usr/bin/env node
/**
 * `npm start`: builds the site when the build is missing or older than the sources, then serves
 * it. On a fresh clone this is the whole story: embedded database, demo payments, local mailbox.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { productionEnvironment } from "./production-env.mjs";
import { SERVER_NODE_FLAGS } from "./server-flags.mjs";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "build", ".built-at");
const SOURCES = [
  "app",
  "content",
  "public",
  "server.ts",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sourcesChanged = SOURCES.reduce((max, s) => Math.max(max, newestMtime(path.join(root, s))), 0);
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;

if (!existsSync(path.join(root, "build/server.js")) || sourcesChanged > builtAt) {
  console.log("Building the site (first start, or sources changed)...");
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: "inherit",
    env: productionEnvironment(process.env),
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, "build/server.js")], {
  cwd: root,
  stdio: "inherit",
  env: productionEnvironment(process.env),
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
