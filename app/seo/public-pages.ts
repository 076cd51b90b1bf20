/** Pages anyone may read and search engines may index, for the sitemap. */
export const PUBLIC_PAGES = [
  "/",
  "/pricing",
  "/course",
  "/weekly-lessons",
  "/community",
  "/support",
  "/newsletter",
  "/terms",
  "/privacy",
  "/cookies",
];

/** Paths crawlers should leave alone: private or per-person pages. */
export const PRIVATE_PATHS = ["/account", "/checkout", "/auth", "/api/", "/dev/", "/staff"];
