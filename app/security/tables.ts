/**
 * Request limits shared by every process.
 * Part of the database schema (drizzle-kit reads every app/<capability>/tables.ts; see drizzle.config.ts).
 */
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * rate-limiter-flexible's counters (its RateLimiterDrizzle store, in the shape it reads): one row per
 * hashed key, the events counted in the current window and when that window ends.
 */
export const requestLimits = pgTable("request_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true }),
});
