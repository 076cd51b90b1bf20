import { asc, eq, sql } from "drizzle-orm";
import { hasMemberAccessNow } from "~/billing/membership.server";
import { PLANS, isPaidPlanId, type PaidPlanId } from "~/billing/plans";
import { findAccountSubscription } from "~/billing/subscription.server";
import { hasMemberAccess, subscriptionEnd } from "~/billing/subscription-view";
import type { Database } from "~/db/client.server";
import { trainingContacts } from "~/training/tables";

/**
 * The family behind an account: the Training Program the holder paid for and the people in it.
 * Every page that shows a family (the settings, the results, a member's message, the data
 * download) and the weekly summaries read them from here, so none of them imports another
 * page's actions.
 */

export interface HolderProgram {
  subscriptionId: string;
  plan: PaidPlanId;
  holderName: string;
  access: boolean;
  ended: boolean;
  /** How many people the plan covers, the holder included. */
  limit: number;
}

/** The Training Program of the subscription this account paid for (its newest), or null. */
export async function findHolderProgram(db: Database, userId: string, now = new Date()): Promise<HolderProgram | null> {
  const row = await findAccountSubscription(db, userId);
  if (!row || !isPaidPlanId(row.subscription.plan)) return null;
  const access = await hasMemberAccessNow(db, { userId }, now);
  return {
    subscriptionId: row.subscription.id,
    plan: row.subscription.plan,
    holderName: row.customer.name,
    access,
    ended: subscriptionEnd(row.subscription, now).ended,
    limit: PLANS[row.subscription.plan].people,
  };
}

/**
 * Where "Training" in the site menu leads this account: its own Training Program once it holds a
 * plan that is running, the plans otherwise (signed out, a family member on someone else's plan, a
 * plan that ended). One indexed read (customers.user_id), and only for a signed-in account.
 */
export async function trainingMenuHref(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<"/account/training" | "/pricing"> {
  const row = await findAccountSubscription(db, userId);
  const running = row && isPaidPlanId(row.subscription.plan) && hasMemberAccess(row.subscription, now);
  return running ? "/account/training" : "/pricing";
}

type Contact = typeof trainingContacts.$inferSelect;

/** The people of one family: those from checkout in their order there, then the others as added. */
export async function listContacts(db: Database, subscriptionId: string): Promise<Contact[]> {
  return db
    .select()
    .from(trainingContacts)
    .where(eq(trainingContacts.subscriptionId, subscriptionId))
    .orderBy(asc(sql`coalesce(${trainingContacts.checkoutPosition}, 99)`), asc(trainingContacts.createdAt));
}

/**
 * Each person's time zone and email in one family, checkout's people first in their order there,
 * then the others as added: the weekly lessons open at a member's local midnight.
 */
export async function familyTimeZones(db: Database, subscriptionId: string) {
  return db
    .select({ timeZone: trainingContacts.timeZone, email: trainingContacts.email })
    .from(trainingContacts)
    .where(eq(trainingContacts.subscriptionId, subscriptionId))
    .orderBy(asc(sql`coalesce(${trainingContacts.checkoutPosition}, 1000)`), asc(trainingContacts.createdAt));
}
