import type { Translate } from "~/i18n/translate";
import type { Database } from "~/db/client.server";
import { sendDeliveryCheck } from "../delivery-checks.server";
import { done, fail, type Contact, type Outcome } from "./outcome";

/** "Send a test" on a person's card: a plain check message to one of their addresses that said yes. */
export async function sendTest(
  db: Database,
  contact: Contact,
  channel: "email" | "sms",
  t: Translate,
): Promise<Outcome> {
  const outcome = await sendDeliveryCheck(db, { contact, channel, requestedBy: "holder", t });
  return outcome.ok
    ? done(outcome.title, outcome.message, "send-test")
    : fail(outcome.status, outcome.title, outcome.message, "send-test");
}
