import { and, eq, isNull, sql } from "drizzle-orm";
import type { SessionUser } from "~/account/session.server";
import type { Database } from "~/db/client.server";
import { trainingContacts } from "~/training/tables";
import { noticeSentence, sendNotices } from "../contact-notices.server";
import { isMinor } from "../contact-schema";
import { OPTED_OUT_EXPLANATION } from "../contact-status";
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
): Promise<Outcome> {
  if (!isMinor(contact.ageBand)) {
    return fail(
      409,
      "Adults say yes themselves",
      `${contact.name} is an adult, so they say yes themselves from the link in their notice.`,
      "guardian-consent",
    );
  }
  const summary = await consentSummary(db, program, contact);
  if (summary.allRefusedHere) {
    return fail(409, "They opted out", `${OPTED_OUT_EXPLANATION}. Only they can change that.`, "guardian-consent");
  }
  if (contact.guardianConfirmedAt)
    return done(
      "Already confirmed",
      `You already agreed to practice messages for ${contact.name}.`,
      "guardian-consent",
    );
  const [row] = await db
    .update(trainingContacts)
    .set({ guardianConfirmedAt: sql`now()`, guardianUserId: user.id, updatedAt: sql`now()` })
    .where(and(eq(trainingContacts.id, contact.id), isNull(trainingContacts.guardianConfirmedAt)))
    .returning();
  if (!row) return fail(409, "Nothing was changed", "Please reload the page and try again.", "guardian-consent");
  const run = await sendNotices(db, user.id, program, row, { resend: true });
  return done(
    "Thank you",
    `${contact.name} starts once they say "Yes, I'm in" from the notice (you can press it with them). ${noticeSentence(run)}`,
    "guardian-consent",
  );
}
