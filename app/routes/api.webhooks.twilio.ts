import type { Route } from "./+types/api.webhooks.twilio";
import { getLogger } from "~/config/logger.server";
import { getDatabase } from "~/db/database.server";
import { handleInboundText, parseInboundText } from "~/mail/inbound-texts.server";
import { plainAnswer, readTwilioWebhook } from "~/mail/twilio-webhooks.server";

/** An empty TwiML answer: we send no automatic reply (Twilio's own opt-out reply still goes). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * Twilio's "A message comes in" webhook. Exempt from the CSRF origin check (routes/cross-site-posts.ts):
 * Twilio's signature is the proof (mail/twilio-webhooks.server.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  const params = await readTwilioWebhook(request);
  if (params instanceof Response) return params;
  const text = parseInboundText(params);
  if (!text) return plainAnswer(400, "From and Body are required.");
  const outcome = await handleInboundText(await getDatabase(), text);
  getLogger().info({ outcome, messageSid: text.messageSid }, "inbound text");
  return new Response(EMPTY_TWIML, { status: 200, headers: { "Content-Type": "text/xml; charset=utf-8" } });
}

export function loader() {
  return plainAnswer(405, "Twilio sends inbound texts here with POST.");
}
