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

/** The page a confirmation email's button opens; it only shows a button until that is pressed. */
export function confirmationUrl(siteUrl: string, token: string) {
  return `${siteUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}

/**
 * The only email an address gets before its owner has said yes. Anyone can type any address into
 * the form, so it carries nothing the person who typed it chose (not even the name they gave) and
 * asks for nothing but the press of the button.
 */
export function newsletterConfirmationEmail(brand: MailBranding, input: { confirmUrl: string; expiresInDays: number }) {
  return compose(brand, `Confirm your ${brand.productName} scam alerts subscription`, "Hello,", [
    {
      kind: "p",
      text: `Someone (we hope you) asked to get the ${brand.productName} scam alerts newsletter at this address. Press the button to confirm, and we will start sending it.`,
    },
    { kind: "button", label: "Confirm my subscription", url: input.confirmUrl },
    {
      kind: "p",
      text: `The link works for ${input.expiresInDays} days. If you did not ask for this, ignore this email: you will not be subscribed.`,
    },
  ]);
}

/** Sent when someone confirms their subscription (or confirms again after unsubscribing). */
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
    // Two taps, said as two: the link opens a page, and its button unsubscribes (issue #35).
    { kind: "p", text: `Changed your mind? Open this link and press Unsubscribe: ${input.unsubscribeUrl}` },
  ]);
}
