/**
 * The whole database in one file, so drizzle-kit can diff it into migrations (`npm run db:generate`).
 * Emails are stored trimmed and lower-cased by the code that writes them; the unique indexes below
 * then make "same address, different case" a duplicate, as people expect.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------------------------
// Accounts (better-auth). Property names are the ones better-auth's Drizzle adapter expects.
// ---------------------------------------------------------------------------------------------

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** 'member' for everyone; 'staff' is granted from the command line only. */
  role: text("role").notNull().default("member"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** Counters for request limits (sign-in, sign-up, reset, comments), shared by every process. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Newsletter
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Billing: a customer pays for one subscription; its members are the people who receive
// practice messages (the buyer first). This replaces the seed's denormalised user_subscriptions
// and members tables: see docs/decisions/002-database.md.
// ---------------------------------------------------------------------------------------------

export const customers = pgTable("customers", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .unique()
    .references(() => users.id, { onDelete: "set null" }),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  phone: text("phone"),
  providerCustomerId: text("provider_customer_id").unique(),
  createdAt: createdAt(),
});

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** 'stripe' or 'demo'. */
    provider: text("provider").notNull(),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id").notNull().unique(),
    plan: text("plan").notNull(),
    status: text("status").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull().defaultNow(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    cancelUrl: text("cancel_url"),
    /** Set when the "your Training Program has started" receipt was queued, so it goes out once. */
    receiptSentAt: timestamp("receipt_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("subscriptions_plan", sql`${t.plan} IN ('premium', 'family')`),
    index("subscriptions_customer_idx").on(t.customerId),
  ],
);

export const members = pgTable(
  "members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    /** 0 is the buyer; 1..4 are the family members named at checkout. */
    position: integer("position").notNull(),
    name: text("name"),
    email: text("email").notNull(),
    phone: text("phone"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("members_subscription_email_idx").on(t.subscriptionId, t.email),
    uniqueIndex("members_subscription_position_idx").on(t.subscriptionId, t.position),
    check("members_position_range", sql`${t.position} BETWEEN 0 AND 4`),
  ],
);

/** What a buyer typed at checkout: the people who will receive practice messages. */
export interface CheckoutContacts {
  name: string;
  email: string;
  phone: string | null;
  members: { email: string; phone: string | null }[];
}

/**
 * One attempt to buy: written before the buyer is sent to the provider, so fulfilment knows who
 * paid and for whom (provider metadata is size-limited and is not trusted for contacts), and so the
 * success page can check that a session id belongs to the person looking at it.
 */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 'stripe' or 'demo'. */
    provider: text("provider").notNull(),
    /** The provider's id for the session (cs_..., demo_cs_...); set once the provider answers. */
    providerSessionId: text("provider_session_id").unique(),
    plan: text("plan").notNull(),
    contacts: jsonb("contacts").$type<CheckoutContacts>().notNull(),
    /** 'open' until fulfilment links a subscription, then 'completed'. */
    status: text("status").notNull().default("open"),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    check("checkout_sessions_plan", sql`${t.plan} IN ('premium', 'family')`),
    index("checkout_sessions_user_idx").on(t.userId),
  ],
);

/**
 * Every verified payment event (a Stripe webhook or a demo confirmation), stored on arrival. The
 * fulfilment transaction sets processed_at, so each event changes our data at most once.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    type: text("type").notNull(),
    /** The normalised event fulfilment works from (ids only; state is re-read from the provider). */
    payload: jsonb("payload").$type<Record<string, string | null>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [index("payment_events_pending_idx").on(t.processedAt, t.receivedAt)],
);

/**
 * The demo payment provider's own records: what Stripe would hold about a subscription. Only the
 * demo provider reads or writes this table; fulfilment re-reads it exactly as it re-reads Stripe.
 */
export const demoSubscriptions = pgTable("demo_subscriptions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  checkoutSessionId: uuid("checkout_session_id").notNull(),
  status: text("status").notNull(),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Community and support
// ---------------------------------------------------------------------------------------------

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

export const supportRequests = pgTable("support_requests", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject"),
  message: text("message").notNull(),
  priority: boolean("priority").notNull().default(false),
  handledAt: timestamp("handled_at", { withTimezone: true }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Outgoing messages (transactional outbox) and request limits
// ---------------------------------------------------------------------------------------------

/**
 * Every email (and later text message) we send. A row is written in the same transaction as the
 * change that caused it; the delivery worker claims it, sends it, and marks it sent, so a message
 * is neither lost nor sent twice.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 'email' or 'sms'. */
    channel: text("channel").notNull().default("email"),
    /** Which template wrote it, e.g. 'password-reset'; for the mailbox and logs. */
    template: text("template").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** Extra headers such as List-Unsubscribe. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /** 'pending', 'sending', 'sent' or 'failed'. */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** A worker that claimed the message owns it until then; after that another may retry. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** 'smtp' or 'local' once sent. */
    transport: text("transport"),
    providerMessageId: text("provider_message_id"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("outbox_status_idx").on(t.status, t.createdAt)],
);

/** Fixed-window counters for our own request limits (sign-in, sign-up, reset, comments). */
export const requestLimits = pgTable("request_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Course progress: one row per page a learner has opened.
// ---------------------------------------------------------------------------------------------

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
