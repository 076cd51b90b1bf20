/**
 * The shape of the free course: 3 modules, 11 lessons, 46 pages (SPEC.md section 2, course map;
 * issue #37 added pages 44–46 to lesson 4). A page's number is its address and never changes, so
 * the three pages added later keep numbers 44–46 and are read after page 19 (decision 047):
 * READING_ORDER, not the numbers, says what comes next. Shared by the catalogue, sidebar, pager
 * and progress; the page text lives in content/.
 */
export const COURSE_ID = "scam-free";
export const TOTAL_PAGES = 46;
export const PAGER_WINDOW = 5;

export interface Lesson {
  number: number;
  title: string;
  module: number;
  /** Its pages in reading order. */
  pages: number[];
}

const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

export const LESSONS: Lesson[] = [
  { number: 1, title: "Overview", module: 1, pages: [1] },
  { number: 2, title: "Scam History", module: 1, pages: range(2, 7) },
  { number: 3, title: "Scam Psychology", module: 1, pages: range(8, 13) },
  { number: 4, title: "Common Scams", module: 1, pages: [...range(14, 19), 44, 45, 46] },
  { number: 5, title: "Screen Time", module: 2, pages: range(20, 25) },
  { number: 6, title: "The Big Scams", module: 2, pages: range(26, 30) },
  { number: 7, title: "Stranger Danger", module: 2, pages: range(31, 34) },
  { number: 8, title: "Parental Controls", module: 2, pages: range(35, 37) },
  { number: 9, title: "Get Practical", module: 3, pages: range(38, 39) },
  { number: 10, title: "Scam Recovery", module: 3, pages: range(40, 42) },
  { number: 11, title: "Google Alerts", module: 3, pages: [43] },
];

/** Every page, in the order a reader reads them. */
export const READING_ORDER: number[] = LESSONS.flatMap((lesson) => lesson.pages);

export const MODULES = [
  { number: 1, title: "Understanding Scams", lessons: [1, 2, 3, 4] },
  { number: 2, title: "Staying Safe Online", lessons: [5, 6, 7, 8] },
  { number: 3, title: "Protect and Recover", lessons: [9, 10, 11] },
];

/** The courses on /course; their words are in the catalogues (courseHome.*), in each language. */
export const CATALOGUE = [{ id: COURSE_ID, totalPages: TOTAL_PAGES }];

export function lessonForPage(page: number): Lesson {
  const lesson = LESSONS.find((l) => l.pages.includes(page));
  if (!lesson) throw new RangeError(`No lesson contains page ${page}`);
  return lesson;
}

/** Parses a page id from the URL: an integer 1..46, or null for anything else ("abc", "0", "2.5"). */
export function parsePageNumber(value: string | undefined): number | null {
  if (value === undefined) return 1;
  if (!/^\d{1,3}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 && page <= TOTAL_PAGES ? page : null;
}

/** Up to five page numbers around the current one, in reading order, kept inside the course. */
export function pagerWindow(current: number, order: readonly number[] = READING_ORDER, size = PAGER_WINDOW): number[] {
  const at = Math.max(0, order.indexOf(current));
  const half = Math.floor(size / 2);
  let start = Math.max(0, at - half);
  const end = Math.min(order.length - 1, start + size - 1);
  start = Math.max(0, end - size + 1);
  return order.slice(start, end + 1);
}

/** The page read before this one, or null on the first. */
export function previousPage(page: number): number | null {
  const at = READING_ORDER.indexOf(page);
  return at > 0 ? READING_ORDER[at - 1]! : null;
}

/** The page read after this one, or null on the last. */
export function nextPage(page: number): number | null {
  const at = READING_ORDER.indexOf(page);
  return at >= 0 && at < READING_ORDER.length - 1 ? READING_ORDER[at + 1]! : null;
}

export function coursePagePath(page: number) {
  return `/course/${COURSE_ID}/${page}`;
}

/** A lesson is complete when every one of its pages has been viewed. */
export function completedLessons(viewedPages: Iterable<number>): number[] {
  const viewed = new Set(viewedPages);
  return LESSONS.filter((lesson) => lesson.pages.every((page) => viewed.has(page))).map((lesson) => lesson.number);
}
