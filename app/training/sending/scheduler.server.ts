import { and, asc, eq, lte, ne, sql } from "drizzle-orm";
import { getEnv } from "~/config/env.server";
import { getLogger } from "~/config/logger.server";
import type { Database, DatabaseHandle } from "~/db/client.server";
import type { JobRunner } from "~/jobs/job-runner.server";
import { wakeDelivery } from "~/mail/delivery-queue.server";
import { messageDeliveries } from "~/mail/message-status.server";
import { enqueueEmail, enqueueText } from "~/mail/outbox.server";
import { normaliseAddress, practiceMessageAllowed } from "~/training/people/address-consent.server";
import { deliveredForm } from "~/training/library/delivered-form";
import { composePracticeEmail, composePracticeText, newPracticeToken } from "./practice-composer.server";
import { requirePracticeSendingSetup } from "~/training/library/practice-sending-setup.server";
import { contactEligibility, eligibleRecipients, type PracticeRecipient } from "./practice-eligibility.server";
import { practiceLibrary, type PracticeLibrary } from "~/training/library/practice-library.server";
import type { Channel, PracticeScenario } from "~/training/library/practice-scenario-schema";
import { isAllowedSendTime, isoWeekKey, pickSendTime, soonestSendTime } from "~/family/quiet-hours";
import { choosePracticeMessage } from "~/training/library/scenario-choice";
import { practiceMessages } from "~/training/tables";
import { practiceHistoryOf, repeatOf } from "./practice-history.server";
import { brakesInForce, checkPracticeBrakes } from "./practice-brakes.server";
import { practiceEmailAllowance } from "./warm-start.server";

/**
 * Practice messages are planned, then dispatched, by one recurring job (every minute, one run at a
 * time across every process). The database rows are the whole state, so a crash or restart loses
 * nothing and a run can always be repeated:
 *
 * - Plan: each eligible person without a message in the current ISO week of their own time zone
 *   gets one `planned` row, at a random allowed moment of that week, with a scenario chosen for
 *   them. The partial unique indexes make a second plan for the same week (or a repeated scenario)
 *   impossible; a conflict just means someone else planned it first.
 * - Dispatch: each due `planned` row is claimed by a conditional update (planned → queued) in a
 *   transaction that also re-checks the person (consent, pause, opt-out, access, channel) and the
 *   quiet hours at that moment, composes the message and writes it to the outbox. Either all of
 *   that commits or none of it: the outbox then delivers it exactly once.
 * - Delivery results: once the outbox has sent (or given up on) a queued practice message, a
 *   "sent" (or "failed") event is appended, once.
 * - Brakes and the warm start (app/training/program-health/): every run first checks the automatic
 *   brakes; a braked scenario is never planned (a planned one is cancelled when due, so the person
 *   gets another), and while practice email is braked or today's warm-start cap is used up, due
 *   practice emails simply stay planned, in order, for a later run; texts go on.
 */

export const PRACTICE_SCHEDULE_QUEUE = "practice-schedule";
/** Due messages dispatched per run; the rest wait a minute for the next run. */
const DISPATCH_LIMIT = 200;
/** The delivery worker is woken after every this many queued messages, so sending starts early. */
const WAKE_EVERY = 10;

type Library = Pick<PracticeLibrary, "scenarios" | "byId">;

export interface TickOptions {
  /** The clock; tests pass their own. */
  now?: Date;
  library?: Library;
  random?: () => number;
  /** PRACTICE_WARMUP_START unless given (tests pass their own). */
  warmupStart?: number;
}

type Transaction = Database;

export interface PlannedMessage {
  id: string;
  contactId: string;
  scenarioId: string;
  channel: Channel;
  scheduledFor: Date;
  weekKey: string;
}

/** Plans this week's message for every eligible person who has none yet. */
export async function planPracticeMessages(db: Database, options: TickOptions = {}): Promise<PlannedMessage[]> {
  const now = options.now ?? new Date();
  const library = options.library ?? practiceLibrary();
  const braked = (await brakesInForce(db)).scenarioIds;
  const scenarios = library.scenarios.filter((scenario) => !braked.has(scenario.id));
  const recipients = await eligibleRecipients(db, now);
  const history = await practiceHistoryOf(
    db,
    recipients.map((recipient) => recipient.contactId),
  );
  const planned: PlannedMessage[] = [];
  for (const recipient of recipients) {
    const past = history.get(recipient.contactId) ?? [];
    const thisWeek = isoWeekKey(now, recipient.timeZone);
    // One waiting message at a time (planned late in a week, it may belong to the next one), and
    // nothing more once this week's message exists.
    if (past.some((message) => message.status === "planned" || message.weekKey === thisWeek)) continue;
    const moment = pickSendTime({
      now,
      timeZone: recipient.timeZone,
      ageBand: recipient.ageBand,
      skipWeeks: new Set(past.flatMap((message) => (message.weekKey ? [message.weekKey] : []))),
      random: options.random,
    });
    if (!moment) continue;
    const choice = choosePracticeMessage({
      scenarios,
      ageBand: recipient.ageBand,
      language: recipient.language,
      level: recipient.level,
      channels: recipient.channels,
      history: past,
      now,
      random: options.random,
    });
    if (!choice) {
      getLogger().info({ contactId: recipient.contactId }, "no practice scenario left for this person");
      continue;
    }
    const [row] = await db
      .insert(practiceMessages)
      .values({
        contactId: recipient.contactId,
        scenarioId: choice.scenario.id,
        channel: choice.channel,
        level: choice.level,
        repeat: repeatOf(past, choice.scenario.id),
        token: newPracticeToken(),
        weekKey: moment.weekKey,
        status: "planned",
        scheduledFor: moment.at,
      })
      .onConflictDoNothing()
      .returning({ id: practiceMessages.id });
    if (row) {
      planned.push({
        id: row.id,
        contactId: recipient.contactId,
        scenarioId: choice.scenario.id,
        channel: choice.channel,
        scheduledFor: moment.at,
        weekKey: moment.weekKey,
      });
    }
  }
  return planned;
}

/**
 * Writes one practice message to the outbox inside the caller's transaction and records the
 * address it goes to; returns the outbox id, or null when that address already had its practice
 * messages for the week (the limit counts every family and "Send a practice message now").
 */
export async function enqueuePracticeMessage(
  tx: Transaction,
  message: { id: string; token: string; channel: Channel },
  scenario: PracticeScenario,
  recipient: PracticeRecipient,
  now: Date,
): Promise<string | null> {
  const address = message.channel === "email" ? recipient.email! : recipient.phone!;
  if (!(await practiceMessageAllowed(tx, address, now))) return null;
  const setup = requirePracticeSendingSetup();
  // Texts come from one of several numbers, the same for every step of a scam told in steps.
  const textSender = setup.textSenderFor(scenario.sequence?.id ?? scenario.id);
  const delivered = deliveredForm(scenario, {
    mailDomain: setup.mailDomain,
    textSender,
    to: address,
    personName: recipient.name,
  });
  await tx
    .update(practiceMessages)
    .set({ address: normaliseAddress(address), delivered })
    .where(eq(practiceMessages.id, message.id));
  const composition = {
    messageId: message.id,
    scenarioId: scenario.id,
    token: message.token,
    form: delivered,
    linkOrigin: setup.linkOrigin,
    landingPath: scenario.landing.path,
    language: scenario.language,
  };
  if (message.channel === "email") {
    return enqueueEmail(tx, { ...composePracticeEmail(composition), to: address });
  }
  const fromNumber = /^\+[1-9]\d{6,14}$/.test(textSender) ? textSender : null;
  return enqueueText(tx, { ...composePracticeText(composition), to: address, from: fromNumber });
}

export const WEEKLY_LIMIT_REASON = "this address already had its practice messages for the week";
export const SCENARIO_BRAKED_REASON = "its scenario is paused by a brake";

export type DispatchOutcome =
  | { id: string; outcome: "queued"; outboxMessageId: string }
  | { id: string; outcome: "cancelled"; reason: string }
  | { id: string; outcome: "replanned"; scheduledFor: Date }
  | { id: string; outcome: "taken" }
  /** The transaction failed and was rolled back: the message is still planned for the next run. */
  | { id: string; outcome: "error"; error: string };

async function cancel(tx: Transaction, id: string, reason: string): Promise<DispatchOutcome> {
  await tx
    .update(practiceMessages)
    .set({ status: "cancelled", cancelReason: reason, queuedAt: null })
    .where(eq(practiceMessages.id, id));
  return { id, outcome: "cancelled", reason };
}

/**
 * Claims one due planned message and queues it, all in one transaction (see the file comment).
 * Returns "taken" when another run got there first or it is no longer due.
 */
export async function dispatchPracticeMessage(
  db: Database,
  id: string,
  options: TickOptions = {},
): Promise<DispatchOutcome> {
  const now = options.now ?? new Date();
  const library = options.library ?? practiceLibrary();
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Transaction;
    const [message] = await tx
      .update(practiceMessages)
      .set({ status: "queued", queuedAt: now })
      .where(
        and(
          eq(practiceMessages.id, id),
          eq(practiceMessages.status, "planned"),
          lte(practiceMessages.scheduledFor, now),
        ),
      )
      .returning();
    if (!message) return { id, outcome: "taken" };

    const verdict = await contactEligibility(tx, message.contactId, now);
    if (!verdict) return cancel(tx, id, "contact removed");
    if (!verdict.eligible) return cancel(tx, id, verdict.reason);
    const recipient = verdict.recipient;
    const channel = message.channel as Channel;
    if (!recipient.channels.includes(channel))
      return cancel(tx, id, `${channel === "sms" ? "texts" : "email"} no longer usable`);
    const scenario = library.byId(message.scenarioId);
    if (!scenario) return cancel(tx, id, "scenario no longer in the library");
    if ((await brakesInForce(tx)).scenarioIds.has(scenario.id)) return cancel(tx, id, SCENARIO_BRAKED_REASON);

    if (!isAllowedSendTime(now, recipient.timeZone, recipient.ageBand)) {
      // The person's time zone (or age band) changed since planning, this run is late, or the
      // warm start held the email back: never send outside their hours; plan a new moment instead.
      const others = await tx
        .select({ weekKey: practiceMessages.weekKey })
        .from(practiceMessages)
        .where(
          and(
            eq(practiceMessages.contactId, message.contactId),
            ne(practiceMessages.status, "cancelled"),
            ne(practiceMessages.id, id),
          ),
        );
      // As soon as their hours allow, so it keeps its place in line; only if that week already
      // has one of their messages, a moment in the next free week.
      const request = {
        now,
        timeZone: recipient.timeZone,
        ageBand: recipient.ageBand,
        skipWeeks: new Set(others.flatMap((other) => (other.weekKey ? [other.weekKey] : []))),
        random: options.random,
      };
      const moment = soonestSendTime(request) ?? pickSendTime(request);
      if (!moment) return cancel(tx, id, "no allowed time to send");
      await tx
        .update(practiceMessages)
        .set({
          status: "planned",
          queuedAt: null,
          scheduledFor: moment.at,
          weekKey: message.weekKey === null ? null : moment.weekKey,
        })
        .where(eq(practiceMessages.id, id));
      return { id, outcome: "replanned", scheduledFor: moment.at };
    }

    const outboxMessageId = await enqueuePracticeMessage(
      tx,
      { id, token: message.token, channel },
      scenario,
      recipient,
      now,
    );
    if (!outboxMessageId) return cancel(tx, id, WEEKLY_LIMIT_REASON);
    await tx.update(practiceMessages).set({ outboxMessageId }).where(eq(practiceMessages.id, id));
    return { id, outcome: "queued", outboxMessageId };
  });
}

/**
 * Dispatches every due planned message (oldest first). `onQueued` gets the outbox ids after every
 * few messages, once they are committed: the caller wakes the delivery worker with them.
 */
export async function dispatchDuePracticeMessages(
  db: Database,
  options: TickOptions & { limit?: number; onQueued?: (outboxIds: string[]) => Promise<void> } = {},
): Promise<DispatchOutcome[]> {
  const now = options.now ?? new Date();
  // Practice email may be held back as a whole (a brake) or after today's warm-start cap; held
  // emails stay planned and keep their place in the order for a later run.
  const emailBraked = (await brakesInForce(db)).practiceEmail;
  let emailAllowance = emailBraked
    ? 0
    : await practiceEmailAllowance(db, options.warmupStart ?? getEnv().PRACTICE_WARMUP_START, now);
  const due = await db
    .select({ id: practiceMessages.id, channel: practiceMessages.channel })
    .from(practiceMessages)
    .where(
      and(
        eq(practiceMessages.status, "planned"),
        lte(practiceMessages.scheduledFor, now),
        emailAllowance === 0 ? ne(practiceMessages.channel, "email") : undefined,
      ),
    )
    .orderBy(asc(practiceMessages.scheduledFor), asc(practiceMessages.id))
    .limit(options.limit ?? DISPATCH_LIMIT);
  const outcomes: DispatchOutcome[] = [];
  let unannounced: string[] = [];
  for (const { id, channel } of due) {
    if (channel === "email" && emailAllowance !== null && emailAllowance <= 0) continue;
    let outcome: DispatchOutcome;
    try {
      outcome = await dispatchPracticeMessage(db, id, { ...options, now });
    } catch (error) {
      // One message that cannot be queued must not hold up the others behind it.
      getLogger().error(
        { err: error, practiceMessageId: id },
        "could not queue a practice message; the next run tries again",
      );
      outcome = { id, outcome: "error", error: error instanceof Error ? error.message : String(error) };
    }
    outcomes.push(outcome);
    if (outcome.outcome === "queued" && channel === "email" && emailAllowance !== null) emailAllowance -= 1;
    if (outcome.outcome === "queued") unannounced.push(outcome.outboxMessageId);
    if (unannounced.length >= WAKE_EVERY) {
      await options.onQueued?.(unannounced);
      unannounced = [];
    }
  }
  if (unannounced.length > 0) await options.onQueued?.(unannounced);
  return outcomes;
}

/**
 * Appends "sent" or "failed" for every queued practice message whose outbox row reached that state
 * and has no such event yet, and "delivered" or "failed" once the carrier reported on a sent text. The transaction-level advisory lock makes two runs at once (two
 * processes) take turns, so the NOT EXISTS check cannot let an event in twice.
 */
export async function recordDeliveryEvents(db: Database): Promise<number> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Transaction;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('practice-delivery-events'))`);
    const delivery = messageDeliveries();
    const result = await tx.execute(sql`
      INSERT INTO practice_events (message_id, kind, occurred_at, detail)
      SELECT m.id,
             CASE WHEN ${delivery.state} = 'sent' THEN 'sent' ELSE 'failed' END,
             COALESCE(${delivery.sentAt}, now()),
             CASE WHEN ${delivery.state} = 'failed' THEN left(${delivery.failure}, 1000) END
        FROM practice_messages m
        JOIN ${delivery} ON ${delivery.messageId} = m.outbox_message_id
       WHERE m.status = 'queued'
         AND ${delivery.state} IN ('sent', 'failed')
         AND NOT EXISTS (
           SELECT 1 FROM practice_events e WHERE e.message_id = m.id AND e.kind IN ('sent', 'failed')
         )
      RETURNING id`);
    // What the carrier said later about a sent text (Twilio's status callbacks): "delivered", or
    // "failed" with its reason for one it reported undelivered or failed.
    const reported = await tx.execute(sql`
      INSERT INTO practice_events (message_id, kind, occurred_at, detail)
      SELECT m.id,
             CASE WHEN ${delivery.providerStatus} IN ('delivered', 'read') THEN 'delivered' ELSE 'failed' END,
             now(),
             CASE WHEN ${delivery.providerStatus} IN ('undelivered', 'failed')
                  THEN left(COALESCE(${delivery.providerError}, 'The carrier reported it ' || ${delivery.providerStatus} || '.'), 1000) END
        FROM practice_messages m
        JOIN ${delivery} ON ${delivery.messageId} = m.outbox_message_id
       WHERE m.status = 'queued'
         AND ${delivery.state} = 'sent'
         AND ${delivery.providerStatus} IN ('delivered', 'read', 'undelivered', 'failed')
         AND NOT EXISTS (
           SELECT 1 FROM practice_events e WHERE e.message_id = m.id AND e.kind IN ('delivered', 'failed')
         )
      RETURNING id`);
    const count = (done: unknown) => (done as { rows?: unknown[] }).rows?.length ?? 0;
    return count(result) + count(reported);
  });
}

export interface TickSummary {
  events: number;
  planned: number;
  outcomes: DispatchOutcome[];
}

/** One run of the recurring job: check the brakes, record delivery results, plan, dispatch. */
export async function runPracticeSchedule(
  db: Database,
  options: TickOptions & { onQueued?: (outboxIds: string[]) => Promise<void> } = {},
): Promise<TickSummary> {
  const now = options.now ?? new Date();
  await checkPracticeBrakes(db, { now });
  const events = await recordDeliveryEvents(db);
  const planned = await planPracticeMessages(db, { ...options, now });
  const outcomes = await dispatchDuePracticeMessages(db, { ...options, now });
  return { events, planned: planned.length, outcomes };
}

/** The recurring job on the process's job runner (app/background-jobs.server.ts). */
export function registerPracticeScheduling(runner: JobRunner, handle: DatabaseHandle) {
  runner.register({
    name: PRACTICE_SCHEDULE_QUEUE,
    policy: "singleton",
    schedule: { cron: "* * * * *" },
    // A process that starts (or restarts after a crash) dispatches what fell due meanwhile.
    runAtStart: true,
    retryLimit: 2,
    retryDelaySeconds: 10,
    // A singleton queue runs nothing new while a job counts as active; a run killed with its
    // process counts as active until it expires, so keep that short (a run takes seconds).
    expireInSeconds: 120,
    async handler() {
      const summary = await runPracticeSchedule(handle.db, { onQueued: (ids) => wakeDelivery(runner, handle.db, ids) });
      const count = (kind: DispatchOutcome["outcome"]) =>
        summary.outcomes.filter((outcome) => outcome.outcome === kind).length;
      if (summary.events || summary.planned || summary.outcomes.length) {
        getLogger().info(
          {
            events: summary.events,
            planned: summary.planned,
            queued: count("queued"),
            cancelled: count("cancelled"),
            replanned: count("replanned"),
            errors: count("error"),
          },
          "practice schedule",
        );
      }
    },
  });
}
