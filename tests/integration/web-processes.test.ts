/**
 * WEB_CONCURRENCY on the production build: two web processes share the port on PostgreSQL, with
 * the background workers in exactly one, and a stop signal stops both cleanly; on the embedded
 * database (one process's files) the server says why it runs one process; a bad value refuses to
 * start. Run `npm run build` first (`npm test` does).
 */
import http from "node:http";
import { describe, expect, it } from "vitest";
import { CHECK_LIMIT } from "~/check-page/check-limits.server";
import { DATABASE_TARGETS } from "../support/databases";
import { freePort, signedInCookie, startBuiltServer } from "../support/built-server";
import { waitFor } from "../support/wait";

const onPostgres = DATABASE_TARGETS.find((target) => target.name === "postgres");
const count = (text: string, needle: string) => text.split(needle).length - 1;

/**
 * One request on a connection of its own: the cluster hands new connections to the web processes
 * in turn, so a run of these is served by both (fetch would keep reusing one connection).
 */
function onNewConnection(url: string, method: "GET" | "POST", body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, agent: false, headers: body ? { "Content-Type": "application/json" } : {} },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("WEB_CONCURRENCY", () => {
  it.runIf(onPostgres)(
    "runs two web processes on PostgreSQL, the background workers in one, and stops both on SIGTERM",
    async () => {
      const handle = await onPostgres!.open();
      const port = await freePort();
      // No AUTH_SECRET: both processes start on a new DATA_DIR and must agree on the one they generate.
      const server = await startBuiltServer({
        databaseUrl: handle.url,
        port,
        env: { WEB_CONCURRENCY: "2", AUTH_SECRET: "" },
      });
      try {
        await waitFor(() => count(server.output(), "is listening on") === 2, 60_000, "two web processes listening");
        expect(server.output()).toContain("started 2 web processes (background workers in the first)");
        expect(count(server.output(), '"msg":"background jobs started"')).toBe(1);
        expect(count(server.output(), "background jobs queued only (WORKERS=off)")).toBe(1);
        // Both answer on the one port: pages, and each process's own page cache.
        for (let i = 0; i < 8; i++) expect((await fetch(`${server.url}/pricing`)).status).toBe(200);
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        // A session made through one process is good in both: every request of a signed-in visitor
        // shows their account, whichever process answers it.
        const cookie = await signedInCookie(server.url, `two-processes-${Date.now()}@example.com`);
        for (let i = 0; i < 8; i++) {
          const account = await fetch(`${server.url}/account`, { headers: { Cookie: cookie }, redirect: "manual" });
          expect(account.status).toBe(200);
        }
        // One allowance per address across both processes, for the checker's limits in memory
        // (held by the primary) and for the database's (the session probe's): each process counting
        // on its own would let twice as many through.
        const checks: number[] = [];
        for (let i = 0; i <= CHECK_LIMIT.max; i++) {
          checks.push(await onNewConnection(`${server.url}/api/check`, "POST", JSON.stringify({ text: `hello ${i}` })));
        }
        expect(checks.slice(0, CHECK_LIMIT.max)).toEqual(Array(CHECK_LIMIT.max).fill(200));
        expect(checks[CHECK_LIMIT.max]).toBe(429);
        const probes: number[] = [];
        for (let i = 0; i <= 60; i++) probes.push(await onNewConnection(`${server.url}/api/auth/get-session`, "GET"));
        expect(probes.slice(0, 60)).toEqual(Array(60).fill(200));
        expect(probes[60]).toBe(429);
        await server.stop();
        expect(count(server.output(), '"msg":"shutting down"')).toBe(2);
      } finally {
        await server.stop();
        await handle.close();
      }
    },
    120_000,
  );

  it("on the embedded database says it needs PostgreSQL and serves with one process", async () => {
    const server = await startBuiltServer({ env: { WEB_CONCURRENCY: "2" } });
    try {
      expect((await fetch(`${server.url}/pricing`)).status).toBe(200);
      expect(server.output()).toContain(
        "WEB_CONCURRENCY=2 needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process, so one web process serves.",
      );
      expect(count(server.output(), "is listening on")).toBe(1);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("refuses to start with a value that is not a whole number from 1 to 32", async () => {
    await expect(startBuiltServer({ env: { WEB_CONCURRENCY: "lots" } })).rejects.toThrow(
      /WEB_CONCURRENCY must be a whole number from 1 to 32 \(got "lots"\)/,
    );
  }, 60_000);
});
