import { compose, type MailBranding } from "~/mail/templates";

/** The one-click unsubscribe address for a subscriber: the secret token is the only credential. */
export function unsubscribeUrl(siteUrl: string, token: string) {
  return `${siteUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * RFC 2369 and RFC 8058 headers every newsletter email carries, so mail apps can show their own
 * "Unsubscribe" button and unsubscribe with a single POST, without opening the site.
 */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** Sent when someone joins (or rejoins) the newsletter. */
export function newsletterWelcomeEmail(brand: MailBranding, input: { unsubscribeUrl: string }) {
  return compose(brand, `You're subscribed to ${brand.productName} scam alerts`, "Hello,", [
    {
      kind: "p",
      text: "Thanks for subscribing. When a new scam starts going around, we will send you one short email with the red flags to look for and what to do.",
    },
    { kind: "button", label: "Read the free course", url: `${brand.siteUrl}/course` },
    {
      kind: "p",
      text: "We will never ask for your password, a code, or payment by gift card. An email that does is not from us.",
    },
    { kind: "p", text: `Changed your mind? Unsubscribe with one click: ${input.unsubscribeUrl}` },
  ]);
}
