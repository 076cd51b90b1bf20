import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { mdxComponents } from "~/course/mdx-components";
import { StaticSelfCheck } from "./static-self-check";

/**
 * Members' weekly lessons (content/weekly/*.mdx). They are paid content, so they are rendered to
 * HTML here, on the server, for members only: no lesson ever becomes a public JavaScript chunk.
 * The self-check therefore uses <details> to reveal answers instead of client-side state.
 */
interface Frontmatter {
  title: string;
  summary: string;
  published: string;
  readingMinutes: number;
}

type LessonModule = {
  default: ComponentType<{ components?: Record<string, ComponentType<any>> }>;
  frontmatter: Frontmatter;
};

const modules = import.meta.glob<LessonModule>("../../content/weekly/*.mdx", { eager: true });

export interface WeeklyLessonSummary {
  slug: string;
  title: string;
  summary: string;
  published: string;
  readingMinutes: number;
}

const LESSONS = Object.entries(modules)
  .map(([path, module]) => ({
    slug: path.replace(/^.*\//, "").replace(/\.mdx$/, ""),
    module,
  }))
  .sort((a, b) => b.module.frontmatter.published.localeCompare(a.module.frontmatter.published));

/** Newest first. */
export function listWeeklyLessons(): WeeklyLessonSummary[] {
  return LESSONS.map(({ slug, module }) => ({
    slug,
    title: module.frontmatter.title,
    summary: module.frontmatter.summary,
    published: module.frontmatter.published,
    readingMinutes: Number(module.frontmatter.readingMinutes),
  }));
}

export function renderWeeklyLesson(slug: string): { lesson: WeeklyLessonSummary; html: string } | null {
  const found = LESSONS.find((entry) => entry.slug === slug);
  if (!found) return null;
  const Content = found.module.default;
  const html = renderToStaticMarkup(<Content components={{ ...mdxComponents, SelfCheck: StaticSelfCheck }} />);
  const lesson = listWeeklyLessons().find((entry) => entry.slug === slug)!;
  return { lesson, html };
}
