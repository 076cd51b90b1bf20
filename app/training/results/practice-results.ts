import { INTL_LOCALE, translatorFor, type Translate } from "~/i18n/translate";
import { isoWeekKey, localTime } from "~/family/quiet-hours";
import { dateTimeFormat, numberFormat } from "~/i18n/intl-formats";

/** The words below are in `t`'s language; English unless given (the weekly summary, tests). */
const english = translatorFor("en");

/**
 * How practice went, computed from the append-only events of each message. Spotting leads: the
 * research on these programmes (Hoxhunt, KnowBe4, the 2025 UC San Diego trial) finds the spotting
 * rate is what improves, so the figures count spots first and never blame a machine's visit.
 *
 * Outcome of one message, from the first decisive thing that happened to it:
 * - "reported": the person it was sent to reported it (forwarded or replied to the report
 *   address, forwarded a text back or answered SCAM) before any counted click: the habit we build;
 * - "spotted": the person pressed "I spotted it" on the feedback page before any counted click;
 * - "checked-first": they answered a verification drill by checking first (asked for the family's
 *   code word, said they would call back on a number they know): a spot of its own;
 * - "fell": a human click on the landing page (a POST that was not flagged as a preview agent);
 * - "not-delivered": it never arrived (the mail server refused it for good, or the carrier reported
 *   a text undelivered): never "no response", and left out of every rate.
 * Those three answers and "not-delivered" are known at once. Anything else waits for the person:
 * - "waiting": sent less than the response window ago (PRACTICE_RESPONSE_WINDOW_DAYS, 3 days by
 *   default) and not answered yet; it counts in no rate until the window has passed.
 * Once the window has passed without an answer:
 * - "opened-not-pressed": the person opened the link (a fetch that was not flagged) but did not press;
 * - "scanner-or-preview": only a mail scanner or a link preview touched the link (flagged fetches or clicks);
 * - "delivery-unknown": a text the carrier has not confirmed, and nothing happened to it;
 * - "no-response": delivered, and nothing else.
 * Messages not sent yet are not counted at all.
 */
export type PracticeOutcome =
  | "reported"
  | "spotted"
  | "checked-first"
  | "fell"
  | "waiting"
  | "opened-not-pressed"
  | "scanner-or-preview"
  | "not-delivered"
  | "delivery-unknown"
  | "no-response";

/** How long a person has to answer a message before silence counts: PRACTICE_RESPONSE_WINDOW_DAYS's default. */
export const DEFAULT_RESPONSE_WINDOW_DAYS = 3;

/** A person's report and fall rates show once this many of their messages are decided (not waiting). */
export const MESSAGES_BEFORE_RATES = 3;

/** Whether a sent message is known to have arrived (mail's `arrivalOf`). */
export type MessageArrival = "delivered" | "not-delivered" | "unknown";

export interface EventRecord {
  kind:
    | "sent"
    | "delivered"
    | "failed"
    | "link_fetched"
    | "clicked"
    | "spotted"
    | "reported"
    | "opted_out"
    | "checked_first";
  occurredAt: Date;
  flagged: boolean;
}

export interface MessageRecord {
  /** When the message went out; null when it never did. */
  sentAt: Date | null;
  /** Known to have arrived? Left out: it did (older records, and tests of the events alone). */
  arrival?: MessageArrival;
  events: EventRecord[];
}

/**
 * The outcome of one message as of `now` (the caller's clock: pure, so the tests choose it), with
 * `responseWindowDays` for the person to answer before silence counts. Null: it never went out.
 */
export function messageOutcome(
  message: MessageRecord,
  now: Date,
  responseWindowDays: number = DEFAULT_RESPONSE_WINDOW_DAYS,
): PracticeOutcome | null {
  if (message.arrival === "not-delivered" && !message.events.some(countsAsAnswer)) return "not-delivered";
  if (!message.sentAt) return null;
  const ordered = [...message.events].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  let opened = false;
  let machine = false;
  for (const event of ordered) {
    // A report from another address is kept, flagged, and decides nothing.
    if (event.kind === "reported" && !event.flagged) return "reported";
    if (event.kind === "spotted") return "spotted";
    if (event.kind === "checked_first" && !event.flagged) return "checked-first";
    if (event.kind === "clicked" && !event.flagged) return "fell";
    if (event.kind === "link_fetched" && !event.flagged) opened = true;
    if ((event.kind === "link_fetched" || event.kind === "clicked") && event.flagged) machine = true;
  }
  if (now.getTime() - message.sentAt.getTime() < responseWindowDays * 86_400_000) return "waiting";
  if (opened) return "opened-not-pressed";
  if (machine) return "scanner-or-preview";
  return message.arrival === "unknown" ? "delivery-unknown" : "no-response";
}

/** Something only a person who got the message can do (so it arrived, whatever the carrier said). */
function countsAsAnswer(event: EventRecord): boolean {
  return (
    (event.kind === "reported" && !event.flagged) ||
    event.kind === "spotted" ||
    (event.kind === "checked_first" && !event.flagged) ||
    (event.kind === "clicked" && !event.flagged)
  );
}

/**
 * Seconds from delivery to the first report (or spot) by the person, for a message whose outcome
 * that was (the response window plays no part: an answer decides a message at once).
 */
export function secondsTo(outcome: "reported" | "spotted", message: MessageRecord): number | null {
  if (!message.sentAt || messageOutcome(message, message.sentAt) !== outcome) return null;
  const spot = message.events
    .filter((event) => event.kind === outcome && !event.flagged)
    .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())[0]!;
  return Math.max(0, Math.round((spot.occurredAt.getTime() - message.sentAt.getTime()) / 1000));
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface PersonFigures {
  /** Messages that went out and are not known to have failed (waiting ones included). */
  sent: number;
  /** Of `sent`, those whose outcome is decided (all but "waiting"): what the rates are out of. */
  decided: number;
  /** Of `sent`, messages still inside the response window with no answer. */
  waiting: number;
  /** Messages that never arrived (not in `sent`). */
  notDelivered: number;
  /** Of `sent`, texts the carrier has not confirmed and nobody answered. */
  deliveryUnknown: number;
  reported: number;
  spotted: number;
  /** Answered a verification drill by checking first: a spot of its own. */
  checkedFirst: number;
  fell: number;
  /** Opened the link (not a machine), did not press, window passed. */
  openedNotPressed: number;
  /** Only a mail scanner or a link preview touched the link, window passed. */
  scannerOrPreview: number;
  noResponse: number;
  /** 0..1 of `decided`, or null until MESSAGES_BEFORE_RATES messages are decided. */
  reportRate: number | null;
  fallRate: number | null;
  medianSecondsToReport: number | null;
}

/** One thing counted in the figures (a message, or a scam told in steps): its outcome and, if reported, how fast. */
export interface DecidedItem {
  outcome: PracticeOutcome;
  secondsToReport: number | null;
}

/** A single message as a counted item; null when it never went out. */
export function decidedMessage(
  message: MessageRecord,
  now: Date,
  responseWindowDays: number = DEFAULT_RESPONSE_WINDOW_DAYS,
): DecidedItem | null {
  const outcome = messageOutcome(message, now, responseWindowDays);
  return outcome ? { outcome, secondsToReport: secondsTo("reported", message) } : null;
}

/** A person's figures from single messages (each its own item). */
export function personFigures(
  messages: MessageRecord[],
  now: Date,
  responseWindowDays: number = DEFAULT_RESPONSE_WINDOW_DAYS,
): PersonFigures {
  return itemFigures(messages.flatMap((message) => decidedMessage(message, now, responseWindowDays) ?? []));
}

/** A person's figures from their items, a scam told in steps counted once (practice-items.ts). */
export function itemFigures(items: readonly DecidedItem[]): PersonFigures {
  const counts: Record<PracticeOutcome, number> = {
    reported: 0,
    spotted: 0,
    "checked-first": 0,
    fell: 0,
    waiting: 0,
    "opened-not-pressed": 0,
    "scanner-or-preview": 0,
    "no-response": 0,
    "not-delivered": 0,
    "delivery-unknown": 0,
  };
  const reportTimes: number[] = [];
  let sent = 0;
  for (const { outcome, secondsToReport } of items) {
    counts[outcome] += 1;
    if (outcome === "not-delivered") continue;
    sent += 1;
    if (secondsToReport !== null) reportTimes.push(secondsToReport);
  }
  const decided = sent - counts.waiting;
  const rated = decided >= MESSAGES_BEFORE_RATES;
  return {
    sent,
    decided,
    waiting: counts.waiting,
    notDelivered: counts["not-delivered"],
    deliveryUnknown: counts["delivery-unknown"],
    reported: counts.reported,
    spotted: counts.spotted,
    checkedFirst: counts["checked-first"],
    fell: counts.fell,
    openedNotPressed: counts["opened-not-pressed"],
    scannerOrPreview: counts["scanner-or-preview"],
    noResponse: counts["no-response"],
    reportRate: rated ? counts.reported / decided : null,
    fallRate: rated ? counts.fell / decided : null,
    medianSecondsToReport: median(reportTimes),
  };
}

/** Difficulty moves one step: harder after a spot, easier after a fall, always within 1..3. */
export function nextLevel(level: number, outcome: "spotted" | "fell"): 1 | 2 | 3 {
  const moved = outcome === "spotted" ? level + 1 : level - 1;
  return Math.min(3, Math.max(1, moved)) as 1 | 2 | 3;
}

/**
 * Weeks in a row, counting back from the latest week with a message, in which the person did not
 * fall for one. Weeks without a message neither break nor extend the streak.
 */
export function weeksWithoutAFall(weeks: { weekKey: string; outcomes: PracticeOutcome[] }[]): number {
  const ordered = [...weeks]
    .filter((week) => week.outcomes.length > 0)
    .sort((a, b) => b.weekKey.localeCompare(a.weekKey));
  let streak = 0;
  for (const week of ordered) {
    if (week.outcomes.includes("fell")) break;
    streak += 1;
  }
  return streak;
}

/**
 * "This month your family spotted 7 of 9 practice messages" and its quieter variants; messages
 * still inside their response window are said to be waiting, so "0 of 2" sent this morning does
 * not read as two missed.
 */
export function familySummaryLine(spotted: number, sent: number, waiting = 0, t: Translate = english): string {
  if (sent === 0) return t("trainingResults.summary.none");
  if (waiting === 0) return t("trainingResults.summary.spotted", { spotted, sent });
  if (waiting === sent) return t("trainingResults.summary.allWaiting", { spotted, sent });
  return t("trainingResults.summary.someWaiting", { spotted, sent, waiting });
}

/**
 * Whether a line of figures is good news (shown in green) or plain (neutral): good once at least
 * one message was spotted or reported and that is at least half of those decided. Green is never
 * used for "spotted 0 of 2" or "1 of 5".
 */
export function summaryTone(spotted: number, decided: number): "good" | "neutral" {
  return spotted > 0 && spotted * 2 >= decided ? "good" : "neutral";
}

/** Why a person's rates show "—": null once they have enough decided messages. */
export function ratesNote(decided: number, t: Translate = english): string | null {
  if (decided >= MESSAGES_BEFORE_RATES) return null;
  return t("trainingResults.ratesNote", { min: MESSAGES_BEFORE_RATES, count: decided });
}

/** "3 min", "2 h 5 min", "1 day 4 h": a time to spot, in words a family reads at a glance. */
export function formatDuration(seconds: number | null, t: Translate = english): string {
  if (seconds === null) return "—";
  if (seconds < 60) return t("trainingResults.duration.underMinute");
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t("trainingResults.duration.minutes", { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24)
    return minutes % 60
      ? t("trainingResults.duration.hoursMinutes", { hours, minutes: minutes % 60 })
      : t("trainingResults.duration.hours", { hours });
  const days = Math.floor(hours / 24);
  return hours % 24
    ? t("trainingResults.duration.daysHours", { days, hours: hours % 24 })
    : t("trainingResults.duration.days", { days });
}

/** "67%", the locale's way; rounded to a whole percent first, so every language shows the same number. */
export function formatRate(rate: number | null, t: Translate = english): string {
  if (rate === null) return "—";
  return numberFormat(INTL_LOCALE[t.locale], { style: "percent" }).format(Math.round(rate * 100) / 100);
}

/** Encouragement for one person's streak of weeks without a fall (never a comparison with anyone). */
export function streakLabel(weeks: number, sent: number, t: Translate = english): string {
  if (sent === 0) return t("trainingResults.noMessagesYet");
  if (weeks === 0) return t("trainingResults.streak.fresh");
  return t("trainingResults.streak.weeks", { weeks });
}

/** A week's Monday, "Nov 23" ("23 nov" in Spanish), from its key ("2026-W48"). */
export function weekLabel(weekKey: string, t: Translate = english): string {
  const [year, week] = weekKey.split("-W").map(Number) as [number, number];
  // January 4 is always in week 1; its week's Monday, then `week - 1` weeks on.
  const fourth = new Date(Date.UTC(year, 0, 4, 12));
  const monday = fourth.getTime() - ((fourth.getUTCDay() + 6) % 7) * 86_400_000 + (week - 1) * 7 * 86_400_000;
  return dateTimeFormat(INTL_LOCALE[t.locale], { month: "short", day: "numeric", timeZone: "UTC" }).format(monday);
}

/**
 * The last `count` ISO weeks in a time zone, oldest first, the week of `now` last; each labelled
 * by its Monday ("Nov 16"). Worked out on calendar dates, so a daylight-saving change cannot skip
 * or repeat a week.
 */
export function recentWeeks(now: Date, timeZone: string, count: number): { weekKey: string; label: string }[] {
  const today = localTime(now, timeZone);
  const monday = Date.UTC(today.year, today.month - 1, today.day - (today.weekday - 1), 12);
  const weeks = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const start = new Date(monday - back * 7 * 86_400_000);
    const weekKey = isoWeekKey(start, "UTC");
    weeks.push({ weekKey, label: weekLabel(weekKey) });
  }
  return weeks;
}

/**
 * How many messages ended each way, emails and texts apart: one person's, or a whole family's.
 * A report by email (forwarded, or replied to the report address) and a report by text (SCAM
 * answered, or the text forwarded back) are the "reported" of each channel.
 */
export type OutcomeCounts = Record<PracticeOutcome, number>;
export interface OutcomeTally {
  email: OutcomeCounts;
  sms: OutcomeCounts;
}

export const PRACTICE_OUTCOMES: readonly PracticeOutcome[] = [
  "reported",
  "spotted",
  "checked-first",
  "fell",
  "waiting",
  "opened-not-pressed",
  "scanner-or-preview",
  "not-delivered",
  "delivery-unknown",
  "no-response",
];

function noCounts(): OutcomeCounts {
  return Object.fromEntries(PRACTICE_OUTCOMES.map((outcome) => [outcome, 0])) as OutcomeCounts;
}

function emptyTally(): OutcomeTally {
  return { email: noCounts(), sms: noCounts() };
}

/** One person's messages (already decided as of the same moment), counted by channel and outcome. */
export function tallyOutcomes(messages: { channel: "email" | "sms"; outcome: PracticeOutcome }[]): OutcomeTally {
  const tally = emptyTally();
  for (const message of messages) tally[message.channel][message.outcome] += 1;
  return tally;
}

/**
 * The family's counts: the sum of its people's, and nothing else. Every family figure on Your
 * Training Program comes from here, so a family line can never say more (or less) than the people
 * under it (issue 35: "your family spotted 1" above a person's "Spotted 0").
 */
export function sumTallies(tallies: readonly OutcomeTally[]): OutcomeTally {
  const total = emptyTally();
  for (const tally of tallies) {
    for (const channel of ["email", "sms"] as const) {
      for (const outcome of PRACTICE_OUTCOMES) total[channel][outcome] += tally[channel][outcome];
    }
  }
  return total;
}

/** What a one-line summary says, for a person or the family, worked out from a tally only. */
export interface ResultLine {
  /** Went out and not known to have failed ("not-delivered" left out), waiting ones included. */
  sent: number;
  /**
   * Recognised as a scam: pressed "I spotted it", reported it, or checked first when a drill asked
   * for something. Reports are the best way to spot one.
   */
  spotted: number;
  /** Of `spotted`, pressed "I spotted it" on the page that explains the message. */
  spottedOnPage: number;
  /** Of `spotted`, reported: `reportedByEmail` + `reportedByText`. */
  reported: number;
  reportedByEmail: number;
  reportedByText: number;
  /** Of `spotted`, checked first: answered a verification drill by asking for proof. */
  checkedFirst: number;
  /** Opened the practice page to look, and did not press its button. */
  openedOnly: number;
  fell: number;
  /** Nothing a person did yet: still waiting, no response, only a scanner or a preview, or a text not confirmed. */
  noActionYet: number;
  /** Of `noActionYet`, still inside the response window. */
  waiting: number;
  notDelivered: number;
}

export function resultLine(tally: OutcomeTally): ResultLine {
  const both = (outcome: PracticeOutcome) => tally.email[outcome] + tally.sms[outcome];
  const reported = both("reported");
  const noActionYet = both("waiting") + both("no-response") + both("scanner-or-preview") + both("delivery-unknown");
  const checkedFirst = both("checked-first");
  const openedOnly = both("opened-not-pressed");
  return {
    sent: reported + both("spotted") + checkedFirst + both("fell") + openedOnly + noActionYet,
    spotted: reported + both("spotted") + checkedFirst,
    spottedOnPage: both("spotted"),
    reported,
    reportedByEmail: tally.email.reported,
    reportedByText: tally.sms.reported,
    checkedFirst,
    openedOnly,
    fell: both("fell"),
    noActionYet,
    waiting: both("waiting"),
    notDelivered: both("not-delivered"),
  };
}

/**
 * "Spotted 2 of 3 (1 reported, 1 checked first)", "opened only 1", "fell for 0": the figures of one result line,
 * as the items a parent reads at a glance. "No answer yet" only shows when there is some.
 */
export function resultLineItems(line: ResultLine, t: Translate = english): string[] {
  if (line.sent === 0) return [t("trainingResults.line.none")];
  const how = [
    ...(line.reported > 0 ? [t("trainingResults.line.reported", { count: line.reported })] : []),
    ...(line.checkedFirst > 0 ? [t("trainingResults.line.checkedFirst", { count: line.checkedFirst })] : []),
  ];
  const figures = { spotted: line.spotted, sent: line.sent };
  const spotted = how.length
    ? t("trainingResults.line.spottedHow", { ...figures, how: how.join(", ") })
    : t("trainingResults.line.spotted", figures);
  const items = [
    spotted,
    t("trainingResults.line.openedOnly", { count: line.openedOnly }),
    t("trainingResults.line.fell", { count: line.fell }),
  ];
  if (line.noActionYet > 0) items.push(t("trainingResults.line.noAnswer", { count: line.noActionYet }));
  return items;
}

/** A level as stored, within 1..3 (one outside is shown as the nearest). */
export function levelStep(level: number): 1 | 2 | 3 {
  return Math.min(3, Math.max(1, Math.round(level))) as 1 | 2 | 3;
}

/**
 * What each level means for the messages a person gets, after the NIST Phish Scale the library
 * rates scenarios on (practice-scenario-schema.ts): level 1 has many clues, level 3 few clues and
 * a story that fits the person's life. "messages with fewer clues".
 */
export function levelWords(level: number, t: Translate = english): string {
  return t("trainingResults.levelWords", { level: levelStep(level) });
}

/** "Level 2 of 3: messages with fewer clues". */
export function levelInWords(level: number, t: Translate = english): string {
  return t("trainingResults.level", { level: levelStep(level), words: levelWords(level, t) });
}
