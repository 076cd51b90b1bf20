import type { Translate } from "~/i18n/translate";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { SessionUser } from "~/account/session.server";
import type { Database } from "~/db/client.server";
import { trainingContacts } from "~/training/tables";
import { noticeSentence, sendNotices } from "../contact-notices.server";
import { isMinor } from "../contact-schema";
import type { HolderProgram } from "../programs.server";
import { consentSummary } from "./consent-summary.server";
import { done, fail, type Contact, type Outcome } from "./outcome";

/**
 * The parent or guardian agrees for a child or teen. Paying by card is one of the ways COPPA
 * (16 CFR 312.5(b)) accepts for a parent to give verifiable consent; we record who confirmed
 * (their user id) and when. The child's own addresses still say "Yes, I'm in" themselves.
 */
export async function confirmAsGuardian(
  db: Database,
  user: SessionUser,
  program: HolderProgram,
  contact: Contact,
  t: Translate,
): Promise<Outcome> {
  if (!isMinor(contact.ageBand)) {
    return fail(
      409,
      t("people.adultsSayYesTitle"),
      t("people.adultsSayYes", { name: contact.name }),
      "guardian-consent",
    );
  }
  const summary = await consentSummary(db, program, contact);
  if (summary.allRefusedHere) {
    return fail(409, t("people.optedOutTitle"), t("people.optedOutOnlyThey"), "guardian-consent");
  }
  if (contact.guardianConfirmedAt)
    return done(
      t("people.alreadyConfirmedTitle"),
      t("people.alreadyConfirmed", { name: contact.name }),
      "guardian-consent",
    );
  const [row] = await db
    .update(trainingContacts)
    .set({ guardianConfirmedAt: sql`now()`, guardianUserId: user.id, updatedAt: sql`now()` })
    .where(and(eq(trainingContacts.id, contact.id), isNull(trainingContacts.guardianConfirmedAt)))
    .returning();
  if (!row) return fail(409, t("people.nothingChangedTitle"), t("people.reload"), "guardian-consent");
  const run = await sendNotices(db, user.id, program, row, { resend: true });
  return done(
    t("people.guardianThanksTitle"),
    t("people.guardianThanks", { name: contact.name, notices: noticeSentence(run, t) }),
    "guardian-consent",
  );
}
