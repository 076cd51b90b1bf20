import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { mdxComponents } from "~/course/mdx-components";
import { frontMatterProblems, newestFirst, ScamUpdatesError } from "./scam-update-files.server";
import type { ScamUpdateFrontMatter, ScamUpdateSource, ScamUpdateSummary } from "./scam-update-schema";

/**
 * The scam updates the site serves (content/updates/*.mdx, compiled into the server bundle). They
 * are members' content, so like the weekly lessons they are rendered to HTML here, on the server,
 * for members only: no update ever becomes a public JavaScript chunk.
 */

type UpdateModule = {
  default: ComponentType<{ components?: Record<string, ComponentType<never>> }>;
  frontmatter: unknown;
};

const modules = import.meta.glob<UpdateModule>("../../content/updates/*.mdx", { eager: true });

interface BundledUpdate extends ScamUpdateFrontMatter {
  slug: string;
  Content: UpdateModule["default"];
}

let checked: BundledUpdate[] | undefined;

/**
 * Every bundled update, checked against the front matter schema once, newest first. (The full
 * check of the files, body rules included, runs at build and at start: scam-update-files.server.ts.)
 */
function checkScamUpdates(): readonly BundledUpdate[] {
  if (checked) return checked;
  const problems: string[] = [];
  const updates: BundledUpdate[] = [];
  for (const [path, module] of Object.entries(modules)) {
    const slug = path.replace(/^.*\//, "").replace(/\.mdx$/, "");
    const result = frontMatterProblems(module.frontmatter);
    if (result.frontMatter) updates.push({ ...result.frontMatter, slug, Content: module.default });
    else problems.push(...result.problems.map((problem) => `content/updates/${slug}.mdx: ${problem}`));
  }
  if (problems.length > 0) throw new ScamUpdatesError(problems);
  checked = newestFirst(updates);
  return checked;
}

const summaryOf = (update: BundledUpdate): ScamUpdateSummary => ({
  slug: update.slug,
  title: update.title,
  summary: update.summary,
  published: update.published,
  audience: update.audience,
});

/** Newest first: what the members' page lists and the weekly digest picks from. */
export function listScamUpdates(): ScamUpdateSummary[] {
  return checkScamUpdates().map(summaryOf);
}

export interface RenderedScamUpdate {
  update: ScamUpdateSummary & { lastReviewed: string; sources: ScamUpdateSource[] };
  html: string;
}

export function renderScamUpdate(slug: string): RenderedScamUpdate | null {
  const found = checkScamUpdates().find((entry) => entry.slug === slug);
  if (!found) return null;
  const { Content } = found;
  const html = renderToStaticMarkup(<Content components={mdxComponents} />);
  return { update: { ...summaryOf(found), lastReviewed: found.lastReviewed, sources: found.sources }, html };
}
