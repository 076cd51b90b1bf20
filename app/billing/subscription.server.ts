import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, members, subscriptions } from "~/billing/tables";
import { PLANS, isPaidPlanId } from "./plans";
import { hasMemberAccessNow } from "./membership.server";
import { subscriptionEnd, type SubscriptionView } from "./subscription-view";

/** The newest subscription row of the customer linked to this account, with provider ids (server only). */
export async function findAccountSubscription(db: Database, userId: string) {
  const rows = await db
    .select({ subscription: subscriptions, customer: customers })
    .from(subscriptions)
    .innerJoin(customers, eq(subscriptions.customerId, customers.id))
    .where(eq(customers.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/** What the account page shows, or null when there is no subscription. Provider ids stay here. */
export async function getAccountSubscription(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<SubscriptionView | null> {
  const row = await findAccountSubscription(db, userId);
  if (!row || !isPaidPlanId(row.subscription.plan)) return null;
  const memberRows = await db
    .select({ email: members.email, position: members.position })
    .from(members)
    .where(eq(members.subscriptionId, row.subscription.id))
    .orderBy(asc(members.position));
  return {
    id: row.subscription.id,
    status: row.subscription.status,
    planId: row.subscription.plan,
    planName: PLANS[row.subscription.plan].name,
    currentPeriodEnd: row.subscription.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.subscription.cancelAtPeriodEnd,
    customerName: row.customer.name,
    customerEmail: row.customer.email,
    memberEmails: memberRows.filter((member) => member.position > 0).map((member) => member.email),
    ...subscriptionEnd(row.subscription, now),
  };
}

/**
 * Whether this account's own subscription gives access now (checkout refuses a second one). The
 * rule is membership's; a family member named on someone else's plan is not counted here.
 */
export async function hasActiveMembership(db: Database, userId: string, now = new Date()): Promise<boolean> {
  return hasMemberAccessNow(db, { userId }, now);
}
