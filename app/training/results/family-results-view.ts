import type { OutcomeTally, PersonFigures, PracticeOutcome, ResultLine } from "./practice-results";

/**
 * What the family dashboard on /account/training shows (built by family-results.server.ts; safe
 * to import in the browser). Every figure is already worked out and worded on the server.
 */

export const OUTCOME_LABELS: Record<PracticeOutcome, string> = {
  reported: "Reported",
  spotted: "Spotted",
  "checked-first": "Checked first",
  fell: "Fell for",
  waiting: "Waiting",
  "opened-not-pressed": "Opened, did not press",
  "scanner-or-preview": "Scanner or preview",
  "no-response": "No response",
  "not-delivered": "Not delivered",
  "delivery-unknown": "Delivery not confirmed",
};

/** What each outcome means, in the words the dashboard explains them with (`days`: the response window). */
export function outcomeMeanings(days: number): { outcome: PracticeOutcome; label: string; meaning: string }[] {
  const window = `${days} ${days === 1 ? "day" : "days"}`;
  const meanings: [PracticeOutcome, string][] = [
    ["reported", "They forwarded it to the report address, or answered the text with SCAM. The best answer."],
    ["spotted", 'They pressed "I spotted it" on the page that explains the message.'],
    [
      "checked-first",
      "A message pretended to be family, a boss or the bank and asked for something; they checked first (asked for the code word, or said they would call back on a number they know).",
    ],
    ["fell", "They pressed the button on the practice page. That is what practice is for."],
    ["waiting", `Sent less than ${window} ago, with no answer yet: it counts in no rate until then.`],
    [
      "opened-not-pressed",
      'They opened the link to look but did not press the button on the practice page ("opened only" on their line).',
    ],
    [
      "scanner-or-preview",
      "Only a mail scanner or a link preview opened the link, never a person. It never counts as a fall.",
    ],
    ["no-response", `It arrived and nothing happened in ${window}.`],
    ["not-delivered", "It never arrived. It counts in no rate."],
    ["delivery-unknown", "The phone company never confirmed that the text arrived, and nothing happened."],
  ];
  return meanings.map(([outcome, meaning]) => ({ outcome, label: OUTCOME_LABELS[outcome], meaning }));
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
  scenarioTitle: string;
  channel: "email" | "sms";
  outcome: PracticeOutcome;
  outcomeLabel: string;
  /** For a scam told in steps (one row for all of them): "A scam told in 3 steps: steps 1–2 sent; stopped it at step 2". */
  sequenceLine: string | null;
  /** The holder's read-only view of the message and its red flags (/account/training/messages/:id); it records nothing. */
  feedbackHref: string;
}

export interface PersonResults {
  contactId: string;
  name: string;
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
