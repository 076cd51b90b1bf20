import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cacheControl, cacheTarget } from "../../http/cacheable-pages";
import { isShareable } from "../../http/page-handler";
import {
  bodyFor,
  chooseEncoding,
  createCachedPage,
  etagFor,
  inlineScriptHashes,
  matchesIfNoneMatch,
  PageCache,
  type CachedPage,
} from "../../http/page-cache";

/** A page as React renders one that may be shared: no nonce anywhere (page-handler.ts). */
const HTML =
  `<!DOCTYPE html><html><head><script>console.log(1)</script>` +
  `<script type="module" src="/assets/entry.js"></script></head>` +
  `<body>${"x".repeat(2000)}<script type="module">import("/assets/a.js")</script></body></html>`;

function page(name = "/", body = HTML): CachedPage {
  return createCachedPage({
    page: name,
    status: 200,
    headers: new Headers({ "Content-Type": "text/html; charset=utf-8", "Set-Cookie": "a=b", "X-Other": "kept" }),
    body: Buffer.from(body),
  });
}

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("which requests the page cache answers", () => {
  it("keys public pages by path and the parameters that matter, ignoring trackers", () => {
    expect(cacheTarget("/", "", undefined)?.key).toBe("html /");
    expect(cacheTarget("/pricing", "?utm_source=news&fbclid=1", undefined)?.key).toBe("html /pricing");
    expect(cacheTarget("/community", "?sort=likes&utm_medium=x", undefined)?.key).toBe("html /community?sort=likes");
    expect(cacheTarget("/community.data", "?sort=rating", undefined)).toMatchObject({
      page: "/community",
      key: "data /community?sort=rating",
    });
    expect(cacheTarget("/_root.data", "", undefined)).toMatchObject({ page: "/", key: "data /" });
  });

  it("passes through unknown pages, parameters and values, repeated parameters and personal cookies", () => {
    expect(cacheTarget("/account", "", undefined)).toBeNull();
    expect(cacheTarget("/support", "", undefined)).toBeNull();
    expect(cacheTarget("/pricing", "?plan=family", undefined)).toBeNull();
    expect(cacheTarget("/community", "?sort=bogus", undefined)).toBeNull();
    expect(cacheTarget("/community", "?sort=likes&sort=rating", undefined)).toBeNull();
    expect(cacheTarget("/community.data", "?_routes=routes%2Fcommunity", undefined)).toBeNull();
    expect(cacheTarget("/", "", "scam-free.session_token=abc")).toBeNull();
    expect(cacheTarget("/", "", "scam-free-flash=xyz")).toBeNull();
    expect(cacheTarget("/", "", "scam-free-visitor=1; something-else=2")).toBeNull();
    expect(cacheTarget("/", "", "scam-free-visitor=1")?.key).toBe("html /");
    expect(cacheTarget("/constructor", "", undefined)).toBeNull();
  });

  it("lets browsers revalidate every time and a CDN keep a page briefly", () => {
    expect(cacheControl(cacheTarget("/", "", undefined)!.policy)).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
    );
    expect(cacheControl(cacheTarget("/community", "", undefined)!.policy)).toMatch(/^public, max-age=0, s-maxage=5,/);
  });
});

describe("which responses the page cache keeps", () => {
  it("keeps a plain 200 only: never one that sets a cookie, asks to stay private, or is not a 200", () => {
    expect(isShareable(new Response("ok"))).toBe(true);
    expect(isShareable(new Response("ok", { headers: { "Set-Cookie": "scam-free-visitor=1; Path=/" } }))).toBe(false);
    expect(isShareable(new Response("ok", { headers: { "Cache-Control": "private, no-store" } }))).toBe(false);
    expect(isShareable(new Response("ok", { headers: { "Cache-Control": "no-cache" } }))).toBe(false);
    expect(isShareable(new Response("gone", { status: 404 }))).toBe(false);
    expect(isShareable(new Response("down", { status: 503 }))).toBe(false);
    expect(isShareable(new Response(null, { status: 302, headers: { Location: "/" } }))).toBe(false);
  });
});

describe("a cached page", () => {
  it("keeps the body exactly as rendered, drops cookies, and allows exactly its inline scripts by hash", () => {
    const entry = page();
    expect(entry.bodies.identity!.toString()).toBe(HTML);
    expect(entry.scriptHashes).toEqual([sha("console.log(1)"), sha('import("/assets/a.js")')]);
    expect(Object.fromEntries(entry.headers)).toEqual({
      "content-type": "text/html; charset=utf-8",
      "x-other": "kept",
    });
  });

  it("hashes each inline script's text exactly as the browser reads it, with an HTML parser", () => {
    const tricky =
      `<script>if (a < b && c > d) document.title = "</p>&amp;";</script>` +
      `<SCRIPT type="application/json">{"x":"<b>"}</SCRIPT>` +
      `<!-- <script>not a script</script> -->` +
      `<script src="/a.js">ignored()</script><script></script>`;
    expect(inlineScriptHashes(tricky)).toEqual([
      sha('if (a < b && c > d) document.title = "</p>&amp;";'),
      sha('{"x":"<b>"}'),
      sha(""),
    ]);
  });

  it("has a strong ETag from its bytes, one per encoding, and compresses once", () => {
    const a = page("/");
    const b = page("/", HTML);
    expect(a.etag).toMatch(/^"[\w-]+"$/);
    expect(a.etag).toBe(b.etag);
    const gzip = bodyFor(a, "gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(a.bodies.identity!)).toBe(true);
    expect(bodyFor(a, "gzip").body).toBe(gzip.body);
    expect(etagFor(a, "gzip")).toBe(`${a.etag.slice(0, -1)}-gzip"`);
    expect(matchesIfNoneMatch(a.etag, a)).toBe(true);
    expect(matchesIfNoneMatch(`"other", ${etagFor(a, "br")}`, a)).toBe(true);
    expect(matchesIfNoneMatch(`W/${a.etag}`, a)).toBe(true);
    expect(matchesIfNoneMatch('"other"', a)).toBe(false);
    expect(matchesIfNoneMatch(undefined, a)).toBe(false);
  });

  it("chooses brotli, then gzip, then none", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip, br;q=0")).toBe("gzip");
    expect(chooseEncoding("deflate")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
  });
});

describe("the page cache store", () => {
  it("keeps at most its entry and byte limits, dropping the least recently used", () => {
    const one = page("/");
    const store = new PageCache({ maxEntries: 2, maxBytes: one.bytes * 10 }, "build-1");
    store.set("a", one, store.generation);
    store.set("b", page("/pricing"), store.generation);
    store.get("a");
    store.set("c", page("/terms"), store.generation);
    expect(store.size).toBe(2);
    expect(store.get("b")).toBeUndefined();
    expect(store.get("a")).toBeDefined();
    const small = new PageCache({ maxEntries: 100, maxBytes: one.bytes * 2 }, "build-1");
    for (const key of ["a", "b", "c", "d"]) small.set(key, page("/"), small.generation);
    expect(small.size).toBe(2);
    expect(small.bytes).toBeLessThanOrEqual(one.bytes * 2);
  });

  it("invalidates one page's variants, or everything, and refuses a render older than the change", () => {
    const store = new PageCache({ maxEntries: 10, maxBytes: 1e7 }, "build-1");
    store.set("html /community", page("/community"), store.generation);
    store.set("data /community?sort=likes", page("/community"), store.generation);
    store.set("html /", page("/"), store.generation);
    const before = store.generation;
    store.invalidate(["/community"]);
    expect(store.get("html /community")).toBeUndefined();
    expect(store.get("data /community?sort=likes")).toBeUndefined();
    expect(store.get("html /")).toBeDefined();
    expect(store.set("html /community", page("/community"), before)).toBe(false);
    expect(store.get("html /community")).toBeUndefined();
    store.invalidate("all");
    expect(store.size).toBe(0);
  });
});
