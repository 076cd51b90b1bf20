/**
 * Billing: a customer pays for one subscription; its members are the people who receive
 * practice messages (the buyer first). This replaces the seed's denormalised user_subscriptions
 * and members tables: see docs/decisions/002-database.md.
 * Part of the database schema (drizzle-kit reads every app/<capability>/tables.ts; see drizzle.config.ts).
 */
import { sql } from "drizzle-orm";
import {
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
import { users } from "../account/tables";

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
    // Also answers membership's "is there a newer subscription of this customer?".
    index("subscriptions_customer_idx").on(t.customerId, t.createdAt),
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
    /**
     * The age group the buyer gave at checkout ('child', 'teen', 'adult', 'older-adult'); null for
     * the buyer and for checkouts from before it was asked.
     */
    ageBand: text("age_band"),
    /** The language the buyer chose for them at checkout ('en' or 'es'); null for older checkouts. */
    language: text("language"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("members_subscription_email_idx").on(t.subscriptionId, t.email),
    uniqueIndex("members_subscription_position_idx").on(t.subscriptionId, t.position),
    // Membership looks a signed-in family member up by their address on every members' page.
    index("members_email_idx").on(t.email),
    check("members_position_range", sql`${t.position} BETWEEN 0 AND 4`),
  ],
);

/** What a buyer typed at checkout: the people who will receive practice messages. */
export interface CheckoutContacts {
  name: string;
  email: string;
  phone: string | null;
  /** `name` (first name), `ageBand` and `language` were added later: older checkouts lack them. */
  members: { email: string; phone: string | null; name?: string; ageBand?: string; language?: string }[];
  /**
   * The buyer's device time zone at checkout (IANA), when the browser gave one: the starting time
   * zone of the people imported into the Training Program, so quiet hours start out right.
   */
  timeZone?: string | null;
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
    /**
     * 'open' until fulfilment links a subscription, then 'completed'. A demo checkout is 'paid' in
     * between: the conditional update that makes sure it is paid once.
     */
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
