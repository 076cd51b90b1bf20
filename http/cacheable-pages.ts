/**
 * Which requests may be answered from the page cache, and under which key. Everything here is an
 * allowlist: a page, a query parameter or a cookie that is not named below makes the request pass
 * through uncached, so a new page or a new parameter is never cached by accident.
 */

/** How long a CDN may keep a page without asking us again, in seconds (browsers always ask). */
export interface SharedCachePolicy {
  sMaxAge: number;
  staleWhileRevalidate: number;
}

/**
 * Pages that change only with a deploy: a CDN keeps them a minute and may serve them ten minutes
 * more while it fetches a fresh copy. Short enough that HTML naming a previous build's assets
 * does not outlive a deploy by long; long enough that a burst of visitors costs us one request
 * per edge per minute.
 */
const DEPLOY_ONLY: SharedCachePolicy = { sMaxAge: 60, staleWhileRevalidate: 600 };
/**
 * The forum changes with every comment, like and moderation decision. Our own cache is
 * invalidated at once; a CDN has no purge hook from us, so it may only keep the page seconds.
 */
const LIVE: SharedCachePolicy = { sMaxAge: 5, staleWhileRevalidate: 25 };

interface CacheablePage {
  policy: SharedCachePolicy;
  /** Query parameters that change the page, each with the values it may take. */
  params?: Record<string, readonly string[]>;
}

/** Public pages whose anonymous rendering is the same for every visitor. */
export const CACHEABLE_PAGES: Record<string, CacheablePage> = {
  "/": { policy: DEPLOY_ONLY },
  "/es": { policy: DEPLOY_ONLY },
  "/pricing": { policy: DEPLOY_ONLY },
  "/es/pricing": { policy: DEPLOY_ONLY },
  // The values mirror COURSE_TRACKS in app/course/tracks/course-tracks.ts.
  "/course": { policy: DEPLOY_ONLY, params: { track: ["kids", "teens", "adults", "older-adults"] } },
  "/es/course": { policy: DEPLOY_ONLY, params: { track: ["kids", "teens", "adults", "older-adults"] } },
  "/terms": { policy: DEPLOY_ONLY },
  "/privacy": { policy: DEPLOY_ONLY },
  "/cookies": { policy: DEPLOY_ONLY },
  "/es/terms": { policy: DEPLOY_ONLY },
  "/es/privacy": { policy: DEPLOY_ONLY },
  "/es/cookies": { policy: DEPLOY_ONLY },
  // The values mirror COMMENT_SORTS in app/community/comment-schema.ts; any other value passes through.
  "/community": { policy: LIVE, params: { sort: ["newest", "rating", "likes"] } },
};

/** Campaign and click trackers: they never change a page, so they are left out of the key. */
const TRACKING_PARAM = /^(utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|msclkid|dclid|mc_cid|mc_eid|_ga|_gl|ref)$/i;

/**
 * Cookies that do not change an anonymous page. The forum's visitor cookie only identifies a
 * browser for likes, which the cached page never shows (the page asks /community/visitor).
 * Any other cookie (session, flash, anything unknown) makes the request pass through.
 */
const HARMLESS_COOKIES = new Set(["scam-free-visitor"]);

export interface CacheTarget {
  /** The page the request is for: what invalidation names. */
  page: string;
  /** Page plus the parameters that matter, sorted; ".data" requests get their own key. */
  key: string;
  policy: SharedCachePolicy;
  /** The page offers its other edition to browsers that read that language first: Vary: Accept-Language. */
  variesByLanguage: boolean;
}

/**
 * How the page varies with the browser's languages (the app's languageVariant): null when it does
 * not, else the edition its language line offers, "" for none.
 */
export type LanguageVariantOf = (page: string) => string | null;

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter(Boolean);
}

/**
 * The cache target for a GET or HEAD request, or null when it must be rendered afresh: a page we do
 * not cache, a query parameter we do not know, or a cookie that could make the page personal.
 * `pathname` and `search` are the raw request URL's; React Router's single-fetch data requests
 * (`/community.data`, `/_root.data` for the home page) are cached like the page they belong to.
 */
export function cacheTarget(
  pathname: string,
  search: string,
  cookieHeader: string | undefined,
  languageVariantOf: LanguageVariantOf = () => null,
): CacheTarget | null {
  if (cookieNames(cookieHeader).some((name) => !HARMLESS_COOKIES.has(name))) return null;
  let page = pathname;
  let isData = false;
  if (pathname === "/_root.data") {
    page = "/";
    isData = true;
  } else if (pathname.endsWith(".data")) {
    page = pathname.slice(0, -".data".length);
    isData = true;
  }
  const entry = Object.hasOwn(CACHEABLE_PAGES, page) ? CACHEABLE_PAGES[page] : undefined;
  if (!entry) return null;
  const kept: [string, string][] = [];
  const seen = new Set<string>();
  for (const [name, value] of new URLSearchParams(search)) {
    if (TRACKING_PARAM.test(name)) continue;
    const allowed = entry.params?.[name];
    // Unknown parameters (a form result, a token, `_routes` for a partial revalidation) and
    // repeated ones are not cached: the cache stays bounded and never keys on what a visitor typed.
    if (!allowed || !allowed.includes(value) || seen.has(name)) return null;
    seen.add(name);
    kept.push([name, value]);
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = kept.length ? `?${new URLSearchParams(kept).toString()}` : "";
  const variant = languageVariantOf(page);
  return {
    page,
    key: `${isData ? "data" : "html"} ${page}${query}${variant ? ` [offers ${variant}]` : ""}`,
    policy: entry.policy,
    variesByLanguage: variant !== null,
  };
}

export function cacheControl(policy: SharedCachePolicy): string {
  return `public, max-age=0, s-maxage=${policy.sMaxAge}, stale-while-revalidate=${policy.staleWhileRevalidate}`;
}
