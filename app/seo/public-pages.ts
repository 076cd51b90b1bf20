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
  "/weekly-lessons",
  "/newsletter",
  "/community",
  "/support",
  "/terms",
  "/privacy",
  "/cookies",
];

/** Paths crawlers should leave alone: private or per-person pages. */
export const PRIVATE_PATHS = [
  "/account",
  "/checkout",
  "/auth",
  "/forgot-password",
  "/reset-password",
  "/course/scam-free/",
  "/weekly-lessons/",
  "/api/",
  "/dev/",
  "/staff",
  "/unsubscribe",
];
