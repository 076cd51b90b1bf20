import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server";

/**
 * The signing secret. Production must set AUTH_SECRET; a local run generates one once and keeps it
 * in DATA_DIR so sessions survive restarts. Also signs the community's visitor cookie and keys the
 * hash of request-limit counters. Kept apart from better-auth's setup so that modules under it (the
 * request limits) can read it without importing auth back.
 */
export function authSecret(): string {
  const env = getEnv();
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.isProduction) throw new Error("AUTH_SECRET (32+ characters) must be set when APP_ENV=production.");
  const file = path.resolve(env.DATA_DIR, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  // Several web processes (WEB_CONCURRENCY) may start on a new DATA_DIR at once: each writes its
  // candidate whole, then links it into place, which only the first can do. Every process then
  // reads the one secret that won, so a session signed by one is valid in all.
  const candidate = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(candidate, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    linkSync(candidate, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(candidate, { force: true });
  }
  return readFileSync(file, "utf8").trim();
}
