import { and, count, desc, eq, isNull } from "drizzle-orm";
import { getEnv } from "~/config/env.server";
import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import { paymentEvents } from "~/billing/tables";
import { changeDemoSubscription, type DemoPortalChange } from "./demo-provider.server";
import { receivePaymentEvent, syncSubscription } from "./fulfilment.server";
import type { PaymentProvider } from "./payment-provider.server";
import { ACCOUNT_BILLING_MESSAGES } from "./account-billing-messages";
import { findAccountSubscription } from "./subscription.server";

export type PortalOutcome =
  | { success: true; url: string }
  | { success: false; isUnconfiguredPortal: true; message: string }
  | { success: false; isUnconfiguredPortal: false; message: string; status: number };

/** The provider's customer portal for this account's subscription. */
export async function openCustomerPortal(
  db: Database,
  provider: PaymentProvider | null,
  userId: string,
  returnUrl: string,
  locale: "en" | "es" = "en",
): Promise<PortalOutcome> {
  const failure = (status: number): PortalOutcome => ({
    success: false,
    isUnconfiguredPortal: false,
    message: ACCOUNT_BILLING_MESSAGES.portalError.text,
    status,
  });
  const row = await findAccountSubscription(db, userId);
  if (!row || !provider || row.subscription.provider !== provider.kind || !row.subscription.providerCustomerId) {
    return failure(404);
  }
  try {
    const result = await provider.openPortal({ customerId: row.subscription.providerCustomerId, returnUrl, locale });
    if (result.kind === "unconfigured") return { success: false, isUnconfiguredPortal: true, message: result.message };
    return { success: true, url: result.url };
  } catch (error) {
    getLogger().error({ err: error }, "could not open the customer portal");
    return failure(502);
  }
}

/** The account page's refresh: re-read the subscription from the provider and store what it says. */
export async function refreshAccountSubscription(db: Database, provider: PaymentProvider | null, userId: string) {
  const row = await findAccountSubscription(db, userId);
  if (!row) return { ok: true as const };
  if (!provider || row.subscription.provider !== provider.kind) return { ok: false as const };
  try {
    await syncSubscription(db, provider, row.subscription.providerSubscriptionId);
    return { ok: true as const };
  } catch (error) {
    getLogger().error({ err: error }, "could not refresh a subscription from the provider");
    return { ok: false as const };
  }
}

/** The demo portal's buttons, for the signed-in owner of a demo subscription only. */
export async function changeOwnDemoSubscription(
  db: Database,
  provider: PaymentProvider,
  userId: string,
  change: DemoPortalChange,
) {
  const row = await findAccountSubscription(db, userId);
  if (!row || row.subscription.provider !== "demo" || provider.kind !== "demo") return false;
  const event = await changeDemoSubscription(db, row.subscription.providerSubscriptionId, change);
  if (!event) return false;
  await receivePaymentEvent(db, provider, event);
  return true;
}

export interface PaymentStatus {
  mode: "stripe" | "demo" | "unconfigured";
  webhookSecretSet: boolean;
  lastWebhookAt: string | null;
  lastEventType: string | null;
  pendingEvents: number;
}

/** What /stripe-setup shows: the real configuration and the last verified webhook. */
export async function getPaymentStatus(db: Database): Promise<PaymentStatus> {
  const env = getEnv();
  const [last] = await db
    .select({ receivedAt: paymentEvents.receivedAt, type: paymentEvents.type })
    .from(paymentEvents)
    .where(eq(paymentEvents.provider, "stripe"))
    .orderBy(desc(paymentEvents.receivedAt))
    .limit(1);
  const [pending] = await db
    .select({ count: count() })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, "stripe"), isNull(paymentEvents.processedAt)));
  return {
    mode: env.paymentMode,
    webhookSecretSet: Boolean(env.STRIPE_WEBHOOK_SECRET),
    lastWebhookAt: last?.receivedAt.toISOString() ?? null,
    lastEventType: last?.type ?? null,
    pendingEvents: pending?.count ?? 0,
  };
}
