import { inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { trainingContacts, trainingPrograms, weeklySummaries } from "~/training/tables";
import { forgetUnusedAddresses } from "./address-consent.server";
import { deleteMessages } from "~/mail/message-status.server";
import { personMail } from "./contact-changes.server";

/**
 * The Training Program's part of deleting an account (app/account/delete-account.server.ts runs
 * the whole, in one transaction): what the family's mail is, then forgetting the families.
 */

/** The outbox ids of these families' weekly summaries (the holder's family summary among them). */
export async function familySummaryMail(db: Database, subscriptionIds: string[]): Promise<string[]> {
  if (subscriptionIds.length === 0) return [];
  const summaries = await db
    .select({ id: weeklySummaries.outboxMessageId })
    .from(weeklySummaries)
    .where(inArray(weeklySummaries.subscriptionId, subscriptionIds));
  return summaries.map((row) => row.id);
}

/**
 * In the caller's transaction: every family member of these subscriptions with the outbox rows
 * the family sent them (contact-changes.server.ts: personMail), their messages, events, summaries and tests, the holder's summary guards, every address the families asked
 * consent from, and the programs themselves.
 */
export async function forgetFamilies(db: Database, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return;
  const contacts = await db
    .select()
    .from(trainingContacts)
    .where(inArray(trainingContacts.subscriptionId, subscriptionIds));
  // Every person's mail from the family (practice messages, summaries, tests, notices), notices to
  // an address two of them share included: the whole family goes.
  for (const contact of contacts) await deleteMessages(db, await personMail(db, contact, { notices: "all" }));
  // Messages, events and summaries go with their contact (ON DELETE CASCADE).
  await db.delete(trainingContacts).where(inArray(trainingContacts.subscriptionId, subscriptionIds));
  // The holder's own summary guards (no contact) stay with the kept subscription otherwise.
  await db.delete(weeklySummaries).where(inArray(weeklySummaries.subscriptionId, subscriptionIds));
  // With no one left in the family, every address it asked consent from is forgotten too.
  for (const subscriptionId of subscriptionIds) await forgetUnusedAddresses(db, subscriptionId);
  await db.delete(trainingPrograms).where(inArray(trainingPrograms.subscriptionId, subscriptionIds));
}
