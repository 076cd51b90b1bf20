/**
 * Course progress: one row per page a learner has opened; and the track each reader reads in.
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
    check("course_progress_page_range", sql`${t.page} BETWEEN 1 AND 46`),
  ],
);

/**
 * The course track a signed-in reader chose (issue #37): Kids, Teens, Adults or Older adults. A
 * reader without a row reads the Adults track; readers who are not signed in keep theirs in a cookie.
 */
export const courseReaders = pgTable(
  "course_readers",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    track: text("track").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("course_readers_track", sql`${t.track} IN ('kids', 'teens', 'adults', 'older-adults')`)],
);
