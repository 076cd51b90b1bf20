/**
 * Hands Express requests to React Router, with a cap on request bodies.
 *
 * @react-router/express streams the whole body into the Request, however large: a 200 MB form POST
 * was read in full, and six at once took the process to 2 GB. Here the body is read first, at most
 * MAX_BODY_BYTES of it: a declared Content-Length over the cap is refused before a byte is read, and
 * a chunked body is refused as soon as it passes the cap. Both answer 413 and close the connection,
 * so the rest is never read. The Stripe webhook keeps its own, lower limit inside its route.
 *
 * Anonymous GETs of public pages are answered from the page cache when one is given (see
 * cacheable-pages.ts for which, and docs/decisions/019-anonymous-page-cache.md for why it is safe).
 */
import type { OutgoingHttpHeaders } from "node:http";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { writeReadableStreamToWritable } from "@react-router/node";
import { cacheControl, cacheTarget, type CacheTarget } from "./cacheable-pages.js";
import { createRenderSlots } from "./render-slots.js";
import {
  bodyFor,
  chooseEncoding,
  createCachedPage,
  etagFor,
  inlineScriptHashes,
  matchesIfNoneMatch,
  type CachedPage,
  type Encoding,
  type PageCache,
} from "./page-cache.js";

/** Forms are a few kilobytes; 1 MB leaves room for every form we have and refuses abuse early. */
export const MAX_BODY_BYTES = 1024 * 1024;

class BodyTooLarge extends Error {}

const METHODS_WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);
/** Requests React Router handles at once (see render-slots.ts); cached pages never wait. */
const RENDER_SLOTS = 32;

/** The body, or undefined for methods that carry none. Throws BodyTooLarge past the cap. */
function readCappedBody(req: ExpressRequest): Promise<Buffer | undefined> {
  if (METHODS_WITHOUT_BODY.has(req.method)) return Promise.resolve(undefined);
  const declared = Number(req.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        // Keep nothing more: the 413 goes out, and the rest is dropped while the connection closes.
        req.off("data", onData);
        req.resume();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

/** After a 413, how long a client's continuing upload is read and dropped before the socket closes. */
const LINGER_MS = 2_000;

/**
 * A client still uploading has left unread bytes in our receive buffer, and closing a socket with
 * unread bytes resets the connection, which can discard the 413 before it reaches the client: a
 * browser then shows "connection reset" instead of our message. So this answer closes the way
 * nginx's lingering close does, with Node's public API only: the 413 goes out on a connection Node
 * keeps open (no `Connection: close`, which would make Node close it at once), Node's parser reads
 * and drops the rest of the body (it dumps a request nobody read), and once the answer is written
 * we send a FIN and close the socket LINGER_MS later, whether or not the client stopped.
 */
function sendTooLarge(req: ExpressRequest, res: ExpressResponse) {
  const socket = req.socket;
  res.once("finish", () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
  res
    .status(413)
    .type("text/plain")
    .send(`This request is too large. Forms on this site accept at most ${MAX_BODY_BYTES / 1024 / 1024} MB.`);
}

/** The public URL of the request, as @react-router/express builds it (honouring trust proxy). */
function requestUrl(req: ExpressRequest): string {
  const forwardedHost = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host") : undefined;
  const host = (forwardedHost ?? req.get("host") ?? "localhost").split(",")[0]!.trim();
  const safeHost = /^[a-z0-9.\-:[\]]+$/i.test(host) ? host : "localhost";
  return new URL(`${req.protocol}://${safeHost}${req.originalUrl}`).href;
}

function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/**
 * A page that knows who is asking (a session cookie came in, or a cookie goes out) is never kept
 * by a browser's back-forward cache, a proxy or a CDN, so it cannot be shown to the next person
 * on a shared computer or network.
 */
function isPersonal(req: ExpressRequest, response: Response): boolean {
  return /session_token=/.test(req.get("cookie") ?? "") || response.headers.has("set-cookie");
}

/** Headers every shared copy carries. `Cookie` is in Vary so no cache hands it to a signed-in browser. */
const SHARED_VARY = "Accept-Encoding, Cookie";

/**
 * A page rendered without a nonce (one that may be shared) has its inline scripts allowed by their
 * hashes: the CSP's per-request nonce source is replaced by them.
 */
function allowInlineScriptsByHash(res: ExpressResponse, hashes: string[]) {
  const nonce = res.locals.cspNonce as string | undefined;
  const csp = res.getHeader("Content-Security-Policy");
  if (typeof csp === "string" && nonce) {
    res.setHeader("Content-Security-Policy", csp.replace(`'nonce-${nonce}'`, hashes.join(" ")));
  }
}

/**
 * Sends a cached page: the same bytes for everyone, its inline scripts allowed by hash instead of
 * this request's nonce, and a 304 when the browser already has this version.
 */
function sendCachedPage(
  req: ExpressRequest,
  res: ExpressResponse,
  entry: CachedPage,
  target: CacheTarget,
  state: "hit" | "miss",
) {
  const { encoding, body } = bodyFor(entry, chooseEncoding(req.get("accept-encoding")));
  if (!entry.siteHeaders) {
    // The first time this entry is sent: record the site's headers as they go out now. The 304
    // carries the CSP too: a browser updates the stored copy's headers from a 304.
    allowInlineScriptsByHash(res, entry.scriptHashes);
    entry.siteHeaders = siteHeadersOf(res);
  }
  const headers = cachedPageHeaders(entry, target, encoding, body.length, state);
  const notModified = matchesIfNoneMatch(req.get("if-none-match"), entry);
  for (const [name, value] of Object.entries(notModified ? headers.notModified : headers.ok)) {
    if (value !== undefined) res.setHeader(name, value);
  }
  if (notModified) {
    res.status(304).end();
    return;
  }
  res.status(entry.status);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

function siteHeadersOf(res: ExpressResponse): [string, string][] {
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (typeof value === "string") headers.push([name, value]);
    else if (typeof value === "number") headers.push([name, String(value)]);
  }
  return headers;
}

/** The whole header block of a hit, per entry and encoding: made once, then written in one call. */
const hitHeaderBlocks = new WeakMap<
  CachedPage,
  Map<Encoding, { ok: OutgoingHttpHeaders; notModified: OutgoingHttpHeaders }>
>();

/**
 * A cached page's headers: the site's own as recorded when it was first sent, then the cache's.
 * `notModified` is the 304's block (a browser updates its stored copy's headers from a 304, so
 * it carries the CSP too); `ok` adds the page's own headers and the body's encoding and length.
 */
function cachedPageHeaders(
  entry: CachedPage,
  target: CacheTarget,
  encoding: Encoding,
  length: number,
  state: "hit" | "miss",
) {
  const notModified: OutgoingHttpHeaders = Object.fromEntries(entry.siteHeaders ?? []);
  // no-transform: a proxy that rewrote the HTML would break the script hashes (and compression
  // must not re-encode what is already encoded).
  notModified["cache-control"] = `${cacheControl(target.policy)}, no-transform`;
  notModified["vary"] = target.variesByLanguage ? `${SHARED_VARY}, Accept-Language` : SHARED_VARY;
  notModified["etag"] = etagFor(entry, encoding);
  notModified["x-page-cache"] = state;
  const ok: OutgoingHttpHeaders = { ...notModified, ...Object.fromEntries(entry.headers) };
  if (encoding !== "identity") ok["content-encoding"] = encoding;
  ok["content-length"] = String(length);
  return { ok, notModified };
}

function hitHeaders(entry: CachedPage, target: CacheTarget, encoding: Encoding, length: number) {
  let blocks = hitHeaderBlocks.get(entry);
  if (!blocks) hitHeaderBlocks.set(entry, (blocks = new Map()));
  let block = blocks.get(encoding);
  if (!block) {
    block = cachedPageHeaders(entry, target, encoding, length, "hit");
    blocks.set(encoding, block);
  }
  return block;
}

/**
 * Answers an anonymous GET or HEAD of a cached page as early as possible: before the per-request
 * nonce, helmet, compression and the static file lookups, none of which a cached page needs (its
 * site headers were recorded when it was first sent, its bodies are compressed already), with its
 * header block written in one call. A miss, or an entry not yet sent once, goes on to the full
 * chain, which fills the cache.
 */
export function createCachedPageShortcut(cache: PageCacheOptions) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !cache.isLive()) return next();
    const queryAt = req.url.indexOf("?");
    const target = cacheTarget(
      queryAt === -1 ? req.url : req.url.slice(0, queryAt),
      queryAt === -1 ? "" : req.url.slice(queryAt),
      req.headers.cookie,
      (page) => cache.languageVariant(page, req.headers["accept-language"]),
    );
    const entry = target && cache.store.get(target.key);
    if (!target || !entry?.siteHeaders) return next();
    const { encoding, body } = bodyFor(entry, chooseEncoding(req.headers["accept-encoding"]));
    const headers = hitHeaders(entry, target, encoding, body.length);
    if (matchesIfNoneMatch(req.headers["if-none-match"], entry)) {
      res.writeHead(304, headers.notModified).end();
      return;
    }
    res.writeHead(entry.status, headers.ok);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  };
}

async function sendResponse(req: ExpressRequest, res: ExpressResponse, response: Response) {
  if (res.writableEnded || res.destroyed) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (isPersonal(req, response)) res.set("Cache-Control", "private, no-store");
  if (response.body) {
    try {
      await writeReadableStreamToWritable(response.body, res);
    } catch (error) {
      if (res.writableEnded || res.destroyed) return;
      throw error;
    }
  } else {
    res.end();
  }
}

/** A page the cache may keep: a plain 200 that sets no cookie and did not ask to stay private. */
export function isShareable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie")) return false;
  return !/private|no-store|no-cache/i.test(response.headers.get("cache-control") ?? "");
}

export interface PageCacheOptions {
  store: PageCache;
  /** False while this process might miss another's invalidation: the cache is then bypassed. */
  isLive(): boolean;
  /** How a page varies with Accept-Language (null: it does not); cacheable-pages.ts keys on it. */
  languageVariant(pathname: string, acceptLanguage: string | null | undefined): string | null;
}

type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

/**
 * The build for the few pages other sites may post to (the one-click unsubscribes: a mail app
 * posts from its own origin). React Router refuses a page action whose Origin is not the page's
 * own; `allowedActionOrigins` on the build is its documented way to accept others. server.ts's
 * CSRF check has already let only those declared paths through, so this build serves them alone,
 * and every other page keeps React Router's check as it comes.
 */
function acceptingAnyActionOrigin(build: BuildSource): BuildSource {
  const open = (resolved: ServerBuild): ServerBuild => ({ ...resolved, allowedActionOrigins: ["**"] });
  return typeof build === "function" ? async () => open(await build()) : open(build);
}

export function createPageHandler(options: {
  build: BuildSource;
  mode: string;
  getLoadContext(req: ExpressRequest, res: ExpressResponse): AppLoadContext;
  cache?: PageCacheOptions;
  /** Paths that accept POSTs from other sites (app/routes/cross-site-posts.ts). */
  acceptsCrossSitePosts?(path: string): boolean;
}) {
  const handleRequest = createRequestHandler(options.build, options.mode);
  const handleCrossSitePost = createRequestHandler(acceptingAnyActionOrigin(options.build), options.mode);
  const slots = createRenderSlots(RENDER_SLOTS);

  /** The cache target of an anonymous GET or HEAD, when the cache may be used for it now. */
  const targetOf = (req: ExpressRequest): CacheTarget | null => {
    if (!options.cache || (req.method !== "GET" && req.method !== "HEAD") || !options.cache.isLive()) return null;
    const url = new URL(req.originalUrl, "http://localhost");
    const cache = options.cache;
    return cacheTarget(url.pathname, url.search, req.get("cookie"), (page) =>
      cache.languageVariant(page, req.get("accept-language")),
    );
  };

  const handle = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const target = targetOf(req);
    if (target) {
      const hit = options.cache!.store.get(target.key);
      if (hit) return sendCachedPage(req, res, hit, target, "hit");
    }
    let body: Buffer | undefined;
    try {
      body = await readCappedBody(req);
    } catch (error) {
      if (error instanceof BodyTooLarge) return sendTooLarge(req, res);
      return next(error);
    }
    const releaseSlot = await slots.take();
    // A visitor who left while waiting needs nothing rendered. (Not `req.destroyed`: a request
    // whose body has been read to the end is destroyed too.)
    if (req.socket.destroyed) return releaseSlot();
    try {
      // No abort signal when the visitor leaves: React Router would answer at once but leave the
      // loaders running, and a clean stop could then close the database under them. Our loaders
      // are short; the page is finished and dropped instead.
      const request = new Request(requestUrl(req), {
        method: req.method,
        headers: requestHeaders(req),
        body: body && !METHODS_WITHOUT_BODY.has(req.method) ? new Uint8Array(body) : undefined,
      });
      // Read before rendering: a change that lands while this page renders must keep it out.
      const generation = options.cache?.store.generation ?? 0;
      const handler =
        req.method === "POST" && options.acceptsCrossSitePosts?.(req.path) ? handleCrossSitePost : handleRequest;
      // A page that may be shared is rendered without a nonce, so it can be cached exactly as
      // rendered; its inline scripts are allowed by hash instead, whether or not it is kept.
      const shared = target !== null && req.method === "GET";
      const context = options.getLoadContext(req, res);
      const response = await handler(request, shared ? { ...context, cspNonce: undefined } : context);
      if (shared && response.body) {
        const rendered = Buffer.from(await response.arrayBuffer());
        if (isShareable(response)) {
          const entry = createCachedPage({
            page: target.page,
            status: response.status,
            headers: response.headers,
            body: rendered,
          });
          options.cache!.store.set(target.key, entry, generation);
          return sendCachedPage(req, res, entry, target, "miss");
        }
        if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
          allowInlineScriptsByHash(res, inlineScriptHashes(rendered.toString("utf8")));
        }
        return await sendResponse(req, res, new Response(new Uint8Array(rendered), response));
      }
      await sendResponse(req, res, response);
    } catch (error) {
      next(error);
    } finally {
      releaseSlot();
    }
  };

  // Requests whose loaders and actions are still running, even if their visitor has gone: a clean
  // stop waits for them before it closes the database under them.
  let running = 0;
  let whenIdle: { promise: Promise<void>; resolve: () => void } | null = null;
  const tracked = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    running += 1;
    try {
      await handle(req, res, next);
    } finally {
      running -= 1;
      if (running === 0 && whenIdle) {
        whenIdle.resolve();
        whenIdle = null;
      }
    }
  };
  return Object.assign(tracked, {
    /** Resolves once no request is being handled. */
    idle(): Promise<void> {
      if (running === 0) return Promise.resolve();
      if (!whenIdle) {
        let resolve!: () => void;
        const promise = new Promise<void>((done) => (resolve = done));
        whenIdle = { promise, resolve };
      }
      return whenIdle.promise;
    },
  });
}
