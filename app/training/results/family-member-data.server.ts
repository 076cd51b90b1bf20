import { addressStates } from "~/training/people/address-consent.server";
import { personMail } from "~/training/people/contact-changes.server";
import { and, asc, eq, inArray } from "drizzle-orm";
import { getEnv } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { arrivalOf, listMessages, messageDeliveries } from "~/mail/message-status.server";
import { findHolderProgram } from "~/training/people/programs.server";
import { practiceLibrary, type PracticeLibrary } from "~/training/library/practice-library.server";
import { messageOutcome, type EventRecord } from "./practice-results";
import { practiceEvents, practiceMessages, trainingContacts, weeklySummaries } from "~/training/tables";

/**
 * A family member's data for the account holder (COPPA lets a parent review and delete a child's
 * information): everything this family's Training Program holds about one person, as JSON. A
 * family sees only what the family did: its own messages to them while they belonged to it, its
 * own consent record, never another family's mail or whether the address refused someone. Deleting it is removing the person
 * (people/contact-changes.server.ts says which outbox rows go with them). Secrets (the consent,
 * summary and message tokens) are left out of the download: they are keys to pages, not
 * information about the person.
 */

const EXPORT_FORMAT = "scam-free family member export, version 2";

/** Null when this account holds no Training Program or the person is not in it (another family's: 404). */
export async function exportFamilyMember(
  db: Database,
  input: { userId: string; contactId: string; now?: Date; library?: Pick<PracticeLibrary, "byId"> },
) {
  const program = await findHolderProgram(db, input.userId, input.now);
  if (!program) return null;
  const [contact] = await db
    .select()
    .from(trainingContacts)
    .where(and(eq(trainingContacts.id, input.contactId), eq(trainingContacts.subscriptionId, program.subscriptionId)));
  if (!contact) return null;
  const library = input.library ?? practiceLibrary();

  const delivery = messageDeliveries();
  const messages = await db
    .select({
      message: practiceMessages,
      outboxStatus: delivery.state,
      sentAt: delivery.sentAt,
      channel: delivery.channel,
      transport: delivery.transport,
      providerStatus: delivery.providerStatus,
    })
    .from(practiceMessages)
    .leftJoin(delivery, eq(delivery.messageId, practiceMessages.outboxMessageId))
    .where(eq(practiceMessages.contactId, contact.id))
    .orderBy(asc(practiceMessages.scheduledFor));
  const events = messages.length
    ? await db
        .select()
        .from(practiceEvents)
        .where(
          inArray(
            practiceEvents.messageId,
            messages.map((row) => row.message.id),
          ),
        )
        .orderBy(asc(practiceEvents.occurredAt), asc(practiceEvents.id))
    : [];
  const summaries = await db
    .select()
    .from(weeklySummaries)
    .where(eq(weeklySummaries.contactId, contact.id))
    .orderBy(asc(weeklySummaries.createdAt));
  // Only the mail this family sent them since they joined it: never everything their address was
  // ever sent (the site's own mail, another family's practice messages, mail to a previous owner).
  const delivered = await listMessages(db, await personMail(db, contact, { notices: "all" }), contact.createdAt);
  const consentStates = await addressStates(
    db,
    contact.subscriptionId,
    [contact.email, contact.phone].filter((value): value is string => Boolean(value)),
  );
  const now = input.now ?? new Date();

  return {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    person: {
      id: contact.id,
      name: contact.name,
      ageBand: contact.ageBand,
      email: contact.email,
      phone: contact.phone,
      emailEnabled: contact.emailEnabled,
      smsEnabled: contact.smsEnabled,
      timeZone: contact.timeZone,
      level: contact.level,
      pausedAt: contact.pausedAt,
      summariesOptedOutAt: contact.summariesOptedOutAt,
      createdAt: contact.createdAt,
      updatedAt: contact.updatedAt,
    },
    consent: {
      guardianConfirmedAt: contact.guardianConfirmedAt,
      guardianUserId: contact.guardianUserId,
      // This family's own record of each address. Whether the address refused (a refusal counts for
      // every family, and may have been made to another one) is not this family's to know.
      addresses: [...consentStates.values()].map((state) => ({
        address: state.address,
        channel: state.channel,
        noticeSentAt: state.noticeSentAt,
        agreedAt: state.confirmedAt,
        how: state.confirmedHow,
      })),
    },
    // What a relative may expect the holder to hold: the messages that went out and what happened,
    // never one still to come (its date would spoil it) and never the device that opened a link.
    practiceMessages: messages
      .filter(wentOut)
      .map(({ message, outboxStatus, sentAt, channel, transport, providerStatus }) => {
        const own = events.filter((event) => event.messageId === message.id);
        const went = outboxStatus === "sent" ? sentAt : null;
        return {
          id: message.id,
          scenarioId: message.scenarioId,
          scenarioTitle: library.byId(message.scenarioId)?.title ?? null,
          channel: message.channel,
          level: message.level,
          sentAt: went,
          delivery: outboxStatus === "failed" ? "not delivered" : "sent",
          // As the family results show it on the day of the download.
          outcome: messageOutcome(
            {
              sentAt: went,
              arrival: arrivalOf({ state: outboxStatus, channel, transport, providerStatus }),
              events: own.map((event) => ({ ...event, kind: event.kind as EventRecord["kind"] })),
            },
            now,
            getEnv().PRACTICE_RESPONSE_WINDOW_DAYS,
          ),
          events: own.map((event) => ({
            kind: event.kind,
            occurredAt: event.occurredAt,
            secondsSinceDelivery: event.secondsSinceDelivery,
            flagged: event.flagged,
            detail: event.detail,
          })),
        };
      }),
    weeklySummaries: summaries.map((summary) => ({ weekKey: summary.weekKey, createdAt: summary.createdAt })),
    // Only what went out: a message still waiting in the outbox is a practice message to come.
    messagesSentToThem: delivered.filter((message) => message.status === "sent" || message.status === "failed"),
  };
}

/** A practice message that left (or was given up), as opposed to one planned or still waiting to go. */
function wentOut(row: { message: { status: string }; outboxStatus: string | null }): boolean {
  return row.message.status === "queued" && (row.outboxStatus === "sent" || row.outboxStatus === "failed");
}
