import { and, eq } from "drizzle-orm";
import { familyPlanSummary } from "~/billing/membership.server";
import type { Database } from "~/db/client.server";
import { getMailBranding } from "~/mail/mailer.server";
import { enqueueEmail, enqueueText } from "~/mail/outbox.server";
import { isPhoneSuppressed } from "~/mail/sms-suppressions.server";
import {
  addressStates,
  confirmAddress,
  contactHasAddress,
  findAddressConsentByToken,
  liftSuppression,
  suppressAddress,
  type AddressChannel,
} from "./address-consent.server";
import { isMinor } from "./contact-schema";
import { contactStatus, type ContactStatus } from "./contact-status";
import { trainingContacts } from "~/training/tables";
import { practiceSendingSetup } from "~/training/library/practice-sending-setup.server";
import { nameForStranger, strangerNames, type StrangerNames } from "./stranger-names";
import { childNoticeEmail, childNoticeText, consentNoticeEmail, consentNoticeText } from "./training-emails";
import { childNoticeEmailEs, childNoticeTextEs, consentNoticeEmailEs, consentNoticeTextEs } from "./training-emails-es";
import { practiceLanguageOf, type PracticeLanguage } from "~/family/practice-language";

/**
 * Consent: nothing is sent to an address before it says yes itself (docs/decisions/025). Each
 * notice goes to one address and carries that address's own link, so pressing its "yes" proves
 * the person reads that inbox or phone. An adult's notice asks "Yes, send me practice messages";
 * a child's or teen's, sent once their parent or guardian confirmed, says "Yes, I'm in" (a parent
 * may press it with them). "No thanks" and "This isn't me" suppress the address for every family.
 */

type Contact = typeof trainingContacts.$inferSelect;

export function consentUrl(token: string): string {
  return `${getMailBranding().siteUrl}/training/consent/${encodeURIComponent(token)}`;
}

export type NoticeChannel = AddressChannel;

/**
 * Queues the notice for one address of a contact, inside the caller's transaction: the request
 * for consent for an adult, the friendly hello with "Yes, I'm in" for a child or teen (only call
 * that after the guardian agreed). A phone that replied STOP gets nothing. Returns the outbox id,
 * or null when nothing could be queued.
 */
export async function queueNotice(
  tx: Database,
  notice: {
    contact: Contact;
    channel: NoticeChannel;
    address: string;
    token: string;
    holderName: string;
    /** A text's "Reply YES 4821" (address-consent.server.ts replyCodeFor). */
    replyCode?: string | null;
  },
): Promise<string | null> {
  const brand = getMailBranding();
  const { contact } = notice;
  const input = {
    contactName: contact.name,
    holderName: notice.holderName,
    consentUrl: consentUrl(notice.token),
    reportAddress: practiceSendingSetup()?.reportAddress ?? null,
    textSenders: practiceSendingSetup()?.textSenders ?? [],
  };
  const minor = isMinor(contact.ageBand);
  const template = minor ? "training-child-notice" : "training-consent-notice";
  // In the language they read (issue #39): a Spanish-reading grandmother's notice is in Spanish.
  const notices = NOTICES[practiceLanguageOf(contact.language)];
  if (notice.channel === "email") {
    const content = minor ? notices.childEmail(brand, input) : notices.adultEmail(brand, input);
    return enqueueEmail(tx, { template, to: notice.address, ...content });
  }
  if (await isPhoneSuppressed(tx, notice.address)) return null;
  const textInput = { ...input, replyCode: notice.replyCode };
  const body = minor ? notices.childText(brand, textInput) : notices.adultText(brand, textInput);
  return enqueueText(tx, { template, to: notice.address, body });
}

const NOTICES = {
  en: {
    adultEmail: consentNoticeEmail,
    adultText: consentNoticeText,
    childEmail: childNoticeEmail,
    childText: childNoticeText,
  },
  es: {
    adultEmail: consentNoticeEmailEs,
    adultText: consentNoticeTextEs,
    childEmail: childNoticeEmailEs,
    childText: childNoticeTextEs,
  },
} as const;

/**
 * The name of the account holder who enrolled a contact (the name given at checkout); "" when the
 * plan has none, which strangerNames words neutrally.
 */
async function holderNameFor(db: Database, subscriptionId: string): Promise<string> {
  return (await familyPlanSummary(db, subscriptionId))?.holderName ?? "";
}

/**
 * What the consent page shows: the same facts as the notice, and where this address stands. The
 * address has not necessarily said yes, so the names are the notice's (strangerNames).
 */
export interface ConsentView {
  names: StrangerNames;
  /** The same names, or null where none can be shown: the Spanish page words its own fallbacks. */
  firstNames: { holder: string | null; person: string | null };
  /** The language the person reads: the page, its answers and its facts are in it (issue #39). */
  language: PracticeLanguage;
  minor: boolean;
  /** The address this link was sent to, and by which channel. */
  address: string;
  channel: NoticeChannel;
  /** This address: waiting, agreed ("active"/"paused" for the person), or opted out. */
  status: ContactStatus;
  /** A child or teen whose guardian has not confirmed (again) cannot say yes for themselves. */
  waitingForGuardian: boolean;
}

/** The address row behind a link, and the family member who has that address now (if anyone). */
export async function linkTarget(db: Database, token: string) {
  const consent = await findAddressConsentByToken(db, token);
  if (!consent) return null;
  const [contact] = await db
    .select()
    .from(trainingContacts)
    .where(and(eq(trainingContacts.subscriptionId, consent.subscriptionId), contactHasAddress(consent.address)))
    .orderBy(trainingContacts.createdAt)
    .limit(1);
  // The address was taken away from the person since the notice: the link no longer works.
  return contact ? { consent, contact } : null;
}

/** Reads only: mail scanners open links in emails, and that must never say yes or no for anyone. */
export async function findConsentView(db: Database, token: string): Promise<ConsentView | null> {
  const target = await linkTarget(db, token);
  if (!target) return null;
  const { consent, contact } = target;
  const minor = isMinor(contact.ageBand);
  const state = (await addressStates(db, consent.subscriptionId, [consent.address])).get(consent.address)!;
  const holderName = await holderNameFor(db, contact.subscriptionId);
  return {
    names: strangerNames({ contactName: contact.name, holderName }),
    firstNames: { holder: nameForStranger(holderName), person: nameForStranger(contact.name) },
    language: practiceLanguageOf(contact.language),
    minor,
    address: consent.address,
    channel: consent.channel as NoticeChannel,
    status: contactStatus({
      minor,
      guardianConfirmed: contact.guardianConfirmedAt !== null,
      paused: contact.pausedAt !== null,
      addresses: [{ confirmed: state.confirmedAt !== null, suppressed: state.suppressed }],
    }),
    waitingForGuardian: minor && contact.guardianConfirmedAt === null,
  };
}

export type ConsentChoice = "yes" | "no" | "not-me";
export type ConsentOutcome = "unknown" | "accepted" | "declined" | "not-me" | "needs-guardian";

/**
 * The answer on the consent page, from the person holding the link sent to this address. "Yes"
 * confirms this address for this family (and, when the address had said no before, lifts that:
 * the link proves it is the address itself asking). "No thanks" and "This isn't me" suppress the
 * address for every family and cancel anything planned for it.
 */
export async function answerConsent(db: Database, token: string, choice: ConsentChoice): Promise<ConsentOutcome> {
  const target = await linkTarget(db, token);
  if (!target) return "unknown";
  const { consent, contact } = target;
  if (choice !== "yes") {
    // The refusal answered this family's notice: this family is told; every other family is not.
    await db.transaction(async (tx) =>
      suppressAddress(tx as unknown as Database, consent.address, choice === "no" ? "no-thanks" : "not-me", {
        subscriptionIds: [consent.subscriptionId],
      }),
    );
    return choice === "no" ? "declined" : "not-me";
  }
  if (isMinor(contact.ageBand) && contact.guardianConfirmedAt === null) return "needs-guardian";
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await liftSuppression(t, consent.address);
    await confirmAddress(t, consent.id, "notice-link");
  });
  return "accepted";
}
