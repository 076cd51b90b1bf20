import path from "node:path";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { mdxComponents } from "~/course/mdx-components";
import type { LessonFrontmatter, LessonSource } from "./lesson-schema";
import { addLessonContents, type LessonContentsEntry } from "./lesson-contents";
import { lessonSections } from "./lesson-sections";
import { StaticSelfCheck } from "./static-self-check";

/**
 * Members' weekly lessons (content/weekly/*.mdx). They are paid content, so they are rendered to
 * HTML here, on the server, for members only: no lesson ever becomes a public JavaScript chunk.
 * The self-check therefore uses <details> to reveal answers instead of client-side state.
 */

type LessonModule = {
  default: ComponentType<{ components?: Record<string, ComponentType<never>> }>;
  frontmatter: LessonFrontmatter;
};

const modules = import.meta.glob<LessonModule>("../../content/weekly/*.mdx", { eager: true });

export interface WeeklyLessonSummary {
  slug: string;
  title: string;
  summary: string;
  published: string;
  readingMinutes: number;
  lastReviewed: string;
  sources: LessonSource[];
}

const LESSONS = Object.entries(modules)
  .map(([file, module]) => ({ slug: path.basename(file, ".mdx"), module }))
  .sort((a, b) => b.module.frontmatter.published.localeCompare(a.module.frontmatter.published));

/**
 * Where the links of retired lessons go: the newer lesson on the same subject, or the list when
 * the subject is now taught by the free course. A slug missing here that no file has is a 404.
 */
export const RETIRED_LESSONS: Record<string, string> = {
  "2026-11-16-voice-clone-family-emergency": "/weekly-lessons/2026-11-16-ai-voices-and-images",
  "2026-11-09-holiday-shopping-scams": "/weekly-lessons/2026-11-09-fake-shopping-sites",
  "2026-11-02-delivery-text-scams": "/weekly-lessons",
};

/** Newest first. */
export function listWeeklyLessons(): WeeklyLessonSummary[] {
  return LESSONS.map(({ slug, module }) => {
    const { title, summary, published, readingMinutes, lastReviewed, sources } = module.frontmatter;
    return { slug, title, summary, published, readingMinutes: Number(readingMinutes), lastReviewed, sources };
  });
}

export function renderWeeklyLesson(
  slug: string,
): { lesson: WeeklyLessonSummary; html: string; contents: LessonContentsEntry[] } | null {
  const found = LESSONS.find((entry) => entry.slug === slug);
  if (!found) return null;
  const Content = found.module.default;
  const { html, contents } = addLessonContents(
    renderToStaticMarkup(<Content components={{ ...mdxComponents, ...lessonSections, SelfCheck: StaticSelfCheck }} />),
  );
  const lesson = listWeeklyLessons().find((entry) => entry.slug === slug)!;
  return { lesson, html, contents };
}
