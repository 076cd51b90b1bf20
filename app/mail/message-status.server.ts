import { and, asc, eq, gte, inArray, or, sql, type SQL } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { outboxMessages } from "./tables";

/**
 * What the mail capability tells others about the messages they queued (`enqueueEmail`,
 * `enqueueText` return the id to keep): where a message stands, when it went, listing the messages
 * a caller ties to a person, and deleting messages when a person or an account goes. The outbox table is
 * mail's own: other capabilities ask through this module and never read `~/mail/tables` (an ESLint
 * rule says so; docs/decisions/027-capability-boundaries.md).
 */

/** The states the outbox gives a message today (app/mail/outbox.server.ts). */
type OutboxState =
  /** Queued: waiting for its send-at time, a retry, or a worker. */
  | "pending"
  /** A worker claimed it and is sending it now. */
  | "sending"
  /** Handed to the transport (SMTP, Twilio, the local mailbox); `sentAt` says when. */
  | "sent"
  /** Given up: a permanent error, or too many attempts. */
  | "failed"
  /** Its last look before sending said no (the Training Program's quiet hours or a stop). */
  | "dropped";

/**
 * Where a message stands. Open on purpose: a later issue adds states the outbox does not have yet
 * (a delivery or bounce report from the provider, an inbound reply or forward), so a reader treats
 * a state it does not know as "not sent" and never assumes this list is complete.
 */
export type DeliveryState = OutboxState | (string & {});

/**
 * Each message's delivery, as a subquery to join on in a bigger query (so a list of messages stays
 * one query): `messageId` (the outbox id the enqueue call returned), `state`, `sentAt` (set once
 * sent) and `failure` (the last error; for a failed message, why it was given up), with `bouncedAt`
 * and `complainedAt` once a bounce report or a complaint came back for it. Pass another
 * name to join it twice in one query.
 */
export function messageDeliveries(name = "message_delivery") {
  return new QueryBuilder()
    .select({
      messageId: outboxMessages.id,
      state: outboxMessages.status,
      sentAt: outboxMessages.sentAt,
      failure: outboxMessages.lastError,
      channel: outboxMessages.channel,
      transport: outboxMessages.transport,
      providerStatus: outboxMessages.providerStatus,
      providerError: outboxMessages.providerError,
      template: outboxMessages.template,
      bouncedAt: outboxMessages.bouncedAt,
      complainedAt: outboxMessages.complainedAt,
    })
    .from(outboxMessages)
    .as(name);
}

/**
 * Whether a sent message is known to have arrived:
 * - "delivered": an email the receiving mail server accepted (whether it went to the inbox or to
 *   spam is beyond what mail can tell); a text the carrier confirmed (Twilio said "delivered" or
 *   "read"), or one kept in the local mailbox;
 * - "not-delivered": never sent for good (failed), or a text Twilio reported undelivered or failed;
 * - "unknown": a text Twilio took but has not confirmed (yet), or a message not sent yet.
 */
export type Arrival = "delivered" | "not-delivered" | "unknown";

export function arrivalOf(delivery: {
  state: DeliveryState | null;
  channel: string | null;
  transport: string | null;
  providerStatus: string | null;
}): Arrival {
  if (delivery.state === "failed") return "not-delivered";
  if (delivery.state !== "sent") return "unknown";
  if (delivery.channel !== "sms" || delivery.transport !== "twilio") return "delivered";
  if (delivery.providerStatus === "delivered" || delivery.providerStatus === "read") return "delivered";
  if (delivery.providerStatus === "undelivered" || delivery.providerStatus === "failed") return "not-delivered";
  return "unknown";
}

/** When this message was sent; null when it was not (yet), or there is no such message. */
export async function sentTime(db: Database, messageId: string): Promise<Date | null> {
  const [row] = await db
    .select({ sentAt: outboxMessages.sentAt })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, messageId));
  return row?.sentAt ?? null;
}

/** A message as the person it went to may see it listed (no body, no provider details). */
export interface MessageSentTo {
  channel: string;
  template: string;
  recipient: string;
  subject: string | null;
  status: DeliveryState;
  createdAt: Date;
  sentAt: Date | null;
}

/**
 * The messages `which` picks (the same choice as deleteMessages), queued at or after `since`,
 * oldest first: for a person's data download, which lists only the mail its caller can tie to
 * them, never every message that ever went to their address.
 */
export async function listMessages(db: Database, which: WhichMessages, since: Date): Promise<MessageSentTo[]> {
  const picked = messagesPicked(which);
  if (!picked) return [];
  return db
    .select({
      channel: outboxMessages.channel,
      template: outboxMessages.template,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      status: outboxMessages.status,
      createdAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
    })
    .from(outboxMessages)
    .where(and(picked, gte(outboxMessages.createdAt, since)))
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id));
}

/**
 * Messages that no link names, picked by what they are: one of `templates`, to one of `to` (in
 * lower case; the recipient is compared lower-cased), and, when `textMatching` is given, whose
 * text matches one of those PostgreSQL regular expressions (`~`).
 */
export interface MessagesSent {
  templates: string[];
  to: string[];
  textMatching?: string[];
}

/** Messages by their ids, and those matching any of `sent`. */
export interface WhichMessages {
  ids?: Iterable<string>;
  sent?: MessagesSent[];
}

/** The condition picking `which`, or null when it names nothing. */
function messagesPicked(which: WhichMessages): SQL | null {
  const ids = [...(which.ids ?? [])];
  const matches: SQL[] = [];
  if (ids.length > 0) matches.push(inArray(outboxMessages.id, ids));
  for (const sent of which.sent ?? []) {
    // An empty list matches nothing, so that condition is left out rather than sent.
    if (sent.templates.length === 0 || sent.to.length === 0 || sent.textMatching?.length === 0) continue;
    const text = sent.textMatching?.map((pattern) => sql`${outboxMessages.textBody} ~ ${pattern}`);
    matches.push(
      and(
        inArray(outboxMessages.template, sent.templates),
        inArray(sql`lower(${outboxMessages.recipient})`, sent.to),
        ...(text ? [or(...text)] : []),
      )!,
    );
  }
  return matches.length > 0 ? or(...matches)! : null;
}

/**
 * Deletes messages, whatever their state (a queued one then never goes out), in the caller's
 * transaction: those with these ids, and those matching any of `sent`, in one statement. For a
 * person removed from a family and for account deletion; nothing happens when nothing is named.
 */
export async function deleteMessages(db: Database, which: WhichMessages): Promise<void> {
  const picked = messagesPicked(which);
  if (picked) await db.delete(outboxMessages).where(picked);
}
