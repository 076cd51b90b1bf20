import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";

/**
 * A production server of its own for specs that seed its database before it starts (the shared
 * test server is already running by then): a free port, `build/server.js` on it with the given data
 * directory, ready once /healthz answers; stopped with SIGTERM.
 */
export async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startBuiltServer(options: { port: number; baseURL: string; dataDir: string }) {
  const { DATABASE_URL: _unused, ...env } = process.env;
  let errors = "";
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: process.cwd(),
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      APP_URL: options.baseURL,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${errors}`);
    if (
      await fetch(`${options.baseURL}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    if (Date.now() > deadline) throw new Error(`server did not start: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function stopBuiltServer(server: ChildProcess | undefined) {
  if (server && server.exitCode === null) {
    const exited = once(server, "exit");
    server.kill("SIGTERM");
    await exited;
  }
}
