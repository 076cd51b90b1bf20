import { and, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { deleteMessages, type WhichMessages } from "~/mail/message-status.server";
import {
  deliveryChecks,
  practiceAddressConsents,
  practiceMessages,
  trainingContacts,
  weeklySummaries,
} from "~/training/tables";
import { forgetUnusedAddresses, normaliseAddress } from "./address-consent.server";

/**
 * Cancels every message planned for a contact, in the caller's transaction: a pause, a removal or
 * any change to when or how messages arrive; the scheduler plans again under the new settings.
 */
export async function cancelPlannedMessages(db: Database, contactId: string, reason: string) {
  await db
    .update(practiceMessages)
    .set({ status: "cancelled", cancelReason: reason })
    .where(and(eq(practiceMessages.contactId, contactId), eq(practiceMessages.status, "planned")));
}

/** The notices asking an address for consent (an adult's, a child's hello): each names the person and the holder. */
const NOTICE_TEMPLATES = ["training-consent-notice", "training-child-notice"];

type PersonOfFamily = Pick<typeof trainingContacts.$inferSelect, "id" | "subscriptionId" | "email" | "phone">;

/**
 * The outbox rows this family's Training Program sent to one person, picked by what ties each to
 * them, never by their address alone (another family, the site's own mail and anyone who had the
 * address before all write to it too):
 * - practice messages, weekly summaries and "Send me a test" checks: their rows point at the outbox row;
 * - the thanks for a report: by the link to its practice message's feedback page (the message's token);
 * - notices: an outbox row keeps no link to its family, but every notice carries its family's
 *   consent link for that address, whose token (256 random bits) is in no other family's mail.
 * `notices: "own-addresses"` leaves out notices to an address someone else in the family still
 * has (removing one person must not take back the notice another one is waiting on).
 */
export async function personMail(
  db: Database,
  person: PersonOfFamily,
  options: { notices: "all" | "own-addresses" },
): Promise<WhichMessages> {
  const linked = await db
    .select({ id: practiceMessages.outboxMessageId })
    .from(practiceMessages)
    .where(eq(practiceMessages.contactId, person.id))
    .union(
      db
        .select({ id: weeklySummaries.outboxMessageId })
        .from(weeklySummaries)
        .where(eq(weeklySummaries.contactId, person.id)),
    )
    .union(
      db
        .select({ id: deliveryChecks.outboxMessageId })
        .from(deliveryChecks)
        .where(eq(deliveryChecks.contactId, person.id)),
    );
  const ids = linked.map((row) => row.id).filter((id): id is string => Boolean(id));
  // The thanks for a report, and the answer to a drill, link to the message's feedback page, by its token.
  const practice = await db
    .select({ token: practiceMessages.token, address: practiceMessages.address })
    .from(practiceMessages)
    .where(and(eq(practiceMessages.contactId, person.id), isNotNull(practiceMessages.address)));
  const thanks = practice.map((message) => ({
    templates: ["practice-report-thanks", "practice-drill-answer"],
    to: [normaliseAddress(message.address!)],
    textMatching: [`/practice/${message.token}/`],
  }));

  let addresses = [person.email, person.phone].filter((value): value is string => Boolean(value)).map(normaliseAddress);
  if (options.notices === "own-addresses" && addresses.length > 0) {
    const others = await db
      .select({ email: trainingContacts.email, phone: trainingContacts.phone })
      .from(trainingContacts)
      .where(
        and(
          eq(trainingContacts.subscriptionId, person.subscriptionId),
          ne(trainingContacts.id, person.id),
          or(inArray(sql`lower(${trainingContacts.email})`, addresses), inArray(trainingContacts.phone, addresses)),
        ),
      );
    const shared = new Set(
      others
        .flatMap((other) => [other.email, other.phone])
        .filter(Boolean)
        .map((a) => normaliseAddress(a!)),
    );
    addresses = addresses.filter((address) => !shared.has(address));
  }
  const consents = addresses.length
    ? await db
        .select({ address: practiceAddressConsents.address, token: practiceAddressConsents.token })
        .from(practiceAddressConsents)
        .where(
          and(
            eq(practiceAddressConsents.subscriptionId, person.subscriptionId),
            inArray(practiceAddressConsents.address, addresses),
          ),
        )
    : [];
  return {
    ids,
    // Tokens are base64url, so each is a regular expression matching only itself.
    sent: [
      ...thanks,
      ...consents.map((consent) => ({
        templates: NOTICE_TEMPLATES,
        to: [consent.address],
        textMatching: [`/training/consent/${consent.token}`],
      })),
    ],
  };
}

/**
 * Deletes the outbox rows this family sent to this person (personMail: their practice messages,
 * weekly summaries, tests and notices, with their text and address), so removing them leaves
 * none of it behind and nothing still queued goes out. The contact row itself (and with it, by
 * cascade, their messages, events, summary guards and tests) is deleted by the caller in the
 * same transaction.
 */
export async function deleteFamilyMemberMessages(tx: Database, contactId: string) {
  const [contact] = await tx.select().from(trainingContacts).where(eq(trainingContacts.id, contactId));
  if (contact) await deleteMessages(tx, await personMail(tx, contact, { notices: "own-addresses" }));
}

/**
 * forgetUnusedAddresses (this family's consent rows for addresses no one in it has any more),
 * with the notices that carry those rows' links: an address taken off a person (a typo corrected,
 * a number given up, the person removed) keeps no mail from the family naming them. In the
 * caller's transaction.
 */
export async function forgetUnusedAddressesAndNotices(tx: Database, subscriptionId: string) {
  const consentsOf = () =>
    tx
      .select({ address: practiceAddressConsents.address, token: practiceAddressConsents.token })
      .from(practiceAddressConsents)
      .where(eq(practiceAddressConsents.subscriptionId, subscriptionId));
  const before = await consentsOf();
  await forgetUnusedAddresses(tx, subscriptionId);
  const kept = new Set((await consentsOf()).map((consent) => consent.token));
  await deleteMessages(tx, {
    sent: before
      .filter((consent) => !kept.has(consent.token))
      .map((consent) => ({
        templates: NOTICE_TEMPLATES,
        to: [consent.address],
        textMatching: [`/training/consent/${consent.token}`],
      })),
  });
}
