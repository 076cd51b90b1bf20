/**
 * The shape of the free course: 3 modules, 11 lessons, 43 pages (SPEC.md section 2, course map).
 * Shared by the catalogue, sidebar, pager and progress; the page text lives in content/.
 */
export const COURSE_ID = "scam-free";
export const TOTAL_PAGES = 43;
export const PAGER_WINDOW = 5;

export interface Lesson {
  number: number;
  title: string;
  module: number;
  firstPage: number;
  lastPage: number;
}

export const LESSONS: Lesson[] = [
  { number: 1, title: "Overview", module: 1, firstPage: 1, lastPage: 1 },
  { number: 2, title: "Scam History", module: 1, firstPage: 2, lastPage: 7 },
  { number: 3, title: "Scam Psychology", module: 1, firstPage: 8, lastPage: 13 },
  { number: 4, title: "Common Scams", module: 1, firstPage: 14, lastPage: 19 },
  { number: 5, title: "Screen Time", module: 2, firstPage: 20, lastPage: 25 },
  { number: 6, title: "The Big Scams", module: 2, firstPage: 26, lastPage: 30 },
  { number: 7, title: "Stranger Danger", module: 2, firstPage: 31, lastPage: 34 },
  { number: 8, title: "Parental Controls", module: 2, firstPage: 35, lastPage: 37 },
  { number: 9, title: "Get Practical", module: 3, firstPage: 38, lastPage: 39 },
  { number: 10, title: "Scam Recovery", module: 3, firstPage: 40, lastPage: 42 },
  { number: 11, title: "Google Alerts", module: 3, firstPage: 43, lastPage: 43 },
];

export const MODULES = [
  { number: 1, title: "Understanding Scams", lessons: [1, 2, 3, 4] },
  { number: 2, title: "Staying Safe Online", lessons: [5, 6, 7, 8] },
  { number: 3, title: "Protect and Recover", lessons: [9, 10, 11] },
];

export const CATALOGUE = [
  {
    id: COURSE_ID,
    title: "How to be scam-free",
    description:
      "How scams work, why they fool smart people, the most common tricks, screen time, passwords, and what to do if it happens to you. Written for parents and children to read together.",
    duration: `${LESSONS.length} lessons`,
    level: "Beginner",
    totalPages: TOTAL_PAGES,
  },
];

export function lessonForPage(page: number): Lesson {
  const lesson = LESSONS.find((l) => page >= l.firstPage && page <= l.lastPage);
  if (!lesson) throw new RangeError(`No lesson contains page ${page}`);
  return lesson;
}

/** Parses a page id from the URL: an integer 1..43, or null for anything else ("abc", "0", "2.5"). */
export function parsePageNumber(value: string | undefined): number | null {
  if (value === undefined) return 1;
  if (!/^\d{1,3}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 && page <= TOTAL_PAGES ? page : null;
}

/** Up to five page numbers around the current one, kept inside 1..43. */
export function pagerWindow(current: number, total = TOTAL_PAGES, size = PAGER_WINDOW): number[] {
  const half = Math.floor(size / 2);
  let start = Math.max(1, current - half);
  const end = Math.min(total, start + size - 1);
  start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export function coursePagePath(page: number) {
  return `/course/${COURSE_ID}/${page}`;
}

/** A lesson is complete when every one of its pages has been viewed. */
export function completedLessons(viewedPages: Iterable<number>): number[] {
  const viewed = new Set(viewedPages);
  return LESSONS.filter((lesson) => {
    for (let page = lesson.firstPage; page <= lesson.lastPage; page++) if (!viewed.has(page)) return false;
    return true;
  }).map((lesson) => lesson.number);
}
