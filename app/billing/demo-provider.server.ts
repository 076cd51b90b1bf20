import { inEdition } from "~/i18n/locales";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { checkoutSessions, demoSubscriptions } from "~/billing/tables";
import {
  WebhookRejectedError,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderSubscription,
} from "./payment-provider.server";

/**
 * The offline payment provider for a fresh clone: no money moves. Its "remote" records live in
 * demo_subscriptions, and its checkout page (/checkout/demo/:sessionId) and portal
 * (/account/demo-portal) are ours. Paying or changing a subscription produces the same kind of
 * event a Stripe webhook does, and fulfilment handles both with the same code.
 */
export const DEMO_PORTAL_PATH = "/account/demo-portal";

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

const SUBSCRIPTION_DAYS = 30;

export function createDemoProvider(db: Database): PaymentProvider {
  return {
    kind: "demo",

    async createCheckout({ locale }) {
      const sessionId = newId("demo_cs");
      return { sessionId, url: inEdition(`/checkout/demo/${sessionId}`, locale) };
    },

    async getCheckoutSession(sessionId) {
      const [checkout] = await db
        .select({ id: checkoutSessions.id })
        .from(checkoutSessions)
        .where(eq(checkoutSessions.providerSessionId, sessionId));
      if (!checkout) return null;
      const [subscription] = await db
        .select({ id: demoSubscriptions.id })
        .from(demoSubscriptions)
        .where(eq(demoSubscriptions.checkoutSessionId, checkout.id));
      return { id: sessionId, status: subscription ? "complete" : "open", subscriptionId: subscription?.id ?? null };
    },

    async getSubscription(subscriptionId): Promise<ProviderSubscription | null> {
      const [row] = await db.select().from(demoSubscriptions).where(eq(demoSubscriptions.id, subscriptionId));
      if (!row) return null;
      return {
        id: row.id,
        customerId: row.customerId,
        status: row.status,
        currentPeriodEnd: row.currentPeriodEnd,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        metadata: row.metadata,
      };
    },

    async openPortal({ locale }) {
      return { kind: "ok", url: locale === "es" ? `/es${DEMO_PORTAL_PATH}` : DEMO_PORTAL_PATH };
    },

    async cancelSubscriptionNow(subscriptionId) {
      await db
        .update(demoSubscriptions)
        .set({ status: "canceled", cancelAtPeriodEnd: false })
        .where(eq(demoSubscriptions.id, subscriptionId));
    },

    parseWebhook(): PaymentEvent | null {
      throw new WebhookRejectedError(
        "This site runs demo payments, so it has no Stripe webhook secret and cannot verify a signature.",
      );
    },
  };
}

/**
 * The demo checkout's "Pay" button: the provider-side record of a paid subscription, and the
 * event that tells fulfilment about it. The caller hands the event to receivePaymentEvent.
 */
export async function payDemoCheckout(
  db: Database,
  checkout: { id: string; providerSessionId: string; userId: string; plan: string },
): Promise<PaymentEvent> {
  const subscriptionId = newId("demo_sub");
  const periodEnd = new Date(Date.now() + SUBSCRIPTION_DAYS * 24 * 60 * 60 * 1000);
  await db.insert(demoSubscriptions).values({
    id: subscriptionId,
    customerId: `demo_cus_${checkout.userId}`,
    checkoutSessionId: checkout.id,
    status: "active",
    currentPeriodEnd: periodEnd,
    metadata: { checkout_id: checkout.id, plan: checkout.plan, user_id: checkout.userId },
  });
  return {
    id: newId("demo_evt"),
    type: "checkout.completed",
    providerType: "checkout.session.completed",
    checkoutSessionId: checkout.providerSessionId,
    subscriptionId,
  };
}

export type DemoPortalChange = "cancel-at-period-end" | "resume" | "cancel-now";

/** The demo portal's buttons: change the provider-side record, then tell fulfilment. */
export async function changeDemoSubscription(
  db: Database,
  subscriptionId: string,
  change: DemoPortalChange,
): Promise<PaymentEvent | null> {
  const values =
    change === "cancel-now"
      ? { status: "canceled", cancelAtPeriodEnd: false }
      : { cancelAtPeriodEnd: change === "cancel-at-period-end" };
  const [row] = await db
    .update(demoSubscriptions)
    .set(values)
    .where(eq(demoSubscriptions.id, subscriptionId))
    .returning({ id: demoSubscriptions.id });
  if (!row) return null;
  return {
    id: newId("demo_evt"),
    type: "subscription.changed",
    providerType: change === "cancel-now" ? "customer.subscription.deleted" : "customer.subscription.updated",
    checkoutSessionId: null,
    subscriptionId,
  };
}
