import type { Database } from "~/db/client.server";
import { getLogger } from "~/config/logger.server";
import { onInboundOptOut, onInboundText, type InboundText } from "~/mail/inbound-texts.server";
import { contactsWithPhone, latestPracticeTextTo, recordPracticeEvent, recordSpotted } from "./tracking.server";
import { optOutContact } from "./contact-changes.server";

/**
 * Replies to practice texts, heard from the messaging layer after /api/webhooks/twilio checked
 * Twilio's signature: SCAM or SPOTTED marks that phone's latest practice text as spotted (the
 * report rate is what improves people, so a reply counts as much as the feedback page's button);
 * STOP and the other opt-out words stop every training contact with that number.
 */

export const SPOTTED_WORDS: ReadonlySet<string> = new Set(["SCAM", "SPOTTED"]);

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
): Promise<"spotted" | "already-spotted" | "ignored"> {
  if (!spottedWord(text)) return "ignored";
  const message = await latestPracticeTextTo(db, text.from);
  if (!message) return "ignored";
  const result = await recordSpotted(db, message, { detail: `reply: ${text.body.trim().slice(0, 20)}` });
  return result.event ? "spotted" : "already-spotted";
}

/** Opts out every contact with this number; returns how many were newly opted out. */
export async function handlePracticeOptOut(db: Database, text: InboundText): Promise<number> {
  const source = `sms-${(text.keyword ?? "stop").toLowerCase()}`;
  let stopped = 0;
  for (const { contactId, latestMessage } of await contactsWithPhone(db, text.from)) {
    const changed = await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const optedOut = await optOutContact(t, contactId, source);
      if (optedOut && latestMessage) await recordPracticeEvent(t, latestMessage, "opted_out", { detail: source });
      return optedOut;
    });
    if (changed) stopped++;
  }
  return stopped;
}

let unregister: (() => void) | null = null;

/** Starts listening for replies to practice texts. Safe to call more than once (it registers once). */
export function registerTrainingReplies() {
  if (unregister) return;
  const stopReplies = onInboundText(async (db, text) => {
    const outcome = await handlePracticeReply(db, text);
    if (outcome !== "ignored") getLogger().info({ outcome, messageSid: text.messageSid }, "practice text reply");
  });
  const stopOptOuts = onInboundOptOut(async (db, text) => {
    const stopped = await handlePracticeOptOut(db, text);
    if (stopped) getLogger().info({ stopped, messageSid: text.messageSid }, "training contacts opted out by text");
  });
  unregister = () => {
    stopReplies();
    stopOptOuts();
  };
}

/** Stops listening (tests, and a clean shutdown). */
export function unregisterTrainingReplies() {
  unregister?.();
  unregister = null;
}
