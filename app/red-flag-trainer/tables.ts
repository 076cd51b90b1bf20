/**
 * The spot-the-red-flags trainer: one row per round a member checked. Only counts are kept (not
 * which parts were marked), enough for the level, the chart and the totals. Rows go with the
 * account (ON DELETE CASCADE).
 * Part of the database schema (drizzle-kit reads every app/<capability>/tables.ts; see drizzle.config.ts).
 */
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../account/tables";

export const trainerAttempts = pgTable(
  "trainer_attempts",
  {
    /** Increasing, so rounds checked within the same millisecond still come in order. */
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scenarioId: text("scenario_id").notNull(),
    /** Who was practising: child (8-12), teen (13-17), adult, older-adult. */
    ageBand: text("age_band").notNull(),
    /** The learner's level (1-3) in that band when the round was chosen. */
    level: integer("level").notNull(),
    found: integer("found").notNull(),
    missed: integer("missed").notNull(),
    falseAlarms: integer("false_alarms").notNull(),
    score: integer("score").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("trainer_attempts_user_created_idx").on(t.userId, t.createdAt),
    check("trainer_attempts_age_band", sql`${t.ageBand} IN ('child', 'teen', 'adult', 'older-adult')`),
    check("trainer_attempts_level", sql`${t.level} BETWEEN 1 AND 3`),
    check("trainer_attempts_score", sql`${t.score} BETWEEN 0 AND 100`),
  ],
);
