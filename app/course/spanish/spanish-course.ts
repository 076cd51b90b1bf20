import type { CourseTrack } from "../tracks/course-tracks";

/**
 * The course's Spanish edition (issue #39): its first ten pages and the Common Scams lesson, in all
 * four tracks, at /es/course/scam-free/<page>. The rest of the course is linked in English, marked
 * "(en inglés)".
 */
export const SPANISH_COURSE_PAGES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 15, 16, 17, 18, 19];

export function hasSpanishCoursePage(page: number): boolean {
  return SPANISH_COURSE_PAGES.includes(page);
}

/**
 * Each track's Spanish reading budget: the INFLESZ score (Szigriszt-Pazos; higher is easier) a page
 * must reach and the average sentence length it must stay within. Kids read "fairly easy" Spanish
 * and older adults short sentences, as in English (decision 051).
 */
export const SPANISH_READING_BUDGETS: Record<CourseTrack, { inflesz: number; wordsPerSentence: number }> = {
  kids: { inflesz: 70, wordsPerSentence: 12 },
  teens: { inflesz: 62, wordsPerSentence: 16 },
  adults: { inflesz: 57, wordsPerSentence: 18 },
  "older-adults": { inflesz: 60, wordsPerSentence: 15 },
};

export const SPANISH_COURSE_DIRECTORY = "content/course/es";
