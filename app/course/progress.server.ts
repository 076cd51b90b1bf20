import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { courseProgress } from "~/course/tables";
import { completedLessons, TOTAL_PAGES } from "./course-map";

export interface CourseProgress {
  viewedPages: number[];
  completedLessons: number[];
  lastPage: number | null;
  percent: number;
}

/**
 * Records that a learner opened a page: one row per page, however often they come back. Each view
 * takes the next number of a sequence, so "Continue where you left off" is exact even for views
 * moments apart (timestamps can tie).
 */
export async function recordPageView(db: Database, userId: string, courseId: string, page: number) {
  await db
    .insert(courseProgress)
    .values({ userId, courseId, page })
    .onConflictDoUpdate({
      target: [courseProgress.userId, courseProgress.courseId, courseProgress.page],
      set: { lastViewedAt: sql`now()`, lastViewSeq: sql`nextval('course_view_seq')` },
    });
}

export async function getCourseProgress(db: Database, userId: string, courseId: string): Promise<CourseProgress> {
  const rows = await db
    .select({ page: courseProgress.page })
    .from(courseProgress)
    .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)))
    .orderBy(desc(courseProgress.lastViewSeq));
  const viewedPages = rows.map((row) => row.page).sort((a, b) => a - b);
  return {
    viewedPages,
    completedLessons: completedLessons(viewedPages),
    lastPage: rows[0]?.page ?? null,
    percent: Math.round((viewedPages.length / TOTAL_PAGES) * 100),
  };
}
