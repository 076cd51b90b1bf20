import type { Database } from "~/db/client.server";
import { inEdition, type Locale } from "~/i18n/locales";
import { translatorFor, type Translate } from "~/i18n/translate";
import { getMailBranding, notifyOutbox } from "~/mail/mailer.server";
import { enqueueEmail, enqueueText } from "~/mail/outbox.server";
import { isPhoneSuppressed } from "~/mail/sms-suppressions.server";
import { compose, type EmailContent, type MailBranding } from "~/mail/templates";
import { channelOf, requestLiftLink } from "./address-consent.server";

/**
 * "Get practice messages again" (/training/opt-in): only the address that said no can lift it, so
 * the link to do so goes to that address, never to whoever typed it in. The answer is the same
 * whether or not the address was suppressed. The link's email or text, and the page it opens, are
 * in the language of the page the request came from (issue #39).
 */

export function liftUrl(token: string, locale: Locale = "en"): string {
  return `${getMailBranding().siteUrl}${inEdition(`/training/opt-in/${encodeURIComponent(token)}`, locale)}`;
}

export function liftLinkEmail(brand: MailBranding, url: string, t: Translate = translatorFor("en")): EmailContent {
  return compose(
    brand,
    t("optIn.link.subject"),
    t("optIn.link.greeting"),
    [
      { kind: "p", text: t("optIn.link.asked", { product: brand.productName }) },
      { kind: "button", label: t("optIn.confirm.button"), url },
      { kind: "p", text: t("optIn.link.notYou") },
    ],
    t.locale,
  );
}

export function liftLinkText(brand: MailBranding, url: string, t: Translate = translatorFor("en")): string {
  return t("optIn.link.text", { product: brand.productName, url });
}

type LiftRequestOutcome = "sent" | "reply-start" | "nothing";

/**
 * Sends the link when the address is suppressed and may have one; a phone that replied STOP to
 * all our texts cannot get a text (the page says to reply START first).
 */
export async function sendLiftLink(
  db: Database,
  address: string,
  t: Translate = translatorFor("en"),
): Promise<LiftRequestOutcome> {
  const channel = channelOf(address);
  if (channel === "sms" && (await isPhoneSuppressed(db, address))) return "reply-start";
  const outboxId = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const token = await requestLiftLink(tx, address);
    if (!token) return null;
    const brand = getMailBranding();
    const url = liftUrl(token, t.locale);
    return channel === "email"
      ? enqueueEmail(tx, { template: "training-opt-in-link", to: address, ...liftLinkEmail(brand, url, t) })
      : enqueueText(tx, { template: "training-opt-in-link", to: address, body: liftLinkText(brand, url, t) });
  });
  if (!outboxId) return "nothing";
  await notifyOutbox([outboxId]);
  return "sent";
}
