/**
 * The production server (`node build/server.js`) as a child process: the one way tests start it.
 * Integration tests use it for what only the whole HTTP stack does (body limits, malformed
 * requests, headers, loopback-only pages); browser specs that need a database of their own start
 * one on it (tests/support/spec-database.ts). `npm test` builds before it runs the tests; run
 * `npm run build` first when calling Vitest or Playwright yourself.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface BuiltServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (its JSON log lines and anything on stderr). */
  output(): string;
  stop(): Promise<void>;
}

export function assertBuilt() {
  if (!existsSync(path.join(root, "build/server.js")) || !existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("These tests run the production build: run `npm run build` first (`npm test` does).");
  }
}

/** A port nobody listens on now, for a server whose own address must be known before it starts (APP_URL). */
export async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts the built server and resolves once it listens and /healthz answers. Without `port` it
 * takes any free one; with `port` its APP_URL is that address (links in its emails point there).
 */
export async function startBuiltServer(
  options: { databaseUrl?: string; dataDir?: string; port?: number; env?: Record<string, string> } = {},
): Promise<BuiltServer> {
  assertBuilt();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "scam-free-http-"));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    PORT: String(options.port ?? 0),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    AUTH_SECRET: "test-secret-that-is-at-least-32-characters-long",
    ...(options.port ? { APP_URL: `http://127.0.0.1:${options.port}` } : {}),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const child: ChildProcess = spawn(process.execPath, ["build/server.js"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Both pipes are read for the child's whole life (it must never block on a full one), and kept.
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // A server told its port is ready when /healthz answers; one that picked its own says which in its log.
  const port =
    options.port ??
    (await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
      const lookForPort = () => {
        const match = output.match(/"port":(\d+)/);
        if (!match) return;
        clearTimeout(timer);
        child.stdout!.off("data", lookForPort);
        resolve(Number(match[1]));
      };
      child.stdout!.on("data", lookForPort);
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${output}`));
      });
    }));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const health = await fetch(`${url}/healthz`).catch(() => undefined);
    if (health?.ok) break;
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not answer /healthz in 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    dataDir,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Signs up and logs in through the real forms; returns the session cookie header value. */
export async function signedInCookie(
  baseUrl: string,
  email: string,
  password = "correct-horse-battery",
): Promise<string> {
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual" as const,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
  });
  const signup = await fetch(`${baseUrl}/auth`, form({ intent: "signup", email, password }));
  if (signup.status !== 200) throw new Error(`sign-up failed with ${signup.status}`);
  const login = await fetch(`${baseUrl}/auth`, form({ intent: "login", email, password }));
  if (login.status !== 302) throw new Error(`login failed with ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => pair!.includes("session_token"))
    .join("; ");
}
