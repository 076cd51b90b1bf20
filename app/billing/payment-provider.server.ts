import type { Locale } from "~/i18n/locales";
import type { CheckoutContacts } from "~/billing/tables";
import type { Plan } from "./plans";

/**
 * What the rest of the site needs from a payment provider. Two implementations: Stripe
 * (stripe-provider.server.ts) and the offline demo (demo-provider.server.ts). Fulfilment never trusts
 * an event's contents: it takes ids from the event and re-reads the state from the provider.
 */
export interface PaymentProvider {
  kind: "stripe" | "demo";
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  getCheckoutSession(sessionId: string): Promise<ProviderCheckoutSession | null>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /** `locale`: the edition the holder came from; the portal speaks it where it can. */
  openPortal(request: { customerId: string; returnUrl: string; locale?: "en" | "es" }): Promise<PortalResult>;
  /** Ends a subscription at once (account deletion). An already-ended one is not an error. */
  cancelSubscriptionNow(subscriptionId: string): Promise<void>;
  /** Verifies the signature on the raw body; null for event types we do not act on. */
  parseWebhook(rawBody: string, signature: string): PaymentEvent | null;
}

export interface CheckoutRequest {
  /** Our checkout_sessions id: the idempotency key and the link back from the provider. */
  checkoutId: string;
  plan: Plan;
  userId: string;
  contacts: CheckoutContacts;
  successUrl: string;
  cancelUrl: string;
  /** The language of the page the buyer came from: the provider's checkout page speaks it too. */
  locale: Locale;
}

export interface ProviderCheckoutSession {
  id: string;
  /** 'complete' once paid. */
  status: "open" | "complete" | "expired";
  subscriptionId: string | null;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Set by our checkout: checkout_id, user_id, plan. */
  metadata: Record<string, string>;
}

export type PortalResult = { kind: "ok"; url: string } | { kind: "unconfigured"; message: string };

export type PaymentEventType =
  "checkout.completed" | "subscription.changed" | "invoice.paid" | "invoice.payment_failed" | "ignored";

/** A verified event, reduced to the ids fulfilment needs. */
export interface PaymentEvent {
  id: string;
  type: PaymentEventType;
  /** The provider's own name for it, e.g. customer.subscription.updated; for logs and /stripe-setup. */
  providerType: string;
  checkoutSessionId: string | null;
  subscriptionId: string | null;
}

/** A webhook whose signature is missing or wrong, or that this site cannot verify at all. */
export class WebhookRejectedError extends Error {}

/** The provider answered with an error or could not be reached. */
export class PaymentProviderError extends Error {}
