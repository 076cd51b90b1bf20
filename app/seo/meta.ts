import type { MetaDescriptor } from "react-router";
import { editionsOf, localeOfPath } from "~/i18n/locales";

export const SITE_NAME = "scam-free";

interface PageMeta {
  title: string;
  description: string;
  /** Path of the page, for og:url. */
  path: string;
  /** Pages that should not be indexed (account, checkout, course pages behind sign-in). */
  noIndex?: boolean;
  /** Say `path` is the page's one address (a course page in a track: `?track=kids`). */
  canonical?: boolean;
}

interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

function siteUrlFrom(args: MetaArgsLike): string {
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}

/** Title, description and Open Graph tags for one page. */
export function pageMeta(args: MetaArgsLike, page: PageMeta): MetaDescriptor[] {
  const fullTitle = page.title === SITE_NAME ? page.title : `${page.title} | ${SITE_NAME}`;
  const url = `${siteUrlFrom(args)}${page.path}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: page.description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
  ];
  tags.push({ property: "og:locale", content: localeOfPath(page.path) === "es" ? "es_US" : "en_US" });
  // A page with a Spanish edition names both, each with its language, and English as the default.
  const editions = editionsOf(page.path);
  if (editions) {
    const site = siteUrlFrom(args);
    tags.push(
      { tagName: "link", rel: "alternate", hrefLang: "en", href: `${site}${editions.en}` },
      { tagName: "link", rel: "alternate", hrefLang: "es", href: `${site}${editions.es}` },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${site}${editions.en}` },
    );
  }
  if (page.noIndex) tags.push({ name: "robots", content: "noindex" });
  if (page.canonical) tags.push({ tagName: "link", rel: "canonical", href: url });
  return tags;
}
