import type { CourseTrack } from "../tracks/course-tracks";

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
