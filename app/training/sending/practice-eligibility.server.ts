import { practiceLanguageOf, type PracticeLanguage } from "~/family/practice-language";
import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { subscriptionHolders } from "~/billing/subscription-holders.server";
import { hasMemberAccess, SUBSCRIBED_STATUSES } from "~/billing/subscription-view";
import { isE164, phoneRepliedStop } from "~/mail/sms-suppressions.server";
import type { AgeBand, Channel, DifficultyLevel } from "~/training/library/practice-scenario-schema";
import { mailboxKeyOf } from "~/training/people/address-consent.server";
import { isMinor } from "~/training/people/contact-schema";
import { deliveriesFailingSql } from "~/training/people/failed-deliveries.server";
import { practiceAddressConsents, practiceSuppressions, trainingContacts } from "~/training/tables";

/**
 * Who may receive a practice message right now. Asked when a message is planned, again at the
 * moment it is queued (a lot can change in a week), and by "Send a practice message now":
 * - an address of theirs said yes itself, for this family, and is not suppressed (consent by
 *   address, docs/decisions/025); a child or teen also needs their guardian's confirmation; they
 *   are not paused;
 * - the subscription the contact belongs to still gives the account holder access, by the one
 *   rule (`hasMemberAccess`, the same as `hasMemberAccessNow`): it is the newest subscription of
 *   its customer, active or trialing, and not set to cancel at a period end that has passed;
 * - at least one channel is usable: email enabled with an address that said yes and is not
 *   suppressed (a refusal is kept by mailbox: "name+1@" is suppressed when "name@" said no),
 *   or texts enabled with an E.164 number that said yes, is not suppressed and has not
 *   replied STOP. Email also rests while email_practice_paused_until is ahead (the person
 *   marked a practice email as spam). Only those channels are offered, so nothing can go to an address that did not
 *   agree.
 */

export type IneligibleReason = "no consent" | "paused" | "opted out" | "no access" | "no channel";

export interface PracticeRecipient {
  contactId: string;
  subscriptionId: string;
  name: string;
  ageBand: AgeBand;
  /** The language they read: only scenarios written in it are chosen for them. */
  language: PracticeLanguage;
  email: string | null;
  phone: string | null;
  timeZone: string;
  level: DifficultyLevel;
  /** The account holder who enrolled them (the customer's name), for the footer. */
  holderName: string;
  holderUserId: string | null;
  /** Usable channels, email first. */
  channels: Channel[];
}

export type Eligibility =
  { eligible: true; recipient: PracticeRecipient } | { eligible: false; reason: IneligibleReason; contactName: string };

const holders = subscriptionHolders();
const emailConsent = alias(practiceAddressConsents, "email_consent");
const phoneConsent = alias(practiceAddressConsents, "phone_consent");
const emailSuppression = alias(practiceSuppressions, "email_suppression");
const phoneSuppression = alias(practiceSuppressions, "phone_suppression");

async function loadCandidates(db: Database, where: SQL | undefined) {
  return db
    .select({
      contact: trainingContacts,
      holderName: holders.holderName,
      holderUserId: holders.holderUserId,
      subscription: {
        status: holders.status,
        cancelAtPeriodEnd: holders.cancelAtPeriodEnd,
        currentPeriodEnd: holders.currentPeriodEnd,
      },
      newest: holders.newest,
      phoneStopped: phoneRepliedStop(trainingContacts.phone),
      emailAgreed: sql<boolean>`${emailConsent.confirmedAt} IS NOT NULL`,
      phoneAgreed: sql<boolean>`${phoneConsent.confirmedAt} IS NOT NULL`,
      emailSuppressed: sql<boolean>`${emailSuppression.address} IS NOT NULL`,
      emailRefusedHere: sql<boolean>`${emailConsent.refusedAt} IS NOT NULL`,
      phoneRefusedHere: sql<boolean>`${phoneConsent.refusedAt} IS NOT NULL`,
      emailBounced: deliveriesFailingSql("email", sql`lower(${trainingContacts.email})`),
      textsUndelivered: deliveriesFailingSql("sms", sql`${trainingContacts.phone}`),
      phoneSuppressed: sql<boolean>`${phoneSuppression.address} IS NOT NULL`,
    })
    .from(trainingContacts)
    .innerJoin(holders, eq(trainingContacts.subscriptionId, holders.subscriptionId))
    .leftJoin(
      emailConsent,
      and(
        eq(emailConsent.subscriptionId, trainingContacts.subscriptionId),
        eq(emailConsent.address, sql`lower(${trainingContacts.email})`),
      ),
    )
    .leftJoin(
      phoneConsent,
      and(
        eq(phoneConsent.subscriptionId, trainingContacts.subscriptionId),
        eq(phoneConsent.address, trainingContacts.phone),
      ),
    )
    .leftJoin(emailSuppression, eq(emailSuppression.address, mailboxKeyOf(trainingContacts.email)))
    .leftJoin(phoneSuppression, eq(phoneSuppression.address, trainingContacts.phone))
    .where(where)
    .orderBy(trainingContacts.createdAt, trainingContacts.id);
}

type Candidate = Awaited<ReturnType<typeof loadCandidates>>[number];

function judge(candidate: Candidate, now: Date): Eligibility {
  const { contact } = candidate;
  const no = (reason: IneligibleReason): Eligibility => ({ eligible: false, reason, contactName: contact.name });
  const email = contact.emailEnabled && contact.email !== null;
  const phone = contact.smsEnabled && contact.phone !== null;
  const enabled = [
    ...(email
      ? [
          {
            agreed: candidate.emailAgreed,
            suppressed: candidate.emailSuppressed,
            refusedHere: candidate.emailRefusedHere,
          },
        ]
      : []),
    ...(phone
      ? [
          {
            agreed: candidate.phoneAgreed,
            suppressed: candidate.phoneSuppressed,
            refusedHere: candidate.phoneRefusedHere,
          },
        ]
      : []),
  ];
  // "Opted out" only when each address refused this family's own notice or message; one suppressed
  // by a refusal to another family reads as "no consent" (it has not said yes to this one).
  if (enabled.length > 0 && enabled.every((address) => address.suppressed && address.refusedHere))
    return no("opted out");
  if (!enabled.some((address) => address.agreed && !address.suppressed)) return no("no consent");
  if (isMinor(contact.ageBand) && contact.guardianConfirmedAt === null) return no("no consent");
  if (contact.pausedAt) return no("paused");
  if (!candidate.newest || !hasMemberAccess(candidate.subscription, now)) return no("no access");
  const channels: Channel[] = [];
  // A "Report spam" on a practice email rests email practice for a while (practice-complaints.server.ts).
  const emailResting = contact.emailPracticePausedUntil !== null && contact.emailPracticePausedUntil > now;
  if (email && candidate.emailAgreed && !candidate.emailSuppressed && !candidate.emailBounced && !emailResting)
    channels.push("email");
  if (
    phone &&
    isE164(contact.phone!) &&
    candidate.phoneAgreed &&
    !candidate.phoneSuppressed &&
    !candidate.phoneStopped &&
    !candidate.textsUndelivered
  )
    channels.push("sms");
  if (channels.length === 0) return no("no channel");
  return {
    eligible: true,
    recipient: {
      contactId: contact.id,
      subscriptionId: contact.subscriptionId,
      name: contact.name,
      ageBand: contact.ageBand as AgeBand,
      language: practiceLanguageOf(contact.language),
      email: contact.email,
      phone: contact.phone,
      timeZone: contact.timeZone,
      level: Math.min(3, Math.max(1, contact.level)) as DifficultyLevel,
      holderName: candidate.holderName,
      holderUserId: candidate.holderUserId,
      channels,
    },
  };
}

/** Every contact who may receive a practice message at `now` (the planner's list). */
export async function eligibleRecipients(db: Database, now: Date): Promise<PracticeRecipient[]> {
  // The database narrows the list; `judge` applies the full rule, period end included.
  const candidates = await loadCandidates(
    db,
    and(
      or(isNotNull(emailConsent.confirmedAt), isNotNull(phoneConsent.confirmedAt)),
      isNull(trainingContacts.pausedAt),
      inArray(holders.status, [...SUBSCRIBED_STATUSES]),
    ),
  );
  return candidates.flatMap((candidate) => {
    const verdict = judge(candidate, now);
    return verdict.eligible ? [verdict.recipient] : [];
  });
}

/**
 * One contact's eligibility at `now`. With `holderUserId`, only a contact of that account
 * holder's own subscriptions is found (anything else is "not found", never "not yours").
 */
export async function contactEligibility(
  db: Database,
  contactId: string,
  now: Date,
  options: { holderUserId?: string } = {},
): Promise<Eligibility | null> {
  const [candidate] = await loadCandidates(
    db,
    and(
      eq(trainingContacts.id, contactId),
      options.holderUserId !== undefined ? eq(holders.holderUserId, options.holderUserId) : undefined,
    ),
  );
  return candidate ? judge(candidate, now) : null;
}
