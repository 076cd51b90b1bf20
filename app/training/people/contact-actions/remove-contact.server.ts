import type { Translate } from "~/i18n/translate";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { trainingContacts } from "~/training/tables";
import {
  cancelPlannedMessages,
  deleteFamilyMemberMessages,
  forgetUnusedAddressesAndNotices,
} from "../contact-changes.server";
import type { HolderProgram } from "../programs.server";
import { done, type Contact, type Outcome } from "./outcome";

/** "Remove": the person, their messages and the consent of addresses no one else in the family has. */
export async function removeContact(
  db: Database,
  program: HolderProgram,
  contact: Contact,
  t: Translate,
): Promise<Outcome> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await cancelPlannedMessages(tx, contact.id, "removed");
    // Everything the family sent them goes from the outbox too (sent or still waiting), notices included.
    await deleteFamilyMemberMessages(tx, contact.id);
    await tx.delete(trainingContacts).where(eq(trainingContacts.id, contact.id));
    await forgetUnusedAddressesAndNotices(tx, program.subscriptionId);
  });
  return done(t("people.removedTitle", { name: contact.name }), t("people.removed"), "remove");
}
