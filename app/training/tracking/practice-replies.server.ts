import type { Database } from "~/db/client.server";
import { getLogger } from "~/config/logger.server";
import { onInboundOptIn, onInboundOptOut, onInboundText, type InboundText } from "~/mail/inbound-texts.server";
import { and, desc, eq } from "drizzle-orm";
import { liftSuppression, suppressAddress } from "~/training/people/address-consent.server";
import {
  answerTextYes,
  parseYesReply,
  type TextYesOutcome,
  type YesReply,
} from "~/training/people/text-consent.server";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { asksForReply } from "~/training/library/reply-requests";
import { practiceMessages } from "~/training/tables";
import { onInboundEmail, type InboundEmail, type InboundEmailOutcome } from "~/mail/inbound-email.server";
import { checkTokensIn, confirmChecksByReply } from "~/training/people/delivery-checks.server";
import {
  feedbackUrl,
  handlePracticeEmailReport,
  handlePracticeTextReport,
  practiceReferences,
} from "./practice-reports.server";
import { classifyReply } from "./reply-check";
import { checkedFirstText, drillFallText } from "~/training/people/training-emails";
import { checkedFirstTextEs, drillFallTextEs } from "~/training/people/training-emails-es";
import { queueText } from "~/mail/mailer.server";
import {
  contactsWithPhone,
  findPracticeMessageByToken,
  latestPracticeTextTo,
  recordCheckedFirst,
  recordPracticeEvent,
  recordRepliedByText,
} from "./tracking.server";

/**
 * Replies to practice texts, heard from the messaging layer after /api/webhooks/twilio checked
 * Twilio's signature: SCAM or SPOTTED reports that phone's latest practice text, and a practice text
 * forwarded back to our number reports itself (practice-reports.server.ts: reporting is the habit we count);
 * STOP and the other opt-out words suppress that number for every family; START, UNSTOP and YES
 * lift that (and then confirm nothing). A YES otherwise answers the one notice it names, or the
 * practice text it follows (people/text-consent.server.ts).
 */

/** ESTAFA is the Spanish notices' word for it (issue #39). */
export const SPOTTED_WORDS: ReadonlySet<string> = new Set(["SCAM", "SPOTTED", "ESTAFA"]);

/** "scam", " Scam! ", "SPOTTED." count; a sentence does not. */
function spottedWord(text: InboundText): boolean {
  const word = text.body
    .trim()
    .toUpperCase()
    .replace(/[.!?]+$/, "");
  return SPOTTED_WORDS.has(word);
}

export async function handlePracticeReply(
  db: Database,
  text: InboundText,
): Promise<"reported" | "already-reported" | "ignored"> {
  // SCAM answers the phone's latest practice text; a forwarded practice text names its own.
  const forwardedLink = practiceReferences({ texts: [text.body], inReplyTo: [] }).tokens.length > 0;
  if (!spottedWord(text) && !forwardedLink) return "ignored";
  const latest = forwardedLink ? null : await latestPracticeTextTo(db, text.from);
  return handlePracticeTextReport(db, { from: text.from, body: text.body, latest });
}

/**
 * A reply to a verification drill (a text that pretends to be family, a friend, a boss or the bank
 * and invites a reply): read once by reply-check.ts, never stored or logged. Checking first counts
 * as "Checked first", giving something away as a fall; either is answered once with a short text.
 * Only a reply from the number the drill went to, to that phone's latest practice text, counts.
 */
export async function handleDrillReply(
  db: Database,
  text: InboundText,
): Promise<"checked-first" | "gave-away" | "already-answered" | "ignored"> {
  const latest = await latestPracticeTextTo(db, text.from);
  if (!latest || latest.address !== text.from) return "ignored";
  if (!practiceLibrary().byId(latest.scenarioId)?.drill) return "ignored";
  const verdict = classifyReply(text.body);
  if (!verdict) return "ignored";
  const result =
    verdict === "checked-first" ? await recordCheckedFirst(db, latest) : await recordRepliedByText(db, latest);
  if (!result.event) return "already-answered";
  const url = feedbackUrl(latest);
  if (url) {
    const spanish = practiceLibrary().byId(latest.scenarioId)?.language === "es";
    const body =
      verdict === "checked-first"
        ? (spanish ? checkedFirstTextEs : checkedFirstText)(url)
        : (spanish ? drillFallTextEs : drillFallText)(url);
    await queueText(db, { template: "practice-drill-answer", to: text.from, body });
  }
  return verdict;
}

/**
 * STOP (or another opt-out word) from a phone: the number is suppressed for the Training Program
 * of every family, and "opted_out" is recorded on the latest practice text of each contact with
 * that number. Returns how many contacts that newly stopped.
 */
export async function handlePracticeOptOut(db: Database, text: InboundText): Promise<number> {
  const source = `sms-${(text.keyword ?? "stop").toLowerCase()}` as const;
  // STOP comes back to the number every family's notice came from: each family that texted this
  // phone is answered (and told); a family that never did is not.
  const suppressedNow = await db.transaction(async (tx) =>
    suppressAddress(tx as unknown as Database, text.from, source, { noticedOnly: true }),
  );
  if (!suppressedNow) return 0;
  const contacts = await contactsWithPhone(db, text.from);
  for (const { latestMessage } of contacts) {
    if (latestMessage) await recordPracticeEvent(db, latestMessage, "opted_out", { detail: source });
  }
  return contacts.length;
}

/**
 * START, UNSTOP or YES on its own from a phone: the phone itself asks, so its suppression is
 * lifted, and a message that lifted one confirms nothing (it said "texts again", not "yes to this
 * family"). Otherwise a YES or START is an answer like any other YES.
 */
export async function handlePracticeOptIn(db: Database, text: InboundText): Promise<"lifted" | TextYesReplyOutcome> {
  if (await liftSuppression(db, text.from)) return "lifted";
  const reply = parseYesReply(text.body);
  return reply ? handleTextYes(db, text, reply) : "nothing-waiting";
}

type TextYesReplyOutcome = Exclude<TextYesOutcome, "practice-reply"> | "practice-fall" | "practice-reply-kept";

/**
 * A YES (SÍ, START; with or without a notice's code) from a phone. When it follows our practice
 * text to that phone, it answers that text: a fall when the scenario asked for a reply, nothing
 * otherwise, and never consent. Else it confirms the one notice it names, or nothing.
 */
async function handleTextYes(db: Database, text: InboundText, reply: YesReply): Promise<TextYesReplyOutcome> {
  // The newest practice text queued to this number, whoever has the number now: the phone got it.
  const [newest] = await db
    .select({ token: practiceMessages.token, queuedAt: practiceMessages.queuedAt })
    .from(practiceMessages)
    .where(
      and(
        eq(practiceMessages.address, text.from),
        eq(practiceMessages.channel, "sms"),
        eq(practiceMessages.status, "queued"),
      ),
    )
    .orderBy(desc(practiceMessages.queuedAt))
    .limit(1);
  const { outcome } = await answerTextYes(db, {
    phone: text.from,
    reply,
    latestPracticeTextAt: newest?.queuedAt ?? null,
  });
  if (outcome !== "practice-reply") return outcome;
  const practice = await findPracticeMessageByToken(db, newest!.token);
  const scenario = practice ? practiceLibrary().byId(practice.scenarioId) : undefined;
  if (!practice || !scenario || !asksForReply(scenario)) return "practice-reply-kept";
  await recordRepliedByText(db, practice);
  return "practice-fall";
}

/**
 * Mail to the practice domain: a reply to a delivery test confirms that test ("Send me a test",
 * people/delivery-checks.server.ts); anything else is a report of a practice message.
 */
export async function handleTrainingEmail(db: Database, email: InboundEmail): Promise<InboundEmailOutcome> {
  if (email.from) {
    const { outboxIds } = practiceReferences(email);
    const tokens = checkTokensIn(email.texts);
    if ((await confirmChecksByReply(db, { from: email.from, outboxIds, tokens })) > 0) return "counted";
  }
  return handlePracticeEmailReport(db, email);
}

let unregister: (() => void) | null = null;

/** Starts listening for replies to practice texts. Safe to call more than once (it registers once). */
export function registerTrainingReplies() {
  if (unregister) return;
  const stopReplies = onInboundText(async (db, text) => {
    // Any text from a phone that was sent a delivery test says texts reach it ("reply OK").
    const confirmed = await confirmChecksByReply(db, { from: text.from });
    if (confirmed) getLogger().info({ confirmed, messageSid: text.messageSid }, "delivery test confirmed by text");
    // "YES 4821", "Sí": an answer to a notice or a practice text (a lone YES or START comes as an opt-in word).
    const yes = parseYesReply(text.body);
    if (yes) {
      const answer = await handleTextYes(db, text, yes);
      getLogger().info({ outcome: answer, messageSid: text.messageSid }, "yes by text");
      return;
    }
    const outcome = await handlePracticeReply(db, text);
    if (outcome !== "ignored") {
      getLogger().info({ outcome, messageSid: text.messageSid }, "practice text reply");
      return;
    }
    // Only the verdict is logged, never the words.
    const drill = await handleDrillReply(db, text);
    if (drill !== "ignored") getLogger().info({ outcome: drill, messageSid: text.messageSid }, "practice drill reply");
  });
  const stopOptOuts = onInboundOptOut(async (db, text) => {
    const stopped = await handlePracticeOptOut(db, text);
    if (stopped) getLogger().info({ stopped, messageSid: text.messageSid }, "training contacts opted out by text");
  });
  const stopOptIns = onInboundOptIn(async (db, text) => {
    await confirmChecksByReply(db, { from: text.from });
    const outcome = await handlePracticeOptIn(db, text);
    getLogger().info({ outcome, messageSid: text.messageSid }, "practice texts opted in by text");
  });
  // Practice emails forwarded or replied to the report address (practice-reports.server.ts), and
  // replies to delivery tests.
  const stopEmailReports = onInboundEmail(handleTrainingEmail);
  unregister = () => {
    stopEmailReports();
    stopReplies();
    stopOptOuts();
    stopOptIns();
  };
}

/** Stops listening (tests, and a clean shutdown). */
export function unregisterTrainingReplies() {
  unregister?.();
  unregister = null;
}
