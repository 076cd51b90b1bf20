/**
 * The web process: security headers, compression, static files, one log line per request, the
 * React Router handler, and a clean stop on SIGTERM. Everything else (configuration, database,
 * workers) lives in the app bundle and is reached through its `serverRuntime` export, so there is
 * exactly one copy of each module.
 *
 *   node build/server.js        production (after `npm run build`)
 *   tsx server.ts --dev         development with Vite's hot reload
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createCachedPageShortcut, createPageHandler } from "./http/page-handler.js";
import { refuseConnect, refuseOtherMethods } from "./http/allowed-methods.js";
import { refuseRemoteMailbox } from "./http/local-only.js";
import { separatePracticeHost } from "./http/practice-host.js";
import { servePublicFiles } from "./http/public-files.js";
import { collapseRepeatedSlashes } from "./http/repeated-slashes.js";
import { PageCache } from "./http/page-cache.js";
import { startWebProcesses } from "./http/web-processes.js";

type ServerRuntime = {
  env(): {
    PORT: number;
    HOST: string;
    TRUST_PROXY: number;
    isHttps: boolean;
    PAGE_CACHE: boolean;
    APP_URL: string;
    practice: { linkOrigin: string } | null;
  };
  logger(): {
    info(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  };
  start(): Promise<void>;
  stop(): Promise<void>;
  crossSitePosts: readonly { path: string; pattern?: RegExp }[];
  languageVariant(pathname: string, acceptLanguage: string | null | undefined): string | null;
  pageChanges: {
    subscribe(listener: (pages: readonly string[] | "all") => void): () => void;
    isLive(): boolean;
  };
};

/**
 * Rendered anonymous pages kept in memory. A few hundred keys cover every cacheable page and sort;
 * 64 MB bounds the worst case (the byte cap counts uncompressed bodies; compressed copies add less).
 */
const PAGE_CACHE_LIMITS = { maxEntries: 500, maxBytes: 64 * 1024 * 1024 };

const isDev = process.argv.includes("--dev");
const root = process.cwd();

/**
 * State-changing requests from another site are refused (CSRF). The exceptions (signed webhooks,
 * one-click unsubscribe) are declared beside their routes in app/routes/cross-site-posts.ts, each
 * with the reason it is safe.
 */
const acceptsCrossSitePosts = (exempt: ServerRuntime["crossSitePosts"]) => (path: string) =>
  exempt.some((entry) => (entry.pattern ? entry.pattern.test(path) : entry.path === path));

const rejectCrossSiteWrites =
  (isExempt: (path: string) => boolean) => (req: Request, res: Response, next: NextFunction) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    // React Router checks a page action's Origin again; the page handler tells it, the documented
    // way (allowedActionOrigins), to accept these same paths from other sites (http/page-handler.ts).
    if (isExempt(req.path)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    let sameOrigin = true;
    if (origin && origin !== "null") {
      try {
        sameOrigin = new URL(origin).host === req.get("host");
      } catch {
        sameOrigin = false;
      }
    } else if (origin === "null") {
      sameOrigin = false;
    } else if (fetchSite) {
      sameOrigin = fetchSite === "same-origin" || fetchSite === "none";
    }
    if (sameOrigin) return next();
    res.status(403).type("text/plain").send("This request came from another site and was refused.");
  };

async function main() {
  const app = express();
  app.disable("x-powered-by");

  let vite: ViteDevServer | undefined;
  let loadBuild: () => Promise<ServerBuild>;
  if (isDev) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true } });
    loadBuild = () => vite!.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const buildUrl = pathToFileURL(path.join(root, "build/server/index.js")).href;
    const build = (await import(buildUrl)) as ServerBuild;
    loadBuild = async () => build;
  }

  const firstBuild = await loadBuild();
  const runtime = (firstBuild.entry.module as unknown as { serverRuntime: ServerRuntime }).serverRuntime;
  const env = runtime.env();

  // Development re-renders everything: code changes under Vite would not empty the cache.
  let pageCache: PageCache | undefined;
  if (!isDev && env.PAGE_CACHE) {
    const store = new PageCache(PAGE_CACHE_LIMITS, firstBuild.assets.version);
    runtime.pageChanges.subscribe((pages) => store.invalidate(pages));
    pageCache = store;
  }
  const log = runtime.logger();
  if (env.TRUST_PROXY > 0) app.set("trust proxy", env.TRUST_PROXY);

  app.get("/healthz/live", (_req, res) => {
    res.type("text/plain").send("ok");
  });

  // One JSON line per request. Only the path is logged: query strings can carry tokens.
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      log.info(
        {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
          ip: req.ip,
        },
        "request",
      );
    });
    next();
  });

  // TRACE, PUT and the rest end here with 405, before anything reads the request.
  app.use(refuseOtherMethods);
  // Before static files, the mailbox guard and the page cache, which all read the path.
  app.use(collapseRepeatedSlashes);
  app.use(separatePracticeHost({ site: env.APP_URL, practice: env.practice?.linkOrigin ?? null }));
  // A cached anonymous page needs nothing below (its headers were recorded when it was first sent).
  const cache = pageCache && {
    store: pageCache,
    isLive: runtime.pageChanges.isLive,
    languageVariant: runtime.languageVariant,
  };
  if (cache) app.use(createCachedPageShortcut(cache));

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "default-src": ["'self'"],
          // Scripts run only when they come from us or carry this request's nonce.
          "script-src": isDev
            ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
            : ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
          // Toasts and dialogs set inline styles; style injection cannot run code.
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:"],
          "connect-src": isDev ? ["'self'", "ws:"] : ["'self'"],
          "frame-ancestors": ["'none'"],
          // Checkout and the customer portal are form posts that redirect to Stripe.
          "form-action": ["'self'", "https://checkout.stripe.com", "https://billing.stripe.com"],
          "object-src": ["'none'"],
          "base-uri": ["'self'"],
          "upgrade-insecure-requests": env.isHttps ? [] : null,
        },
      },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // Plain HTTP on localhost must keep working; HTTPS deployments get HSTS.
      strictTransportSecurity: env.isHttps,
      crossOriginEmbedderPolicy: false,
    }),
  );

  app.use(compression());
  app.use(rejectCrossSiteWrites(acceptsCrossSitePosts(runtime.crossSitePosts)));

  if (vite) {
    app.use(vite.middlewares);
  } else {
    // Hashed file names never change content: cache them for a year.
    app.use("/assets", express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }));
    app.use(servePublicFiles(path.join(root, "build/client"), { maxAge: "1h" }));
  }

  app.use(refuseRemoteMailbox);

  const pages = createPageHandler({
    // In production the build object itself: given a function, React Router re-derives its route
    // tree (flattening and ranking every route) on each request, which is for Vite's reloads only.
    build: isDev ? loadBuild : firstBuild,
    mode: isDev ? "development" : "production",
    // Made anew for each request; every loader and action of that request gets this same object
    // (pageSession: the session look-up its loaders share, app/account/session.server.ts).
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce, clientIp: req.ip, pageSession: {} }),
    cache,
    acceptsCrossSitePosts: acceptsCrossSitePosts(runtime.crossSitePosts),
  });
  app.all("/{*splat}", pages);

  await runtime.start();
  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    log.info({ port }, `scam-free is listening on http://localhost:${port}`);
  });
  refuseConnect(server);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    // Stop taking new connections, finish the ones in flight (and the work of requests whose
    // visitor left mid-way), then close the database.
    server.close(async () => {
      try {
        await Promise.race([pages.idle(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
        await runtime.stop();
        await vite?.close();
      } finally {
        process.exit(0);
      }
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

try {
  // With WEB_CONCURRENCY above 1 this process only starts and stops the web processes.
  const primaryOnly = !isDev && startWebProcesses(process.env, (message) => console.log(message));
  if (!primaryOnly) {
    main().catch((error) => {
      console.error(error);
      process.exit(1);
    });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
