import { compose, type EmailContent, type MailBranding } from "~/mail/templates";
import { translatorFor } from "~/i18n/translate";
import { deliveryStepsFor } from "./delivery-steps";
import type { PracticeLanguage } from "~/family/practice-language";

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
  /** The language the person reads (issue #39); English when not given. */
  language?: PracticeLanguage;
}

export function deliveryCheckEmail(brand: MailBranding, input: CheckMessageInput): EmailContent {
  const language = input.language ?? "en";
  const t = translatorFor(language);
  const steps = deliveryStepsFor({
    channel: "email",
    address: input.address,
    practiceDomain: input.practiceDomain,
    language,
  });
  return compose(
    brand,
    t("deliveryCheck.emailSubject"),
    t("deliveryCheck.emailGreeting", { name: input.firstName }),
    [
      { kind: "p", text: t("deliveryCheck.emailNotPractice") },
      { kind: "p", text: t("deliveryCheck.emailTellUs") },
      { kind: "button", label: t("deliveryCheck.emailButton"), url: input.confirmUrl },
      { kind: "p", text: t("deliveryCheck.emailSpam", { service: steps.service, steps: steps.steps.join(" ") }) },
      { kind: "p", text: t("deliveryCheck.emailFooter", { domain: input.practiceDomain, url: input.consentUrl }) },
    ],
    language,
  );
}

export function deliveryCheckText(input: Pick<CheckMessageInput, "firstName" | "confirmUrl" | "language">): string {
  return translatorFor(input.language ?? "en")("deliveryCheck.text", { name: input.firstName, url: input.confirmUrl });
}
