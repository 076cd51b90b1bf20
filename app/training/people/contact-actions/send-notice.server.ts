import type { SessionUser } from "~/account/session.server";
import type { Database } from "~/db/client.server";
import { channelWords, NOTICE_HELD_TITLE, noticeHeldMessage, sendNotices } from "../contact-notices.server";
import { isMinor } from "../contact-schema";
import { OPTED_OUT_EXPLANATION } from "../contact-status";
import type { HolderProgram } from "../programs.server";
import { consentSummary } from "./consent-summary.server";
import { done, fail, type Contact, type Outcome } from "./outcome";

/** "Send the notice" (again): only to a person who can be asked, and never a child's before the guardian. */
export async function sendNotice(
  db: Database,
  user: SessionUser,
  program: HolderProgram,
  contact: Contact,
): Promise<Outcome> {
  // A child must never get the adult notice: no notice before their age group is chosen.
  if (!contact.ageBandSet) {
    return fail(
      409,
      "Choose their age group first",
      `Edit ${contact.name} and choose their age group: children and teens get a notice written for them, after you confirm as their parent or guardian.`,
      "send-notice",
    );
  }
  const summary = await consentSummary(db, program, contact);
  if (summary.none) {
    return fail(409, "No way to reach them", `Turn on emails or texts for ${contact.name} first.`, "send-notice");
  }
  if (summary.allRefusedHere) {
    return fail(
      409,
      "They opted out",
      `${OPTED_OUT_EXPLANATION}. Only they can change that, from a link we send to their own address.`,
      "send-notice",
    );
  }
  if (isMinor(contact.ageBand) && contact.guardianConfirmedAt === null) {
    return fail(
      409,
      "Your confirmation comes first",
      `Confirm that you are ${contact.name}'s parent or guardian first.`,
      "send-notice",
    );
  }
  if (summary.allAgreed) {
    return fail(409, "Already agreed", `${contact.name} already said yes to practice messages.`, "send-notice");
  }
  const run = await sendNotices(db, user.id, program, contact, { resend: true });
  if (run.sent.length === 0 && run.limited) {
    // One answer for a notice limit and for an address another family's notice was refused by:
    // the holder must not be able to tell them apart (docs/decisions/025, issue #33).
    return fail(429, NOTICE_HELD_TITLE, noticeHeldMessage(contact.name), "send-notice");
  }
  return done("Notice sent", `We sent ${contact.name} ${channelWords(run.sent)}.`, "send-notice");
}
