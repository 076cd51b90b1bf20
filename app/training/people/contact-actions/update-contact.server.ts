import type { Translate } from "~/i18n/translate";
import { and, eq, sql } from "drizzle-orm";
import type { SessionUser } from "~/account/session.server";
import type { Database } from "~/db/client.server";
import { trainingContacts } from "~/training/tables";
import { cancelPlannedMessages, forgetUnusedAddressesAndNotices } from "../contact-changes.server";
import { everyAddress, noticeSentence, sendNotices } from "../contact-notices.server";
import { isMinor, type ContactDetails } from "../contact-schema";
import type { HolderProgram } from "../programs.server";
import { admitNewAddresses } from "./new-addresses.server";
import { done, fail, type Contact, type Outcome } from "./outcome";

/**
 * A person's card saved: what changed the schedule plans it again, an address new to the family
 * counts against the day's limit and is asked at once, one no one has any more is forgotten.
 */
export async function updateContact(
  db: Database,
  user: SessionUser,
  program: HolderProgram,
  contact: Contact,
  details: ContactDetails & { intent: "update"; contactId: string },
  t: Translate,
): Promise<Outcome> {
  const { intent: _intent, contactId: _id, ...values } = details;
  const before = new Set(everyAddress(contact));
  const after = everyAddress(values);
  const newAddress = after.some((address) => !before.has(address)) || after.length !== before.size;
  const refusal = await admitNewAddresses(
    db,
    user,
    program,
    after.filter((address) => !before.has(address)),
    "update",
    t,
  );
  if (refusal) return refusal;
  const crossedAgeGroup = isMinor(values.ageBand) !== isMinor(contact.ageBand);
  const nowMinor = isMinor(values.ageBand);
  const scheduleChanged =
    newAddress ||
    crossedAgeGroup ||
    values.timeZone !== contact.timeZone ||
    values.ageBand !== contact.ageBand ||
    // A message planned in the old language is planned again in the new one.
    values.language !== contact.language ||
    values.emailEnabled !== contact.emailEnabled ||
    values.smsEnabled !== contact.smsEnabled;
  const updated = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [row] = await tx
      .update(trainingContacts)
      .set({
        ...values,
        // Saving the form is the holder choosing the age group.
        ageBandSet: true,
        // Moving between child/teen and adult starts the guardian's part over.
        ...(crossedAgeGroup ? { guardianConfirmedAt: null, guardianUserId: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(trainingContacts.id, contact.id), eq(trainingContacts.subscriptionId, program.subscriptionId)))
      .returning();
    if (!row) return null;
    // Anything planned was planned for the old settings; the scheduler plans again.
    if (scheduleChanged) await cancelPlannedMessages(tx, contact.id, "settings changed");
    // An address no one in the family has now is forgotten: its yes does not move with the person.
    if (newAddress) await forgetUnusedAddressesAndNotices(tx, program.subscriptionId);
    return row;
  });
  if (!updated) return fail(404, t("people.notFoundTitle"), t("people.notFound"), "update");

  const title = t("people.savedTitle", { name: updated.name });
  if (nowMinor && updated.guardianConfirmedAt === null) return done(title, t("people.savedConfirmGuardian"), "update");
  // Only an address new to this person is asked at once; the others wait for "Send the notice"
  // (people copied from checkout are checked by the holder first).
  const added = after.filter((address) => !before.has(address));
  if (added.length === 0) return done(title, t("people.saved"), "update");
  const run = await sendNotices(db, user.id, program, updated, { resend: false, only: added });
  if (run.sent.length === 0 && !run.suppressed && !run.limited) return done(title, t("people.saved"), "update");
  return done(title, t("people.savedAndAsked", { notices: noticeSentence(run, t) }), "update");
}
