import { compose, type EmailContent, type MailBranding } from "~/mail/templates";
import { deliveryStepsFor } from "./delivery-steps";

/**
 * The words of "Send me a test": a plain check message, clearly labelled, never a practice scam.
 * It leaves from the practice sender (PRACTICE_MAIL_DOMAIN, the Training Program's number) so it
 * meets the same spam filters as practice messages will. It carries no free text from anyone: the
 * only personal word is the first name the holder entered.
 */

/** The display name and local part the test email leaves from. */
export const CHECK_SENDER = { name: "scam-free delivery check", localPart: "check" };

export interface CheckMessageInput {
  firstName: string;
  /** The page with "Yes, it arrived" (on the practice origin). */
  confirmUrl: string;
  /** The person's own consent page, where practice messages can be stopped. */
  consentUrl: string;
  practiceDomain: string;
  address: string;
}

export function deliveryCheckEmail(brand: MailBranding, input: CheckMessageInput): EmailContent {
  const steps = deliveryStepsFor({ channel: "email", address: input.address, practiceDomain: input.practiceDomain });
  return compose(brand, "Test from scam-free: did this reach your inbox?", `Hello ${input.firstName},`, [
    {
      kind: "p",
      text: "This is a test from scam-free, not a practice scam. It checks that practice messages reach you.",
    },
    {
      kind: "p",
      text: "If you are reading it in your inbox, please tell us with the button below (or reply to this email).",
    },
    { kind: "button", label: "Yes, it arrived", url: input.confirmUrl },
    {
      kind: "p",
      text: `Found it in Spam or Junk? ${steps.service}: ${steps.steps.join(" ")}`,
    },
    {
      kind: "p",
      text: `Practice messages come from addresses at ${input.practiceDomain} and will not say they are practice. To stop them, or to read what you agreed to: ${input.consentUrl}`,
    },
  ]);
}

export function deliveryCheckText(input: Pick<CheckMessageInput, "firstName" | "confirmUrl">): string {
  return `scam-free test for ${input.firstName} (not a practice scam): reply OK, or open ${input.confirmUrl}, to tell us practice texts reach you. Reply STOP to end.`;
}
