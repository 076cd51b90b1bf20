import Stripe from "stripe";
import type { PaidPlanId } from "./plans";
import {
  PaymentProviderError,
  WebhookRejectedError,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentProvider,
  type ProviderSubscription,
} from "./payment-provider.server";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  prices: Record<PaidPlanId, string>;
  /** Another API address (stripe-mock, or the fake server in tests). */
  apiBase?: string;
}

const EVENT_TYPES: Record<string, PaymentEventType> = {
  "checkout.session.completed": "checkout.completed",
  "customer.subscription.created": "subscription.changed",
  "customer.subscription.updated": "subscription.changed",
  "customer.subscription.deleted": "subscription.changed",
  "invoice.paid": "invoice.paid",
  "invoice.payment_failed": "invoice.payment_failed",
};

export function createStripeClient(settings: Pick<StripeSettings, "secretKey" | "apiBase">) {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    appInfo: { name: "scam-free" },
    // Stripe answers in well under a second; a stuck request must not hold a visitor for long.
    timeout: 10_000,
    maxNetworkRetries: 2,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** Since API version 2025-03-31 the period lives on subscription items; older accounts have it on top. */
function periodEnd(subscription: Stripe.Subscription): Date | null {
  const fromItem = subscription.items?.data?.[0]?.current_period_end;
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const seconds = fromItem ?? legacy;
  return typeof seconds === "number" ? new Date(seconds * 1000) : null;
}

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription ?? null);
  const legacy = (invoice as unknown as { subscription?: string | { id: string } }).subscription;
  return fromParent ?? idOf(legacy ?? null);
}

function isMissing(error: unknown) {
  return error instanceof Stripe.errors.StripeError && error.statusCode === 404;
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = createStripeClient(settings);

  const wrap = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new PaymentProviderError(`Stripe ${what} failed: ${detail}`, { cause: error });
    }
  };

  return {
    kind: "stripe",

    async createCheckout({ checkoutId, plan, userId, contacts, successUrl, cancelUrl, locale }) {
      const metadata: Record<string, string> = { checkout_id: checkoutId, plan: plan.id, user_id: userId };
      contacts.members.forEach((member, index) => {
        metadata[`member_${index + 1}_email`] = member.email;
        if (member.phone) metadata[`member_${index + 1}_phone`] = member.phone;
      });
      const session = await wrap("checkout", () =>
        stripe.checkout.sessions.create(
          {
            mode: "subscription",
            line_items: [{ price: settings.prices[plan.id], quantity: 1 }],
            client_reference_id: userId,
            customer_email: contacts.email,
            metadata,
            // Copied onto the subscription, so its own events lead back to this checkout.
            subscription_data: { metadata: { checkout_id: checkoutId, plan: plan.id, user_id: userId } },
            success_url: successUrl,
            cancel_url: cancelUrl,
            // Stripe's Latin American Spanish is the one US Spanish readers know.
            locale: locale === "es" ? "es-419" : "en",
          },
          // A double click or a retried request opens the same session instead of a second one.
          { idempotencyKey: `checkout-${checkoutId}` },
        ),
      );
      if (!session.url) throw new PaymentProviderError("No checkout URL received");
      return { sessionId: session.id, url: session.url };
    },

    async getCheckoutSession(sessionId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        return {
          id: session.id,
          status: session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open",
          subscriptionId: idOf(session.subscription),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw new PaymentProviderError(`Stripe checkout lookup failed: ${(error as Error).message}`, { cause: error });
      }
    },

    async getSubscription(subscriptionId): Promise<ProviderSubscription | null> {
      try {
        const subscription = await stripe.subscriptions.retrieve(subscriptionId);
        return {
          id: subscription.id,
          customerId: idOf(subscription.customer) ?? "",
          status: subscription.status,
          currentPeriodEnd: periodEnd(subscription),
          cancelAtPeriodEnd: subscription.cancel_at_period_end,
          metadata: { ...subscription.metadata },
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw new PaymentProviderError(`Stripe subscription lookup failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
    },

    async cancelSubscriptionNow(subscriptionId) {
      try {
        await stripe.subscriptions.cancel(subscriptionId);
      } catch (error) {
        // Gone already, or already canceled: either way it no longer charges anyone.
        if (isMissing(error)) return;
        if (error instanceof Stripe.errors.StripeInvalidRequestError && /cancel/i.test(error.message)) return;
        throw new PaymentProviderError(`Stripe subscription cancellation failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
    },

    async openPortal({ customerId, returnUrl, locale }) {
      try {
        const session = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
          // A holder on the Spanish account page gets Stripe's Latin American Spanish; others, Stripe's default.
          ...(locale === "es" ? { locale: "es-419" as const } : {}),
        });
        return { kind: "ok", url: session.url };
      } catch (error) {
        // Stripe refuses portal sessions until the portal is set up in the dashboard.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && /configuration/i.test(error.message)) {
          return { kind: "unconfigured", message: error.message };
        }
        throw new PaymentProviderError(`Stripe portal failed: ${(error as Error).message}`, { cause: error });
      }
    },

    parseWebhook(rawBody, signature): PaymentEvent | null {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new WebhookRejectedError(`Invalid signature: ${(error as Error).message}`);
      }
      const type = EVENT_TYPES[event.type] ?? "ignored";
      const object = event.data.object as unknown;
      let checkoutSessionId: string | null = null;
      let subscriptionId: string | null = null;
      if (event.type === "checkout.session.completed") {
        const session = object as Stripe.Checkout.Session;
        checkoutSessionId = session.id;
        subscriptionId = idOf(session.subscription);
      } else if (event.type.startsWith("customer.subscription.")) {
        subscriptionId = (object as Stripe.Subscription).id;
      } else if (event.type.startsWith("invoice.")) {
        subscriptionId = invoiceSubscriptionId(object as Stripe.Invoice);
      }
      return { id: event.id, type, providerType: event.type, checkoutSessionId, subscriptionId };
    },
  };
}
