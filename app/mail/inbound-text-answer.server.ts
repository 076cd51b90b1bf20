import { getLogger } from "~/config/logger.server";
import { getDatabase } from "~/db/database.server";
import { handleInboundText, parseInboundText } from "./inbound-texts.server";
import { plainAnswer } from "./twilio-webhooks.server";

/** An empty TwiML answer: we send no automatic reply (Twilio's own opt-out reply still goes). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * One inbound text, once its parameters are trusted: from Twilio's signed webhook
 * (/api/webhooks/twilio), or typed into a text's reply box in the local mailbox (/dev/mailbox,
 * never in production). Both go through here, so what a reply does in development is exactly
 * what it does from a real phone.
 */
export async function answerInboundText(params: Record<string, string>): Promise<Response> {
  const text = parseInboundText(params);
  if (!text) return plainAnswer(400, "From and Body are required.");
  const outcome = await handleInboundText(await getDatabase(), text);
  getLogger().info({ outcome, messageSid: text.messageSid }, "inbound text");
  return new Response(EMPTY_TWIML, { status: 200, headers: { "Content-Type": "text/xml; charset=utf-8" } });
}
