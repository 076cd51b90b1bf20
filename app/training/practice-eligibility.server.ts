import { and, eq, gt, inArray, isNotNull, isNull, notExists, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { customers, subscriptions } from "~/billing/tables";
import { hasMemberAccess, SUBSCRIBED_STATUSES } from "~/billing/subscription-view";
import { smsSuppressions } from "~/mail/tables";
import { isE164 } from "~/mail/sms-suppressions.server";
import type { AgeBand, Channel, DifficultyLevel } from "./practice-scenario-schema";
import { trainingContacts } from "./tables";

/**
 * Who may receive a practice message right now. Asked when a message is planned, again at the
 * moment it is queued (a lot can change in a week), and by "Send a practice message now":
 * - consent was given, and the person has not paused or opted out;
 * - the subscription the contact belongs to still gives the account holder access, by the one
 *   rule (`hasMemberAccess`, the same as `hasMemberAccessNow`): it is the newest subscription of
 *   its customer, active or trialing, and not set to cancel at a period end that has passed;
 * - at least one channel is usable: email enabled with an address, or texts enabled with an E.164
 *   number that has not replied STOP.
 */

export type IneligibleReason = "no consent" | "paused" | "opted out" | "no access" | "no channel";

export interface PracticeRecipient {
  contactId: string;
  subscriptionId: string;
  name: string;
  ageBand: AgeBand;
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

const newerSubscription = alias(subscriptions, "newer_subscription");

async function loadCandidates(db: Database, where: SQL | undefined) {
  return db
    .select({
      contact: trainingContacts,
      holderName: customers.name,
      holderUserId: customers.userId,
      subscription: {
        status: subscriptions.status,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
      },
      newest: sql<boolean>`${notExists(
        db
          .select({ one: sql`1` })
          .from(newerSubscription)
          .where(
            and(
              eq(newerSubscription.customerId, subscriptions.customerId),
              gt(newerSubscription.createdAt, subscriptions.createdAt),
            ),
          ),
      )}`,
      phoneSuppressed: sql<boolean>`${smsSuppressions.phone} IS NOT NULL`,
    })
    .from(trainingContacts)
    .innerJoin(subscriptions, eq(trainingContacts.subscriptionId, subscriptions.id))
    .innerJoin(customers, eq(subscriptions.customerId, customers.id))
    .leftJoin(smsSuppressions, eq(smsSuppressions.phone, trainingContacts.phone))
    .where(where)
    .orderBy(trainingContacts.createdAt, trainingContacts.id);
}

type Candidate = Awaited<ReturnType<typeof loadCandidates>>[number];

function judge(candidate: Candidate, now: Date): Eligibility {
  const { contact } = candidate;
  const no = (reason: IneligibleReason): Eligibility => ({ eligible: false, reason, contactName: contact.name });
  if (contact.optedOutAt) return no("opted out");
  if (!contact.consentGivenAt) return no("no consent");
  if (contact.pausedAt) return no("paused");
  if (!candidate.newest || !hasMemberAccess(candidate.subscription, now)) return no("no access");
  const channels: Channel[] = [];
  if (contact.emailEnabled && contact.email) channels.push("email");
  if (contact.smsEnabled && contact.phone && isE164(contact.phone) && !candidate.phoneSuppressed) channels.push("sms");
  if (channels.length === 0) return no("no channel");
  return {
    eligible: true,
    recipient: {
      contactId: contact.id,
      subscriptionId: contact.subscriptionId,
      name: contact.name,
      ageBand: contact.ageBand as AgeBand,
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
      isNotNull(trainingContacts.consentGivenAt),
      isNull(trainingContacts.pausedAt),
      isNull(trainingContacts.optedOutAt),
      inArray(subscriptions.status, [...SUBSCRIBED_STATUSES]),
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
      options.holderUserId !== undefined ? eq(customers.userId, options.holderUserId) : undefined,
    ),
  );
  return candidate ? judge(candidate, now) : null;
}
