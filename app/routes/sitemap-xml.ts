import { getEnv } from "~/config/env.server";
import { listRedFlagPages } from "~/red-flags/red-flag-pages.server";
import { redFlagPagePath } from "~/red-flags/red-flag-paths";
import { pathInLocale } from "~/i18n/locales";
import { PUBLIC_PAGES } from "~/seo/public-pages";

export function loader() {
  const base = getEnv().APP_URL;
  const paths = [
    ...PUBLIC_PAGES,
    ...listRedFlagPages().map((page) => redFlagPagePath(page.slug)),
    ...listRedFlagPages("es").map((page) => pathInLocale(redFlagPagePath(page.slug), "es")),
  ];
  const urls = paths.map((path) => `  <url><loc>${base}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
