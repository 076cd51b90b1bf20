import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, members, subscriptions } from "./tables";

/**
 * Billing's part of deleting an account (app/account/delete-account.server.ts runs the whole).
 * What payment records require stays: the customer (name, email), the subscription and the
 * provider's events; the people named at checkout go.
 */

/** Statuses after which a subscription charges nobody, so there is nothing to cancel. */
const ENDED_STATUSES = ["canceled", "incomplete_expired"];

/** This account's subscriptions that still charge someone: each is cancelled at its provider before anything is deleted. */
export async function subscriptionsToCancel(db: Database, userId: string) {
  return db
    .select({
      id: subscriptions.id,
      provider: subscriptions.provider,
      providerId: subscriptions.providerSubscriptionId,
    })
    .from(subscriptions)
    .innerJoin(customers, eq(subscriptions.customerId, customers.id))
    .where(and(eq(customers.userId, userId), notInArray(subscriptions.status, ENDED_STATUSES)));
}

/** Every subscription of this account, ended or not: the families whose data goes. */
export async function accountSubscriptionIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(customers, eq(subscriptions.customerId, customers.id))
    .where(eq(customers.userId, userId));
  return rows.map((row) => row.id);
}

/** In the deletion's transaction: these subscriptions, cancelled at the provider, are ended here too. */
export async function markCancelled(db: Database, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return;
  await db
    .update(subscriptions)
    .set({ status: "canceled", cancelAtPeriodEnd: false, updatedAt: sql`now()` })
    .where(inArray(subscriptions.id, subscriptionIds));
}

/** The customers linked to this account: the holder's name and email as checkout took them. */
export async function accountHolders(db: Database, userId: string) {
  return db
    .select({ name: customers.name, email: customers.email })
    .from(customers)
    .where(eq(customers.userId, userId));
}

/** In the deletion's transaction: forgets the people named at checkout for these subscriptions. */
export async function forgetCheckoutPeople(db: Database, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return;
  await db.delete(members).where(inArray(members.subscriptionId, subscriptionIds));
}
