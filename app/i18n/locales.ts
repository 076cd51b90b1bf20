/**
 * The site's languages and where each page lives in them. English pages keep their addresses; a
 * page's Spanish edition is the same address under /es ("/check" → "/es/check", "/" → "/es").
 * The language of a page is read from its address alone, so a cached page, a link and a crawler
 * all agree, and nothing ever redirects by guessing (issue 39).
 */

import { hasSpanishCoursePage } from "./spanish-course-pages";

export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];

/** The English pages that have a Spanish edition (the rest link to English, marked "(en inglés)"). */
export const PAGES_IN_SPANISH: readonly string[] = [
  "/",
  "/check",
  "/pricing",
  "/red-flags",
  "/terms",
  "/privacy",
  "/cookies",
  "/auth",
  "/forgot-password",
  "/reset-password",
  "/confirm-email",
  "/checkout",
  "/account",
  "/account/training",
  "/course",
  "/training/opt-in",
];
/** Sections whose every page has a Spanish edition: the red-flag pages, /red-flags/<slug>. */
const SECTIONS_IN_SPANISH: readonly string[] = ["/red-flags/"];

/** The course's pages written in Spanish (its first ten and the Common Scams lesson), /course/scam-free/<n>. */
function isSpanishCoursePage(english: string): boolean {
  const page = /^\/course\/scam-free\/(\d{1,2})$/.exec(english)?.[1];
  return page !== undefined && hasSpanishCoursePage(Number(page));
}

const SPANISH_PREFIX = "/es";

export function isSpanishPath(pathname: string): boolean {
  return pathname === SPANISH_PREFIX || pathname.startsWith(`${SPANISH_PREFIX}/`);
}

export function localeOfPath(pathname: string): Locale {
  return isSpanishPath(pathname) ? "es" : "en";
}

/** The English address of a page, from either edition ("/es/check" → "/check", "/es" → "/"). */
export function englishPathOf(pathname: string): string {
  if (!isSpanishPath(pathname)) return pathname;
  return pathname.slice(SPANISH_PREFIX.length) || "/";
}

/** The Spanish edition's address of an English page, or null when it has none. */
export function spanishPathOf(pathname: string): string | null {
  const english = englishPathOf(pathname);
  if (
    !PAGES_IN_SPANISH.includes(english) &&
    !SECTIONS_IN_SPANISH.some((section) => english.startsWith(section)) &&
    !isSpanishCoursePage(english)
  )
    return null;
  return english === "/" ? SPANISH_PREFIX : `${SPANISH_PREFIX}${english}`;
}

/** A page's address in `locale`: its Spanish edition when it has one, else the English page. */
export function pathInLocale(pathname: string, locale: Locale): string {
  return locale === "es" ? (spanishPathOf(pathname) ?? englishPathOf(pathname)) : englishPathOf(pathname);
}

/**
 * An address in `locale`'s edition whether or not the page is listed above: for the pages along a
 * flow that began in Spanish (/es/checkout → /es/checkout/demo/… → /es/checkout/success), which
 * have no language switch of their own because their address carries a one-time id.
 */
export function inEdition(englishPath: string, locale: Locale): string {
  return locale === "es" ? `${SPANISH_PREFIX}${englishPath === "/" ? "" : englishPath}` : englishPath;
}

/** Both editions of a page, for `hreflang` links; null when the page is in English only. */
export function editionsOf(pathname: string): Record<Locale, string> | null {
  const es = spanishPathOf(pathname);
  return es ? { en: englishPathOf(pathname), es } : null;
}

/**
 * Whether a browser's Accept-Language puts Spanish before English. It only suggests the Spanish
 * edition, in a line the reader can dismiss; it never redirects.
 */
export function prefersSpanish(acceptLanguage: string | null | undefined): boolean {
  if (!acceptLanguage) return false;
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.split("-")[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.language && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const first = ranked.find((entry) => entry.language === "es" || entry.language === "en");
  return first?.language === "es";
}

/**
 * How an anonymous page varies with the browser's languages, for the page cache: null for a page
 * with one edition (it never varies), else the edition its language line offers ("" for none).
 * Cached requests carry no cookies, so this is suggestedEdition with no choice made.
 */
export function languageVariant(pathname: string, acceptLanguage: string | null | undefined): string | null {
  if (!editionsOf(pathname)) return null;
  return suggestedEdition(pathname, acceptLanguage)?.locale ?? "";
}

/** What a visitor has told us about languages: the edition they last chose, and "no, thanks" to the line. */
export interface LanguageChoice {
  chosen?: Locale;
  dismissed?: boolean;
}

/**
 * The other edition of this page to offer in a line at the top, or null. An English page offers
 * Spanish to someone who chose Spanish before or whose browser puts Spanish first; a Spanish page
 * offers English only to someone who chose English (they came to it on purpose). Never a redirect.
 */
export function suggestedEdition(
  pathname: string,
  acceptLanguage: string | null | undefined,
  choice: LanguageChoice = {},
): { locale: Locale; path: string } | null {
  const editions = editionsOf(pathname);
  if (!editions || choice.dismissed) return null;
  if (localeOfPath(pathname) === "es") return choice.chosen === "en" ? { locale: "en", path: editions.en } : null;
  const wantsSpanish = choice.chosen ? choice.chosen === "es" : prefersSpanish(acceptLanguage);
  return wantsSpanish ? { locale: "es", path: editions.es } : null;
}
