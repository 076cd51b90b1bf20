/**
 * Community forum: comments and one like per visitor.
 * Part of the database schema (drizzle-kit reads every app/<capability>/tables.ts; see drizzle.config.ts).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";

export const communityComments = pgTable(
  "community_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Stored for moderation only; never sent to a browser. */
    email: text("email").notNull(),
    comment: text("comment").notNull(),
    rating: integer("rating").notNull().default(5),
    likes: integer("likes").notNull().default(0),
    /** 'visible', 'held' (waiting for staff) or 'hidden'. */
    status: text("status").notNull().default("visible"),
    createdAt: createdAt(),
  },
  (t) => [
    check("community_rating_range", sql`${t.rating} BETWEEN 1 AND 5`),
    check("community_likes_positive", sql`${t.likes} >= 0`),
    index("community_created_idx").on(t.createdAt),
    check("community_status", sql`${t.status} IN ('visible', 'held', 'hidden')`),
    check("community_comment_length", sql`char_length(${t.comment}) <= 2000`),
    check("community_name_length", sql`char_length(${t.name}) <= 80`),
  ],
);

/**
 * One row per (comment, visitor) who liked it: the primary key makes a second like from the same
 * visitor a no-op, and community_comments.likes is only incremented when a row was inserted.
 * voter_key is "user:<id>" for a signed-in person, or "visitor:<uuid>" from the visitor cookie.
 */
export const commentLikes = pgTable(
  "comment_likes",
  {
    commentId: uuid("comment_id")
      .notNull()
      .references(() => communityComments.id, { onDelete: "cascade" }),
    voterKey: text("voter_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.voterKey] }), index("comment_likes_voter_idx").on(t.voterKey)],
);
