import { and, asc, eq } from "drizzle-orm";
import { getEnv } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { arrivalOf, messageDeliveries } from "~/mail/message-status.server";
import { DEFAULT_TIME_ZONE } from "~/training/people/contact-schema";
import { findHolderProgram, listContacts, type HolderProgram } from "~/training/people/programs.server";
import {
  OUTCOME_LABELS,
  TREND_WEEKS,
  type FamilyResults,
  type PersonResults,
  type PracticeMessageRow,
} from "./family-results-view";
import { practiceLibrary, type PracticeLibrary } from "~/training/library/practice-library.server";
import {
  familySummaryLine,
  formatDuration,
  formatRate,
  itemFigures,
  levelInWords,
  messageOutcome,
  ratesNote,
  recentWeeks,
  resultLine,
  streakLabel,
  sumTallies,
  summaryTone,
  secondsTo,
  tallyOutcomes,
  weeksWithoutAFall,
  type EventRecord,
  type MessageRecord,
  type PracticeOutcome,
} from "./practice-results";
import { sequencePlaces } from "~/training/library/sequence-places";
import { FIRST_MESSAGE_MIN_LEVEL } from "~/training/library/scenario-choice";
import { practiceItemsOf, sequenceProgress, type PracticeItem } from "./practice-items";
import { isoWeekKey, localTime } from "~/family/quiet-hours";
import { practiceEvents, practiceMessages, trainingContacts } from "~/training/tables";
import { dateTimeFormat } from "~/i18n/intl-formats";

/**
 * The family dashboard on /account/training: how each person did with their practice messages.
 * Everything is read for the account holder's own subscription only (found from their user id,
 * the same rule as the rest of the page), so another account never sees this family's figures.
 *
 * A message counts once it went out: its outbox row was sent (or, for an older row, a "sent"
 * event was recorded). Its outcome comes from its events as of `now` (practice-results.ts):
 * flagged fetches by mail scanners and link previews are never a fall, and a message unanswered
 * inside its response window (PRACTICE_RESPONSE_WINDOW_DAYS) is "Waiting", in no rate.
 */

export interface SentMessage extends MessageRecord {
  id: string;
  contactId: string;
  token: string;
  scenarioId: string;
  /** 0 the first time this person got the scenario; a review sends it again as 1, 2… */
  repeat: number;
  channel: "email" | "sms";
  sentAt: Date;
  outcome: PracticeOutcome;
}

/** The holder's family results, or null when this account holds no Training Program. */
export async function loadFamilyResults(
  db: Database,
  userId: string,
  options: {
    now?: Date;
    library?: Pick<PracticeLibrary, "byId" | "scenarios">;
    responseWindowDays?: number;
    /** The holder's program and people, when the caller has just read them (Your Training Program). */
    family?: { program: HolderProgram; contacts: Awaited<ReturnType<typeof listContacts>> };
  } = {},
): Promise<FamilyResults | null> {
  const now = options.now ?? new Date();
  const windowDays = options.responseWindowDays ?? getEnv().PRACTICE_RESPONSE_WINDOW_DAYS;
  const program = options.family?.program ?? (await findHolderProgram(db, userId, now));
  if (!program) return null;
  const contacts = options.family?.contacts ?? (await listContacts(db, program.subscriptionId));
  const messages = await sentMessagesOf(db, program.subscriptionId, { now, windowDays });
  const library = options.library ?? practiceLibrary();
  const sequenceOf = sequencePlaces(library.scenarios);

  // "This month" is the calendar month where the family lives: the buyer's (first person's) zone.
  const familyZone = contacts[0]?.timeZone ?? DEFAULT_TIME_ZONE;
  const thisMonth = monthOf(now, familyZone);
  // A report is the best way to have spotted one; checking first on a drill is one too.
  const recognised = (outcome: PracticeOutcome) =>
    outcome === "reported" || outcome === "spotted" || outcome === "checked-first";

  const people = contacts.map((contact): PersonResults => {
    const own = messages.filter((message) => message.contactId === contact.id);
    // What is counted: a scam told in steps once, however many of its steps went out (issue #36).
    const items = practiceItemsOf(own, sequenceOf);
    const figures = itemFigures(items.map((item) => ({ outcome: item.outcome, secondsToReport: reportSeconds(item) })));
    const byWeek = new Map<string, PracticeOutcome[]>();
    // A message that never arrived is no week's practice: it neither extends a streak nor shows in the trend.
    for (const item of items.filter((sent) => sent.outcome !== "not-delivered")) {
      const week = isoWeekKey(item.sentAt, contact.timeZone);
      byWeek.set(week, [...(byWeek.get(week) ?? []), item.outcome]);
    }
    const streak = weeksWithoutAFall([...byWeek].map(([weekKey, outcomes]) => ({ weekKey, outcomes })));
    const trend = recentWeeks(now, contact.timeZone, TREND_WEEKS).map((week) => {
      const outcomes = byWeek.get(week.weekKey) ?? [];
      return {
        ...week,
        sent: outcomes.length,
        spotted: outcomes.filter(recognised).length,
        checkedFirst: outcomes.filter((outcome) => outcome === "checked-first").length,
        waiting: outcomes.filter((outcome) => outcome === "waiting").length,
      };
    });
    // Each person's month, counted from their own items; the family's is the sum of these.
    const month = tallyOutcomes(
      items
        .filter((item) => monthOf(item.sentAt, familyZone) === thisMonth)
        .map((item) => ({ channel: item.messages[0]!.channel, outcome: item.outcome })),
    );
    const rows = items
      .sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime())
      .map((item): PracticeMessageRow => {
        const first = item.messages[0]!;
        // The holder's view opens on the newest step, which shows the story so far above it.
        const newestStep = item.messages.at(-1)!;
        // A scenario later removed from the library still shows, as "A practice message".
        const scenario = library.byId(first.scenarioId);
        return {
          id: first.id,
          sentAt: item.sentAt.toISOString(),
          dateLabel: dateTimeFormat("en-US", { dateStyle: "medium", timeZone: contact.timeZone }).format(item.sentAt),
          scenarioTitle: scenario?.title ?? null,
          scenarioLanguage: scenario?.language ?? null,
          channel: first.channel,
          outcome: item.outcome,
          outcomeLabel: OUTCOME_LABELS[item.outcome],
          sequenceLine: sequenceProgress(item),
          sequence: item.sequence ?? null,
          // The holder's own read-only view: the member's page would count the holder's presses as theirs.
          feedbackHref: `/account/training/messages/${newestStep.id}`,
        };
      });
    const newest = rows[0];
    return {
      contactId: contact.id,
      name: contact.name,
      timeZone: contact.timeZone,
      figures,
      reportRate: formatRate(figures.reportRate),
      fallRate: formatRate(figures.fallRate),
      ratesNote: figures.sent > 0 ? ratesNote(figures.decided) : null,
      medianTimeToReport: formatDuration(figures.medianSecondsToReport),
      level: contact.level,
      levelLabel: levelInWords(contact.level),
      firstLevelLabel: levelInWords(Math.max(contact.level, FIRST_MESSAGE_MIN_LEVEL)),
      firstLevel: Math.max(contact.level, FIRST_MESSAGE_MIN_LEVEL),
      month,
      monthLine: resultLine(month),
      lastMessage: newest
        ? {
            dateLabel: newest.dateLabel,
            sentAt: newest.sentAt,
            outcome: newest.outcome,
            outcomeLabel: newest.outcomeLabel,
            channel: newest.channel,
          }
        : null,
      weeksWithoutAFall: streak,
      streakLabel: streakLabel(streak, figures.sent),
      trend,
      messages: rows,
    };
  });

  const month = sumTallies(people.map((person) => person.month));
  const line = resultLine(month);
  return {
    summaryLine: familySummaryLine(line.spotted, line.sent, line.waiting),
    summaryTone: summaryTone(line.spotted, line.sent - line.waiting),
    month,
    monthLine: line,
    monthSpotted: line.spotted,
    monthSent: line.sent,
    monthWaiting: line.waiting,
    responseWindowDays: windowDays,
    people,
  };
}

/** Seconds from the reported step's sending to its report, when the item was reported. */
function reportSeconds(item: PracticeItem<SentMessage>): number | null {
  if (item.outcome !== "reported") return null;
  for (const message of item.messages) {
    const seconds = secondsTo("reported", message);
    if (seconds !== null) return seconds;
  }
  return null;
}

function monthOf(instant: Date, timeZone: string): string {
  const local = localTime(instant, timeZone);
  return `${local.year}-${local.month}`;
}

/**
 * Every practice message of this subscription that went out (or just the one `messageId`), with
 * its events and its outcome as of `now`. Both queries are joined to the contacts and filtered by
 * the subscription, so nothing of another family is read.
 */
export async function sentMessagesOf(
  db: Database,
  subscriptionId: string,
  options: { now: Date; windowDays: number; messageId?: string },
): Promise<SentMessage[]> {
  const which = and(
    eq(trainingContacts.subscriptionId, subscriptionId),
    eq(practiceMessages.status, "queued"),
    options.messageId ? eq(practiceMessages.id, options.messageId) : undefined,
  );
  const delivery = messageDeliveries();
  const rows = await db
    .select({
      id: practiceMessages.id,
      contactId: practiceMessages.contactId,
      token: practiceMessages.token,
      scenarioId: practiceMessages.scenarioId,
      repeat: practiceMessages.repeat,
      channel: practiceMessages.channel,
      outboxStatus: delivery.state,
      outboxSentAt: delivery.sentAt,
      outboxChannel: delivery.channel,
      transport: delivery.transport,
      providerStatus: delivery.providerStatus,
      queuedAt: practiceMessages.queuedAt,
    })
    .from(practiceMessages)
    .innerJoin(trainingContacts, eq(trainingContacts.id, practiceMessages.contactId))
    .leftJoin(delivery, eq(delivery.messageId, practiceMessages.outboxMessageId))
    .where(which);
  if (rows.length === 0) return [];

  const events = await db
    .select({
      messageId: practiceEvents.messageId,
      kind: practiceEvents.kind,
      occurredAt: practiceEvents.occurredAt,
      flagged: practiceEvents.flagged,
    })
    .from(practiceEvents)
    .innerJoin(practiceMessages, eq(practiceMessages.id, practiceEvents.messageId))
    .innerJoin(trainingContacts, eq(trainingContacts.id, practiceMessages.contactId))
    .where(which)
    .orderBy(asc(practiceEvents.occurredAt), asc(practiceEvents.id));
  const eventsOf = new Map<string, EventRecord[]>();
  for (const event of events) {
    const list = eventsOf.get(event.messageId) ?? [];
    list.push({ kind: event.kind as EventRecord["kind"], occurredAt: event.occurredAt, flagged: event.flagged });
    eventsOf.set(event.messageId, list);
  }

  const sent: SentMessage[] = [];
  for (const row of rows) {
    const own = eventsOf.get(row.id) ?? [];
    // The outbox's own time of sending; a "sent" event stands in when the outbox row is gone.
    const sentAt =
      row.outboxStatus === "sent" ? row.outboxSentAt : (own.find((event) => event.kind === "sent")?.occurredAt ?? null);
    // Without an outbox row (an older message) only its events tell; it went, as far as we know.
    const arrival =
      row.outboxStatus === null
        ? undefined
        : arrivalOf({
            state: row.outboxStatus,
            channel: row.outboxChannel,
            transport: row.transport,
            providerStatus: row.providerStatus,
          });
    const outcome = messageOutcome({ sentAt, arrival, events: own }, options.now, options.windowDays);
    if (!outcome) continue;
    // A message that never went is listed on the day it was meant to go, as "Not delivered".
    const listedAt = sentAt ?? row.queuedAt;
    if (!listedAt) continue;
    sent.push({
      id: row.id,
      contactId: row.contactId,
      token: row.token,
      scenarioId: row.scenarioId,
      repeat: row.repeat,
      channel: row.channel as "email" | "sms",
      sentAt: listedAt,
      arrival,
      events: own,
      outcome,
    });
  }
  return sent;
}
