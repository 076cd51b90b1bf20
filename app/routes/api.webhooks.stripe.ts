import type { Route } from "./+types/api.webhooks.stripe";
import { getPaymentProvider } from "~/billing/payments.server";
import { handleStripeWebhook, MAX_WEBHOOK_BYTES } from "~/billing/webhooks.server";
import { getDatabase } from "~/db/database.server";

/** Stripe's webhook endpoint. Exempt from the CSRF origin check (server.ts): the signature is the proof. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ received: false, error: "Use POST." }, { status: 405 });
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > MAX_WEBHOOK_BYTES)
    return Response.json({ received: false, error: "Payload too large." }, { status: 413 });
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody) > MAX_WEBHOOK_BYTES) {
    return Response.json({ received: false, error: "Payload too large." }, { status: 413 });
  }
  const db = await getDatabase();
  const answer = await handleStripeWebhook(
    db,
    getPaymentProvider(db),
    rawBody,
    request.headers.get("Stripe-Signature"),
  );
  return Response.json(answer.body, { status: answer.status });
}

export function loader() {
  return Response.json({ received: false, error: "Stripe sends events here with POST." }, { status: 405 });
}
