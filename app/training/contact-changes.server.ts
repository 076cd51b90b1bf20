import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { practiceMessages, trainingContacts } from "./tables";

/**
 * Changes to a contact that every part of the Training Program makes the same way. Stopping is
 * immediate: the contact is marked and every message planned for them is cancelled in the same
 * transaction, so nothing already planned slips out afterwards.
 */
export async function cancelPlannedMessages(db: Database, contactId: string, reason: string) {
  await db
    .update(practiceMessages)
    .set({ status: "cancelled", cancelReason: reason })
    .where(and(eq(practiceMessages.contactId, contactId), eq(practiceMessages.status, "planned")));
}

/** The person asked us to stop (a stop link, STOP by text). Lasts until they opt in again. */
export async function optOutContact(db: Database, contactId: string, source: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(trainingContacts)
      .set({ optedOutAt: sql`now()`, optOutSource: source, updatedAt: sql`now()` })
      .where(and(eq(trainingContacts.id, contactId), isNull(trainingContacts.optedOutAt)))
      .returning({ id: trainingContacts.id });
    await cancelPlannedMessages(tx as unknown as Database, contactId, `opted out (${source})`);
    return changed.length > 0;
  });
}
