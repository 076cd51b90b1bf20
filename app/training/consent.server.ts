import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, subscriptions } from "~/billing/tables";
import { getMailBranding } from "~/mail/mailer.server";
import { enqueueEmail, enqueueText } from "~/mail/outbox.server";
import { isPhoneSuppressed } from "~/mail/sms-suppressions.server";
import { optOutContact } from "./contact-changes.server";
import { isMinor } from "./contact-schema";
import { contactStatus, type ContactStatus } from "./contact-status";
import { trainingContacts } from "./tables";
import { childNoticeEmail, childNoticeText, consentNoticeEmail, consentNoticeText } from "./training-emails";

/**
 * Consent: nothing is sent to anyone before it. An adult says yes (or no) on the page their
 * notice links to; for a child or teen the paying parent or guardian confirms on
 * /account/training, and the child then gets a friendly notice. Opting out is the person's own
 * choice and only they can undo it, from the same page.
 */

type Contact = typeof trainingContacts.$inferSelect;

export function consentUrl(token: string): string {
  return `${getMailBranding().siteUrl}/training/consent/${encodeURIComponent(token)}`;
}

export type NoticeChannel = "email" | "sms";

/**
 * Queues the notice a contact should get now, on the channels practice messages would use (an
 * email when emails are on, a text when texts are on and the number has not replied STOP), inside
 * the caller's transaction; marks `noticeSentAt`. An adult gets the request for consent; a child
 * or teen the friendly hello (only call that after the guardian agreed). Returns the outbox ids
 * (for `notifyOutbox` after commit) and the channels used; none when no channel is on.
 */
export async function queueNotice(
  tx: Database,
  contact: Contact,
  holderName: string,
): Promise<{ outboxIds: string[]; channels: NoticeChannel[] }> {
  const brand = getMailBranding();
  const input = { contactName: contact.name, holderName, consentUrl: consentUrl(contact.consentToken) };
  const minor = isMinor(contact.ageBand);
  const outboxIds: string[] = [];
  const channels: NoticeChannel[] = [];
  if (contact.email && contact.emailEnabled) {
    const content = minor ? childNoticeEmail(brand, input) : consentNoticeEmail(brand, input);
    outboxIds.push(
      await enqueueEmail(tx, {
        template: minor ? "training-child-notice" : "training-consent-notice",
        to: contact.email,
        ...content,
      }),
    );
    channels.push("email");
  }
  if (contact.phone && contact.smsEnabled && !(await isPhoneSuppressed(tx, contact.phone))) {
    const body = minor ? childNoticeText(brand, input) : consentNoticeText(brand, input);
    outboxIds.push(
      await enqueueText(tx, {
        template: minor ? "training-child-notice" : "training-consent-notice",
        to: contact.phone,
        body,
      }),
    );
    channels.push("sms");
  }
  if (channels.length > 0) {
    await tx
      .update(trainingContacts)
      .set({ noticeSentAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(trainingContacts.id, contact.id));
  }
  return { outboxIds, channels };
}

/** The name of the account holder who enrolled a contact (the name given at checkout). */
export async function holderNameFor(db: Database, subscriptionId: string): Promise<string> {
  const [row] = await db
    .select({ name: customers.name })
    .from(subscriptions)
    .innerJoin(customers, eq(subscriptions.customerId, customers.id))
    .where(eq(subscriptions.id, subscriptionId));
  return row?.name ?? "A family member";
}

/** What the consent page shows: the same facts as the notice, and where things stand. */
export interface ConsentView {
  contactName: string;
  holderName: string;
  minor: boolean;
  status: ContactStatus;
  /** A child or teen whose guardian has not confirmed yet cannot say yes for themselves. */
  waitingForGuardian: boolean;
  email: string | null;
  phone: string | null;
  textsOn: boolean;
  emailsOn: boolean;
}

async function contactByToken(db: Database, token: string): Promise<Contact | null> {
  // Tokens are base64url; anything else cannot be one, and is not worth a query.
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [contact] = await db.select().from(trainingContacts).where(eq(trainingContacts.consentToken, token));
  return contact ?? null;
}

/** Reads only: mail scanners open links in emails, and that must never change anything. */
export async function findConsentView(db: Database, token: string): Promise<ConsentView | null> {
  const contact = await contactByToken(db, token);
  if (!contact) return null;
  const minor = isMinor(contact.ageBand);
  return {
    contactName: contact.name,
    holderName: await holderNameFor(db, contact.subscriptionId),
    minor,
    status: contactStatus(contact),
    waitingForGuardian: minor && !contact.consentGivenAt,
    email: contact.email,
    phone: contact.phone,
    emailsOn: contact.emailEnabled && contact.email !== null,
    textsOn: contact.smsEnabled && contact.phone !== null,
  };
}

export type ConsentOutcome = "unknown" | "accepted" | "declined" | "needs-guardian";

/**
 * The person's answer on the consent page. "Yes" records their own consent (or, when they had
 * opted out, lifts that: only they can); "No" opts them out and cancels anything planned. Every
 * update is tied to the token, so an answer on a link that was replaced a moment ago (the holder
 * changed the address) changes nothing.
 */
export async function answerConsent(db: Database, token: string, choice: "yes" | "no"): Promise<ConsentOutcome> {
  const contact = await contactByToken(db, token);
  if (!contact) return "unknown";
  if (choice === "no") {
    await optOutContact(db, contact.id, "consent-page");
    return "declined";
  }
  const sameLink = and(eq(trainingContacts.id, contact.id), eq(trainingContacts.consentToken, token));
  if (isMinor(contact.ageBand)) {
    // A child's yes only undoes their own stop; the consent itself is their guardian's.
    if (!contact.consentGivenAt) return "needs-guardian";
    const rows = await db
      .update(trainingContacts)
      .set({ optedOutAt: null, optOutSource: null, updatedAt: sql`now()` })
      .where(sameLink)
      .returning({ id: trainingContacts.id });
    return rows.length > 0 ? "accepted" : "unknown";
  }
  // Already agreed and not stopped: keep the time they first said yes.
  if (contact.consentGivenAt && !contact.optedOutAt) return "accepted";
  const rows = await db
    .update(trainingContacts)
    .set({
      consentGivenAt: sql`now()`,
      consentMethod: "self",
      consentBy: contact.email ?? contact.phone,
      optedOutAt: null,
      optOutSource: null,
      updatedAt: sql`now()`,
    })
    .where(sameLink)
    .returning({ id: trainingContacts.id });
  return rows.length > 0 ? "accepted" : "unknown";
}
