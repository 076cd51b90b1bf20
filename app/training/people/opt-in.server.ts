import type { Database } from "~/db/client.server";
import { getMailBranding, notifyOutbox } from "~/mail/mailer.server";
import { enqueueEmail, enqueueText } from "~/mail/outbox.server";
import { isPhoneSuppressed } from "~/mail/sms-suppressions.server";
import { compose, type EmailContent, type MailBranding } from "~/mail/templates";
import { channelOf, requestLiftLink } from "./address-consent.server";

/**
 * "Get practice messages again" (/training/opt-in): only the address that said no can lift it, so
 * the link to do so goes to that address, never to whoever typed it in. The answer is the same
 * whether or not the address was suppressed.
 */

export function liftUrl(token: string): string {
  return `${getMailBranding().siteUrl}/training/opt-in/${encodeURIComponent(token)}`;
}

export function liftLinkEmail(brand: MailBranding, url: string): EmailContent {
  return compose(brand, "Let practice messages reach you again?", "Hello,", [
    {
      kind: "p",
      text: `Someone (we hope you) asked for ${brand.productName} practice messages to reach this address again. Nothing changes unless you press the button within 24 hours:`,
    },
    { kind: "button", label: "Let practice messages reach me again", url },
    {
      kind: "p",
      text: "Not you? Ignore this email: this address stays off our list, and nobody can sign it up.",
    },
  ]);
}

export function liftLinkText(brand: MailBranding, url: string): string {
  return `${brand.productName}: to let practice messages reach this number again, open ${url} within 24 hours. Not you? Ignore this text.`;
}

type LiftRequestOutcome = "sent" | "reply-start" | "nothing";

/**
 * Sends the link when the address is suppressed and may have one; a phone that replied STOP to
 * all our texts cannot get a text (the page says to reply START first).
 */
export async function sendLiftLink(db: Database, address: string): Promise<LiftRequestOutcome> {
  const channel = channelOf(address);
  if (channel === "sms" && (await isPhoneSuppressed(db, address))) return "reply-start";
  const outboxId = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const token = await requestLiftLink(tx, address);
    if (!token) return null;
    const brand = getMailBranding();
    const url = liftUrl(token);
    return channel === "email"
      ? enqueueEmail(tx, { template: "training-opt-in-link", to: address, ...liftLinkEmail(brand, url) })
      : enqueueText(tx, { template: "training-opt-in-link", to: address, body: liftLinkText(brand, url) });
  });
  if (!outboxId) return "nothing";
  await notifyOutbox([outboxId]);
  return "sent";
}
