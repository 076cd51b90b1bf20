import { getEnv } from "~/config/env.server";
import { PUBLIC_PAGES } from "~/seo/public-pages";

export function loader() {
  const base = getEnv().APP_URL;
  const urls = PUBLIC_PAGES.map((path) => `  <url><loc>${base}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
