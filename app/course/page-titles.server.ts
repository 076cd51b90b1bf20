/**
 * Titles of all 46 pages (the Adults track), read from the MDX front matter at build time. Server-only, so the
 * sidebar's titles reach the browser as loader data instead of bundling every page.
 */
const frontmatters = import.meta.glob<{
  title: string;
  page: number;
  lesson: number;
  module: number;
  description: string;
}>("../../content/course/scam-free/*.mdx", { eager: true, import: "frontmatter" });

export interface PageInfo {
  page: number;
  title: string;
  description: string;
}

const PAGES: PageInfo[] = Object.values(frontmatters)
  .map((fm) => ({ page: Number(fm.page), title: String(fm.title), description: String(fm.description ?? "") }))
  .sort((a, b) => a.page - b.page);

export function allPageInfo(): PageInfo[] {
  return PAGES;
}

export function pageInfo(page: number): PageInfo | undefined {
  return PAGES.find((p) => p.page === page);
}

/**
 * The Spanish edition's page titles (issue #39), from the Adults track's Spanish pages: the sidebar
 * of a Spanish course page names a page in Spanish where it is written in Spanish.
 */
const spanishFrontmatters = import.meta.glob<{ title: string; page: number }>("../../content/course/es/adults/*.mdx", {
  eager: true,
  import: "frontmatter",
});

const SPANISH_TITLES = new Map(Object.values(spanishFrontmatters).map((fm) => [Number(fm.page), String(fm.title)]));

export function spanishPageTitle(page: number): string | undefined {
  return SPANISH_TITLES.get(page);
}
