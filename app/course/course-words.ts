import type { Locale } from "~/i18n/locales";
import type { MessageKey } from "~/i18n/messages/en";
import type { Translate } from "~/i18n/translate";
import { coursePagePath } from "./course-map";
import { hasSpanishCoursePage } from "~/i18n/spanish-course-pages";
import type { CourseTrack } from "./tracks/course-tracks";

/**
 * The course's names in the reader's language (issue #39): lessons, modules and tracks come from
 * the message catalogues, and a page's address is its Spanish edition's where one is written.
 */
const LESSON_TITLES: Record<number, MessageKey> = {
  1: "course.lessonTitle.1",
  2: "course.lessonTitle.2",
  3: "course.lessonTitle.3",
  4: "course.lessonTitle.4",
  5: "course.lessonTitle.5",
  6: "course.lessonTitle.6",
  7: "course.lessonTitle.7",
  8: "course.lessonTitle.8",
  9: "course.lessonTitle.9",
  10: "course.lessonTitle.10",
  11: "course.lessonTitle.11",
};

const MODULE_TITLES: Record<number, MessageKey> = {
  1: "course.moduleTitle.1",
  2: "course.moduleTitle.2",
  3: "course.moduleTitle.3",
};

const TRACK_LABELS: Record<CourseTrack, MessageKey> = {
  kids: "course.track.kids",
  teens: "course.track.teens",
  adults: "course.track.adults",
  "older-adults": "course.track.olderAdults",
};

const TRACK_AGES: Record<CourseTrack, MessageKey> = {
  kids: "course.trackAges.kids",
  teens: "course.trackAges.teens",
  adults: "course.trackAges.adults",
  "older-adults": "course.trackAges.olderAdults",
};

export const courseLessonTitle = (t: Translate, lesson: number) => t(LESSON_TITLES[lesson]!);
export const courseModuleTitle = (t: Translate, module: number) => t(MODULE_TITLES[module]!);
export const courseTrackLabel = (t: Translate, track: CourseTrack) => t(TRACK_LABELS[track]);
export const courseTrackAges = (t: Translate, track: CourseTrack) => t(TRACK_AGES[track]);

/** Whether a page read in `locale` is only in English (a Spanish reader's link to page 20). */
export function isEnglishOnlyFor(page: number, locale: Locale): boolean {
  return locale === "es" && !hasSpanishCoursePage(page);
}

/** A course page's address for a reader of `locale`: /es/course/scam-free/3, or the English page. */
export function coursePageHref(page: number, locale: Locale): string {
  return locale === "es" && hasSpanishCoursePage(page) ? `/es${coursePagePath(page)}` : coursePagePath(page);
}
