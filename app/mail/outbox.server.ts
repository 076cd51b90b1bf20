import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { outboxMessages } from "~/mail/tables";
import { PermanentDeliveryError } from "./delivery-errors";
import { isE164, isPhoneSuppressed, suppressPhone } from "./sms-suppressions.server";
import type { SmsTransport } from "./sms-transports.server";
import type { EmailContent } from "./templates";
import type { MailTransport } from "./transports.server";

/**
 * How long a claim lasts. Short, because a heartbeat renews it every quarter of that while the send
 * is still running: a slow send keeps its message (a worker would have to stall for three quarters
 * of it to lose one), and a message whose worker died mid-send is claimable again within this many
 * seconds (the restarted worker's start-up sweep wakes it for that moment).
 */
export const CLAIM_SECONDS = 8;
/**
 * Twilio's clock and the database's may differ a little: a text Twilio took is looked for from this
 * long before its outbox row was written.
 */
const PROVIDER_CLOCK_SKEW_MS = 5 * 60_000;
/** After this many failed attempts the message is marked failed and left for a person to look at. */
export const MAX_ATTEMPTS = 8;
/** First retry after this many seconds, doubled each time, at most an hour. */
export const RETRY_BASE_SECONDS = 5;
const MAX_RETRY_DELAY_SECONDS = 3600;

/** Account emails go ahead of everything else: someone is waiting for them right now. */
export const ACCOUNT_PRIORITY = 10;
export const DEFAULT_PRIORITY = 0;
const ACCOUNT_TEMPLATES = new Set([
  "password-reset",
  "password-changed",
  "account-exists",
  "confirm-email",
  "sign-in-failures",
]);

interface Scheduling {
  /** Not sent before this time. */
  sendAt?: Date;
  /** Overrides the priority the template gives (account emails 10, others 0). */
  priority?: number;
}

export interface NewEmail extends EmailContent, Scheduling {
  template: string;
  to: string;
  headers?: Record<string, string>;
  /** Another display name for the From line. */
  senderName?: string;
  /** Another address for the From line (and so the envelope sender) than MAIL_FROM's. */
  senderAddress?: string;
}

export interface NewText extends Scheduling {
  template: string;
  /** E.164 phone number, e.g. +15551234567. */
  to: string;
  body: string;
  /** Which of our numbers it comes from (TWILIO_FROM lists several); the first when left out. */
  from?: string | null;
}

function priorityFor(template: string, priority: number | undefined) {
  return priority ?? (ACCOUNT_TEMPLATES.has(template) ? ACCOUNT_PRIORITY : DEFAULT_PRIORITY);
}

/**
 * Writes an email to the outbox. Pass the transaction of the change that caused it, so either both
 * happen or neither does. Returns the message id; `notifyOutbox` then wakes the worker.
 */
export async function enqueueEmail(db: Database, email: NewEmail): Promise<string> {
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: "email",
      template: email.template,
      recipient: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      senderName: email.senderName ?? null,
      senderAddress: email.senderAddress ?? null,
      headers: email.headers ?? {},
      priority: priorityFor(email.template, email.priority),
      sendAt: email.sendAt ?? null,
      nextAttemptAt: email.sendAt ?? null,
    })
    .returning({ id: outboxMessages.id });
  return row.id;
}

/** Writes a text message to the outbox, like `enqueueEmail`. The number must be E.164. */
export async function enqueueText(db: Database, text: NewText): Promise<string> {
  if (!isE164(text.to)) throw new Error(`not an E.164 phone number: ${text.to}`);
  if (text.body.trim() === "") throw new Error("a text message needs a body");
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: "sms",
      template: text.template,
      recipient: text.to,
      subject: null,
      textBody: text.body,
      senderAddress: text.from ?? null,
      priority: priorityFor(text.template, text.priority),
      sendAt: text.sendAt ?? null,
      nextAttemptAt: text.sendAt ?? null,
    })
    .returning({ id: outboxMessages.id });
  return row.id;
}

/**
 * What a last look at a message, just before it goes, decides: send it; hold it until a later
 * moment (not counted as an attempt); or drop it, because what allowed it when it was queued no
 * longer holds.
 */
export type LastLook =
  { verdict: "send" } | { verdict: "hold"; until: Date; reason: string } | { verdict: "drop"; reason: string };

/** One transport per channel, chosen from the configuration (see mailer.server.ts). */
export interface DeliveryChannels {
  email: MailTransport;
  sms: SmsTransport;
  /** The From line of emails. */
  emailFrom: string;
  /**
   * Asked about every message just before it is sent. A message can wait in the outbox (a retry,
   * a worker that was down) while the world changes: the Training Program uses this to keep
   * practice messages inside quiet hours and to drop one whose person has said stop since.
   */
  lastLook?: (db: Database, message: OutboxMessage) => Promise<LastLook>;
}

export interface DeliveryTuning {
  claimSeconds?: number;
  retryBaseSeconds?: number;
}

/** "taken-over": this worker's claim ran out before it sent, and another worker holds the message. */
export type DeliveryOutcome = "sent" | "not-claimable" | "retry" | "held" | "dropped" | "failed" | "taken-over";

export interface DeliveryResult {
  id: string;
  channel: string;
  outcome: Exclude<DeliveryOutcome, "not-claimable">;
  /** For a retry or a held message: when it may be tried again. */
  nextAttemptAt?: Date;
  error?: string;
  /** Sent by an earlier attempt whose outcome was unknown: found at the provider, not sent again. */
  foundAtProvider?: true;
}

/** Waiting and due, or claimed by a worker whose claim ran out (it died mid-send). */
const isDue = () =>
  or(
    and(
      eq(outboxMessages.status, "pending"),
      or(isNull(outboxMessages.nextAttemptAt), lte(outboxMessages.nextAttemptAt, sql`now()`)),
    ),
    and(eq(outboxMessages.status, "sending"), lt(outboxMessages.claimedUntil, sql`now()`)),
  );

const claim = (claimSeconds: number) => ({
  status: "sending",
  attempts: sql`${outboxMessages.attempts} + 1`,
  claimedUntil: sql`now() + make_interval(secs => ${claimSeconds})`,
});

export type OutboxMessage = typeof outboxMessages.$inferSelect;

/**
 * Claims up to `limit` due messages, the highest priority first, then the oldest. SKIP LOCKED lets
 * several workers claim at once without waiting for, or taking, each other's rows.
 */
export async function claimDueMessages(
  db: Database,
  limit: number,
  claimSeconds = CLAIM_SECONDS,
): Promise<OutboxMessage[]> {
  const candidates = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(isDue())
    .orderBy(desc(outboxMessages.priority), asc(outboxMessages.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(outboxMessages)
    .set(claim(claimSeconds))
    .where(and(inArray(outboxMessages.id, candidates), isDue()))
    .returning();
  return claimed.sort((a, b) => b.priority - a.priority || a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * Sends one claimed message and records the result. Every update is conditional on this claim
 * (status 'sending' and this attempt number), so a worker can never overwrite another's outcome.
 */
export async function sendClaimedMessage(
  db: Database,
  channels: DeliveryChannels,
  message: OutboxMessage,
  tuning: DeliveryTuning = {},
): Promise<DeliveryResult> {
  const claimSeconds = tuning.claimSeconds ?? CLAIM_SECONDS;
  const ours = and(
    eq(outboxMessages.id, message.id),
    eq(outboxMessages.status, "sending"),
    eq(outboxMessages.attempts, message.attempts),
  );
  const heartbeat = setInterval(
    () => {
      db.update(outboxMessages)
        .set({ claimedUntil: sql`now() + make_interval(secs => ${claimSeconds})` })
        .where(ours)
        .catch(() => {
          // A missed beat only shortens the claim; the next one tries again.
        });
    },
    (claimSeconds * 1000) / 4,
  );
  const base = { id: message.id, channel: message.channel };
  const recordSent = (transport: string, providerMessageId: string | null) =>
    db
      .update(outboxMessages)
      .set({ status: "sent", sentAt: sql`now()`, claimedUntil: null, transport, providerMessageId, lastError: null })
      .where(ours);
  try {
    // Before anything else: if an earlier attempt did send it, it is sent, whatever the last look
    // would say now.
    const earlier = await earlierSend(db, channels, message);
    if (earlier) {
      await recordSent(channels.sms.name, earlier);
      return { ...base, outcome: "sent", foundAtProvider: true };
    }
    const look = channels.lastLook ? await channels.lastLook(db, message) : undefined;
    if (look?.verdict === "hold") {
      // Waiting for the right moment is not a failed attempt.
      const [held] = await db
        .update(outboxMessages)
        .set({
          status: "pending",
          attempts: sql`${outboxMessages.attempts} - 1`,
          claimedUntil: null,
          lastError: look.reason,
          nextAttemptAt: look.until,
        })
        .where(ours)
        .returning({ nextAttemptAt: outboxMessages.nextAttemptAt });
      return { ...base, outcome: "held", nextAttemptAt: held?.nextAttemptAt ?? undefined, error: look.reason };
    }
    if (look?.verdict === "drop") {
      await db
        .update(outboxMessages)
        .set({ status: "dropped", claimedUntil: null, lastError: look.reason })
        .where(ours);
      return { ...base, outcome: "dropped", error: look.reason };
    }
    // The claim must still be ours at the moment it goes: a worker that stalled past its claim,
    // and was taken over meanwhile (a takeover counts a new attempt), stops here instead of sending
    // a second copy. Otherwise the claim is renewed for the send.
    const [stillOurs] = await db
      .update(outboxMessages)
      .set({ claimedUntil: sql`now() + make_interval(secs => ${claimSeconds})` })
      .where(ours)
      .returning({ id: outboxMessages.id });
    if (!stillOurs) return { ...base, outcome: "taken-over" };
    const result = await sendThroughChannel(db, channels, message);
    await recordSent(
      message.channel === "sms" ? channels.sms.name : channels.email.name,
      result.providerMessageId ?? null,
    );
    return { ...base, outcome: "sent" };
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    if (error instanceof PermanentDeliveryError) {
      if (message.channel === "sms" && error.providerCode === 21610) {
        await suppressPhone(db, message.recipient, "twilio-21610");
      }
      await db.update(outboxMessages).set({ status: "failed", claimedUntil: null, lastError: reason }).where(ours);
      return { ...base, outcome: "failed", error: reason };
    }
    if (message.attempts >= MAX_ATTEMPTS) {
      await db.update(outboxMessages).set({ status: "failed", claimedUntil: null, lastError: reason }).where(ours);
      return { ...base, outcome: "failed", error: reason };
    }
    const delay = Math.min(
      (tuning.retryBaseSeconds ?? RETRY_BASE_SECONDS) * 2 ** (message.attempts - 1),
      MAX_RETRY_DELAY_SECONDS,
    );
    const [retry] = await db
      .update(outboxMessages)
      .set({
        status: "pending",
        claimedUntil: null,
        lastError: reason,
        nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
      })
      .where(ours)
      .returning({ nextAttemptAt: outboxMessages.nextAttemptAt });
    return { ...base, outcome: "retry", nextAttemptAt: retry?.nextAttemptAt ?? undefined, error: reason };
  } finally {
    clearInterval(heartbeat);
  }
}

const EmailAddress = z.email();

/** The address part of a From line: "scam-free <no-reply@x.example>" → "no-reply@x.example". */
export function addressOf(from: string): string {
  return (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
}

/**
 * Our own sending address under another display name, quoted (RFC 5322) so that any punctuation in
 * the name stays part of it; quotes, backslashes and line breaks are dropped from the name.
 */
export function fromWithDisplayName(from: string, displayName: string): string {
  const name = displayName.replace(/["\\\r\n]/g, "").trim();
  return name ? `"${name}" <${addressOf(from)}>` : from;
}

/** MAIL_FROM, or the message's own display name and address where it has them. */
export function senderOf(mailFrom: string, message: Pick<OutboxMessage, "senderName" | "senderAddress">): string {
  const from = message.senderAddress ?? mailFrom;
  const name = message.senderName ?? (message.senderAddress ? "" : null);
  return name === null ? from : fromWithDisplayName(from, name);
}

/**
 * The provider's id of this text if an earlier attempt did send it. A text claimed before (its
 * attempt count says so) may have reached Twilio although no answer was recorded: the worker died
 * mid-request, or the request timed out after Twilio took it. A status callback may already have
 * named the row (by the `?ref=` of its callback address); otherwise Twilio is asked for a text to
 * this number with exactly this body, taken since the row was written, whose id no other row of
 * ours has. If Twilio cannot be asked, this throws, and the text waits for a retry instead of going
 * out blind.
 */
async function earlierSend(db: Database, channels: DeliveryChannels, message: OutboxMessage) {
  if (message.channel !== "sms" || message.attempts <= 1) return null;
  if (message.providerMessageId) return message.providerMessageId;
  if (!channels.sms.findAccepted) return null;
  const since = new Date(message.createdAt.getTime() - PROVIDER_CLOCK_SKEW_MS);
  const candidates = await channels.sms.findAccepted(
    { id: message.id, to: message.recipient, body: message.textBody, from: message.senderAddress },
    since,
  );
  if (candidates.length === 0) return null;
  const recorded = await db
    .select({ sid: outboxMessages.providerMessageId })
    .from(outboxMessages)
    .where(and(inArray(outboxMessages.providerMessageId, candidates), ne(outboxMessages.id, message.id)));
  const elsewhere = new Set(recorded.map((row) => row.sid));
  return candidates.find((sid) => !elsewhere.has(sid)) ?? null;
}

/**
 * Feedback-ID on the site's own mail: receivers (Gmail's feedback loop) report complaint rates per
 * stream, and each template is one. Mail that leaves from another address (practice mail) brings
 * its own, or none.
 */
function withFeedbackId(message: OutboxMessage): Record<string, string> {
  if (message.senderAddress || message.headers["Feedback-ID"]) return message.headers;
  return { ...message.headers, "Feedback-ID": `${message.template}:site:scamfree` };
}

async function sendThroughChannel(db: Database, channels: DeliveryChannels, message: OutboxMessage) {
  if (message.channel === "sms") {
    // Checked at send time too: the number may have replied STOP after the text was queued.
    if (await isPhoneSuppressed(db, message.recipient)) {
      throw new PermanentDeliveryError("The recipient replied STOP; no texts until they reply START.");
    }
    return channels.sms.send({
      id: message.id,
      to: message.recipient,
      body: message.textBody,
      from: message.senderAddress,
    });
  }
  if (message.channel === "email") {
    if (!EmailAddress.safeParse(message.recipient).success) {
      throw new PermanentDeliveryError(`Not a valid email address: ${message.recipient}`);
    }
    return channels.email.send({
      id: message.id,
      from: senderOf(channels.emailFrom, message),
      to: message.recipient,
      subject: message.subject ?? "",
      text: message.textBody,
      html: message.htmlBody,
      headers: withFeedbackId(message),
    });
  }
  throw new PermanentDeliveryError(`Unknown channel: ${message.channel}`);
}

/**
 * Delivers one message by id, exactly once: a conditional update claims it (only one worker can
 * win), then it is sent. A message already sent, not yet due, or held by a live worker is left.
 */
export async function deliverMessage(
  db: Database,
  channels: DeliveryChannels,
  id: string,
  tuning: DeliveryTuning = {},
): Promise<DeliveryOutcome> {
  const [message] = await db
    .update(outboxMessages)
    .set(claim(tuning.claimSeconds ?? CLAIM_SECONDS))
    .where(and(eq(outboxMessages.id, id), isDue()))
    .returning();
  if (!message) return "not-claimable";
  return (await sendClaimedMessage(db, channels, message, tuning)).outcome;
}

/**
 * Delivers every due message, `batchSize` at a time in parallel, highest priority first. Claiming
 * again after each batch means a password reset queued behind a burst waits for one batch at most.
 */
export async function deliverDueMessages(
  db: Database,
  channels: DeliveryChannels,
  options: DeliveryTuning & { batchSize?: number } = {},
): Promise<DeliveryResult[]> {
  const results: DeliveryResult[] = [];
  const heldInThisRun = new Set<string>();
  for (;;) {
    const batch = await claimDueMessages(db, options.batchSize ?? 25, options.claimSeconds);
    if (batch.length === 0) return results;
    const done = await Promise.all(batch.map((message) => sendClaimedMessage(db, channels, message, options)));
    results.push(...done);
    // A message held until a moment the database's clock already counts as past is due again at
    // once; rather than claim it over and over, stop here: the wake-up booked for it comes next.
    const held = done.filter((result) => result.outcome === "held");
    if (held.some((result) => heldInThisRun.has(result.id))) return results;
    for (const result of held) heldInThisRun.add(result.id);
  }
}

/**
 * Moments in the next `withinSeconds` when a message becomes due: scheduled and retrying messages,
 * and claims that run out (their worker died mid-send). The sweep wakes a worker for each.
 */
export async function upcomingDueTimes(db: Database, withinSeconds: number): Promise<Date[]> {
  const horizon = sql`now() + make_interval(secs => ${withinSeconds})`;
  const waiting = await db
    .selectDistinct({ at: outboxMessages.nextAttemptAt })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, "pending"),
        gt(outboxMessages.nextAttemptAt, sql`now()`),
        lte(outboxMessages.nextAttemptAt, horizon),
      ),
    )
    .limit(50);
  const claimed = await db
    .selectDistinct({ at: outboxMessages.claimedUntil })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, "sending"),
        gt(outboxMessages.claimedUntil, sql`now()`),
        lte(outboxMessages.claimedUntil, horizon),
      ),
    )
    .limit(50);
  return [...waiting, ...claimed].flatMap((row) => (row.at ? [row.at] : []));
}

/** Of these messages, the ones scheduled for later, with their time. */
export async function scheduledTimes(db: Database, ids: string[]): Promise<Date[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ at: outboxMessages.nextAttemptAt })
    .from(outboxMessages)
    .where(and(inArray(outboxMessages.id, ids), gt(outboxMessages.nextAttemptAt, sql`now()`)));
  return rows.flatMap((row) => (row.at ? [row.at] : []));
}

/** The local mailbox: newest first. */
export async function listMailbox(db: Database, limit = 50) {
  return db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(limit);
}

export async function getMessage(db: Database, id: string) {
  const rows = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return rows[0];
}
