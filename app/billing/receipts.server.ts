import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { confirmedAccountEmails } from "~/account/accounts.server";
import type { Database } from "~/db/client.server";
import { getMailBranding, notifyOutbox } from "~/mail/mailer.server";
import { enqueueEmail } from "~/mail/outbox.server";
import { subscriptionStartedEmail } from "./billing-emails";
import { subscriptionStartedEmailEs } from "./billing-emails-es";
import { translatorFor } from "~/i18n/translate";
import { PLANS, isPaidPlanId, planNameIn } from "./plans";
import { customers, members, subscriptions } from "./tables";
import { formatLongDate } from "~/i18n/dates";
import { SUBSCRIBED_STATUSES } from "./subscription-view";

/**
 * Mail to the holder (the receipt, the failed-payment notice) goes only to their account's
 * confirmed email. The checkout's email could be typed as anyone's, and so could an account's that
 * was never confirmed: a stranger must not get a receipt naming a family's addresses. A receipt
 * that cannot go yet waits (`receipt_sent_at` stays empty) and goes when the account's email is
 * confirmed (`sendHeldReceipts`, from the confirmation).
 */

export interface HolderMail {
  email: string;
  /** The account's edition: its holder's billing mail is written in Spanish for "es" (issue #39). */
  language: "en" | "es";
}

/** Where this subscription's holder gets mail: their account's confirmed email, or null (none, or not confirmed). */
export async function holderMail(db: Database, subscriptionId: string): Promise<HolderMail | null> {
  const account = confirmedAccountEmails();
  const [row] = await db
    .select({ email: account.email, language: account.language })
    .from(subscriptions)
    .innerJoin(customers, eq(subscriptions.customerId, customers.id))
    .innerJoin(account, eq(account.userId, customers.userId))
    .where(eq(subscriptions.id, subscriptionId));
  return row ? { email: row.email, language: row.language === "es" ? "es" : "en" } : null;
}

/**
 * Queues this subscription's receipt once, when it is subscribed, has had none and its holder's
 * email is confirmed; returns the outbox id, or null. The conditional update claims the receipt,
 * so a webhook and a confirmation at the same moment send one.
 */
export async function queueReceipt(tx: Database, subscriptionId: string): Promise<string | null> {
  const holder = await holderMail(tx, subscriptionId);
  if (!holder) return null;
  const [claimed] = await tx
    .update(subscriptions)
    .set({ receiptSentAt: sql`now()` })
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        isNull(subscriptions.receiptSentAt),
        inArray(subscriptions.status, [...SUBSCRIBED_STATUSES]),
      ),
    )
    .returning({ plan: subscriptions.plan, currentPeriodEnd: subscriptions.currentPeriodEnd });
  if (!claimed || !isPaidPlanId(claimed.plan)) return null;
  const [customer] = await tx
    .select({ name: customers.name })
    .from(subscriptions)
    .innerJoin(customers, eq(subscriptions.customerId, customers.id))
    .where(eq(subscriptions.id, subscriptionId));
  // The family members named at checkout (position 0 is the holder).
  const family = await tx
    .select({ name: members.name, email: members.email })
    .from(members)
    .where(and(eq(members.subscriptionId, subscriptionId), gt(members.position, 0)))
    .orderBy(asc(members.position));
  const receipt = {
    name: customer!.name,
    planName: planNameIn(translatorFor(holder.language), claimed.plan),
    price: PLANS[claimed.plan].price,
    // By the names the holder typed, not by address alone (issue #35).
    members: family,
    periodEnd: formatLongDate(claimed.currentPeriodEnd, holder.language),
  };
  return enqueueEmail(tx, {
    template: "subscription-started",
    to: holder.email,
    ...(holder.language === "es"
      ? subscriptionStartedEmailEs(getMailBranding(), receipt)
      : subscriptionStartedEmail(getMailBranding(), receipt)),
  });
}

/**
 * The account's email was just confirmed: the receipts that waited for it go now. A failure is
 * the caller's to log; the confirmation itself has happened either way.
 */
export async function sendHeldReceipts(db: Database, userId: string): Promise<string[]> {
  const waiting = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(customers, eq(subscriptions.customerId, customers.id))
    .where(and(eq(customers.userId, userId), isNull(subscriptions.receiptSentAt)));
  const ids: string[] = [];
  for (const { id } of waiting) {
    const queued = await db.transaction((tx) => queueReceipt(tx as unknown as Database, id));
    if (queued) ids.push(queued);
  }
  await notifyOutbox(ids);
  return ids;
}
