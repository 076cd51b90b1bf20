import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { practiceEvents, trainingContacts } from "~/training/tables";
import { EMAIL_PRACTICE_REST_DAYS } from "~/training/people/email-practice-rest";
import { findPracticeMessageByOutboxId, recordPracticeEvent, recordReported } from "./tracking.server";

/**
 * What a receiver's report about a practice email means for the person (issue #40):
 * - "Report spam" (a feedback-loop complaint) is exactly the habit we teach, so it counts as
 *   Reported like a forward would, and email practice rests for EMAIL_PRACTICE_REST_DAYS: a mail
 *   service that hears complaints about our practice domain filters it for everyone, and the person
 *   has shown they already spot these. Texts go on.
 * - A bounce that came back later (a DSN) is a failed delivery, like a refusal at send time.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export async function recordPracticeComplaint(
  db: Database,
  outboxMessageId: string,
  now: Date,
): Promise<"reported" | "already-reported" | "not-practice"> {
  const message = await findPracticeMessageByOutboxId(db, outboxMessageId);
  if (!message) return "not-practice";
  const result = await recordReported(db, message, { detail: "complaint", fromRecipient: true, at: now });
  await db
    .update(trainingContacts)
    .set({ emailPracticePausedUntil: new Date(now.getTime() + EMAIL_PRACTICE_REST_DAYS * DAY_MS) })
    .where(eq(trainingContacts.id, message.contact.id));
  return result.event ? "reported" : "already-reported";
}

/** A late bounce of a practice email: its 'failed' event, once, with the receiver's reason. */
export async function recordPracticeBounce(db: Database, outboxMessageId: string, reason: string, now: Date) {
  const message = await findPracticeMessageByOutboxId(db, outboxMessageId);
  if (!message) return;
  const [failed] = await db
    .select({ id: practiceEvents.id })
    .from(practiceEvents)
    .where(and(eq(practiceEvents.messageId, message.id), eq(practiceEvents.kind, "failed")));
  if (failed) return;
  await recordPracticeEvent(db, message, "failed", { detail: reason.slice(0, 1000), at: now });
}
