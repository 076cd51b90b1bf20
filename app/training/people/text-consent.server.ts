import type { Database } from "~/db/client.server";
import { getMailBranding, queueText } from "~/mail/mailer.server";
import { mailboxKey } from "~/mail/mailbox-key";
import { hitLimit, type LimitRule } from "~/security/request-limits.server";
import { confirmAddress, noticesTo, type PhoneNotice } from "./address-consent.server";
import { linkTarget } from "./consent.server";
import { isMinor } from "./contact-schema";
import { replyCodeHelpText } from "./training-emails";

/**
 * Consent by text reply (issue #33). A YES counts only for the notice it answers, and only when
 * that is unambiguous: it carries the notice's code ("YES 4821"), or it is a plain YES, the phone
 * has exactly one waiting notice, sent in the last 7 days, and that notice is the last one the
 * phone got (a YES sent again after answering a newer notice answers nothing). Several families may have asked
 * the same phone; a YES meant for one must never confirm another. A YES that answers one of our
 * practice texts is a reply to that text (tracking/practice-replies.server.ts), never consent.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A plain YES answers the only waiting notice only this long after it was sent. */
const PLAIN_YES_DAYS = 7;
/** "Reply with the code" is sent at most this often to one phone, whatever it keeps texting. */
const HELP_REPLY_RULE: LimitRule = { max: 3, windowSeconds: 24 * 60 * 60 };

export interface YesReply {
  /** The notice's 4 digits when the reply gave them. */
  code: string | null;
}

/**
 * "YES", "yes 4821", "Sí", "si #4821", "Start 4821." are a yes (accents and case do not matter);
 * anything else (a sentence, "YESS", a code of another length) is not.
 */
export function parseYesReply(body: string): YesReply | null {
  const plain = body
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .trim()
    .toUpperCase()
    .replace(/[.!]+$/, "");
  const match = /^(?:YES|SI|START)(?:[\s,:#-]*(\d{4}))?$/.exec(plain);
  return match ? { code: match[1] ?? null } : null;
}

export type TextYesOutcome =
  /** One family's notice was confirmed. */
  | "confirmed"
  /** It answers a practice text: the caller records it there. */
  | "practice-reply"
  /** Which notice was meant is not clear (or its code is wrong): nothing confirmed, asked for the code. */
  | "asked-for-code"
  /** The notice it names cannot be confirmed this way (a child without a guardian's yes, an address since removed). */
  | "not-confirmed"
  /** No notice waits for this phone: nothing to answer. */
  | "nothing-waiting";

/**
 * What a YES from this phone answers, and the answer. `latestPracticeTextAt` is when our newest
 * practice text to the phone was queued (null when none): a YES that follows it answers it.
 */
export async function answerTextYes(
  db: Database,
  input: { phone: string; reply: YesReply; latestPracticeTextAt: Date | null; now?: Date },
): Promise<{ outcome: TextYesOutcome; subscriptionId?: string }> {
  const now = input.now ?? new Date();
  const notices = await noticesTo(db, input.phone);
  const waiting = notices.filter((notice) => notice.confirmedAt === null);
  const { code } = input.reply;
  if (code) {
    const named = waiting.filter((notice) => notice.replyCode === code);
    if (named.length === 1) return confirmNotice(db, named[0]!);
  }
  const practiceAt = input.latestPracticeTextAt;
  if (practiceAt) {
    const newestNotice = notices[0]?.noticeSentAt;
    const answersPractice = newestNotice
      ? practiceAt > newestNotice
      : now.getTime() - practiceAt.getTime() <= PLAIN_YES_DAYS * DAY_MS;
    if (answersPractice) return { outcome: "practice-reply" };
  }
  if (waiting.length === 0) return { outcome: "nothing-waiting" };
  const only = waiting.length === 1 && waiting[0] === notices[0] ? waiting[0]! : null;
  if (!code && only && now.getTime() - only.noticeSentAt.getTime() <= PLAIN_YES_DAYS * DAY_MS) {
    return confirmNotice(db, only);
  }
  await askForCode(db, input.phone);
  return { outcome: "asked-for-code" };
}

/** The same checks as the notice's own "Yes" button (consent.server.ts answerConsent), then the yes. */
async function confirmNotice(
  db: Database,
  notice: PhoneNotice,
): Promise<{ outcome: TextYesOutcome; subscriptionId?: string }> {
  const target = await linkTarget(db, notice.token);
  if (!target) return { outcome: "not-confirmed" };
  if (isMinor(target.contact.ageBand) && target.contact.guardianConfirmedAt === null) {
    return { outcome: "not-confirmed" };
  }
  await confirmAddress(db, notice.id, "text-reply");
  return { outcome: "confirmed", subscriptionId: notice.subscriptionId };
}

/** One short text asking for the code, within the phone's limit; it names no family. */
async function askForCode(db: Database, phone: string) {
  const limit = await hitLimit(db, `training-reply-code-help:phone:${mailboxKey(phone)}`, HELP_REPLY_RULE);
  if (!limit.allowed) return;
  await queueText(db, { template: "consent-reply-help", to: phone, body: replyCodeHelpText(getMailBranding()) });
}
