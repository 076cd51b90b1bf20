import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { deleteMessages } from "~/mail/message-status.server";
import { practiceMessages, weeklySummaries } from "~/training/tables";

/**
 * Cancels every message planned for a contact, in the caller's transaction: a pause, a removal or
 * any change to when or how messages arrive; the scheduler plans again under the new settings.
 */
export async function cancelPlannedMessages(db: Database, contactId: string, reason: string) {
  await db
    .update(practiceMessages)
    .set({ status: "cancelled", cancelReason: reason })
    .where(and(eq(practiceMessages.contactId, contactId), eq(practiceMessages.status, "planned")));
}

/**
 * Deletes the outbox rows of this person's practice messages and weekly summaries (their text
 * and address), so removing them leaves none of it behind and nothing still queued goes out. The
 * contact row itself (and with it, by cascade, their messages, events and summary guards) is
 * deleted by the caller in the same transaction.
 */
export async function deleteFamilyMemberMessages(tx: Database, contactId: string) {
  const practice = await tx
    .select({ id: practiceMessages.outboxMessageId })
    .from(practiceMessages)
    .where(eq(practiceMessages.contactId, contactId));
  const summaries = await tx
    .select({ id: weeklySummaries.outboxMessageId })
    .from(weeklySummaries)
    .where(eq(weeklySummaries.contactId, contactId));
  const ids = [...practice, ...summaries].map((row) => row.id).filter((id): id is string => Boolean(id));
  await deleteMessages(tx, { ids });
}
