import { translatorFor, type Translate } from "~/i18n/translate";
import type { ScenarioLanguage } from "~/training/library/practice-scenario-schema";
import type { SequenceProgress } from "./practice-items";
import {
  PRACTICE_OUTCOMES,
  type OutcomeTally,
  type PersonFigures,
  type PracticeOutcome,
  type ResultLine,
} from "./practice-results";

/**
 * What the family dashboard on /account/training shows (built by family-results.server.ts; safe
 * to import in the browser). Every figure is worked out on the server; the worded fields
 * (`summaryLine`, `levelLabel`, `dateLabel`…) are in English, for the weekly summary and the
 * tests. The page words the same figures again in its own language (family-results.tsx, /es).
 */

const english = translatorFor("en");

/** An outcome's badge, in `t`'s language ("Spotted", "Lo descubrió"). */
export function outcomeLabel(outcome: PracticeOutcome, t: Translate = english): string {
  switch (outcome) {
    case "reported":
      return t("trainingResults.outcome.reported");
    case "spotted":
      return t("trainingResults.outcome.spotted");
    case "checked-first":
      return t("trainingResults.outcome.checkedFirst");
    case "fell":
      return t("trainingResults.outcome.fell");
    case "waiting":
      return t("trainingResults.outcome.waiting");
    case "opened-not-pressed":
      return t("trainingResults.outcome.openedNotPressed");
    case "scanner-or-preview":
      return t("trainingResults.outcome.scannerOrPreview");
    case "no-response":
      return t("trainingResults.outcome.noResponse");
    case "not-delivered":
      return t("trainingResults.outcome.notDelivered");
    case "delivery-unknown":
      return t("trainingResults.outcome.deliveryUnknown");
  }
}

/** The badges in English, as the server's view and the weekly summary word them. */
export const OUTCOME_LABELS = Object.fromEntries(
  PRACTICE_OUTCOMES.map((outcome) => [outcome, outcomeLabel(outcome)]),
) as Record<PracticeOutcome, string>;

/** What each outcome means, in the words the dashboard explains them with (`days`: the response window). */
export function outcomeMeanings(
  days: number,
  t: Translate = english,
): { outcome: PracticeOutcome; label: string; meaning: string }[] {
  const meanings: [PracticeOutcome, string][] = [
    ["reported", t("trainingResults.meaning.reported")],
    ["spotted", t("trainingResults.meaning.spotted")],
    ["checked-first", t("trainingResults.meaning.checkedFirst")],
    ["fell", t("trainingResults.meaning.fell")],
    ["waiting", t("trainingResults.meaning.waiting", { days })],
    ["opened-not-pressed", t("trainingResults.meaning.openedNotPressed")],
    ["scanner-or-preview", t("trainingResults.meaning.scannerOrPreview")],
    ["no-response", t("trainingResults.meaning.noResponse", { days })],
    ["not-delivered", t("trainingResults.meaning.notDelivered")],
    ["delivery-unknown", t("trainingResults.meaning.deliveryUnknown")],
  ];
  return meanings.map(([outcome, meaning]) => ({ outcome, label: outcomeLabel(outcome, t), meaning }));
}

/** How many ISO weeks the trend chart covers, the current one included. */
export const TREND_WEEKS = 12;

export interface TrendWeek {
  /** "2026-W48". */
  weekKey: string;
  /** The Monday that starts it, "Nov 23". */
  label: string;
  sent: number;
  spotted: number;
  /** Of `spotted`, by checking first on a verification drill. */
  checkedFirst: number;
  /** Of `sent`, still inside the response window with no answer. */
  waiting: number;
}

export interface PracticeMessageRow {
  id: string;
  /** When it went out (ISO), and the same as a date in the person's time zone, "Nov 23, 2026". */
  sentAt: string;
  dateLabel: string;
  /** Null for a scenario since removed from the library ("A practice message"). */
  scenarioTitle: string | null;
  channel: "email" | "sms";
  outcome: PracticeOutcome;
  outcomeLabel: string;
  /** For a scam told in steps (one row for all of them): "A scam told in 3 steps: steps 1–2 sent; stopped it at step 2". */
  sequenceLine: string | null;
  /** The same, as figures, for the page to word in its language. */
  sequence: SequenceProgress | null;
  /** The language the scenario (and so its title) is written in. */
  scenarioLanguage: ScenarioLanguage | null;
  /** The holder's read-only view of the message and its red flags (/account/training/messages/:id); it records nothing. */
  feedbackHref: string;
}

export interface PersonResults {
  contactId: string;
  name: string;
  /** Their time zone: the dates and weeks below are theirs. */
  timeZone: string;
  figures: PersonFigures;
  /** "25%", or "—" until MESSAGES_BEFORE_RATES messages are decided (then `ratesNote` says why). */
  reportRate: string;
  fallRate: string;
  ratesNote: string | null;
  medianTimeToReport: string;
  level: number;
  /** "Level 2 of 3: messages with fewer clues". */
  levelLabel: string;
  /**
   * Where their first practice message will be, for someone nothing has gone out to yet: never
   * level 1 (FIRST_MESSAGE_MIN_LEVEL, scenario-choice.ts), whatever level they were given.
   */
  firstLevelLabel: string;
  /** The level of `firstLevelLabel`. */
  firstLevel: number;
  /** This month's messages by channel and outcome: the family's `month` is the sum of these. */
  month: OutcomeTally;
  /** This month's one line, from `month` alone. */
  monthLine: ResultLine;
  /** The newest message, at a glance: "Nov 20, 2026", and what happened to it. */
  lastMessage: Pick<PracticeMessageRow, "dateLabel" | "sentAt" | "outcome" | "outcomeLabel" | "channel"> | null;
  weeksWithoutAFall: number;
  /** Encouragement, about this person alone (never compared with anyone else). */
  streakLabel: string;
  trend: TrendWeek[];
  /** Newest first. */
  messages: PracticeMessageRow[];
}

export interface FamilyResults {
  /** "This month your family spotted 7 of 9 practice messages", from `monthLine`. */
  summaryLine: string;
  /** "good" (green) only when at least half of the month's decided messages were spotted or reported. */
  summaryTone: "good" | "neutral";
  /** This month, the sum of the people's `month` (sumTallies): never counted any other way. */
  month: OutcomeTally;
  monthLine: ResultLine;
  /** `monthLine.spotted`, `.sent` and `.waiting`. */
  monthSpotted: number;
  monthSent: number;
  /** Of `monthSent`, still inside their response window. */
  monthWaiting: number;
  /** PRACTICE_RESPONSE_WINDOW_DAYS: how long a message shows "Waiting". */
  responseWindowDays: number;
  people: PersonResults[];
}
