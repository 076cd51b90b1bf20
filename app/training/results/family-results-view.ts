import type { PersonFigures, PracticeOutcome } from "./practice-results";

/**
 * What the family dashboard on /account/training shows (built by family-results.server.ts; safe
 * to import in the browser). Every figure is already worked out and worded on the server.
 */

export const OUTCOME_LABELS: Record<PracticeOutcome, string> = {
  reported: "Reported",
  spotted: "Spotted",
  fell: "Fell for",
  "no-response": "No response",
  uncertain: "Uncertain",
  "not-delivered": "Not delivered",
  "delivery-unknown": "Delivery not confirmed",
};

/** How many ISO weeks the trend chart covers, the current one included. */
export const TREND_WEEKS = 12;

export interface TrendWeek {
  /** "2026-W48". */
  weekKey: string;
  /** The Monday that starts it, "Nov 23". */
  label: string;
  sent: number;
  spotted: number;
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
  /** The holder's read-only view of the message and its red flags (/account/training/messages/:id); it records nothing. */
  feedbackHref: string;
}

export interface PersonResults {
  contactId: string;
  name: string;
  figures: PersonFigures;
  reportRate: string;
  fallRate: string;
  medianTimeToReport: string;
  level: number;
  /** "Level 2 of 3". */
  levelLabel: string;
  weeksWithoutAFall: number;
  /** Encouragement, about this person alone (never compared with anyone else). */
  streakLabel: string;
  trend: TrendWeek[];
  /** Newest first. */
  messages: PracticeMessageRow[];
}

export interface FamilyResults {
  /** "This month your family spotted 7 of 9 practice messages". */
  summaryLine: string;
  monthSpotted: number;
  monthSent: number;
  people: PersonResults[];
}
