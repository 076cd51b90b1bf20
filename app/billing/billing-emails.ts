/** Billing's emails: the receipt when a Training Program starts, and the failed-payment notice. */
import { compose, type MailBranding } from "~/mail/templates";

/** A family member on the plan. `name` is the first name typed at checkout (null before names were asked). */
export interface ReceiptMember {
  name: string | null;
  email: string;
}

/**
 * One person as the receipt lists them: by the name the holder typed, with the address after it
 * so they can check where practice messages will go ("Leo (leo@example.com)"); the address alone
 * only when no name was typed.
 */
export function receiptMemberLabel(member: ReceiptMember): string {
  return member.name ? `${member.name} (${member.email})` : member.email;
}

/** The receipt when a Training Program starts. No card details: the provider keeps those. */
export function subscriptionStartedEmail(
  brand: MailBranding,
  input: { name: string; planName: string; price: number; members: ReceiptMember[]; periodEnd: string },
) {
  const people =
    input.members.length > 0
      ? [
          {
            kind: "p" as const,
            text: `Your family members on this plan: ${input.members.map(receiptMemberLabel).join(", ")}.`,
          },
        ]
      : [];
  return compose(brand, `Receipt: ${input.planName} has started`, `Hello ${input.name},`, [
    {
      kind: "p",
      text: `Thank you for joining. Your ${input.planName} is active: $${input.price}.00 a month, renewing on ${input.periodEnd}.`,
    },
    ...people,
    {
      kind: "p",
      text: "Practice messages are safe: they never ask you to pay or to type a password, and each one has a page showing the red flags it contained.",
    },
    {
      kind: "p",
      text: "Next, set up your family's training: say who each person is, confirm for any children or teens, and send the notices. Nothing is sent to anyone until they say yes from their own inbox or phone.",
    },
    { kind: "button", label: "Set up your Training Program", url: `${brand.siteUrl}/account/training` },
    { kind: "p", text: `Your account: ${brand.siteUrl}/account` },
    {
      kind: "p",
      text: "You can cancel at any time from your account page; you keep access until the end of the period you paid for.",
    },
  ]);
}

/** When a renewal payment fails: what happens next and how to fix it. */
export function paymentFailedEmail(brand: MailBranding, input: { name: string; planName: string }) {
  return compose(brand, `Payment for ${input.planName} didn't go through`, `Hello ${input.name},`, [
    {
      kind: "p",
      text: `Your latest payment for the ${input.planName} did not go through. The card may have expired, or the bank may have declined it.`,
    },
    {
      kind: "p",
      text: "Nothing is lost yet: we will try again over the next few days. To fix it now, update your payment method from your account page.",
    },
    { kind: "button", label: "Update payment method", url: `${brand.siteUrl}/account` },
    {
      kind: "p",
      text: "We sent this because you have a subscription with us. We will never ask for card details by email or text.",
    },
  ]);
}
