import twilio from "twilio";
import { getEnv } from "~/config/env.server";

/**
 * The one check every Twilio webhook passes before anything is read from it: Twilio signs the
 * address it was configured with (our public one, APP_URL, not the one this process sees behind a
 * proxy) and the posted parameters with the auth token (X-Twilio-Signature), checked here with the
 * SDK's validateRequest. Twilio's webhooks are small; anything bigger is not from Twilio.
 */
const MAX_WEBHOOK_BYTES = 64 * 1024;

export function plainAnswer(status: number, text: string) {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The webhook's parameters when Twilio signed them, or the answer to give instead. */
export async function readTwilioWebhook(request: Request): Promise<Record<string, string> | Response> {
  if (request.method !== "POST") return plainAnswer(405, "Use POST.");
  const env = getEnv();
  if (!env.TWILIO_AUTH_TOKEN) return plainAnswer(403, "Text messages are not configured here.");
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_WEBHOOK_BYTES)
    return plainAnswer(413, "Payload too large.");
  const raw = await request.text();
  if (Buffer.byteLength(raw) > MAX_WEBHOOK_BYTES) return plainAnswer(413, "Payload too large.");
  const params = Object.fromEntries(new URLSearchParams(raw));
  const url = new URL(request.url);
  const publicUrl = `${env.APP_URL}${url.pathname}${url.search}`;
  const signature = request.headers.get("X-Twilio-Signature") ?? "";
  if (!signature || !twilio.validateRequest(env.TWILIO_AUTH_TOKEN, signature, publicUrl, params)) {
    return plainAnswer(403, "The Twilio signature is missing or wrong.");
  }
  return params;
}
