import { localTime } from "~/family/quiet-hours";

/**
 * When each weekly lesson opens for one member (decision 015). A member's start day is the day
 * their membership began, in their own time zone:
 * - on the start day they get the four most recent lessons published by then;
 * - then one more opens every seven days, at local midnight: the newest lesson not yet open that
 *   was published by that day, so a newly written lesson comes first and the back catalogue
 *   fills in behind it;
 * - a week with nothing left to open is skipped until a new lesson is published.
 * Lessons stay open once opened. Pure: everything comes in as arguments, so tests pin the clock.
 */

export const LESSONS_AT_START = 4;
const DAY_MS = 86_400_000;

export interface PublishedLesson {
  slug: string;
  /** YYYY-MM-DD, the day the lesson joined the library. */
  published: string;
}

export interface LessonRelease {
  slug: string;
  /** The member's local day it opens, YYYY-MM-DD. */
  opensOn: string;
  /** Local midnight of that day, as an instant. */
  opensAt: Date;
}

/** The local calendar day of an instant, YYYY-MM-DD. */
export function localDay(instant: Date, timeZone: string): string {
  const local = localTime(instant, timeZone);
  return [local.year, local.month, local.day].map((n, i) => String(n).padStart(i === 0 ? 4 : 2, "0")).join("-");
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instant a local day begins. Starts from the day's UTC midnight and corrects by the zone's
 * offset; a second pass settles days whose offset changes (daylight saving), and where midnight
 * itself does not exist the first instant after the gap is returned.
 */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const target = Date.parse(`${day}T00:00:00Z`);
  let guess = target;
  for (let pass = 0; pass < 3; pass++) {
    const local = localTime(new Date(guess), timeZone);
    const shownAs = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
    if (shownAs === target) break;
    guess -= shownAs - target;
  }
  return new Date(guess);
}

/** Every lesson's opening for a member, in opening order (the first four share the start day). */
export function lessonReleases(
  lessons: readonly PublishedLesson[],
  memberSince: Date,
  timeZone: string,
): LessonRelease[] {
  const startDay = localDay(memberSince, timeZone);
  const newestFirst = [...lessons].sort(
    (a, b) => b.published.localeCompare(a.published) || a.slug.localeCompare(b.slug),
  );
  const releases: LessonRelease[] = [];
  const open = (slug: string, day: string) =>
    releases.push({ slug, opensOn: day, opensAt: startOfLocalDay(day, timeZone) });

  const waiting = [...newestFirst];
  for (const lesson of newestFirst.filter((l) => l.published <= startDay).slice(0, LESSONS_AT_START)) {
    open(lesson.slug, startDay);
    waiting.splice(waiting.indexOf(lesson), 1);
  }
  let week = 1;
  while (waiting.length > 0) {
    const day = addDays(startDay, 7 * week);
    // `waiting` is newest first, so this is the newest lesson published by that day.
    const next = waiting.find((lesson) => lesson.published <= day);
    if (next) {
      open(next.slug, day);
      waiting.splice(waiting.indexOf(next), 1);
      week += 1;
      continue;
    }
    // Nothing published for this week yet: skip to the first week on or after the next publication.
    const earliest = waiting.reduce((a, b) => (a.published <= b.published ? a : b)).published;
    const daysAway = (Date.parse(`${earliest}T00:00:00Z`) - Date.parse(`${startDay}T00:00:00Z`)) / DAY_MS;
    week = Math.max(week + 1, Math.ceil(daysAway / 7));
  }
  return releases;
}

export interface LessonShelf {
  /** Open lessons, the most recently opened first. */
  open: LessonRelease[];
  /** The next one to open, if any. */
  next: LessonRelease | null;
}

export function lessonShelf(
  lessons: readonly PublishedLesson[],
  memberSince: Date,
  timeZone: string,
  now: Date,
): LessonShelf {
  const releases = lessonReleases(lessons, memberSince, timeZone);
  const published = new Map(lessons.map((lesson) => [lesson.slug, lesson.published]));
  const open = releases
    .filter((release) => release.opensAt.getTime() <= now.getTime())
    .sort(
      (a, b) =>
        b.opensAt.getTime() - a.opensAt.getTime() || published.get(b.slug)!.localeCompare(published.get(a.slug)!),
    );
  const next = releases.find((release) => release.opensAt.getTime() > now.getTime()) ?? null;
  return { open, next };
}
