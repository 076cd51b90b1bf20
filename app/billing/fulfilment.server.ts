import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import { checkoutSessions, customers, members, paymentEvents, subscriptions } from "~/billing/tables";
import { enqueueEmail } from "~/mail/outbox.server";
import { getMailBranding, notifyOutbox } from "~/mail/mailer.server";
import { paymentFailedEmail } from "./billing-emails";
import { paymentFailedEmailEs } from "./billing-emails-es";
import { translatorFor } from "~/i18n/translate";
import type { PaymentEvent, PaymentProvider, ProviderSubscription } from "./payment-provider.server";
import { isPaidPlanId, planNameIn } from "./plans";
import { holderMail, queueReceipt } from "./receipts.server";
import { isSubscribed } from "./subscription-view";

/**
 * The one place that grants or changes membership. Every path ends here: a Stripe webhook, the
 * demo checkout's Pay button, the success page asking the provider about a session, and the
 * account page's refresh. Events carry ids only; the state written is always what the provider
 * says now, so events that arrive twice or out of order end in the provider's current state.
 */

export type FulfilmentOutcome = "processed" | "duplicate" | "ignored";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Stores a verified event once. Returns false when the same event id was already stored. */
export async function recordPaymentEvent(db: Database, provider: PaymentProvider["kind"], event: PaymentEvent) {
  const inserted = await db
    .insert(paymentEvents)
    .values({
      id: event.id,
      provider,
      type: event.providerType,
      payload: { type: event.type, checkoutSessionId: event.checkoutSessionId, subscriptionId: event.subscriptionId },
      // Events we do not act on are done the moment they arrive.
      processedAt: event.type === "ignored" ? sql`now()` : null,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** Record, then process. What the webhook endpoint and the demo checkout call. */
export async function receivePaymentEvent(db: Database, provider: PaymentProvider, event: PaymentEvent) {
  await recordPaymentEvent(db, provider.kind, event);
  if (event.type === "ignored") return "ignored" as const;
  return processPaymentEvent(db, provider, event.id);
}

/**
 * Applies one stored event. The network read happens before the transaction; inside it, the
 * conditional update on the event row both locks it and proves nobody processed it yet, and
 * processed_at is set in the same transaction as the changes.
 */
export async function processPaymentEvent(
  db: Database,
  provider: PaymentProvider,
  eventId: string,
): Promise<FulfilmentOutcome> {
  const [stored] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId));
  if (!stored) throw new Error(`Unknown payment event ${eventId}`);
  if (stored.processedAt) return "duplicate";
  const { type, checkoutSessionId, subscriptionId: eventSubscriptionId } = stored.payload;

  try {
    let subscriptionId = eventSubscriptionId ?? null;
    if (!subscriptionId && checkoutSessionId) {
      subscriptionId = (await provider.getCheckoutSession(checkoutSessionId))?.subscriptionId ?? null;
    }
    const remote = subscriptionId ? await provider.getSubscription(subscriptionId) : null;

    const emailIds: string[] = [];
    const outcome = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(paymentEvents)
        .set({ attempts: sql`${paymentEvents.attempts} + 1` })
        .where(and(eq(paymentEvents.id, eventId), isNull(paymentEvents.processedAt)))
        .returning({ id: paymentEvents.id });
      if (claimed.length === 0) return "duplicate" as const;

      const applied = remote
        ? await applySubscription(tx as unknown as Database, provider.kind, remote, checkoutSessionId ?? null)
        : null;
      if (applied) emailIds.push(...applied.emailIds);
      // Only to the holder's confirmed account email (receipts.server.ts says why); none otherwise.
      const holder = applied ? await holderMail(tx as unknown as Database, applied.subscriptionId) : null;
      if (applied && holder && type === "invoice.payment_failed") {
        const notice = {
          name: applied.customerName,
          planName: planNameIn(translatorFor(holder.language), applied.plan),
        };
        emailIds.push(
          await enqueueEmail(tx as unknown as Database, {
            template: "payment-failed",
            to: holder.email,
            ...(holder.language === "es"
              ? paymentFailedEmailEs(getMailBranding(), notice)
              : paymentFailedEmail(getMailBranding(), notice)),
          }),
        );
      }
      await tx
        .update(paymentEvents)
        .set({ processedAt: sql`now()`, lastError: null })
        .where(eq(paymentEvents.id, eventId));
      return applied ? ("processed" as const) : ("ignored" as const);
    });
    await notifyOutbox(emailIds);
    if (outcome === "ignored") {
      getLogger().warn({ eventId, subscriptionId }, "payment event not linked to a checkout of ours; nothing changed");
    }
    return outcome;
  } catch (error) {
    await db
      .update(paymentEvents)
      .set({
        attempts: sql`${paymentEvents.attempts} + 1`,
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
      })
      .where(eq(paymentEvents.id, eventId));
    throw error;
  }
}

interface AppliedSubscription {
  subscriptionId: string;
  plan: "premium" | "family";
  customerName: string;
  emailIds: string[];
}

/**
 * Writes the provider's view of one subscription: the customer, the subscription row, its members
 * (from what the buyer typed at checkout) and the link from the checkout. Returns null when the
 * subscription did not come from one of our checkouts.
 */
export async function applySubscription(
  tx: Database,
  providerKind: PaymentProvider["kind"],
  remote: ProviderSubscription,
  providerSessionId: string | null,
): Promise<AppliedSubscription | null> {
  const checkoutId = remote.metadata.checkout_id;
  const byId = checkoutId && UUID.test(checkoutId) ? eq(checkoutSessions.id, checkoutId) : null;
  const bySession = providerSessionId ? eq(checkoutSessions.providerSessionId, providerSessionId) : null;
  const where = byId ?? bySession;
  if (!where) return null;
  // FOR UPDATE: two events about one subscription apply one after the other, not interleaved.
  const [checkout] = await tx.select().from(checkoutSessions).where(where).for("update");
  if (!checkout || checkout.provider !== providerKind || !isPaidPlanId(checkout.plan)) return null;

  const { contacts } = checkout;
  const [customer] = await tx
    .insert(customers)
    .values({
      userId: checkout.userId,
      name: contacts.name,
      email: contacts.email,
      phone: contacts.phone,
      providerCustomerId: remote.customerId || null,
    })
    .onConflictDoUpdate({
      target: customers.userId,
      set: {
        name: contacts.name,
        email: contacts.email,
        phone: contacts.phone,
        providerCustomerId: remote.customerId || null,
      },
    })
    .returning();

  const state = {
    status: remote.status,
    currentPeriodEnd: remote.currentPeriodEnd,
    cancelAtPeriodEnd: remote.cancelAtPeriodEnd,
    providerCustomerId: remote.customerId || null,
  };
  const [existing] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, remote.id))
    .for("update");
  let row = existing;
  if (existing) {
    [row] = await tx
      .update(subscriptions)
      .set({ ...state, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, existing.id))
      .returning();
  } else {
    [row] = await tx
      .insert(subscriptions)
      .values({
        ...state,
        customerId: customer.id,
        provider: providerKind,
        providerSubscriptionId: remote.id,
        // The plan comes from our checkout record, never from anything the browser or event says.
        plan: checkout.plan,
      })
      .returning();
    const people = [
      { position: 0, name: contacts.name, email: contacts.email, phone: contacts.phone, ageBand: null, language: null },
      ...contacts.members.map((member, index) => ({
        position: index + 1,
        name: member.name || null,
        email: member.email,
        phone: member.phone,
        ageBand: member.ageBand ?? null,
        language: member.language ?? null,
      })),
    ];
    await tx
      .insert(members)
      .values(people.map((person) => ({ ...person, subscriptionId: row.id })))
      .onConflictDoNothing();
  }

  if (checkout.subscriptionId !== row.id) {
    await tx
      .update(checkoutSessions)
      .set({ status: "completed", subscriptionId: row.id, completedAt: sql`now()` })
      .where(eq(checkoutSessions.id, checkout.id));
  }

  const emailIds: string[] = [];
  if (isSubscribed(row.status) && !row.receiptSentAt) {
    // Waits (none queued) while the holder's account email is unconfirmed; see receipts.server.ts.
    const receipt = await queueReceipt(tx, row.id);
    if (receipt) emailIds.push(receipt);
  }
  return {
    subscriptionId: row.id,
    plan: checkout.plan,
    customerName: contacts.name,
    emailIds,
  };
}

/** Re-reads one subscription from the provider and writes what it says (the account page's refresh). */
export async function syncSubscription(db: Database, provider: PaymentProvider, providerSubscriptionId: string) {
  const remote = await provider.getSubscription(providerSubscriptionId);
  if (!remote) return null;
  const emailIds: string[] = [];
  const applied = await db.transaction(async (tx) => {
    const result = await applySubscription(tx as unknown as Database, provider.kind, remote, null);
    if (result) emailIds.push(...result.emailIds);
    return result;
  });
  await notifyOutbox(emailIds);
  return applied;
}

/** Events stored but not processed (the provider was unreachable, say), oldest first. */
export async function retryPendingPaymentEvents(db: Database, provider: PaymentProvider, olderThanSeconds = 30) {
  const pending = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(
      and(
        isNull(paymentEvents.processedAt),
        eq(paymentEvents.provider, provider.kind),
        lt(paymentEvents.receivedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        lt(paymentEvents.attempts, 20),
      ),
    )
    .orderBy(asc(paymentEvents.receivedAt))
    .limit(50);
  let processed = 0;
  for (const { id } of pending) {
    try {
      await processPaymentEvent(db, provider, id);
      processed += 1;
    } catch (error) {
      getLogger().warn({ err: error, eventId: id }, "payment event retry failed; will try again");
    }
  }
  return processed;
}
