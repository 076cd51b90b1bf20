import type { Translate } from "~/i18n/translate";
import type { SessionUser } from "~/account/session.server";
import type { Database } from "~/db/client.server";
import { channelWords, sendNotices } from "../contact-notices.server";
import { isMinor } from "../contact-schema";
import type { HolderProgram } from "../programs.server";
import { consentSummary } from "./consent-summary.server";
import { done, fail, type Contact, type Outcome } from "./outcome";

/** "Send the notice" (again): only to a person who can be asked, and never a child's before the guardian. */
export async function sendNotice(
  db: Database,
  user: SessionUser,
  program: HolderProgram,
  contact: Contact,
  t: Translate,
): Promise<Outcome> {
  // A child must never get the adult notice: no notice before their age group is chosen.
  if (!contact.ageBandSet) {
    return fail(409, t("people.ageGroupFirstTitle"), t("people.ageGroupFirst", { name: contact.name }), "send-notice");
  }
  const summary = await consentSummary(db, program, contact);
  if (summary.none) {
    return fail(409, t("people.noWayTitle"), t("people.noWay", { name: contact.name }), "send-notice");
  }
  if (summary.allRefusedHere) {
    return fail(409, t("people.optedOutTitle"), t("people.optedOutOwnLink"), "send-notice");
  }
  if (isMinor(contact.ageBand) && contact.guardianConfirmedAt === null) {
    return fail(409, t("people.guardianFirstTitle"), t("people.guardianFirst", { name: contact.name }), "send-notice");
  }
  if (summary.allAgreed) {
    return fail(409, t("people.alreadyAgreedTitle"), t("people.alreadyAgreed", { name: contact.name }), "send-notice");
  }
  const run = await sendNotices(db, user.id, program, contact, { resend: true });
  if (run.sent.length === 0 && run.limited) {
    // One answer for a notice limit and for an address another family's notice was refused by:
    // the holder must not be able to tell them apart (docs/decisions/025, issue #33).
    return fail(429, t("people.noticeHeldTitle"), t("people.noticeHeld", { name: contact.name }), "send-notice");
  }
  return done(
    t("people.noticeSentTitle"),
    t("people.noticeSent", { name: contact.name, channels: channelWords(run.sent, t) }),
    "send-notice",
  );
}
