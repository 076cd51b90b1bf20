import { and, asc, gte, inArray, isNotNull, or, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { arrivalOf, messageDeliveries } from "~/mail/message-status.server";
import { messageOutcome, type EventRecord } from "~/training/results/practice-results";
import { PRACTICE_EMAIL_TEMPLATE } from "~/training/sending/practice-composer.server";
import { practiceEvents, practiceMessages } from "~/training/tables";
import { holdingBrakes, type HoldingBrake } from "~/training/sending/practice-brakes.server";
import { rateOf } from "~/training/sending/mail-health-rates";

/**
 * The figures of the staff program-health page: practice messages of the last PROGRAM_DAYS (UTC)
 * days, per day and per scenario. A message counts on the day it was sent (a refused one on the
 * day it was queued). A fall is the results' own: `messageOutcome` says "fell" (a person's press,
 * never a scanner's flagged one). Rates are of practice email only, as receivers count them:
 * complaints of the emails sent, bounces (refused at sending or bounced later) of those tried.
 */

export const PROGRAM_DAYS = 30;
const DAY_MS = 86_400_000;

export interface ProgramCounts {
  sent: number;
  delivered: number;
  bounced: number;
  complained: number;
  optedOut: number;
  reported: number;
  fell: number;
  /** Practice emails sent, and tried (sent or refused): what the rates are out of. */
  emailsSent: number;
  emailsTried: number;
  complaintRate: number | null;
  bounceRate: number | null;
}

export interface ProgramDay extends ProgramCounts {
  /** YYYY-MM-DD (UTC). */
  day: string;
}

export interface ProgramScenario extends ProgramCounts {
  scenarioId: string;
}

export interface ProgramFigures {
  days: ProgramDay[];
  scenarios: ProgramScenario[];
  totals: ProgramCounts;
  brakes: HoldingBrake[];
}

const empty = (): ProgramCounts => ({
  sent: 0,
  delivered: 0,
  bounced: 0,
  complained: 0,
  optedOut: 0,
  reported: 0,
  fell: 0,
  emailsSent: 0,
  emailsTried: 0,
  complaintRate: null,
  bounceRate: null,
});

const dayKey = (at: Date) => at.toISOString().slice(0, 10);

function withRates<T extends ProgramCounts>(counts: T): T {
  return {
    ...counts,
    complaintRate: rateOf(counts.complained, counts.emailsSent),
    bounceRate: rateOf(counts.bounced, counts.emailsTried),
  };
}

export async function loadProgramFigures(db: Database, now: Date = new Date()): Promise<ProgramFigures> {
  const firstDay = new Date((Math.floor(now.getTime() / DAY_MS) - (PROGRAM_DAYS - 1)) * DAY_MS);
  const delivery = messageDeliveries();
  const rows = await db
    .select({
      id: practiceMessages.id,
      scenarioId: practiceMessages.scenarioId,
      channel: practiceMessages.channel,
      queuedAt: practiceMessages.queuedAt,
      state: delivery.state,
      sentAt: delivery.sentAt,
      outboxChannel: delivery.channel,
      transport: delivery.transport,
      providerStatus: delivery.providerStatus,
      template: delivery.template,
      bouncedAt: delivery.bouncedAt,
      complainedAt: delivery.complainedAt,
    })
    .from(practiceMessages)
    .innerJoin(delivery, eq(delivery.messageId, practiceMessages.outboxMessageId))
    .where(
      and(
        inArray(delivery.state, ["sent", "failed"]),
        or(gte(delivery.sentAt, firstDay), and(eq(delivery.state, "failed"), gte(practiceMessages.queuedAt, firstDay))),
      ),
    );

  const eventsOf = new Map<string, EventRecord[]>();
  if (rows.length > 0) {
    const events = await db
      .select({
        messageId: practiceEvents.messageId,
        kind: practiceEvents.kind,
        occurredAt: practiceEvents.occurredAt,
        flagged: practiceEvents.flagged,
      })
      .from(practiceEvents)
      .innerJoin(practiceMessages, eq(practiceMessages.id, practiceEvents.messageId))
      .where(
        and(
          isNotNull(practiceMessages.queuedAt),
          gte(practiceMessages.queuedAt, new Date(firstDay.getTime() - 7 * DAY_MS)),
        ),
      )
      .orderBy(asc(practiceEvents.occurredAt), asc(practiceEvents.id));
    for (const event of events) {
      const list = eventsOf.get(event.messageId) ?? [];
      list.push({ kind: event.kind as EventRecord["kind"], occurredAt: event.occurredAt, flagged: event.flagged });
      eventsOf.set(event.messageId, list);
    }
  }

  const days = new Map<string, ProgramDay>();
  for (let i = 0; i < PROGRAM_DAYS; i += 1) {
    const day = dayKey(new Date(firstDay.getTime() + i * DAY_MS));
    days.set(day, { day, ...empty() });
  }
  const scenarios = new Map<string, ProgramScenario>();
  const totals = empty();

  for (const row of rows) {
    const at = row.state === "sent" ? row.sentAt : row.queuedAt;
    if (!at) continue;
    const day = days.get(dayKey(at));
    if (!day) continue;
    const events = eventsOf.get(row.id) ?? [];
    const arrival = arrivalOf({
      state: row.state,
      channel: row.outboxChannel,
      transport: row.transport,
      providerStatus: row.providerStatus,
    });
    const sent = row.state === "sent";
    const isPracticeEmail = row.template === PRACTICE_EMAIL_TEMPLATE;
    const bounced = isPracticeEmail && (row.state === "failed" || row.bouncedAt !== null);
    const outcome = messageOutcome({ sentAt: sent ? row.sentAt : null, arrival, events }, now);
    const scenario = scenarios.get(row.scenarioId) ?? { scenarioId: row.scenarioId, ...empty() };
    scenarios.set(row.scenarioId, scenario);
    for (const counts of [day, scenario, totals]) {
      if (sent) counts.sent += 1;
      if (sent && arrival === "delivered" && !row.bouncedAt) counts.delivered += 1;
      if (bounced) counts.bounced += 1;
      if (row.complainedAt) counts.complained += 1;
      if (events.some((event) => event.kind === "opted_out" && !event.flagged)) counts.optedOut += 1;
      if (events.some((event) => event.kind === "reported" && !event.flagged)) counts.reported += 1;
      if (outcome === "fell") counts.fell += 1;
      if (isPracticeEmail && sent) counts.emailsSent += 1;
      if (isPracticeEmail) counts.emailsTried += 1;
    }
  }

  return {
    days: [...days.values()].map(withRates),
    scenarios: [...scenarios.values()].map(withRates).sort((a, b) => a.scenarioId.localeCompare(b.scenarioId)),
    totals: withRates(totals),
    brakes: await holdingBrakes(db),
  };
}
