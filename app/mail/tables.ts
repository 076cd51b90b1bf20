/**
 * Outgoing messages (transactional outbox) and the phone numbers that asked for no more texts.
 * Part of the database schema (drizzle-kit reads every app/<capability>/tables.ts; see drizzle.config.ts).
 */
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns";

/**
 * Every email and text message we send. A row is written in the same transaction as the change
 * that caused it; the delivery worker claims it, sends it, and marks it sent, so a message is
 * neither lost nor sent twice. The row is the whole schedule: `next_attempt_at` says when it may
 * be tried (its send-at time, then each retry's backoff), `priority` which due message goes first.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 'email' or 'sms'. */
    channel: text("channel").notNull().default("email"),
    /** Which template wrote it, e.g. 'password-reset'; for the mailbox and logs. */
    template: text("template").notNull(),
    /** An email address, or an E.164 phone number for a text. */
    recipient: text("recipient").notNull(),
    /** Emails only; a text has none. */
    subject: text("subject"),
    /** The email's plain-text part, or the text message itself. */
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /**
     * Emails only: the display name to send under instead of MAIL_FROM's (a practice message shows
     * its scenario's invented sender).
     */
    senderName: text("sender_name"),
    /**
     * Emails only: the address to send from instead of MAIL_FROM's. Practice messages leave from
     * their own domain (PRACTICE_MAIL_DOMAIN), never from the site's.
     */
    senderAddress: text("sender_address"),
    /** Extra email headers such as List-Unsubscribe. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /** Higher goes first: account emails (password reset, verification) are 10, bulk mail 0. */
    priority: integer("priority").notNull().default(0),
    /** A scheduled message: never sent before this time. Null: as soon as possible. */
    sendAt: timestamp("send_at", { withTimezone: true }),
    /** Not tried before this time: the send-at time, then the backoff after each failure. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** 'pending' (queued), 'sending', 'sent', 'failed', or 'dropped' (its last look before sending said no). */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** The last failure, or for a failed message the reason it was given up. */
    lastError: text("last_error"),
    /** A worker that claimed the message owns it until then (a heartbeat extends it while sending). */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** 'smtp', 'twilio' or 'local' once sent. */
    transport: text("transport"),
    providerMessageId: text("provider_message_id"),
    /**
     * What the provider said happened after it took the message (Twilio's status callbacks for a
     * text: 'queued', 'sent', 'delivered', 'undelivered', 'failed'); null until it says anything.
     */
    providerStatus: text("provider_status"),
    providerStatusAt: timestamp("provider_status_at", { withTimezone: true }),
    /** The provider's error code and words for an undelivered or failed message ("30003: Unreachable handset"). */
    providerError: text("provider_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * A delivery status notification (RFC 3464) said it bounced after the server took it: counted
     * like a refusal at send time (issue #40).
     */
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
    /** A feedback-loop complaint (ARF, RFC 5965): the recipient pressed "Report spam" on it. */
    complainedAt: timestamp("complained_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_status_idx").on(t.status, t.createdAt),
    // One provider message is one row's: a text found at Twilio after a crash (outbox.server.ts)
    // can never be recorded for two rows.
    uniqueIndex("outbox_provider_message_key").on(t.providerMessageId),
    index("outbox_due_idx").on(t.status, t.priority, t.nextAttemptAt),
  ],
);

/**
 * Phone numbers that replied STOP (or another opt-out word), or that Twilio reports as opted out.
 * Nothing is sent to them until they reply START; the row is deleted then.
 */
export const smsSuppressions = pgTable("sms_suppressions", {
  /** E.164, e.g. +15551234567. */
  phone: text("phone").primaryKey(),
  /** What opted it out: the keyword they sent, or 'twilio-21610'. */
  reason: text("reason").notNull(),
  createdAt: createdAt(),
});
