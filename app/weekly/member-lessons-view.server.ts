import type { MemberAccess } from "~/billing/membership.server";
import type { Database } from "~/db/client.server";
import { memberLessons } from "./member-lessons.server";
import { listWeeklyLessons } from "./weekly-lessons.server";

/**
 * What the members' page shows about lessons: this week's (the most recently opened), the earlier
 * ones, and only the title and day of the next. Nothing of a lesson that is not open yet besides
 * its title goes into the page.
 */
export interface ListedLesson {
  slug: string;
  title: string;
  summary: string;
  readingMinutes: number;
  opensOn: string;
}

export async function memberLessonsView(db: Database, access: MemberAccess, email: string, now = new Date()) {
  const shelf = await memberLessons(db, access, email, now);
  const bySlug = new Map(listWeeklyLessons().map((lesson) => [lesson.slug, lesson]));
  const open: ListedLesson[] = shelf.open.map(({ slug, opensOn }) => {
    const { title, summary, readingMinutes } = bySlug.get(slug)!;
    return { slug, title, summary, readingMinutes, opensOn };
  });
  const next = shelf.next ? { title: bySlug.get(shelf.next.slug)!.title, opensOn: shelf.next.opensOn } : null;
  return { thisWeek: open[0] ?? null, earlier: open.slice(1), next };
}
