import { readdirSync } from "node:fs";
import { TOTAL_PAGES } from "./course-map";

/**
 * The course pages that exist as files (content/course/scam-free/NN-*.mdx), read with fs so that
 * the build's first step (plain tsx, no Vite) can check content that links to them.
 */
export const COURSE_PAGE_FILES_DIRECTORY = "content/course/scam-free";

export function coursePageNumbersIn(directory: string = COURSE_PAGE_FILES_DIRECTORY): Set<number> {
  const pages = readdirSync(directory)
    .map((name) => /^(\d+)-.+\.mdx$/.exec(name)?.[1])
    .filter((page): page is string => page !== undefined)
    .map(Number)
    .filter((page) => page >= 1 && page <= TOTAL_PAGES);
  return new Set(pages);
}
