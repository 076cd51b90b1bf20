import { compose, type EmailContent, type MailBranding } from "~/mail/templates";

/**
 * The notices a person gets before any practice message: an adult's request for consent, and a
 * child's or teen's friendly hello after their parent or guardian agreed. Plain words a
 * grandparent and a ten-year-old can both follow; the only links are to our own site.
 * (Practice messages themselves are composed elsewhere, by the scheduler.)
 */

export interface NoticeInput {
  /** The person receiving it, as the account holder named them. */
  contactName: string;
  /** The account holder who enrolled them (the name given at checkout). */
  holderName: string;
  /** `${APP_URL}/training/consent/<token>`. */
  consentUrl: string;
}

/** Header values and greetings stay on one line whatever was typed. */
function oneLine(value: string, max = 80) {
  const flat = value.replace(/[\r\n\t]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function consentNoticeEmail(brand: MailBranding, input: NoticeInput): EmailContent {
  const holder = oneLine(input.holderName);
  return compose(brand, `${holder} invited you to practise spotting scams`, `Hello ${oneLine(input.contactName)},`, [
    {
      kind: "p",
      text: `${holder} signed you up for the ${brand.productName} Training Program, which helps families get better at spotting scams. Nothing starts unless you say yes.`,
    },
    {
      kind: "p",
      text: "If you say yes, you will get at most one practice message a week: a pretend scam email or text, sent at a sensible time of day (never at night). It is safe. Afterwards a page shows you the warning signs it contained.",
    },
    {
      kind: "p",
      text: "Nothing you type is ever collected. The practice pages have no boxes to fill in, and they will never ask for a password, a code or money.",
    },
    { kind: "button", label: "Say yes or no", url: input.consentUrl },
    {
      kind: "p",
      text: "You can stop at any time in one step: every practice message has a stop link (for texts, reply STOP). If you do nothing, we send you nothing.",
    },
    {
      kind: "p",
      text: `Not sure this email is real? Ask ${holder}, or open ${brand.siteUrl} yourself instead of using the button.`,
    },
  ]);
}

export function consentNoticeText(brand: MailBranding, input: NoticeInput): string {
  return `${brand.productName}: ${oneLine(input.holderName, 40)} signed you up for practice scam messages (at most 1 a week, nothing you type is collected). Nothing is sent unless you say yes: ${input.consentUrl} Reply STOP to end.`;
}

export function childNoticeEmail(brand: MailBranding, input: NoticeInput): EmailContent {
  const holder = oneLine(input.holderName);
  return compose(brand, `${holder} signed you up for scam-spotting practice`, `Hi ${oneLine(input.contactName)}!`, [
    {
      kind: "p",
      text: `${holder} signed you up for ${brand.productName} practice. About once a week (never during school or at night), you may get a pretend scam message. Your job: spot the tricks!`,
    },
    {
      kind: "p",
      text: "It is only practice, so nothing bad can happen. After each one, a page shows you the clues you could have spotted. Nothing you type is ever collected, and you should never type a real password anywhere a message sends you.",
    },
    {
      kind: "p",
      text: `Want to stop? Tell ${holder}, use the stop link in any practice message, or open this page:`,
    },
    { kind: "button", label: "Practice settings", url: input.consentUrl },
  ]);
}

export function childNoticeText(brand: MailBranding, input: NoticeInput): string {
  return `${brand.productName}: Hi ${oneLine(input.contactName, 30)}! ${oneLine(input.holderName, 40)} signed you up for scam-spotting practice: about 1 pretend scam a week, never in school time. Spot the tricks! Nothing you type is collected. Reply STOP to end.`;
}
