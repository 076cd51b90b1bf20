/**
 * The course's Spanish edition (issue #39): its first ten pages and the Common Scams lesson, in all
 * four tracks, at /es/course/scam-free/<page>. The rest of the course is linked in English, marked
 * "(en inglés)".
 */
export const SPANISH_COURSE_PAGES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 15, 16, 17, 18, 19];

export function hasSpanishCoursePage(page: number): boolean {
  return SPANISH_COURSE_PAGES.includes(page);
}
