/**
 * Newsletter subscribers; our table is the source of truth, the provider columns track the sync.
 * Part of the database schema (drizzle-kit reads every app/<capability>/tables.ts; see drizzle.config.ts).
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../db/columns";

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    name: text("name"),
    /** Where the sign-up came from: home, popup or signup. */
    source: text("source").notNull().default("home"),
    /** Secret for the one-click unsubscribe link; never shown anywhere but in that link. */
    unsubscribeToken: text("unsubscribe_token")
      .notNull()
      .default(sql`md5(random()::text || clock_timestamp()::text)`),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /**
     * When the newsletter provider (MailerLite) last received this row's current state; null means
     * a sync is owed. Cleared whenever the person subscribes, re-subscribes or unsubscribes.
     */
    providerSyncedAt: timestamp("provider_synced_at", { withTimezone: true }),
    /** Why the provider refused this row for good (a 4xx other than 408/429); the sweep skips it. */
    providerError: text("provider_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("newsletter_provider_unsynced_idx")
      .on(t.createdAt)
      .where(sql`${t.providerSyncedAt} IS NULL AND ${t.providerError} IS NULL`),
    check("newsletter_email_length", sql`char_length(${t.email}) <= 254`),
    check("newsletter_name_length", sql`${t.name} IS NULL OR char_length(${t.name}) <= 100`),
  ],
);

/**
 * Sign-ups waiting for the address's owner to press the link we emailed them (double opt-in). A row
 * is not a subscriber: nothing but the one confirmation email goes to its address, it is never
 * sent to the provider or exported, and confirming it moves it into newsletter_subscribers. One
 * row per confirmation email sent (so every link in the inbox works), at most a few per mailbox a
 * day; rows are deleted when confirmed (with their siblings for the same address) or expired.
 */
export const newsletterConfirmations = pgTable(
  "newsletter_confirmations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lower-cased as typed: the address the confirmation went to and the subscriber it becomes. */
    email: text("email").notNull(),
    name: text("name"),
    source: text("source").notNull().default("home"),
    /** SHA-256 (hex) of the link's token: the token itself is only ever in the email. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("newsletter_confirmations_email_idx").on(t.email),
    index("newsletter_confirmations_expires_idx").on(t.expiresAt),
    check("newsletter_confirmation_email_length", sql`char_length(${t.email}) <= 254`),
    check("newsletter_confirmation_name_length", sql`${t.name} IS NULL OR char_length(${t.name}) <= 100`),
  ],
);
