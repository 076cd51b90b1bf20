import type { ReactNode } from "react";
import type { FlagFeedback, RoundFeedback } from "./feedback";

/**
 * The explanations after Check, in four lists: red flags found, red flags missed (both with why
 * and the course page that teaches them), good instincts (parts that share a red flag's reason,
 * with the red flag that counts it) and false alarms (with why that part is ordinary on its own).
 * Each red flag's "Learn more" opens the public red-flag page for its kind; on the members' pages
 * the course page follows as "In the course (members)" (the free taste has none: its visitors have
 * no account). `renderLink` draws the links: a router Link on the members' page, a plain anchor in
 * the free taste's dialog.
 */

export function scoreSentence(feedback: RoundFeedback): string {
  const { found, flagCount, falseAlarms, goodInstincts } = feedback;
  const instincts =
    goodInstincts.length === 0
      ? ""
      : `, plus ${goodInstincts.length} good ${goodInstincts.length === 1 ? "instinct" : "instincts"} for half points,`;
  const alarms =
    falseAlarms.length === 0
      ? "and no false alarms"
      : `and marked ${falseAlarms.length} ordinary ${falseAlarms.length === 1 ? "part" : "parts"}`;
  return `You found ${found.length} of ${flagCount} red flags${instincts} ${alarms}. Score: ${feedback.score} out of 100.`;
}

function FlagItem({
  flag,
  tone,
  renderLink,
}: {
  flag: FlagFeedback;
  tone: "found" | "missed";
  renderLink: (href: string, text: string) => ReactNode;
}) {
  return (
    <li data-flag={flag.number} className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-4">
      <span
        aria-hidden="true"
        className={`mt-1 inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-xs leading-none font-bold text-white ${tone === "found" ? "bg-safe-600" : "bg-warn-700"}`}
      >
        {flag.number}
      </span>
      <div className="min-w-0">
        <p className="font-semibold break-words">
          <span className="sr-only">Red flag {flag.number}, </span>In {flag.where}: “{flag.quote}”
        </p>
        <p className="mt-1">{flag.why}</p>
        <p className="mt-2 text-sm" data-learn-more>
          Learn more: {renderLink(flag.learnMore.href, flag.learnMore.title)}
        </p>
        {flag.course && (
          <p className="mt-1 text-sm text-muted">
            In the course (members): {renderLink(flag.course.href, flag.course.title)}
          </p>
        )}
      </div>
    </li>
  );
}

export function RoundFeedbackLists({
  feedback,
  idPrefix,
  renderLink,
}: {
  feedback: RoundFeedback;
  idPrefix: string;
  renderLink: (href: string, text: string) => ReactNode;
}) {
  return (
    <div className="space-y-8">
      {feedback.found.length > 0 && (
        <section aria-labelledby={`${idPrefix}-found`}>
          <h3 id={`${idPrefix}-found`} className="text-lg font-bold text-safe-600">
            Red flags you found ({feedback.found.length})
          </h3>
          <ol className="mt-3 space-y-3" data-testid="found">
            {feedback.found.map((flag) => (
              <FlagItem key={flag.number} flag={flag} tone="found" renderLink={renderLink} />
            ))}
          </ol>
        </section>
      )}
      {feedback.missed.length > 0 && (
        <section aria-labelledby={`${idPrefix}-missed`}>
          <h3 id={`${idPrefix}-missed`} className="text-lg font-bold text-warn-700">
            Red flags you missed ({feedback.missed.length})
          </h3>
          <p className="mt-1 text-sm text-muted">They are highlighted in the message with their number.</p>
          <ol className="mt-3 space-y-3" data-testid="missed">
            {feedback.missed.map((flag) => (
              <FlagItem key={flag.number} flag={flag} tone="missed" renderLink={renderLink} />
            ))}
          </ol>
        </section>
      )}
      {feedback.goodInstincts.length > 0 && (
        <section aria-labelledby={`${idPrefix}-good-instincts`}>
          <h3 id={`${idPrefix}-good-instincts`} className="text-lg font-bold text-brand-900">
            Good instincts ({feedback.goodInstincts.length})
          </h3>
          <p className="mt-1 text-sm text-muted">Each one earns half a red flag&rsquo;s points.</p>
          <ul className="mt-3 space-y-3" data-testid="good-instincts">
            {feedback.goodInstincts.map((instinct) => (
              <li
                key={instinct.candidateId}
                data-flag={instinct.number}
                className="rounded-2xl border border-slate-200 bg-white p-4"
              >
                <p className="font-semibold break-words">
                  In {instinct.where}: “{instinct.text}”
                </p>
                <p className="mt-1">{instinct.why}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {feedback.falseAlarms.length > 0 && (
        <section aria-labelledby={`${idPrefix}-false-alarms`}>
          <h3 id={`${idPrefix}-false-alarms`} className="text-lg font-bold text-brand-900">
            False alarms ({feedback.falseAlarms.length})
          </h3>
          <ul className="mt-3 space-y-3" data-testid="false-alarms">
            {feedback.falseAlarms.map((alarm) => (
              <li key={alarm.candidateId} className="rounded-2xl border border-slate-200 bg-white p-4">
                <p className="font-semibold break-words">
                  In {alarm.where}: “{alarm.text}”
                </p>
                <p className="mt-1">{alarm.why}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
