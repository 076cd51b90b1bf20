import type { Route } from "./+types/api.webhooks.twilio";
import { answerInboundText } from "~/mail/inbound-text-answer.server";
import { plainAnswer, readTwilioWebhook } from "~/mail/twilio-webhooks.server";

/**
 * Twilio's "A message comes in" webhook. Exempt from the CSRF origin check (routes/cross-site-posts.ts):
 * Twilio's signature is the proof (mail/twilio-webhooks.server.ts). The local mailbox's reply box
 * hands its texts to the same answerInboundText.
 */
export async function action({ request }: Route.ActionArgs) {
  const params = await readTwilioWebhook(request);
  if (params instanceof Response) return params;
  return answerInboundText(params);
}

export function loader() {
  return plainAnswer(405, "Twilio sends inbound texts here with POST.");
}
