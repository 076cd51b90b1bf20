/**
 * The weekly scam-update digest: each account's choice (and its one-click unsubscribe secret), and
 * one row per account and week a digest was queued, which is what makes it once a week.
 * Part of the database schema (drizzle-kit reads every app/<capability>/tables.ts; see drizzle.config.ts).
 * Both go with the account (ON DELETE CASCADE), so deleting an account removes them.
 */
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../db/columns";
import { users } from "../account/tables";

/**
 * Written when the member turns the email on (or off) on /account. No row is off: nobody gets the
 * digest without choosing it (issue #35).
 */
export const scamUpdateDigestSettings = pgTable("scam_update_digest_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Secret in the List-Unsubscribe link: 32 random bytes, base64url. */
  unsubscribeToken: text("unsubscribe_token").notNull().unique(),
  /** Set by the one-click unsubscribe or the /account checkbox; cleared when they turn it back on. */
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  updatedAt: updatedAt(),
});

export const scamUpdateDigests = pgTable(
  "scam_update_digests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The ISO week (UTC) of the run, e.g. "2026-W48". */
    weekKey: text("week_key").notNull(),
    outboxMessageId: uuid("outbox_message_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("scam_update_digests_user_week_idx").on(t.userId, t.weekKey)],
);
