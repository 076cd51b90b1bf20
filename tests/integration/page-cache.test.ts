/**
 * The anonymous page cache of the production build, as visitors meet it: what is cached and what
 * never is, ETags and 304s, the hash-based CSP of shared pages, and invalidation on a new comment
 * or a moderation decision, in one process (on the test database) and across two processes on one
 * PostgreSQL database (only when TEST_DATABASE_URL is set).
 * Run `npm run build` first (`npm test` does).
 */
import { createHash, randomUUID } from "node:crypto";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { grantStaffRole } from "~/staff/grant.server";
import { DATABASE_TARGETS, type DatabaseTarget } from "../support/databases";
import { signedInCookie, startBuiltServer, type BuiltServer } from "../support/built-server";

interface Page {
  status: number;
  headers: Headers;
  text: string;
}

async function get(base: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Page> {
  const response = await fetch(`${base}${path}`, { method, headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function postForm(base: string, path: string, fields: Record<string, string>, cookie?: string) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: base,
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function postComment(base: string, name: string, comment: string) {
  return postForm(base, "/community", {
    intent: "post",
    name,
    email: `${randomUUID()}@example.com`,
    comment,
    rating: "5",
  });
}

/** The id of the comment with this text, from the staff console's moderation forms. */
async function commentIdOnStaffPage(base: string, staffCookie: string, text: string): Promise<string> {
  const page = await get(base, "/staff/comments", { Cookie: staffCookie });
  expect(page.status).toBe(200);
  const at = page.text.indexOf(text);
  expect(at).toBeGreaterThan(-1);
  const id = page.text.slice(at).match(/name="id" value="([0-9a-f-]{36})"/)?.[1];
  if (!id) throw new Error("no moderation form after the comment");
  return id;
}

/** The CSP hash sources this test computes itself from every inline script of a page. */
function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=/.test(attributes!)) continue;
    sources.add(`'sha256-${createHash("sha256").update(body!).digest("base64")}'`);
  }
  return [...sources].sort();
}

function scriptSources(csp: string | null): string[] {
  const directive = (csp ?? "").split(";").find((part) => part.trim().startsWith("script-src "));
  return (directive ?? "").trim().split(/\s+/).slice(1);
}

const nonceOf = (csp: string | null) => csp?.match(/'nonce-([^']+)'/)?.[1];

const flashCookie = async (title: string) =>
  (await createCookie("scam-free-flash", { path: "/" }).serialize({ id: randomUUID(), kind: "success", title })).split(
    ";",
  )[0]!;

/** A server with a staff member, on this target's database. */
async function startWithStaff(target: DatabaseTarget) {
  const email = `staff-${randomUUID()}@example.com`;
  if (target.name === "postgres") {
    const handle = await target.open();
    const server = await startBuiltServer({ databaseUrl: handle.url });
    const staffCookie = await signedInCookie(server.url, email);
    await grantStaffRole(handle.db, email);
    return { server, staffCookie, close: async () => (await server.stop(), await handle.close()) };
  }
  // PGlite: one process at a time, so grant the role with the server stopped.
  const first = await startBuiltServer();
  const staffCookie = await signedInCookie(first.url, email);
  await first.stop();
  const handle = await openDatabase({ kind: "pglite", dataDir: `${first.dataDir}/pglite` });
  await grantStaffRole(handle.db, email);
  await handle.close();
  const server = await startBuiltServer({ dataDir: first.dataDir });
  return { server, staffCookie, close: () => server.stop() };
}

describe.each(DATABASE_TARGETS)("the anonymous page cache on $name", (target) => {
  let server: BuiltServer;
  let staffCookie: string;
  let memberCookie: string;
  let close: () => Promise<unknown>;
  let base: string;

  beforeAll(async () => {
    ({ server, staffCookie, close } = await startWithStaff(target));
    base = server.url;
    memberCookie = await signedInCookie(base, `member-${randomUUID()}@example.com`);
  }, 180_000);
  afterAll(async () => {
    await close?.();
  });

  it("renders a public page once, then serves the same bytes and strong ETag from the cache", async () => {
    for (const path of ["/", "/pricing", "/course", "/terms", "/es/terms", "/community?sort=likes"]) {
      const first = await get(base, path);
      const second = await get(base, path);
      expect([path, first.status, second.status]).toEqual([path, 200, 200]);
      expect(second.headers.get("x-page-cache")).toBe("hit");
      expect(second.headers.get("etag")).toMatch(/^"[\w-]+"$/);
      expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(second.text).toBe(first.text);
      expect(second.headers.get("cache-control")).toMatch(
        /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+, no-transform$/,
      );
      // A page with a Spanish edition offers it to browsers that read Spanish first (issue 39).
      const spanishEdition = ["/", "/pricing", "/course", "/terms", "/es/terms"].includes(path);
      expect(second.headers.get("vary")).toBe(
        spanishEdition ? "Accept-Encoding, Cookie, Accept-Language" : "Accept-Encoding, Cookie",
      );
      expect(first.headers.get("set-cookie")).toBeNull();
      expect(second.headers.get("set-cookie")).toBeNull();
      // A hit is answered before the security middleware runs (createCachedPageShortcut), with
      // the headers the first answer went out with: the same security headers and the same CSP.
      const third = await get(base, path);
      const headerNames = (page: Page) =>
        [...page.headers.keys()].filter((name) => !["date", "x-page-cache", "keep-alive", "connection"].includes(name));
      expect(headerNames(third).sort()).toEqual(headerNames(second).sort());
      for (const name of headerNames(second))
        expect([path, name, third.headers.get(name)]).toEqual([path, name, second.headers.get(name)]);
      for (const name of [
        "content-security-policy",
        "x-frame-options",
        "x-content-type-options",
        "referrer-policy",
        "cross-origin-opener-policy",
      ])
        expect([path, name, Boolean(third.headers.get(name))]).toEqual([path, name, true]);
    }
    // Trackers do not make a new entry.
    expect((await get(base, "/pricing?utm_source=news&fbclid=x")).headers.get("x-page-cache")).toBe("hit");
  });

  it("answers a matching If-None-Match with 304 and no body, in any encoding, and HEAD with headers only", async () => {
    const identity = { "Accept-Encoding": "identity" };
    const page = await get(base, "/pricing", identity);
    const etag = page.headers.get("etag")!;
    expect(page.headers.get("content-encoding")).toBeNull();
    const notModified = await get(base, "/pricing", { ...identity, "If-None-Match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe("");
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(scriptSources(notModified.headers.get("content-security-policy"))).toEqual(
      scriptSources(page.headers.get("content-security-policy")),
    );
    const gzip = await fetch(`${base}/pricing`, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    const gzipTag = gzip.headers.get("etag")!;
    expect(gzipTag).not.toBe(etag);
    expect((await get(base, "/pricing", { "If-None-Match": gzipTag, "Accept-Encoding": "gzip" })).status).toBe(304);
    expect((await get(base, "/pricing", { "If-None-Match": '"something-else"' })).status).toBe(200);
    const head = await get(base, "/pricing", identity, "HEAD");
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers.get("etag")).toBe(etag);
  });

  it("gives every visitor their own nonce on rendered pages, and shared pages none: only their inline scripts' hashes", async () => {
    const rendered = await Promise.all([
      get(base, "/support"),
      get(base, "/support"),
      get(base, "/", { Cookie: memberCookie }),
    ]);
    const nonces = rendered.map((page) => nonceOf(page.headers.get("content-security-policy")));
    expect(nonces.every(Boolean)).toBe(true);
    expect(new Set(nonces).size).toBe(3);

    for (const path of ["/", "/community"]) {
      const cached = await get(base, path);
      expect(cached.headers.get("x-page-cache")).toMatch(/hit|miss/);
      const csp = cached.headers.get("content-security-policy");
      expect(csp).not.toMatch(/nonce-/);
      expect(cached.text).not.toMatch(/nonce=/);
      for (const nonce of nonces) expect(cached.text).not.toContain(nonce);
      const hashes = scriptSources(csp).filter((source) => source.startsWith("'sha256-"));
      expect(scriptSources(csp).filter((source) => !source.startsWith("'sha256-"))).toEqual(["'self'"]);
      expect(hashes.length).toBeGreaterThan(0);
      expect(hashes.sort()).toEqual(inlineScriptSources(cached.text));
    }
  });

  it("never serves a cached page to, or fills the cache from, a request with a session or flash cookie", async () => {
    await postComment(base, `Emptier ${randomUUID()}`, "Empties the forum's cache entry."); // invalidates /community
    const signedIn = await get(base, "/community", { Cookie: memberCookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signedIn.text).toContain('href="/account"');
    const anonymous = await get(base, "/community");
    expect(anonymous.headers.get("x-page-cache")).toBe("miss");
    expect(anonymous.text).not.toContain('href="/account"');

    const title = `Flash for one visitor ${randomUUID()}`;
    const flashed = await get(base, "/", { Cookie: await flashCookie(title) });
    expect(flashed.text).toContain(title);
    expect(flashed.headers.get("x-page-cache")).toBeNull();
    expect(flashed.headers.get("cache-control")).toBe("private, no-store");
    const next = await get(base, "/");
    expect(next.text).not.toContain(title);
    expect(next.headers.get("x-page-cache")).toBe("hit");
    // The session's cached copy is never handed out either: the member still gets their own page.
    expect((await get(base, "/", { Cookie: memberCookie })).headers.get("x-page-cache")).toBeNull();
  });

  it("keeps form results and unknown parameters out of the cache", async () => {
    const refused = await postForm(base, "/community", {
      intent: "post",
      name: "<b>Bad</b>",
      email: "a@example.com",
      comment: "x",
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Names cannot contain &lt; or &gt; characters.");
    const after = await get(base, "/community");
    expect(after.text).not.toContain("Names cannot contain");
    expect((await get(base, "/community?message=hello")).headers.get("x-page-cache")).toBeNull();
    expect((await get(base, "/community?sort=nonsense")).headers.get("x-page-cache")).toBeNull();
  });

  it("shows a new comment, and a moderation decision, on the very next request", async () => {
    const warm = await get(base, "/community");
    expect((await get(base, "/community")).headers.get("x-page-cache")).toBe("hit");
    await get(base, "/community.data");
    const name = `Fresh ${randomUUID()}`;
    expect((await postComment(base, name, "Appears at once.")).status).toBe(200);
    for (const path of ["/community", "/community.data"]) {
      const page = await get(base, path);
      expect([path, page.text.includes(name)]).toEqual([path, true]);
    }
    expect(warm.text).not.toContain(name);

    // Held for review (three links): not shown until a moderator approves it.
    const held = `Held ${randomUUID()}`;
    expect((await postComment(base, held, "https://a.example https://b.example https://c.example")).status).toBe(202);
    expect((await get(base, "/community")).text).not.toContain(held);
    expect((await get(base, "/community")).headers.get("x-page-cache")).toBe("hit");
    const id = await commentIdOnStaffPage(base, staffCookie, held);
    expect((await postForm(base, "/staff/comments", { intent: "show", id }, staffCookie)).status).toBe(200);
    expect((await get(base, "/community")).text).toContain(held);
    expect((await postForm(base, "/staff/comments", { intent: "hide", id }, staffCookie)).status).toBe(200);
    expect((await get(base, "/community")).text).not.toContain(held);
  });
});

const postgres = DATABASE_TARGETS.find((target) => target.name === "postgres");

describe.runIf(postgres)("the page cache across two server processes on one PostgreSQL database", () => {
  let a: BuiltServer;
  let b: BuiltServer;
  let staffCookie: string;
  let closeDatabase: () => Promise<void>;
  let runSql: (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

  beforeAll(async () => {
    const handle = await postgres!.open();
    closeDatabase = handle.close;
    runSql = (text) => handle.executeSql(text);
    [a, b] = await Promise.all([
      startBuiltServer({ databaseUrl: handle.url }),
      startBuiltServer({ databaseUrl: handle.url }),
    ]);
    const email = `staff-${randomUUID()}@example.com`;
    staffCookie = await signedInCookie(a.url, email);
    await grantStaffRole(handle.db, email);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await closeDatabase?.();
  });

  it("a comment posted through A, and its moderation through A, show on B's next request", async () => {
    await get(b.url, "/community");
    expect((await get(b.url, "/community")).headers.get("x-page-cache")).toBe("hit");
    const name = `Across ${randomUUID()}`;
    expect((await postComment(a.url, name, "Posted on one process, read on the other.")).status).toBe(200);
    const next = await get(b.url, "/community");
    expect(next.text).toContain(name);
    expect(next.headers.get("x-page-cache")).toBe("miss");
    expect((await get(b.url, "/community")).headers.get("x-page-cache")).toBe("hit");

    const id = await commentIdOnStaffPage(a.url, staffCookie, name);
    expect((await postForm(a.url, "/staff/comments", { intent: "hide", id }, staffCookie)).status).toBe(200);
    expect((await get(b.url, "/community")).text).not.toContain(name);
  });

  it("keeps hearing changes after its listening connection drops: it reconnects and starts from an empty cache", async () => {
    const { rows } = await runSql(
      "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'scam-free page changes'",
    );
    expect(rows.filter((row) => row.ended === true)).toHaveLength(2);
    // Reconnected (within a second or so): B caches again.
    await expect
      .poll(
        async () => {
          await get(b.url, "/community");
          return (await get(b.url, "/community")).headers.get("x-page-cache");
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe("hit");
    const name = `After reconnect ${randomUUID()}`;
    expect((await postComment(a.url, name, "Still reaches the other process.")).status).toBe(200);
    expect((await get(b.url, "/community")).text).toContain(name);
  });
});
