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
): Promise<Outcome> {
  const ownEmail = user.email.toLowerCase();
  if (contact.email === null || contact.email.toLowerCase() !== ownEmail || isMinor(contact.ageBand)) {
    return fail(
      403,
      "Only they can say yes",
      `${contact.name} says yes themselves, from the link in their notice.`,
      "self-consent",
    );
  }
  if (!user.emailVerified) {
    return fail(
      403,
      "Confirm your email address first",
      `Open the link in the confirmation email we sent to ${user.email} (My Account can send a new one), then say yes here.`,
      "self-consent",
    );
  }
  if (await isAddressSuppressed(db, ownEmail)) {
    return fail(
      409,
      "You asked us to stop",
      "This address asked not to get practice messages. To start again, ask for a link on the page “Get practice messages again” (/training/opt-in).",
      "self-consent",
    );
  }
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const consent = await ensureAddressConsent(tx, program.subscriptionId, ownEmail);
    await confirmAddress(tx, consent.id, "account-email");
  });
  const run = await sendNotices(db, user.id, program, contact, { resend: false });
  const phone = run.sent.includes("sms")
    ? " We sent your phone a text: reply YES to it to get practice texts too."
    : "";
  return done("You're in", `You will get at most one practice message a week.${phone}`, "self-consent");
}
