import type { Route } from "./+types/api.webhooks.twilio.status";
import { getLogger } from "~/config/logger.server";
import { getDatabase } from "~/db/database.server";
import { recordTextStatus, TextStatusSchema } from "~/mail/text-delivery-status.server";
import { plainAnswer, readTwilioWebhook } from "~/mail/twilio-webhooks.server";

/**
 * Twilio's status callbacks for the texts we send (each text names this address as its
 * StatusCallback). Exempt from the CSRF origin check (routes/cross-site-posts.ts): Twilio's
 * signature is the proof (mail/twilio-webhooks.server.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  const params = await readTwilioWebhook(request);
  if (params instanceof Response) return params;
  const parsed = TextStatusSchema.safeParse(params);
  if (!parsed.success) return plainAnswer(400, parsed.error.issues[0]?.message ?? "Not a message status callback.");
  // Each text's callback address names its outbox row (?ref=), inside what Twilio signed.
  const ref = new URL(request.url).searchParams.get("ref");
  const outcome = await recordTextStatus(await getDatabase(), parsed.data, ref);
  getLogger().info(
    { outcome, messageSid: parsed.data.MessageSid, status: parsed.data.MessageStatus },
    "text delivery status",
  );
  // Twilio retries nothing on a 4xx, and an unknown message is nothing to retry.
  return plainAnswer(outcome === "unknown" ? 404 : 200, outcome === "unknown" ? "Unknown message." : "OK");
}

export function loader() {
  return plainAnswer(405, "Twilio sends text delivery statuses here with POST.");
}
