import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { pageInfo } from "~/course/page-titles.server";
import { pathInLocale, type Locale } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { byTitle, redFlagFrontMatterProblems, RedFlagPagesError } from "./red-flag-page-files.server";
import { RED_FLAG_SLUG, type RedFlagPageFrontMatter, type RedFlagPageSummary } from "./red-flag-page-schema";
import { RED_FLAGS_PATH, redFlagPagePath } from "./red-flag-paths";

/**
 * The public red-flag pages the site serves (content/red-flags/*.md, compiled into the server
 * bundle). Each is rendered to HTML here, on the server, so a page's words never become a
 * JavaScript chunk: the pages work with no script at all. The full check of the files (body rules,
 * course pages, every practice red flag's page exists) runs at build and at start:
 * red-flag-page-files.server.ts.
 */

type PageModule = { default: ComponentType; frontmatter: unknown };

const MODULES: Record<Locale, Record<string, PageModule>> = {
  en: import.meta.glob<PageModule>(["../../content/red-flags/*.md", "!../../content/red-flags/README.md"], {
    eager: true,
  }),
  // The Spanish edition, served at /es/red-flags/<slug> (issue 39).
  es: import.meta.glob<PageModule>("../../content/red-flags/es/*.md", { eager: true }),
};

interface BundledPage extends RedFlagPageFrontMatter {
  slug: string;
  Content: PageModule["default"];
}

const checked = new Map<Locale, readonly BundledPage[]>();

function bundledPages(locale: Locale): readonly BundledPage[] {
  const known = checked.get(locale);
  if (known) return known;
  const folder = locale === "es" ? "content/red-flags/es" : "content/red-flags";
  const problems: string[] = [];
  const pages: BundledPage[] = [];
  for (const [file, module] of Object.entries(MODULES[locale])) {
    const slug = file.replace(/^.*\//, "").replace(/\.md$/, "");
    const result = redFlagFrontMatterProblems(module.frontmatter);
    if (!RED_FLAG_SLUG.test(slug)) problems.push(`${folder}/${slug}.md: the file name is not a slug`);
    if (result.frontMatter) pages.push({ ...result.frontMatter, slug, Content: module.default });
    else problems.push(...result.problems.map((problem) => `${folder}/${slug}.md: ${problem}`));
  }
  if (problems.length > 0) throw new RedFlagPagesError(problems);
  const sorted = byTitle(pages, locale);
  checked.set(locale, sorted);
  return sorted;
}

const summaryOf = (page: BundledPage): RedFlagPageSummary => ({
  slug: page.slug,
  title: page.title,
  summary: page.summary,
  coursePage: page.coursePage,
});

/** Every page of an edition, by title: the index and the sitemap. */
export function listRedFlagPages(locale: Locale = "en"): RedFlagPageSummary[] {
  return bundledPages(locale).map(summaryOf);
}

export interface RedFlagPageLink {
  slug: string;
  title: string;
  /** "/red-flags/<slug>": callers on another host put the site's address in front. */
  href: string;
}

/**
 * The public page a red flag names (its `page`): the content check makes sure it exists; the index
 * of all pages stands in should one ever be missing, so "Learn more" never asks for an account.
 */
export function redFlagPageLink(slug: string, locale: Locale = "en"): RedFlagPageLink {
  const page = bundledPages(locale).find((candidate) => candidate.slug === slug);
  return page
    ? { slug: page.slug, title: page.title, href: pathInLocale(redFlagPagePath(page.slug), locale) }
    : { slug: "", title: translate(locale, "links.learnMoreFallback"), href: pathInLocale(RED_FLAGS_PATH, locale) };
}

export interface RenderedRedFlagPage {
  page: RedFlagPageSummary & { courseTitle: string };
  html: string;
}

/** One page in an edition, rendered; its course page's title stays English (the course is in English). */
export function renderRedFlagPage(slug: string, locale: Locale = "en"): RenderedRedFlagPage | null {
  const found = RED_FLAG_SLUG.test(slug) ? bundledPages(locale).find((page) => page.slug === slug) : undefined;
  if (!found) return null;
  const { Content } = found;
  return {
    page: { ...summaryOf(found), courseTitle: pageInfo(found.coursePage)?.title ?? `Course page ${found.coursePage}` },
    html: renderToStaticMarkup(<Content />),
  };
}
