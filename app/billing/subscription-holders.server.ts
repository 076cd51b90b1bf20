import { and, asc, desc, eq, gt, notExists, sql } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { checkoutSessions, customers, members, subscriptions } from "./tables";

/**
 * What other capabilities may know of a subscription: who holds it (the customer who pays),
 * whether it is its customer's newest, and the people named at checkout. Billing's tables are its
 * own; the Training Program, the scam-update digest and account deletion ask through here (and
 * membership.server.ts, for access), never through `~/billing/tables`.
 */

const query = new QueryBuilder();

/**
 * The one "newest subscription of its customer" rule, as a condition on `subscriptions` in the
 * enclosing query: no subscription of the same customer was created after it. Only the newest
 * counts for access (a canceled subscription after an active one means the customer left).
 */
export function isNewestOfItsCustomer() {
  const newer = alias(subscriptions, "newer_subscription");
  return notExists(
    query
      .select({ one: sql`1` })
      .from(newer)
      .where(and(eq(newer.customerId, subscriptions.customerId), gt(newer.createdAt, subscriptions.createdAt))),
  );
}

/** The columns of a subscription and its holder that others read (what `hasMemberAccess` needs, and who pays). */
const holderColumns = {
  subscriptionId: subscriptions.id,
  status: subscriptions.status,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  holderName: customers.name,
  holderEmail: customers.email,
  /** The account linked to the customer; null when there is none (any more). */
  holderUserId: customers.userId,
};

/**
 * Every subscription with its holder, as a subquery to join on (one query for the caller), and
 * `newest`: whether it is its customer's newest (`isNewestOfItsCustomer`). For a caller that needs
 * to know why a subscription gives no access; `newestSubscriptionHolders` for one that only wants
 * the subscriptions that count.
 */
export function subscriptionHolders() {
  return query
    .select({ ...holderColumns, newest: sql<boolean>`${isNewestOfItsCustomer()}`.as("newest_of_its_customer") })
    .from(subscriptions)
    .innerJoin(customers, eq(subscriptions.customerId, customers.id))
    .as("subscription_holder");
}

/** Each customer's newest subscription with its holder, as a subquery to join on. */
export function newestSubscriptionHolders() {
  return query
    .select(holderColumns)
    .from(subscriptions)
    .innerJoin(customers, eq(subscriptions.customerId, customers.id))
    .where(isNewestOfItsCustomer())
    .as("newest_subscription_holder");
}

/**
 * The people given at checkout for this subscription (`members`: the buyer at position 0, then up
 * to four family members, in that order) and the buyer's device time zone from its newest
 * checkout, when the browser gave one.
 */
export async function checkoutPeople(db: Database, subscriptionId: string) {
  const [checkout] = await db
    .select({ contacts: checkoutSessions.contacts })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.subscriptionId, subscriptionId))
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(1);
  const people = await db
    .select()
    .from(members)
    .where(eq(members.subscriptionId, subscriptionId))
    .orderBy(asc(members.position));
  return { timeZone: checkout?.contacts.timeZone, people };
}
