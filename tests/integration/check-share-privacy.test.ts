/**
 * A message shared to /check (the web app's share target, or an iPhone Shortcut opening
 * `/check?text=…`) never reaches the server's log, its page cache or its page: the production
 * build runs as a child process and everything it prints is read. Also the files that make the site
 * installable: the manifest's type, and the service worker and its offline page asked for again on
 * every use.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheTarget } from "../../http/cacheable-pages";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

/** A word no page, log line or header holds by chance. */
const SECRET = `SECRETWORD${randomBytes(6).toString("hex")}`;
const SHARED = new URLSearchParams({
  title: `Gift card request ${SECRET}`,
  text: `Grandma, buy gift cards today and don't tell Mom. ${SECRET}`,
  url: `https://prize.example.top/${SECRET}`,
});

let server: BuiltServer;

beforeAll(async () => {
  server = await startBuiltServer();
});

afterAll(async () => {
  await server?.stop();
});

/** The server's JSON log lines for requests to `path` (it writes each one when the answer has gone). */
function requestLines(path: string) {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { msg?: string; path?: string; method?: string })
    .filter((line) => line.msg === "request" && line.path === path);
}

async function waitForRequestLines(path: string, count: number) {
  const deadline = Date.now() + 10_000;
  while (requestLines(path).length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} request lines for ${path}:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a message shared to /check", () => {
  it("is never rendered, cached or keyed on by the server", async () => {
    expect(cacheTarget("/check", `?${SHARED}`, undefined)).toBeNull();
    for (let attempt = 0; attempt < 2; attempt++) {
      const page = await fetch(`${server.url}/check?${SHARED}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(page.headers.get("x-page-cache")).toBeNull();
      const html = await page.text();
      expect(html).toContain("Is this a scam?");
      expect(html).not.toContain(SECRET);
      expect(html).not.toContain("gift cards today");
    }
    // React Router's data request for the same address (a client-side visit) answers the same way.
    const data = await fetch(`${server.url}/check.data?${SHARED}`);
    expect(data.headers.get("cache-control")).toBe("no-store");
    expect(await data.text()).not.toContain(SECRET);
    const head = await fetch(`${server.url}/check?${SHARED}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("cache-control")).toBe("no-store");
  });

  it("posted (a share target that must POST) is answered as the page's form post, and stored nowhere", async () => {
    const post = await fetch(`${server.url}/check`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ text: SHARED.get("text")! }),
    });
    expect(post.status).toBe(200);
    expect(post.headers.get("cache-control")).toBe("no-store");
    expect(await post.text()).toContain('data-warning-sign="1"');
  });

  it("leaves no trace of the message in the server's log: /check is logged by its path alone", async () => {
    await waitForRequestLines("/check", 4);
    const output = server.output();
    expect(output).not.toContain(SECRET);
    expect(output.toLowerCase()).not.toContain(SECRET.toLowerCase());
    expect(output).not.toContain("gift cards today");
    expect(output).not.toContain("gift%20cards");
    expect(output).not.toContain("gift+cards");
    const methods = requestLines("/check").map((line) => line.method);
    expect(methods).toEqual(expect.arrayContaining(["GET", "HEAD", "POST"]));
  });
});

describe("the installable web app's files", () => {
  it("serves the manifest as application/manifest+json", async () => {
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const body = (await manifest.json()) as { start_url: string; share_target: { action: string; method: string } };
    expect(body.start_url).toBe("/check");
    expect(body.share_target).toMatchObject({ action: "/check", method: "GET" });
  });

  it("has the service worker and its offline page asked for again on every use, and lets /check register it", async () => {
    for (const path of ["/sw.js", "/offline.html"]) {
      const file = await fetch(`${server.url}${path}`);
      expect(file.status, path).toBe(200);
      expect(file.headers.get("cache-control"), path).toBe("no-cache");
    }
    expect((await fetch(`${server.url}/sw.js`)).headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
    // The icons keep the usual hour.
    expect((await fetch(`${server.url}/icon-192.png`)).headers.get("cache-control")).toBe("public, max-age=3600");
    // A worker's script must be allowed by the page's CSP: worker-src falls back to script-src, which allows 'self'.
    const csp = (await fetch(`${server.url}/check`)).headers.get("content-security-policy") ?? "";
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc.split(" ")).toContain("'self'");
    expect(csp).not.toMatch(/worker-src/);
  });
});
