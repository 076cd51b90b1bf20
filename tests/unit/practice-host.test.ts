import { request, type Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { separatePracticeHost } from "../../http/practice-host";

/**
 * The practice host and the site's host on one server (http/practice-host.ts), over a real socket:
 * what each answers, told apart only by the Host header.
 */
const SITE = "https://scam-free.example";
const PRACTICE = "https://go.practice-mail.example";
const TOKEN = "B".repeat(43);

let server: Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(separatePracticeHost({ site: SITE, practice: PRACTICE }));
  app.all("/{*splat}", (req, res) => {
    res.type("text/plain").send(`page ${req.method} ${req.path}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function ask(host: string, method: string, path: string) {
  return new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers: { Host: host } }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, location: res.headers.location, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the practice host", () => {
  const practiceHost = new URL(PRACTICE).host;

  it("answers a practice message's landing, feedback and stop pages, their data and the files they need", async () => {
    for (const path of [
      `/practice/${TOKEN}`,
      `/practice/${TOKEN}/feedback`,
      `/practice/${TOKEN}/stop`,
      `/practice/${TOKEN}.data`,
      "/assets/root-abc.js",
      "/favicon.svg",
      "/healthz",
    ]) {
      expect([path, (await ask(practiceHost, "GET", path)).status]).toEqual([path, 200]);
    }
    expect((await ask(practiceHost, "POST", `/practice/${TOKEN}`)).body).toBe(`page POST /practice/${TOKEN}`);
    expect((await ask(practiceHost, "POST", `/practice/${TOKEN}/stop`)).status).toBe(200);
  });

  it("answers a landing on its story's path and the plain unsubscribe page, by the token's shape (issue #36)", async () => {
    for (const path of [`/claim/${TOKEN}`, `/toll/pay/${TOKEN}`, `/toll/pay/${TOKEN}.data`, `/unsubscribe/${TOKEN}`]) {
      expect([path, (await ask(practiceHost, "GET", path)).status]).toEqual([path, 200]);
    }
    expect((await ask(practiceHost, "POST", `/account/verify/${TOKEN}`)).body).toBe(
      `page POST /account/verify/${TOKEN}`,
    );
    // Not a token's shape, or more than two segments before it: the site's, not the practice host's.
    for (const path of [`/toll/pay/${TOKEN}x`, `/a/b/c/${TOKEN}`, "/toll/pay/short", `/Toll/${TOKEN}`]) {
      expect([path, (await ask(practiceHost, "GET", path)).status]).toEqual([path, 302]);
    }
  });

  it("never shows the site's own pages: a page is sent to the site, anything else is refused", async () => {
    for (const path of ["/", "/account", "/course/scam-free/3?x=1", "/dev/mailbox", `/practice/${TOKEN}/other`]) {
      const answer = await ask(practiceHost, "GET", path);
      expect([path, answer.status, answer.location]).toEqual([path, 302, `${SITE}${path}`]);
    }
    // Never an open redirect: a path that looks like another host stays a path on the site.
    const sneaky = await ask(practiceHost, "GET", "//evil.example/login");
    expect([sneaky.status, sneaky.location]).toEqual([302, `${SITE}//evil.example/login`]);
    for (const path of ["/auth", "/account", "/api/webhooks/stripe", "/"]) {
      const answer = await ask(practiceHost, "POST", path);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.body).not.toContain("page");
    }
  });

  it("on the site's host, a practice page moves to the practice host; its buttons still post where they are", async () => {
    const siteHost = new URL(SITE).host;
    const moved = await ask(siteHost, "GET", `/practice/${TOKEN}/stop`);
    expect([moved.status, moved.location]).toEqual([302, `${PRACTICE}/practice/${TOKEN}/stop`]);
    // The site's own mail links to the feedback page on the site's host (issue #40): it stays.
    expect((await ask(siteHost, "GET", `/practice/${TOKEN}/feedback`)).body).toBe(
      `page GET /practice/${TOKEN}/feedback`,
    );
    expect((await ask(siteHost, "POST", `/practice/${TOKEN}`)).body).toBe(`page POST /practice/${TOKEN}`);
    expect((await ask(siteHost, "GET", "/pricing")).body).toBe("page GET /pricing");
  });
});
