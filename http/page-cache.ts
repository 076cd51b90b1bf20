/**
 * The in-process store of rendered anonymous pages (see docs/decisions/019-anonymous-page-cache.md).
 *
 * An entry is a finished response body exactly as React rendered it. A page that may be cached is
 * rendered without a CSP nonce (page-handler.ts), so it has no per-request parts: its inline
 * scripts are allowed by their SHA-256 hashes instead, and the same bytes can go to every visitor
 * (and to a CDN). Compressed copies are made once, on the first request that accepts them.
 */
import { createHash } from "node:crypto";
import { Parser } from "htmlparser2";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

export interface CachedPage {
  page: string;
  status: number;
  /** Response headers worth keeping (content type and the like), without cookies or caching headers. */
  headers: [string, string][];
  /** `'sha256-…'` sources for the page's inline scripts, in document order. */
  scriptHashes: string[];
  etag: string;
  bytes: number;
  bodies: Partial<Record<Encoding, Buffer>>;
  /**
   * The site-wide headers the first answer went out with (security headers, the CSP with this
   * page's script hashes), so a later hit can be answered before the middleware that sets them
   * runs (see createCachedPageShortcut in page-handler.ts). Set when the entry is first sent.
   */
  siteHeaders?: [string, string][];
}

/** Headers the cache sets itself or must never replay. */
const DROPPED_HEADERS = new Set([
  "set-cookie",
  "cache-control",
  "content-length",
  "content-encoding",
  "date",
  "etag",
  "vary",
  "transfer-encoding",
  "connection",
]);

/**
 * The CSP hash sources of every inline script in an HTML document (scripts with src= need none),
 * read with an HTML parser: a script's text is raw in HTML, so the parser hands it over exactly as
 * the browser will hash it.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  let script: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "script" && !("src" in attributes)) script = "";
      },
      ontext(text) {
        if (script !== null) script += text;
      },
      onclosetag(name) {
        if (name !== "script" || script === null) return;
        hashes.add(`'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`);
        script = null;
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  return [...hashes];
}

/** Turns a rendered response into a cache entry: its body as it is, and its inline scripts' hashes. */
export function createCachedPage(options: {
  page: string;
  status: number;
  headers: Headers;
  body: Buffer;
}): CachedPage {
  const contentType = options.headers.get("content-type") ?? "";
  const body = options.body;
  const scriptHashes = contentType.startsWith("text/html") ? inlineScriptHashes(body.toString("utf8")) : [];
  const headers: [string, string][] = [];
  for (const [name, value] of options.headers) if (!DROPPED_HEADERS.has(name)) headers.push([name, value]);
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 32);
  return {
    page: options.page,
    status: options.status,
    headers,
    scriptHashes,
    etag: `"${hash}"`,
    bytes: body.length,
    bodies: { identity: body },
  };
}

/** Brotli first, then gzip, then none, as the request's Accept-Encoding allows. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return "identity";
}

/** Below this size compression costs more than it saves (the same threshold `compression` uses). */
const COMPRESS_FROM_BYTES = 1024;

/** The body in the given encoding, compressed once and kept; small bodies are sent as they are. */
export function bodyFor(entry: CachedPage, wanted: Encoding): { encoding: Encoding; body: Buffer } {
  const identity = entry.bodies.identity!;
  if (wanted === "identity" || identity.length < COMPRESS_FROM_BYTES) return { encoding: "identity", body: identity };
  let body = entry.bodies[wanted];
  if (!body) {
    body =
      wanted === "br"
        ? // Quality 5 compresses about as well as gzip -9 in a few milliseconds; pages are refilled after every change.
          brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(identity, { level: 6 });
    entry.bodies[wanted] = body;
  }
  return { encoding: wanted, body };
}

/** Each encoding is its own representation, so it gets its own strong validator. */
export function etagFor(entry: CachedPage, encoding: Encoding): string {
  return encoding === "identity" ? entry.etag : `${entry.etag.slice(0, -1)}-${encoding}"`;
}

/** True when If-None-Match names this page in any encoding (or is `*`). */
export function matchesIfNoneMatch(header: string | undefined, entry: CachedPage): boolean {
  if (!header) return false;
  const base = entry.etag.slice(1, -1);
  return header.split(",").some((raw) => {
    const tag = raw.trim().replace(/^W\//, "");
    if (tag === "*") return true;
    return tag === entry.etag || (tag.startsWith(`"${base}-`) && tag.endsWith('"'));
  });
}

/**
 * A bounded LRU map from cache key to page. `generation` moves on with every invalidation: a render
 * that started before a change may not store what it read (it could be the old content).
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private totalBytes = 0;
  private currentGeneration = 0;

  constructor(
    private readonly limits: { maxEntries: number; maxBytes: number },
    /** Prefixes every key; a new build never sees a previous one's pages. */
    private readonly buildId: string,
  ) {}

  get generation() {
    return this.currentGeneration;
  }

  get size() {
    return this.entries.size;
  }

  get bytes() {
    return this.totalBytes;
  }

  get(key: string): CachedPage | undefined {
    const fullKey = `${this.buildId} ${key}`;
    const entry = this.entries.get(fullKey);
    if (!entry) return undefined;
    // Most recently used last.
    this.entries.delete(fullKey);
    this.entries.set(fullKey, entry);
    return entry;
  }

  /** Stores the page unless something changed since `generation` was read. Returns whether it did. */
  set(key: string, entry: CachedPage, generation: number): boolean {
    if (generation !== this.currentGeneration) return false;
    if (entry.bytes > this.limits.maxBytes) return false;
    const fullKey = `${this.buildId} ${key}`;
    this.remove(fullKey);
    this.entries.set(fullKey, entry);
    this.totalBytes += entry.bytes;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.totalBytes <= this.limits.maxBytes) break;
      this.remove(oldest);
    }
    return true;
  }

  /** Drops the given pages (every query and data variant of each), or everything for "all". */
  invalidate(pages: readonly string[] | "all") {
    this.currentGeneration += 1;
    if (pages === "all") {
      this.entries.clear();
      this.totalBytes = 0;
      return;
    }
    const wanted = new Set(pages);
    for (const [key, entry] of this.entries) if (wanted.has(entry.page)) this.remove(key);
  }

  private remove(fullKey: string) {
    const entry = this.entries.get(fullKey);
    if (!entry) return;
    this.entries.delete(fullKey);
    this.totalBytes -= entry.bytes;
  }
}
