/**
 * The Training Program: the people a member enrols (contacts), the practice messages each one
 * receives, and what happened to each message (events, append-only).
 * Part of the database schema (drizzle-kit reads every app/<capability>/tables.ts; see drizzle.config.ts).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../db/columns";
import type { DeliveredForm } from "./library/delivered-form";
import { subscriptions } from "../billing/tables";

/** One row per subscription once its checkout contacts were copied in, so they are copied once. */
export const trainingPrograms = pgTable("training_programs", {
  subscriptionId: uuid("subscription_id")
    .primaryKey()
    .references(() => subscriptions.id, { onDelete: "cascade" }),
  contactsImportedAt: timestamp("contacts_imported_at", { withTimezone: true }).notNull().defaultNow(),
  /** Secret in the one-click unsubscribe link of the holder's weekly family summary (set when first sent). */
  summaryToken: text("summary_token").unique(),
  /** The holder asked for no more weekly family summaries. */
  summariesOptedOutAt: timestamp("summaries_opted_out_at", { withTimezone: true }),
  /** The holder asked for an email when someone in the family reports or spots a practice message. */
  spotNoticesEnabled: boolean("spot_notices_enabled").notNull().default(false),
  /** When the last of those went: at most one a day. */
  spotNoticeSentAt: timestamp("spot_notice_sent_at", { withTimezone: true }),
  /** The holder noted that the family agreed a code word, and when; never the word (people/code-word.ts). */
  codeWordAgreedAt: timestamp("code_word_agreed_at", { withTimezone: true }),
});

/**
 * A person who receives practice messages: the buyer or a family member. Consent is not kept here
 * but with each address (practiceAddressConsents): nothing goes to an email address or phone
 * number that has not itself said yes from a message sent to it; for a child or teen the paying
 * parent's confirmation (`guardianConfirmedAt`) is needed as well.
 */
export const trainingContacts = pgTable(
  "training_contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** child (8-12), teen (13-17), adult, older-adult. */
    ageBand: text("age_band").notNull(),
    /**
     * False for a person copied from a checkout that did not ask their age group: they start as
     * "adult" only as a placeholder, and no notice goes to them until the holder chooses it.
     */
    ageBandSet: boolean("age_band_set").notNull().default(true),
    email: text("email"),
    /** E.164, e.g. +12025550143. */
    phone: text("phone"),
    emailEnabled: boolean("email_enabled").notNull().default(true),
    smsEnabled: boolean("sms_enabled").notNull().default(false),
    /** IANA time zone; quiet hours are kept in it. */
    timeZone: text("time_zone").notNull(),
    /**
     * A child's or teen's parent or guardian (the paying account holder) agreed, and when. Needed
     * on top of the child's own address saying "Yes, I'm in" (see practiceAddressConsents).
     */
    guardianConfirmedAt: timestamp("guardian_confirmed_at", { withTimezone: true }),
    /** The user id of the guardian who confirmed. */
    guardianUserId: text("guardian_user_id"),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    /**
     * Email practice rests until then (texts go on): they reported a practice email as spam to their
     * mail provider, which is the habit we teach, and their provider is counting (issue #40).
     */
    emailPracticePausedUntil: timestamp("email_practice_paused_until", { withTimezone: true }),
    /** Difficulty level 1-3 (NIST Phish Scale): up one after a spot, down one after a fall. */
    level: integer("level").notNull().default(1),
    /**
     * The language they read (issue #39): 'en' or 'es'. Their notice, consent page, practice
     * messages, pages after a link and summaries are in it; a family may mix languages.
     */
    language: text("language").notNull().default("en"),
    /** Secret in the one-click unsubscribe link of their weekly summary (set when first sent). */
    summaryToken: text("summary_token").unique(),
    /** They asked for no more weekly summaries (practice messages go on until they stop those). */
    summariesOptedOutAt: timestamp("summaries_opted_out_at", { withTimezone: true }),
    /** Position at checkout (0 = the buyer) when the contact came from there. */
    checkoutPosition: integer("checkout_position"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("training_contacts_subscription_idx").on(t.subscriptionId),
    check("training_contacts_age_band", sql`${t.ageBand} IN ('child', 'teen', 'adult', 'older-adult')`),
    check("training_contacts_level", sql`${t.level} BETWEEN 1 AND 3`),
    check("training_contacts_language", sql`${t.language} IN ('en', 'es')`),
    check("training_contacts_reachable", sql`${t.email} IS NOT NULL OR ${t.phone} IS NOT NULL`),
  ],
);

/**
 * Consent belongs to an address, not to a person's row: one row per family (subscription) and
 * email address or E.164 number. `token` is the secret in the notice sent *to that address*, so
 * only someone who reads that inbox or phone can press its "yes"; a YES reply to the notice text
 * and the account holder's own confirmed account email count too. Changing a person's address
 * leaves the old row behind (and it is forgotten once no one in the family uses that address):
 * consent never moves with the person.
 */
export const practiceAddressConsents = pgTable(
  "practice_address_consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    /** A lower-case email address, or an E.164 phone number. */
    address: text("address").notNull(),
    channel: text("channel").notNull(),
    /** Secret in the notice's link (256 random bits). */
    token: text("token").notNull().unique(),
    noticeSentAt: timestamp("notice_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** 'notice-link' (the button on the notice's page), 'text-reply' (YES) or 'account-email' (the holder's verified email). */
    confirmedHow: text("confirmed_how"),
    /**
     * The 4 digits a text notice asks to be sent back with YES ("Reply YES 4821"), unique among the
     * phone's unconfirmed notices, so a reply names the family it answers (people/text-consent.server.ts).
     */
    replyCode: text("reply_code"),
    /**
     * When a refusal answered this family's own notice or practice message (its consent page's "No
     * thanks" or "This isn't me", its practice message's stop link, or STOP from a phone this family
     * texted). The suppression itself counts for every family; only a family whose row has this is
     * told the address said no (people/address-consent.server.ts addressStates).
     */
    refusedAt: timestamp("refused_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("practice_address_consents_family_address_idx").on(t.subscriptionId, t.address),
    index("practice_address_consents_address_idx").on(t.address),
    check("practice_address_consents_channel", sql`${t.channel} IN ('email', 'sms')`),
  ],
);

/**
 * Addresses that said no, for every family: "No thanks", "This isn't me", a practice message's stop
 * link or one-click unsubscribe, STOP by text, a complaint. Nothing from the Training Program goes
 * to them, notices included, until the address itself lifts it (a link we send to it, or START).
 */
export const practiceSuppressions = pgTable("practice_suppressions", {
  /** A lower-case email address, or an E.164 phone number. */
  address: text("address").primaryKey(),
  channel: text("channel").notNull(),
  /** 'no-thanks', 'not-me', 'stop-link', 'one-click', 'sms-stop' (and the other STOP words), 'complaint'. */
  reason: text("reason").notNull(),
  /** Secret in the "get practice messages again" link we sent to this address when it asked. */
  liftToken: text("lift_token").unique(),
  liftRequestedAt: timestamp("lift_requested_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * One practice message to one contact. Planned ahead (`scheduledFor`, inside the contact's allowed
 * hours), then queued into the outbox exactly once by a conditional update. `token` (256 random
 * bits) is the only key to its landing, feedback and stop pages.
 */
export const practiceMessages = pgTable(
  "practice_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => trainingContacts.id, { onDelete: "cascade" }),
    scenarioId: text("scenario_id").notNull(),
    channel: text("channel").notNull(),
    level: integer("level").notNull(),
    /**
     * 0 the first time this person gets this scenario; 1, 2… when it comes back for spaced review
     * once their band's library is used up (library/scenario-choice.ts).
     */
    repeat: integer("repeat").notNull().default(0),
    token: text("token").notNull().unique(),
    /** ISO week in the contact's time zone ("2026-W48"); null for "Send a practice message now". */
    weekKey: text("week_key"),
    /** planned → queued (in the outbox) or cancelled (consent gone, paused, opted out, no access). */
    status: text("status").notNull().default("planned"),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }).notNull(),
    outboxMessageId: uuid("outbox_message_id"),
    /** The email address or phone number it was queued to (set when queued). */
    address: text("address"),
    /**
     * What left, as the person saw it: From, To, subject and body (set when queued). The feedback
     * page shows this, not the scenario's idea of it (library/delivered-form.ts).
     */
    delivered: jsonb("delivered").$type<DeliveredForm>(),
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    // The same scenario for one person only once per repeat (a review is a new repeat), and at
    // most one planned message a week.
    uniqueIndex("practice_messages_no_repeat_idx")
      .on(t.contactId, t.scenarioId, t.repeat)
      .where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex("practice_messages_one_a_week_idx")
      .on(t.contactId, t.weekKey)
      .where(sql`${t.status} <> 'cancelled'`),
    index("practice_messages_due_idx").on(t.status, t.scheduledFor),
    check("practice_messages_status", sql`${t.status} IN ('planned', 'queued', 'cancelled')`),
    check("practice_messages_channel", sql`${t.channel} IN ('email', 'sms')`),
  ],
);

export const PRACTICE_EVENT_KINDS = [
  "sent",
  "delivered",
  "failed",
  "link_fetched",
  "clicked",
  "spotted",
  "reported",
  "opted_out",
  // A reply to a verification drill that checked first (asked for the code word, said they would
  // call back on a number they know): a spot of its own. The reply's words are never kept.
  "checked_first",
] as const;
export type PracticeEventKind = (typeof PRACTICE_EVENT_KINDS)[number];

/**
 * What happened to a practice message, append-only. `flagged` marks hits that are probably not a
 * person (a known link-preview or mail-scanner agent, or within seconds of delivery): kept, never
 * counted as a fall.
 */
export const practiceEvents = pgTable(
  "practice_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => practiceMessages.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    userAgent: text("user_agent"),
    secondsSinceDelivery: integer("seconds_since_delivery"),
    flagged: boolean("flagged").notNull().default(false),
    /** Why it was flagged ('preview-agent', 'too-soon-after-delivery'), or the failure reason. */
    detail: text("detail"),
  },
  (t) => [
    index("practice_events_message_idx").on(t.messageId, t.occurredAt),
    check(
      "practice_events_kind",
      sql`${t.kind} IN ('sent', 'delivered', 'failed', 'link_fetched', 'clicked', 'spotted', 'reported', 'opted_out', 'checked_first')`,
    ),
  ],
);

/**
 * The once-a-week guard of the weekly summaries: one row per person (contactId set) or per
 * family's holder (contactId null) and ISO week, written in the same transaction as the outbox
 * row, so a summary goes out at most once a week whatever runs twice.
 */
export const weeklySummaries = pgTable(
  "weekly_summaries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    /** The person it went to; null for the account holder's family summary. */
    contactId: uuid("contact_id").references(() => trainingContacts.id, { onDelete: "cascade" }),
    /** The week it is about ("2026-W47"), in the recipient's time zone. */
    weekKey: text("week_key").notNull(),
    outboxMessageId: uuid("outbox_message_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("weekly_summaries_contact_week_idx")
      .on(t.contactId, t.weekKey)
      .where(sql`${t.contactId} IS NOT NULL`),
    uniqueIndex("weekly_summaries_holder_week_idx")
      .on(t.subscriptionId, t.weekKey)
      .where(sql`${t.contactId} IS NULL`),
  ],
);

/**
 * "Send me a test": a plain, clearly labelled check message (not a practice scam) to one address
 * that has agreed to practice messages, from the same practice sender, so a family can see that
 * practice messages reach the inbox or phone. The person confirms it arrived by pressing the link
 * in it (a button on the page it opens) or by replying.
 */
export const deliveryChecks = pgTable(
  "delivery_checks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => trainingContacts.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    /** A lower-case email address, or an E.164 phone number. */
    address: text("address").notNull(),
    /** Secret in the check's link (256 random bits). */
    token: text("token").notNull().unique(),
    outboxMessageId: uuid("outbox_message_id"),
    /** 'person' (from their own consent page) or 'holder' (from /account/training). */
    requestedBy: text("requested_by").notNull(),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** 'link' (the button on the check's page) or 'reply'. */
    confirmedHow: text("confirmed_how"),
  },
  (t) => [
    index("delivery_checks_address_idx").on(t.address, t.createdAt),
    index("delivery_checks_outbox_idx").on(t.outboxMessageId),
    check("delivery_checks_channel", sql`${t.channel} IN ('email', 'sms')`),
  ],
);

/**
 * Automatic brakes on practice email (issue #40), and staff's hand on them. `scope` 'scenario': one
 * scenario whose complaint rate passed the receivers' line is never chosen again; 'practice-email':
 * every practice email waits (texts go on). A brake holds while `lifted_at` is null; staff lift it.
 */
export const practiceBrakes = pgTable(
  "practice_brakes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scope: text("scope").notNull(),
    /** The scenario's id for a 'scenario' brake; null for 'practice-email'. */
    scenarioId: text("scenario_id"),
    /** Why, in words staff read ("complaints 0.5% over the last 200 sends"). */
    reason: text("reason").notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    /** The staff user who lifted it. */
    liftedBy: text("lifted_by"),
  },
  (t) => [
    // At most one brake holding per scenario, and one on all practice email.
    uniqueIndex("practice_brakes_holding_idx")
      .on(t.scope, sql`coalesce(${t.scenarioId}, '')`)
      .where(sql`${t.liftedAt} IS NULL`),
    check("practice_brakes_scope", sql`${t.scope} IN ('scenario', 'practice-email')`),
    check("practice_brakes_scenario", sql`(${t.scope} = 'scenario') = (${t.scenarioId} IS NOT NULL)`),
  ],
);
