/**
 * Request limits shared by every process.
 * Part of the database schema (drizzle-kit reads every app/<capability>/tables.ts; see drizzle.config.ts).
 */
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Fixed-window counters for our own request limits (sign-in, sign-up, reset, comments). */
export const requestLimits = pgTable("request_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});
