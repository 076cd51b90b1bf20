import type { FakeTwilio } from "../fakes/twilio-server";
import { action as twilioWebhook } from "~/routes/api.webhooks.twilio";

/** An inbound text posted to our webhook as Twilio does: form-encoded, signed for `url`. */
export async function postSignedText(twilio: FakeTwilio, url: string, params: Record<string, string>) {
  const request = new Request(url, {
    method: "POST",
    body: new URLSearchParams(params),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Twilio-Signature": twilio.sign(url, params),
    },
  });
  return (await twilioWebhook({ request, params: {}, context: {} } as never)) as Response;
}
