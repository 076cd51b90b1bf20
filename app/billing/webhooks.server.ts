import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import { processPaymentEvent, recordPaymentEvent } from "./fulfilment.server";
import { WebhookRejectedError, type PaymentProvider } from "./payment-provider.server";

/** Stripe's events are a few KB; anything much bigger is not from Stripe. */
export const MAX_WEBHOOK_BYTES = 512 * 1024;

export interface WebhookAnswer {
  status: number;
  body: { received: boolean; error?: string; outcome?: string };
}

/**
 * POST /api/webhooks/stripe. The signature is checked on the exact raw body. A verified event is
 * stored first, then processed; if processing fails (Stripe unreachable for the re-read, say) we
 * still answer 200 because the stored event is retried by the payment worker, so Stripe need not
 * resend it.
 */
export async function handleStripeWebhook(
  db: Database,
  provider: PaymentProvider | null,
  rawBody: string,
  signature: string | null,
): Promise<WebhookAnswer> {
  const reject = (error: string): WebhookAnswer => ({ status: 400, body: { received: false, error } });
  if (!signature) return reject("Missing Stripe-Signature header.");
  if (!provider || provider.kind !== "stripe") {
    return reject("Stripe webhooks are not configured on this site, so the signature cannot be verified.");
  }
  let event;
  try {
    event = provider.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookRejectedError) return reject("Invalid signature.");
    return reject("The event could not be read.");
  }
  if (!event) return reject("The event could not be read.");

  const fresh = await recordPaymentEvent(db, provider.kind, event);
  if (event.type === "ignored")
    return { status: 200, body: { received: true, outcome: fresh ? "ignored" : "duplicate" } };
  // A resent event that failed before is processed now; one already processed is a no-op.
  try {
    const outcome = await processPaymentEvent(db, provider, event.id);
    return { status: 200, body: { received: true, outcome } };
  } catch (error) {
    getLogger().error({ err: error, eventId: event.id }, "payment event stored; processing will be retried");
    return { status: 200, body: { received: true, outcome: "queued" } };
  }
}
