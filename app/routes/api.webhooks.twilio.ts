import twilio from "twilio";
import type { Route } from "./+types/api.webhooks.twilio";
import { getEnv } from "~/config/env.server";
import { getLogger } from "~/config/logger.server";
import { getDatabase } from "~/db/database.server";
import { handleInboundText, parseInboundText } from "~/mail/inbound-texts.server";

/** Twilio's inbound texts are small; anything bigger is not from Twilio. */
const MAX_WEBHOOK_BYTES = 64 * 1024;
/** An empty TwiML answer: we send no automatic reply (Twilio's own opt-out reply still goes). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

function plain(status: number, text: string) {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * Twilio's "A message comes in" webhook. Exempt from the CSRF origin check (routes/cross-site-posts.ts):
 * the X-Twilio-Signature over our public URL (APP_URL) and the parameters is the proof, checked with
 * the SDK's validateRequest.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return plain(405, "Use POST.");
  const env = getEnv();
  if (!env.TWILIO_AUTH_TOKEN) return plain(403, "Text messages are not configured here.");
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_WEBHOOK_BYTES) return plain(413, "Payload too large.");
  const raw = await request.text();
  if (Buffer.byteLength(raw) > MAX_WEBHOOK_BYTES) return plain(413, "Payload too large.");
  const params = Object.fromEntries(new URLSearchParams(raw));

  // Twilio signs the address it was configured with, which is our public one, not the one this
  // process sees behind a proxy.
  const url = new URL(request.url);
  const publicUrl = `${env.APP_URL}${url.pathname}${url.search}`;
  const signature = request.headers.get("X-Twilio-Signature") ?? "";
  if (!signature || !twilio.validateRequest(env.TWILIO_AUTH_TOKEN, signature, publicUrl, params)) {
    return plain(403, "The Twilio signature is missing or wrong.");
  }

  const text = parseInboundText(params);
  if (!text) return plain(400, "From and Body are required.");
  const outcome = await handleInboundText(await getDatabase(), text);
  getLogger().info({ outcome, messageSid: text.messageSid }, "inbound text");
  return new Response(EMPTY_TWIML, { status: 200, headers: { "Content-Type": "text/xml; charset=utf-8" } });
}

export function loader() {
  return plain(405, "Twilio sends inbound texts here with POST.");
}
