import { inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { trainingContacts, trainingPrograms, weeklySummaries } from "~/training/tables";
import { forgetUnusedAddresses } from "./address-consent.server";
import { deleteFamilyMemberMessages } from "./contact-changes.server";

/**
 * The Training Program's part of deleting an account (app/account/delete-account.server.ts runs
 * the whole, in one transaction): what the family's mail is, then forgetting the families.
 */

/**
 * What ties mail in the outbox to these families: the outbox ids of their weekly summaries (the
 * holder's family summary among them), and every family member's email and phone.
 */
export async function familyMail(db: Database, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return { messageIds: [], addresses: [] };
  const summaries = await db
    .select({ id: weeklySummaries.outboxMessageId })
    .from(weeklySummaries)
    .where(inArray(weeklySummaries.subscriptionId, subscriptionIds));
  const addresses = await db
    .select({ email: trainingContacts.email, phone: trainingContacts.phone })
    .from(trainingContacts)
    .where(inArray(trainingContacts.subscriptionId, subscriptionIds));
  return { messageIds: summaries.map((row) => row.id), addresses };
}

/**
 * In the caller's transaction: every family member of these subscriptions with their messages'
 * outbox rows, events and summaries, the holder's summary guards, every address the families asked
 * consent from, and the programs themselves.
 */
export async function forgetFamilies(db: Database, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return;
  const contacts = await db
    .select({ id: trainingContacts.id })
    .from(trainingContacts)
    .where(inArray(trainingContacts.subscriptionId, subscriptionIds));
  for (const contact of contacts) await deleteFamilyMemberMessages(db, contact.id);
  // Messages, events and summaries go with their contact (ON DELETE CASCADE).
  await db.delete(trainingContacts).where(inArray(trainingContacts.subscriptionId, subscriptionIds));
  // The holder's own summary guards (no contact) stay with the kept subscription otherwise.
  await db.delete(weeklySummaries).where(inArray(weeklySummaries.subscriptionId, subscriptionIds));
  // With no one left in the family, every address it asked consent from is forgotten too.
  for (const subscriptionId of subscriptionIds) await forgetUnusedAddresses(db, subscriptionId);
  await db.delete(trainingPrograms).where(inArray(trainingPrograms.subscriptionId, subscriptionIds));
}
