import { compose, type EmailContent, type MailBranding } from "~/mail/templates";
import { strangerNames } from "./stranger-names";

/**
 * The notices a person gets before any practice message: an adult's request for consent, and a
 * child's or teen's friendly hello after their parent or guardian agreed. Plain words a
 * grandparent and a ten-year-old can both follow; the only links are to our own site. These go to
 * addresses that have not said yes, so the names the holder typed appear only as strangerNames
 * gives them (a first name, or neutral words), in the body, never in the subject: nobody can
 * write a sentence or a subject line into mail to someone else.
 * (Practice messages themselves are composed elsewhere, by the scheduler.)
 */

export interface NoticeInput {
  /** The person receiving it, as the account holder named them. */
  contactName: string;
  /** The account holder who enrolled them (the name given at checkout). */
  holderName: string;
  /** `${APP_URL}/training/consent/<token>`. */
  consentUrl: string;
  /** Where practice emails are reported (`report@PRACTICE_MAIL_DOMAIN`). */
  reportAddress: string | null;
  /** Every number practice texts can come from, listed for whoever wants to check (issue #36). */
  textSenders?: readonly string[];
}

/** Which numbers practice texts come from, for a family that wants to check; nothing with one. */
function textNumbersParagraph(input: NoticeInput) {
  const numbers = input.textSenders ?? [];
  if (numbers.length < 2) return [];
  return [{ kind: "p" as const, text: `Practice texts can come from any of these numbers: ${numbers.join(", ")}.` }];
}

/** How to report a practice email: the habit the Training Program counts. */
function reportingParagraph(input: NoticeInput, friendly: boolean) {
  const how = input.reportAddress
    ? `forward it to ${input.reportAddress} (or reply to it); for a text, reply SCAM`
    : "reply SCAM to a text";
  return {
    kind: "p" as const,
    text: friendly
      ? `Think a message is a trick? Report it: ${how}. That is the best move, and we will tell you if it was practice.`
      : `Think a message is a scam? Report it: ${how}. Reporting is what we count, and if it was practice we will tell you.`,
  };
}

/** Header values and greetings stay on one line whatever was typed. */
function oneLine(value: string, max = 80) {
  const flat = value.replace(/[\r\n\t]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * What the person who enrolled them will see, said before anyone agrees (the family results on
 * /account/training): the same short list as the consent page (HOLDER_SEES).
 */
function whatTheHolderSees(holder: string) {
  return { kind: "p" as const, text: `In full, ${holder} will see: ${HOLDER_SEES.join("; ")}.` };
}

/** What the holder's family results show about each person, in the words of the notice and the consent page. */
export const HOLDER_SEES = [
  "which practice messages you got and when",
  "whether you reported or spotted each one, or pressed its button, and how long it took",
  "your level and your weeks in a row without a fall",
  "never anything you type (nothing is collected), your other emails or texts, or your device",
];

/**
 * The adult's notice. Above the button, at most 120 words (a phone's first screen): who, what, how
 * often, what the holder sees and how to stop, including that practice messages will not say they
 * are practice. The details (reporting, "This isn't me", how to check this email is ours) follow
 * the button, for whoever wants them. tests/unit/notice-length.test.ts counts the words.
 */
export function consentNoticeEmail(brand: MailBranding, input: NoticeInput): EmailContent {
  const names = strangerNames(input);
  const holder = names.holder;
  const greeting = names.person ? `Hello ${names.person},` : "Hello,";
  return compose(brand, "You are invited to practice spotting scams", greeting, [
    {
      kind: "p",
      text: `${holder} signed you up for the ${brand.productName} Training Program, which helps families get better at spotting scams. Nothing starts unless you say yes.`,
    },
    {
      kind: "p",
      text: "If you say yes, you get at most one practice message a week, never at night: a pretend scam email or text. Practice messages will not say they are practice; they look like real ones. Nothing you type is ever collected.",
    },
    {
      kind: "p",
      text: `${holder} will see which messages you got and whether you reported, spotted or pressed each one; never anything you type.`,
    },
    {
      kind: "p",
      text: 'To stop at any time: press "Unsubscribe" in a practice email, or reply STOP to a practice text.',
    },
    { kind: "button", label: "Say yes or no", url: input.consentUrl },
    {
      kind: "p",
      text: "The details: practice messages come from made-up names and addresses. Whatever button you press on a page one of them opens, the next page tells you it was practice and shows its warning signs. The practice pages have no boxes to fill in, and they will never ask for a password, a code or money.",
    },
    reportingParagraph(input, false),
    ...textNumbersParagraph(input),
    whatTheHolderSees(holder),
    {
      kind: "p",
      text: `Don't know ${names.holderInSentence}, or not ${names.personInSentence}? Open the same page and press "This isn't me": we will never write to this address about practice messages again. If you do nothing, we send you nothing.`,
    },
    {
      kind: "p",
      text: `Not sure this email is real? Ask ${names.holderInSentence}, or open ${brand.siteUrl} yourself instead of using the button.`,
    },
  ]);
}

/** A text notice also carries its reply code: "YES 4821" names the notice a reply answers. */
interface TextNoticeInput extends NoticeInput {
  replyCode?: string | null;
}

const replyYes = (input: TextNoticeInput) => (input.replyCode ? `YES ${input.replyCode}` : "YES");

export function consentNoticeText(brand: MailBranding, input: TextNoticeInput): string {
  return `${brand.productName}: ${strangerNames(input).holder} signed you up for practice scam texts that look real (at most 1 a week, nothing you type is collected). Nothing is sent unless you reply ${replyYes(input)} or say yes here: ${input.consentUrl} Not you? Reply STOP.`;
}

/**
 * The one answer to a YES that does not say which notice it answers (several are waiting, the
 * only one is older than a week) or names a code no notice has. It names no family and no
 * person: telling a stranger who added their number would itself be a leak.
 */
export function replyCodeHelpText(brand: MailBranding): string {
  return `${brand.productName}: we could not tell which message your YES answers, so nothing was changed. Reply YES and the 4-digit code from that message (like YES 1234), or use the link in it. Reply STOP to stop.`;
}

/**
 * A child's or teen's hello, after their parent or guardian agreed: the same facts as the adult's
 * notice in a child's words, also at most 120 words above the button, and saying plainly what the
 * grown-up who signed them up will see.
 */
export function childNoticeEmail(brand: MailBranding, input: NoticeInput): EmailContent {
  const names = strangerNames(input);
  const holder = names.holder;
  const greeting = names.person ? `Hi ${names.person}!` : "Hi!";
  return compose(brand, "You're invited to scam-spotting practice", greeting, [
    {
      kind: "p",
      text: `${holder} signed you up for ${brand.productName} practice. About once a week (never during school or at night), you may get a pretend scam message. It will look real and will not say it is practice. Your job: spot the tricks! It is only practice, so nothing bad can happen.`,
    },
    {
      kind: "p",
      text: `${holder} will see which messages you got and if you reported, spotted or pressed them. Nobody sees what you type, because nothing is collected.`,
    },
    {
      kind: "p",
      text: 'Want to stop? Press "Unsubscribe" in a practice email, or reply STOP to a text.',
    },
    { kind: "p", text: "Want to join in? Press the button (you can press it together with a grown-up):" },
    { kind: "button", label: "Yes, I'm in", url: input.consentUrl },
    {
      kind: "p",
      text: "If you press a button in a practice message, the next page tells you it was practice and shows you the clues you could have spotted. Never type a real password anywhere a message sends you.",
    },
    reportingParagraph(input, true),
    ...textNumbersParagraph(input),
    {
      kind: "p",
      text: `Not ${names.personInSentence}, or don't know ${names.holderInSentence}? Open the same page and press "This isn't me".`,
    },
  ]);
}

/** "Hi Sam!", or "Hi!" when the name the holder typed cannot be shown to someone who has not said yes. */
function childTextGreeting(input: NoticeInput) {
  const person = strangerNames(input).person;
  return person ? `Hi ${person}!` : "Hi!";
}

export function childNoticeText(brand: MailBranding, input: TextNoticeInput): string {
  return `${brand.productName}: ${childTextGreeting(input)} ${strangerNames(input).holder} signed you up for scam-spotting practice: about 1 pretend scam a week that looks real, never in school time. Nothing you type is collected. Reply ${replyYes(input)} or tap "Yes, I'm in": ${input.consentUrl} Not you? Reply STOP.`;
}

/**
 * The answer to a report of a practice message, sent once, to the person it was sent to: that it
 * was practice, that reporting it was right, and a link to its red flags. Nothing else.
 */
export function reportThanksEmail(
  brand: MailBranding,
  input: { feedbackUrl: string; friendly: boolean },
): EmailContent {
  return compose(brand, "Well spotted: that was a practice message", input.friendly ? "Hi!" : "Hello,", [
    {
      kind: "p",
      text: input.friendly
        ? "Well spotted: that was a practice message, and you reported it. That is exactly what to do with a message that seems wrong. Great detective work!"
        : "Well spotted: that was a practice message, and reporting it was exactly the right thing to do. Doing the same with a real one protects you and the people it was also sent to.",
    },
    { kind: "button", label: input.friendly ? "See all the clues" : "See all its red flags", url: input.feedbackUrl },
  ]);
}

export function reportThanksText(feedbackUrl: string): string {
  return `Well spotted: that was a practice message. See all its red flags: ${feedbackUrl}`;
}

/** The one answer to a drill's reply that checked first (asked for the code word, called back). */
export function checkedFirstText(feedbackUrl: string): string {
  return `Well done: that is exactly what to do. That text was a practice message, and checking first beats the real ones too. Its red flags: ${feedbackUrl}`;
}

/** The one answer to a drill's reply that gave something away: kind, and the way to do it next time. */
export function drillFallText(feedbackUrl: string): string {
  return `That text was a practice message, so nothing was collected. Next time, check first: ask for your family's code word, or call back on a number you already know. What to look for: ${feedbackUrl}`;
}

const SPOT_NOTICE_SUBJECT = "Someone in your family spotted a practice message";

/**
 * The account holder's note that someone in the family spotted a practice message (they asked for
 * it: "Tell me when someone spots one"). It goes only to the holder's confirmed account email, and
 * the only words in it that a person wrote are the contact's name as the holder typed it, in the
 * body only: the subject is fixed wording, since a subject is what an inbox shows before anything
 * else and typed words there ("Urgent Call Your Bank Now spotted…") read as ours. Nothing about the
 * message itself, and no link but ours.
 */
export function spotNoticeEmail(
  brand: MailBranding,
  input: { contactName: string; how: "reported" | "spotted"; resultsUrl: string },
): EmailContent {
  const name = oneLine(input.contactName, 60);
  return compose(brand, SPOT_NOTICE_SUBJECT, "Hello,", [
    {
      kind: "p",
      text:
        input.how === "reported"
          ? `${name} spotted a practice message and reported it to us: exactly the right thing to do with a message that seems wrong.`
          : `${name} spotted a practice message and said so on its feedback page ("I spotted it").`,
    },
    { kind: "p", text: "It was pretend, and nothing happened. A word of praise from you helps the habit stick." },
    { kind: "button", label: "See your family's results", url: input.resultsUrl },
    {
      kind: "p",
      text: "We send at most one of these emails a day, so you may not hear about every spot; your family results show every one.",
    },
    {
      kind: "p",
      text: `To stop these emails, untick "Tell me when someone spots one" beside your family's results (${input.resultsUrl}) and press Save.`,
    },
  ]);
}
