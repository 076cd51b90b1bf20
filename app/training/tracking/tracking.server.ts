import type { DeliveredForm } from "~/training/library/delivered-form";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { getEnv } from "~/config/env.server";
import { messageDeliveries, sentTime } from "~/mail/message-status.server";
import {
  addressStates,
  normaliseAddress,
  suppressAddress,
  type SuppressionReason,
} from "~/training/people/address-consent.server";
import { cancelPlannedMessages } from "~/training/people/contact-changes.server";
import { hitLimit } from "~/security/request-limits.server";
import { classifyUserAgent, storedUserAgent } from "./preview-agents";
import {
  practiceEvents,
  practiceMessages,
  practiceSuppressions,
  trainingContacts,
  type PracticeEventKind,
} from "~/training/tables";

/**
 * What happened to a practice message: looking a message up by its link's token, and the
 * append-only events (practice_events rows are only ever inserted). The rules that matter:
 * - a GET of the link is only ever "link_fetched" (mail scanners and chat previews fetch links by
 *   themselves); "clicked" needs a POST from the landing page's button, a human action;
 * - hits from known preview agents and hits within seconds of delivery are kept but flagged, and a
 *   flagged click is never counted as a fall;
 * - a message moves its contact's level at most once, by its first counted outcome: down one
 *   after a click (a fall), up one after a spot, always within 1..3.
 */

/** 256 random bits in base64url without padding: exactly 43 characters. */
export const PracticeTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This practice link is not valid.");

export function isPracticeToken(value: unknown): value is string {
  return PracticeTokenSchema.safeParse(value).success;
}

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 3;

export interface PracticeMessageRecord {
  id: string;
  token: string;
  scenarioId: string;
  channel: "email" | "sms";
  outboxMessageId: string | null;
  /** The address it was queued to. */
  address: string | null;
  /** What left (null for a message queued before it was recorded). */
  delivered: DeliveredForm | null;
  /** That address asked us to stop (for every family). */
  addressStopped: boolean;
  contact: { id: string; name: string; ageBand: string; level: number };
}

const messageColumns = {
  id: practiceMessages.id,
  token: practiceMessages.token,
  scenarioId: practiceMessages.scenarioId,
  channel: practiceMessages.channel,
  outboxMessageId: practiceMessages.outboxMessageId,
  contactId: trainingContacts.id,
  contactName: trainingContacts.name,
  ageBand: trainingContacts.ageBand,
  level: trainingContacts.level,
  address: practiceMessages.address,
  delivered: practiceMessages.delivered,
  // A message from before addresses were recorded counts as sent to its channel's address.
  addressStopped: sql<boolean>`EXISTS (SELECT 1 FROM ${practiceSuppressions} WHERE ${practiceSuppressions.address} = mailbox_key(coalesce(${practiceMessages.address}, CASE WHEN ${practiceMessages.channel} = 'email' THEN lower(${trainingContacts.email}) ELSE ${trainingContacts.phone} END)))`,
};

interface MessageRow {
  id: string;
  token: string;
  scenarioId: string;
  channel: string;
  outboxMessageId: string | null;
  contactId: string;
  contactName: string;
  ageBand: string;
  level: number;
  address: string | null;
  delivered: DeliveredForm | null;
  addressStopped: boolean;
}

function toRecord(row: MessageRow): PracticeMessageRecord {
  return {
    id: row.id,
    token: row.token,
    scenarioId: row.scenarioId,
    channel: row.channel as PracticeMessageRecord["channel"],
    outboxMessageId: row.outboxMessageId,
    address: row.address,
    delivered: row.delivered,
    addressStopped: Boolean(row.addressStopped),
    contact: {
      id: row.contactId,
      name: row.contactName,
      ageBand: row.ageBand,
      level: row.level,
    },
  };
}

/** The one queued practice message matching `where`, with its contact; null when there is none. */
async function findQueuedMessage(db: Database, where: SQL | undefined): Promise<PracticeMessageRecord | null> {
  const [row] = await db
    .select(messageColumns)
    .from(practiceMessages)
    .innerJoin(trainingContacts, eq(trainingContacts.id, practiceMessages.contactId))
    .where(and(where, eq(practiceMessages.status, "queued")))
    .limit(1);
  return row ? toRecord(row) : null;
}

/**
 * The practice message a link's token belongs to, or null for anything else: a string of the
 * wrong shape is refused before the database is asked, and only messages that were queued for
 * sending have a token anyone could hold (planned and cancelled ones were never sent).
 */
export async function findPracticeMessageByToken(db: Database, token: unknown): Promise<PracticeMessageRecord | null> {
  if (!isPracticeToken(token)) return null;
  return findQueuedMessage(db, eq(practiceMessages.token, token));
}

/** The practice message sent as this outbox message (a reply's In-Reply-To names its Message-ID). */
export async function findPracticeMessageByOutboxId(
  db: Database,
  outboxMessageId: string,
): Promise<PracticeMessageRecord | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(outboxMessageId)) return null;
  return findQueuedMessage(db, eq(practiceMessages.outboxMessageId, outboxMessageId));
}

/** Seconds from the outbox's delivery of this message to `at`; null when it was not sent. */
async function secondsSinceDelivery(db: Database, outboxMessageId: string | null, at: Date): Promise<number | null> {
  if (!outboxMessageId) return null;
  const sentAt = await sentTime(db, outboxMessageId);
  if (!sentAt) return null;
  return Math.max(0, Math.floor((at.getTime() - sentAt.getTime()) / 1000));
}

export interface EventInput {
  userAgent?: string | null;
  /** A reason kept with the event (a failure, the opt-out source); flag reasons are added to it. */
  detail?: string | null;
  /** Kept, flagged, never counted: why (a report from someone the message was not sent to). */
  notCounted?: string;
  /** A text the person typed back (a reply to a practice text): a person, whatever the agent or timing rules say. */
  byTextReply?: boolean;
  at?: Date;
}

/**
 * How many link fetches, and how many presses after the message's outcome is known, one message
 * keeps in an hour. A person opens a link a few times; a script that fetches it in a loop would
 * otherwise write a row per request (200 GETs were 200 rows). What goes over is not recorded: it
 * could never change the outcome (a GET never counts, and only the first counted press moves the
 * level).
 */
export const LINK_HITS_KEPT_PER_HOUR = 10;
const HOUR = 60 * 60;

async function withinHitAllowance(db: Database, messageId: string, kind: "link_fetched" | "clicked") {
  const state = await hitLimit(db, `practice-hits:${kind}:${messageId}`, {
    max: LINK_HITS_KEPT_PER_HOUR,
    windowSeconds: HOUR,
  });
  return state.allowed;
}

/** Kinds that come from someone (or something) opening the link: these are checked for automation. */
const HIT_KINDS: ReadonlySet<PracticeEventKind> = new Set(["link_fetched", "clicked"]);

export interface RecordedEvent {
  kind: PracticeEventKind;
  flagged: boolean;
  detail: string | null;
  secondsSinceDelivery: number | null;
}

/** Appends one event. Link hits are flagged when a known preview agent made them or they came too soon after delivery. */
export async function recordPracticeEvent(
  db: Database,
  message: Pick<PracticeMessageRecord, "id" | "outboxMessageId">,
  kind: PracticeEventKind,
  input: EventInput = {},
): Promise<RecordedEvent> {
  const at = input.at ?? new Date();
  const seconds = await secondsSinceDelivery(db, message.outboxMessageId, at);
  const flagReasons: string[] = input.notCounted ? [input.notCounted] : [];
  if (HIT_KINDS.has(kind) && !input.byTextReply) {
    const verdict = classifyUserAgent(input.userAgent);
    if (verdict.automated) flagReasons.push(verdict.detail);
    if (seconds !== null && seconds < getEnv().PRACTICE_SCANNER_WINDOW_SECONDS)
      flagReasons.push(`too-soon-after-delivery: ${seconds}s`);
  }
  const flagged = flagReasons.length > 0;
  const reasons = input.detail ? [input.detail, ...flagReasons] : flagReasons;
  const detail = reasons.length ? reasons.join("; ") : null;
  await db.insert(practiceEvents).values({
    messageId: message.id,
    kind,
    occurredAt: at,
    userAgent: storedUserAgent(input.userAgent),
    secondsSinceDelivery: seconds,
    flagged,
    detail,
  });
  return { kind, flagged, detail, secondsSinceDelivery: seconds };
}

export type PracticeOutcome = "clicked" | "spotted" | "reported" | "checked_first" | null;

/** The message's first counted outcome: an unflagged click (a fall) or a spot; null when neither happened yet. */
export async function practiceOutcome(db: Database, messageId: string): Promise<PracticeOutcome> {
  const [first] = await db
    .select({ kind: practiceEvents.kind })
    .from(practiceEvents)
    .where(and(eq(practiceEvents.messageId, messageId), countedOutcome()))
    .orderBy(practiceEvents.occurredAt, practiceEvents.id)
    .limit(1);
  return (first?.kind as PracticeOutcome) ?? null;
}

/** A spot, a report by the person it was sent to, or a person's click (flagged ones are not counted). */
function countedOutcome() {
  return sql`(${practiceEvents.kind} = 'spotted' OR (${practiceEvents.kind} IN ('clicked', 'reported', 'checked_first') AND NOT ${practiceEvents.flagged}))`;
}

export interface OutcomeResult {
  event: RecordedEvent | null;
  /** The contact's level after this event, when this event moved it. */
  newLevel: number | null;
}

/**
 * Records a click or a spot and moves the contact's level if this is the message's first counted
 * outcome. The message row is locked for the check and the write, so two presses at once (a
 * double-click, a retried request) cannot both move the level. A spot is recorded once per message.
 */
async function recordOutcome(
  db: Database,
  message: Pick<PracticeMessageRecord, "id" | "outboxMessageId" | "contact">,
  kind: "clicked" | "spotted" | "reported" | "checked_first",
  input: EventInput,
): Promise<OutcomeResult> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t
      .select({ id: practiceMessages.id })
      .from(practiceMessages)
      .where(eq(practiceMessages.id, message.id))
      .for("update");
    const earlier = await t
      .select({ kind: practiceEvents.kind })
      .from(practiceEvents)
      .where(and(eq(practiceEvents.messageId, message.id), countedOutcome()));
    // Over the hourly allowance, a press is dropped only when it cannot count: the outcome is
    // already known, or a preview agent sent it. A person's first press always counts.
    if (
      kind === "clicked" &&
      !(await withinHitAllowance(t, message.id, "clicked")) &&
      (earlier.length > 0 || (!input.byTextReply && classifyUserAgent(input.userAgent).automated))
    ) {
      return { event: null, newLevel: null };
    }
    if (kind === "spotted" && earlier.some((row) => row.kind === "spotted")) return { event: null, newLevel: null };
    // A drill is answered once: its first reply that checked first or gave something away decides it.
    if ((kind === "checked_first" || input.byTextReply) && earlier.length > 0) return { event: null, newLevel: null };
    // The first report of a message is the one that counts; a forward sent again changes nothing.
    if (kind === "reported" && !input.notCounted && earlier.some((row) => row.kind === "reported")) {
      return { event: null, newLevel: null };
    }
    const event = await recordPracticeEvent(t, message, kind, input);
    const counts = !event.flagged;
    if (!counts || earlier.length > 0) return { event, newLevel: null };
    const step = kind === "clicked" ? -1 : 1;
    const [contact] = await t
      .update(trainingContacts)
      .set({
        level: sql`LEAST(${MAX_LEVEL}, GREATEST(${MIN_LEVEL}, ${trainingContacts.level} + ${step}))`,
        updatedAt: sql`now()`,
      })
      .where(eq(trainingContacts.id, message.contact.id))
      .returning({ level: trainingContacts.level });
    return { event, newLevel: contact?.level ?? null };
  });
}

/** The landing page's button was pressed: a human action, unless the agent says otherwise (then flagged). */
export function recordClick(
  db: Database,
  message: PracticeMessageRecord,
  userAgent: string | null,
): Promise<OutcomeResult> {
  return recordOutcome(db, message, "clicked", { userAgent });
}

/**
 * The person answered a practice text that asked for a reply ("reply YES by 8pm"): doing what
 * the scam asked is a fall, like pressing its button. Only the first counted outcome moves the level.
 */
export function recordRepliedByText(db: Database, message: PracticeMessageRecord): Promise<OutcomeResult> {
  // Only that they answered: a reply's words are never kept (a person may type a real code).
  return recordOutcome(db, message, "clicked", {
    detail: "answered the text as it asked",
    byTextReply: true,
  });
}

/**
 * A reply to a verification drill that checked first (reply-check.ts): a spot of its own, recorded
 * without the reply's words (only that it checked first). Once per message.
 */
export function recordCheckedFirst(db: Database, message: PracticeMessageRecord): Promise<OutcomeResult> {
  return recordOutcome(db, message, "checked_first", { detail: "replied by checking first", byTextReply: true });
}

/** "I spotted it" on the feedback page, or a SCAM/SPOTTED reply by text. Once per message. */
export function recordSpotted(
  db: Database,
  message: PracticeMessageRecord,
  input: EventInput = {},
): Promise<OutcomeResult> {
  return recordOutcome(db, message, "spotted", input);
}

/**
 * The message was reported: forwarded or replied to our report address, a text forwarded to our
 * number or answered SCAM. Counted once, when it came from the address it was sent to; a report
 * from anyone else is kept, flagged, and counts for nothing.
 */
export function recordReported(
  db: Database,
  message: PracticeMessageRecord,
  input: { detail: string; fromRecipient: boolean; at?: Date },
): Promise<OutcomeResult> {
  return recordOutcome(db, message, "reported", {
    detail: input.detail,
    at: input.at,
    notCounted: input.fromRecipient ? undefined : "reported-by-another-address",
  });
}

/** A GET of the practice link: only ever "link_fetched", and at most LINK_HITS_KEPT_PER_HOUR of them an hour (null past that). */
export async function recordLinkFetched(
  db: Database,
  message: PracticeMessageRecord,
  userAgent: string | null,
): Promise<RecordedEvent | null> {
  if (!(await withinHitAllowance(db, message.id, "link_fetched"))) return null;
  return recordPracticeEvent(db, message, "link_fetched", { userAgent });
}

/**
 * The person asked to stop (the stop page's button, a mail app's one-click POST, STOP by text):
 * the address the message went to is suppressed for every family, and so is each other address
 * of theirs that said yes to this family (one stop covers all of them, whichever message they
 * use); everything planned is cancelled, and "opted_out" is recorded on this
 * message, all in one transaction. A second request changes nothing.
 */
export async function stopPracticeMessages(
  db: Database,
  message: Pick<PracticeMessageRecord, "id" | "outboxMessageId" | "contact" | "address" | "channel">,
  source: SuppressionReason,
  userAgent: string | null = null,
): Promise<"stopped" | "already-stopped"> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [contact] = await t.select().from(trainingContacts).where(eq(trainingContacts.id, message.contact.id));
    const addresses = new Set<string>();
    if (message.address) addresses.add(normaliseAddress(message.address));
    if (contact) {
      const own = [contact.email, contact.phone].filter((value): value is string => Boolean(value));
      const states = await addressStates(t, contact.subscriptionId, own);
      for (const state of states.values()) if (state.confirmedAt) addresses.add(state.address);
      // A message from before addresses were recorded: the address of its channel.
      if (!message.address) {
        const fallback = message.channel === "email" ? contact.email : contact.phone;
        if (fallback) addresses.add(normaliseAddress(fallback));
      }
    }
    let changed = false;
    // The stop answered this family's practice message: only this family is told the address said no.
    const answered = { subscriptionIds: contact ? [contact.subscriptionId] : [] };
    for (const address of addresses) if (await suppressAddress(t, address, source, answered)) changed = true;
    if (contact) await cancelPlannedMessages(t, contact.id, `opted out (${source})`);
    if (!changed) return "already-stopped";
    await recordPracticeEvent(t, message, "opted_out", { userAgent, detail: source });
    return "stopped";
  });
}

/**
 * The practice text a reply from this phone is about: the most recent one queued for any contact
 * with this number, preferring texts that were already delivered (a reply comes after a text arrives).
 */
export async function latestPracticeTextTo(db: Database, phone: string): Promise<PracticeMessageRecord | null> {
  const delivery = messageDeliveries();
  const [row] = await db
    .select(messageColumns)
    .from(practiceMessages)
    .innerJoin(trainingContacts, eq(trainingContacts.id, practiceMessages.contactId))
    .leftJoin(delivery, eq(delivery.messageId, practiceMessages.outboxMessageId))
    .where(
      and(
        eq(trainingContacts.phone, phone),
        eq(practiceMessages.channel, "sms"),
        eq(practiceMessages.status, "queued"),
      ),
    )
    .orderBy(sql`${delivery.sentAt} IS NULL`, desc(practiceMessages.queuedAt), desc(practiceMessages.createdAt))
    .limit(1);
  return row ? toRecord(row) : null;
}

/** Every contact with this phone number, with the message a stop is recorded on (their latest queued one, texts first). */
export async function contactsWithPhone(db: Database, phone: string) {
  const contacts = await db
    .select({ id: trainingContacts.id })
    .from(trainingContacts)
    .where(eq(trainingContacts.phone, phone));
  if (contacts.length === 0) return [];
  const queued = await db
    .select({
      id: practiceMessages.id,
      contactId: practiceMessages.contactId,
      outboxMessageId: practiceMessages.outboxMessageId,
    })
    .from(practiceMessages)
    .where(
      and(
        inArray(
          practiceMessages.contactId,
          contacts.map((c) => c.id),
        ),
        eq(practiceMessages.status, "queued"),
      ),
    )
    .orderBy(
      sql`${practiceMessages.channel} = 'sms' DESC`,
      desc(practiceMessages.queuedAt),
      desc(practiceMessages.createdAt),
    );
  return contacts.map((contact) => ({
    contactId: contact.id,
    latestMessage: queued.find((message) => message.contactId === contact.id) ?? null,
  }));
}
