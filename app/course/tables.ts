/**
 * Course progress: one row per page a learner has opened.
 * Part of the database schema (drizzle-kit reads every app/<capability>/tables.ts; see drizzle.config.ts).
 */
import { sql } from "drizzle-orm";
import { bigint, check, integer, pgSequence, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../account/tables";

/** Orders page views: timestamps can tie (PGlite's clock has millisecond resolution). */
export const courseViewSeq = pgSequence("course_view_seq");

export const courseProgress = pgTable(
  "course_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: text("course_id").notNull(),
    page: integer("page").notNull(),
    firstViewedAt: timestamp("first_viewed_at", { withTimezone: true }).notNull().defaultNow(),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }).notNull().defaultNow(),
    /** Higher means viewed more recently; "Continue where you left off" follows it. */
    lastViewSeq: bigint("last_view_seq", { mode: "number" })
      .notNull()
      .default(sql`nextval('course_view_seq')`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId, t.page] }),
    check("course_progress_page_range", sql`${t.page} BETWEEN 1 AND 43`),
  ],
);
