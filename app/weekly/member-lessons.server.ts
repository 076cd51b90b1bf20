import type { MemberAccess } from "~/billing/membership.server";
import type { Database } from "~/db/client.server";
import { familyTimeZones } from "~/training/people/programs.server";
import { lessonShelf, type LessonShelf } from "./lesson-release";
import { listWeeklyLessons } from "./weekly-lessons.server";

/** Used when nobody on the plan has a time zone yet; the same default checkout contacts get. */
export const DEFAULT_LESSON_TIME_ZONE = "America/New_York";

/**
 * The member's own time zone: theirs on the plan's Training Program (matched by email), else the
 * plan's first person (the buyer), else the default. Lessons open at their local midnight.
 */
export async function memberTimeZone(db: Database, access: MemberAccess, email: string): Promise<string> {
  const rows = await familyTimeZones(db, access.subscriptionId);
  const own = rows.find((row) => row.email?.toLowerCase() === email.toLowerCase());
  return (own ?? rows[0])?.timeZone ?? DEFAULT_LESSON_TIME_ZONE;
}

export interface MemberLessons extends LessonShelf {
  timeZone: string;
}

export async function memberLessons(
  db: Database,
  access: MemberAccess,
  email: string,
  now: Date = new Date(),
): Promise<MemberLessons> {
  const timeZone = await memberTimeZone(db, access, email);
  return { ...lessonShelf(listWeeklyLessons(), access.startDate, timeZone, now), timeZone };
}

/** True when this lesson is open for the member now. */
export function isOpenFor(shelf: LessonShelf, slug: string): boolean {
  return shelf.open.some((release) => release.slug === slug);
}
