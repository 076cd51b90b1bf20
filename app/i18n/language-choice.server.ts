import { isSpanishPath, LOCALES, pathInLocale, type LanguageChoice, type Locale } from "./locales";

/**
 * The visitor's language choice, kept in a cookie (no account needed, nothing personal): the
 * edition they last switched to, and whether they said "no, thanks" to the line that offers the
 * other edition. A request with either cookie is rendered afresh (http/cacheable-pages.ts).
 */
export const LANGUAGE_COOKIE = "scam-free-lang";
export const LANGUAGE_LINE_COOKIE = "scam-free-lang-line";
const A_YEAR = 60 * 60 * 24 * 365;

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

export function readLanguageChoice(request: Request): LanguageChoice {
  const chosen = cookieValue(request, LANGUAGE_COOKIE);
  return {
    ...(LOCALES.includes(chosen as Locale) ? { chosen: chosen as Locale } : {}),
    ...(cookieValue(request, LANGUAGE_LINE_COOKIE) === "off" ? { dismissed: true } : {}),
  };
}

function cookie(name: string, value: string, secure: boolean) {
  return `${name}=${value}; Path=/; Max-Age=${A_YEAR}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function chosenLanguageCookie(locale: Locale, secure: boolean) {
  return cookie(LANGUAGE_COOKIE, locale, secure);
}

export function dismissedLineCookie(secure: boolean) {
  return cookie(LANGUAGE_LINE_COOKIE, "off", secure);
}

/** A path on this site from a `next` parameter (never another host), or the home page. */
export function sitePath(next: string | null | undefined): URL {
  const safe = next && next.startsWith("/") && !next.startsWith("//") && !next.includes("\\") ? next : "/";
  return new URL(safe, "http://localhost");
}

/**
 * Where a language link goes: the page in the language asked for. A page with no Spanish edition
 * leads to the Spanish home.
 */
export function returnPath(next: string | null | undefined, locale: Locale): string {
  const url = sitePath(next);
  const path = pathInLocale(url.pathname, locale);
  if (locale === "es" && !isSpanishPath(path)) return "/es";
  return `${path}${path === url.pathname ? url.search : ""}`;
}
