/**
 * The free course's four tracks (issue #37). Every page keeps its core lesson in each track and
 * swaps its examples, its activity and its self-check for the reader's age. The Adults track is the
 * course as first written (content/course/scam-free/); the others live in content/course/tracks/.
 */
export const COURSE_TRACKS = ["kids", "teens", "adults", "older-adults"] as const;
export type CourseTrack = (typeof COURSE_TRACKS)[number];

export const DEFAULT_COURSE_TRACK: CourseTrack = "adults";

export const COURSE_TRACK_LABELS: Record<CourseTrack, string> = {
  kids: "Kids",
  teens: "Teens",
  adults: "Adults",
  "older-adults": "Older adults",
};

/**
 * The reading level each track's pages must stay within: a Flesch–Kincaid grade measured by the
 * text-readability library on the page's own words (headings and quoted scam messages left out),
 * and for older adults also the average sentence length (decision 047).
 */
export const READING_BUDGETS: Record<CourseTrack, { grade: number; wordsPerSentence?: number }> = {
  kids: { grade: 4 },
  teens: { grade: 7 },
  adults: { grade: 8 },
  "older-adults": { grade: 8, wordsPerSentence: 20 },
};

export function isCourseTrack(value: unknown): value is CourseTrack {
  return typeof value === "string" && (COURSE_TRACKS as readonly string[]).includes(value);
}

/** The track offered to a Training Program family member of this age band (their summaries and feedback). */
export function trackForAgeBand(ageBand: string): CourseTrack {
  switch (ageBand) {
    case "child":
      return "kids";
    case "teen":
      return "teens";
    case "older-adult":
      return "older-adults";
    default:
      return "adults";
  }
}
