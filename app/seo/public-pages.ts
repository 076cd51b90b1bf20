/**
 * Pages anyone may read and search engines may index, for the sitemap (which adds one page per
 * red flag, /red-flags/<slug>, from content/red-flags/).
 */
export const PUBLIC_PAGES = [
  "/",
  "/pricing",
  "/course",
  "/course/resources/activities",
  "/course/resources/quizzes",
  "/red-flags",
  "/check",
  "/weekly-lessons",
  "/newsletter",
  "/community",
  "/support",
  "/terms",
  "/privacy",
  "/cookies",
  // The Spanish edition (app/i18n/locales.ts).
  "/es",
  "/es/check",
  "/es/pricing",
  "/es/red-flags",
  "/es/course",
  "/es/terms",
  "/es/privacy",
  "/es/cookies",
];

/**
 * Paths crawlers should leave alone: private or per-person pages. Course pages are not listed: a
 * crawler asking for one is sent to sign in (a page marked noindex), so none can be indexed, and
 * a member's page then needs no noindex of its own (decision 040).
 */
export const PRIVATE_PATHS = [
  "/account",
  "/es/account",
  "/checkout",
  "/es/checkout",
  "/auth",
  "/es/auth",
  "/forgot-password",
  "/reset-password",
  "/weekly-lessons/",
  "/api/",
  "/dev/",
  "/staff",
  "/unsubscribe",
  "/language",
];
