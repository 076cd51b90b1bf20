import { compose, type Block, type EmailContent, type MailBranding } from "~/mail/templates";
import type { ScamUpdateSummary } from "./scam-update-schema";

/** The weekly digest of new scam updates, sent to members (see digest.server.ts). */

export function digestUnsubscribeUrl(siteUrl: string, token: string) {
  return `${siteUrl}/scam-updates/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function scamUpdateUrl(siteUrl: string, slug: string) {
  return `${siteUrl}/weekly-lessons/updates/${encodeURIComponent(slug)}`;
}

const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, " ").trim();

interface DigestInput {
  name: string;
  /** Newest first. */
  updates: Pick<ScamUpdateSummary, "slug" | "title" | "summary">[];
  unsubscribeUrl: string;
}

export function scamUpdateDigestEmail(brand: MailBranding, input: DigestInput): EmailContent {
  const count = input.updates.length;
  const subject =
    count === 1 ? `New scam alert: ${oneLine(input.updates[0]!.title)}` : `${count} new scam alerts this week`;
  const name = oneLine(input.name);
  const blocks: Block[] = [
    {
      kind: "p",
      text:
        count === 1
          ? "Here is the scam alert we published for Training Program members this week, and what to do about it."
          : `Here are the ${count} scam alerts we published for Training Program members this week, newest first.`,
    },
    ...input.updates.flatMap((update): Block[] => [
      { kind: "p", text: `${oneLine(update.title)}: ${oneLine(update.summary)}` },
      { kind: "button", label: "Read this alert", url: scamUpdateUrl(brand.siteUrl, update.slug) },
    ]),
    {
      kind: "p",
      text: "Got a real scam? Report it at ReportFraud.ftc.gov or ic3.gov, and forward scam texts to 7726. Please don't forward real ones to us.",
    },
    {
      kind: "p",
      text: `No more weekly scam alerts by email: ${input.unsubscribeUrl} (you can turn them back on from your account page).`,
    },
  ];
  return compose(brand, subject, name ? `Hello ${name},` : "Hello,", blocks);
}
