import type { Translate } from "~/i18n/translate";
import type { SessionUser } from "~/account/session.server";
import type { Database } from "~/db/client.server";
import { confirmAddress, ensureAddressConsent, isAddressSuppressed } from "../address-consent.server";
import { sendNotices } from "../contact-notices.server";
import { isMinor } from "../contact-schema";
import type { HolderProgram } from "../programs.server";
import { done, fail, type Contact, type Outcome } from "./outcome";

/**
 * The account holder's own entry: their account email counts as said yes once they have proved
 * they read it (better-auth's emailVerified). A phone on their entry is asked like anyone's (a
 * notice text: its link or a YES reply).
 */
export async function consentForSelf(
  db: Database,
  user: SessionUser,
  program: HolderProgram,
  contact: Contact,
  t: Translate,
): Promise<Outcome> {
  const ownEmail = user.email.toLowerCase();
  if (contact.email === null || contact.email.toLowerCase() !== ownEmail || isMinor(contact.ageBand)) {
    return fail(403, t("people.onlyTheyTitle"), t("people.onlyThey", { name: contact.name }), "self-consent");
  }
  if (!user.emailVerified) {
    return fail(
      403,
      t("people.confirmEmailFirstTitle"),
      t("people.confirmEmailFirst", { email: user.email }),
      "self-consent",
    );
  }
  if (await isAddressSuppressed(db, ownEmail)) {
    return fail(409, t("people.selfStoppedTitle"), t("people.selfStopped"), "self-consent");
  }
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const consent = await ensureAddressConsent(tx, program.subscriptionId, ownEmail);
    await confirmAddress(tx, consent.id, "account-email");
  });
  const run = await sendNotices(db, user.id, program, contact, { resend: false });
  const message = run.sent.includes("sms") ? t("people.selfInWithPhone") : t("people.selfIn");
  return done(t("people.selfInTitle"), message, "self-consent");
}
