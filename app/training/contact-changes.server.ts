import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { practiceMessages } from "./tables";

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
