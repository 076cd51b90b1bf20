import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { LastLook, OutboxMessage } from "~/mail/outbox.server";
import { PRACTICE_EMAIL_TEMPLATE, PRACTICE_TEXT_TEMPLATE } from "./practice-composer.server";
import { contactEligibility } from "./practice-eligibility.server";
import type { Channel } from "~/training/library/practice-scenario-schema";
import { nextAllowedSendTime } from "~/family/quiet-hours";
import { practiceMessages } from "~/training/tables";

const SEND: LastLook = { verdict: "send" };

/**
 * The outbox's last look at a practice message, just before it is sent (`DeliveryChannels.lastLook`).
 * The scheduler checked everything when it queued the message, but a message can wait in the
 * outbox: a retry after a failed send, a worker that was down overnight, a crash mid-send. So:
 * - the person must still be reachable at this address and number, with consent, not paused, not
 *   opted out, and the plan still active; otherwise the message is dropped and the practice
 *   message cancelled (a stop pressed a second after queueing still stops it);
 * - it must be an allowed time in their time zone (never at night, never in school hours for
 *   children and teens); otherwise it waits for the next allowed moment. "Send a practice message
 *   now" (no week) is exempt from the hours, as it was when queued, and from nothing else.
 */
export async function practiceLastLook(
  db: Database,
  message: OutboxMessage,
  now: Date = new Date(),
): Promise<LastLook> {
  if (message.template !== PRACTICE_EMAIL_TEMPLATE && message.template !== PRACTICE_TEXT_TEMPLATE) return SEND;
  const [practice] = await db
    .select({
      id: practiceMessages.id,
      contactId: practiceMessages.contactId,
      channel: practiceMessages.channel,
      weekKey: practiceMessages.weekKey,
    })
    .from(practiceMessages)
    .where(eq(practiceMessages.outboxMessageId, message.id));
  // Its practice row went with its family's data (deletion removes the outbox row too).
  if (!practice) return drop("its practice message no longer exists");

  const stop = async (reason: string): Promise<LastLook> => {
    await db
      .update(practiceMessages)
      .set({ status: "cancelled", cancelReason: reason })
      .where(and(eq(practiceMessages.id, practice.id), eq(practiceMessages.status, "queued")));
    return drop(reason);
  };

  const verdict = await contactEligibility(db, practice.contactId, now);
  if (!verdict) return stop("contact removed");
  if (!verdict.eligible) return stop(verdict.reason);
  const { recipient } = verdict;
  const channel = practice.channel as Channel;
  if (!recipient.channels.includes(channel)) return stop(`${channel === "sms" ? "texts" : "email"} no longer usable`);
  const address = channel === "sms" ? recipient.phone : recipient.email;
  if (address?.toLowerCase() !== message.recipient.toLowerCase()) return stop("address changed since it was queued");

  if (practice.weekKey === null) return SEND;
  const allowed = nextAllowedSendTime(now, recipient.timeZone, recipient.ageBand);
  if (!allowed) return stop("no allowed time to send");
  if (allowed.getTime() > now.getTime()) {
    return { verdict: "hold", until: allowed, reason: "quiet hours: waits for the next allowed time" };
  }
  return SEND;
}

function drop(reason: string): LastLook {
  return { verdict: "drop", reason: `not sent: ${reason}` };
}
