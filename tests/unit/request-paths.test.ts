/**
 * The path checks server.ts runs before any page: repeated slashes, and the loopback-only local
 * mailbox under every spelling React Router would still route to it. A real Express app on a
 * loopback port with the same middleware, and raw requests (fetch would normalise the paths).
 */
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseRemoteMailbox, routedPath } from "../../http/local-only";
import { collapseRepeatedSlashes } from "../../http/repeated-slashes";

let server: Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(collapseRepeatedSlashes);
  app.use(refuseRemoteMailbox);
  // Stands in for the page handler: says which path reached it.
  app.all("/{*splat}", (req, res) => {
    res.type("text/plain").send(`page ${req.originalUrl}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, location: res.headers.location, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The same machine, but the request says it was relayed for another client. */
const REMOTE = { "X-Forwarded-For": "203.0.113.50" };

const MAILBOX_SPELLINGS = [
  "/dev/mailbox",
  "/Dev/mailbox",
  "/DEV/MAILBOX",
  "/%64ev/mailbox",
  "/%44EV/%6dailbox",
  "/./dev/mailbox",
  "/x/../dev/mailbox",
  "/x/%2e%2e/dev/mailbox",
  "/dev/./mailbox",
  "/dev\\mailbox",
  "/Dev/mailbox.data",
  "/dev/mailbox.data?_routes=routes%2Fdev.mailbox",
  "/dev/mailbox?to=a%40example.com",
  "/dev",
];

describe("the local mailbox", () => {
  it.each(MAILBOX_SPELLINGS)("answers 404 to a non-loopback client at %s", async (path) => {
    const answer = await get(path, REMOTE);
    expect(answer.status).toBe(404);
    expect(answer.body).toBe("Not found.");
    expect((await get(path, { Forwarded: "for=203.0.113.50" })).status).toBe(404);
  });

  it.each(MAILBOX_SPELLINGS)("is served to this machine at %s", async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(`page ${path}`);
    expect((await get(path, { "X-Forwarded-For": "127.0.0.1" })).status).toBe(200);
  });

  it("leaves other pages, and names that only start with 'dev', open to everyone", async () => {
    for (const path of ["/pricing", "/developer", "/course/dev/mailbox", "/dev/../pricing", "/api/auth/get-session"]) {
      expect([path, (await get(path, REMOTE)).status]).toEqual([path, 200]);
    }
  });

  it("normalises a path the way React Router will route it", () => {
    expect(routedPath("/Dev/%6Dailbox.data")).toBe("/dev/mailbox");
    expect(routedPath("/a/b/../../DEV/./mailbox/")).toBe("/dev/mailbox");
    expect(routedPath("/../../dev")).toBe("/dev");
    expect(routedPath("/%zz/dev")).toBe("/%zz/dev");
    expect(routedPath("/")).toBe("/");
  });
});

describe("repeated slashes", () => {
  it.each([
    ["//", "/"],
    ["//account", "/account"],
    ["//x/pricing", "/x/pricing"],
    ["/course//scam-free///1?x=1", "/course/scam-free/1?x=1"],
    ["/\\evil.example", "/evil.example"],
    ["/\\//evil.example/", "/evil.example/"],
  ])("sends GET %s to %s (301) before any page sees it", async (path, collapsed) => {
    const answer = await get(path);
    expect(answer.status).toBe(301);
    expect(answer.location).toBe(collapsed);
    expect(answer.body).not.toContain("page ");
    expect((await get(path, {}, "HEAD")).status).toBe(301);
  });

  it("answers 404 to other methods on such a path", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const answer = await get("//account", {}, method);
      expect([method, answer.status]).toEqual([method, 404]);
    }
  });

  it("does not collapse slashes in the query, and refuses a request target that is not a path", async () => {
    expect(await get("/auth?returnTo=//x")).toMatchObject({ status: 200, body: "page /auth?returnTo=//x" });
    expect((await get("http://127.0.0.1/dev/mailbox", REMOTE)).status).toBe(400);
  });
});
