import { Award, Gauge } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/ui/cn";
import { outcomeMeanings, type FamilyResults, type PersonResults } from "./family-results-view";
import { resultLineItems, type PracticeOutcome } from "./practice-results";
import { PracticeTrendChart } from "./practice-trend-chart";
import { ReportRealScams } from "./report-real-scams";

/**
 * The family dashboard below the people on /account/training. Reporting leads; each person is
 * shown on their own, with their own streak, and never ranked against anyone else. Colours are
 * honest: green only for good news (a report, a spot, a month mostly spotted), amber for a fall,
 * red for a message that never arrived, neutral for everything else; the words always say it too.
 */

const NEUTRAL = "bg-slate-100 text-slate-800 ring-slate-300";
const OUTCOME_CLASSES: Record<PracticeOutcome, string> = {
  reported: "bg-safe-50 text-green-900 ring-green-300",
  spotted: "bg-safe-50 text-green-900 ring-green-300",
  "checked-first": "bg-safe-50 text-green-900 ring-green-300",
  fell: "bg-amber-50 text-amber-950 ring-amber-300",
  waiting: "bg-white text-slate-800 ring-slate-300",
  "opened-not-pressed": NEUTRAL,
  "scanner-or-preview": NEUTRAL,
  "no-response": NEUTRAL,
  "not-delivered": "bg-red-50 text-red-900 ring-red-300",
  "delivery-unknown": NEUTRAL,
};

function OutcomeBadge({ outcome, label }: { outcome: PracticeOutcome; label: string }) {
  return (
    <span
      className={cn("inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1", OUTCOME_CLASSES[outcome])}
    >
      {label}
    </span>
  );
}

function Figures({ person }: { person: PersonResults }) {
  const { figures } = person;
  // Only when there are some: a message that never arrived is never "no response".
  const some = (label: string, count: number): [string, number][] => (count > 0 ? [[label, count]] : []);
  // Reporting leads: it is the habit that protects people (decision 030); falls come after.
  const items: [string, string | number][] = [
    ["Reported", figures.reported],
    ["Report rate", person.reportRate],
    ["Median time to report", person.medianTimeToReport],
    ["Fell for", figures.fell],
    ["Fall rate", person.fallRate],
    // "Spotted" counts reports and checking first too, as the line above, the family's headline
    // and the chart do.
    ["Spotted", figures.spotted + figures.reported + figures.checkedFirst],
    ...some("Checked first", figures.checkedFirst),
    ["Opened, did not press", figures.openedNotPressed],
    ["No response", figures.noResponse],
    ["Scanner or preview", figures.scannerOrPreview],
    ["Waiting", figures.waiting],
    ["Sent", figures.sent],
    ...some("Delivery not confirmed", figures.deliveryUnknown),
    ...some("Not delivered", figures.notDelivered),
  ];
  // Until there are enough messages the rates are "—", and the note under the figures says why.
  const noteId = person.ratesNote ? `rates-note-${person.contactId}` : undefined;
  const isRate = (label: string) => label === "Report rate" || label === "Fall rate";
  return (
    <>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-slate-50 p-3" data-testid="result-figure">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-xl font-bold text-brand-900" aria-describedby={isRate(label) ? noteId : undefined}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {person.ratesNote && (
        <p id={noteId} className="mt-2 text-sm text-muted" data-testid="rates-note">
          {person.ratesNote}
        </p>
      )}
    </>
  );
}

/**
 * One person at a glance: this month's line, their last message and their level, in the summary
 * of a disclosure (a plain <details>, so it opens with no script); the figures since they started,
 * the chart and the messages are a tap away.
 */
function PersonResultsLine({ person }: { person: PersonResults }) {
  const headingId = `results-${person.contactId}`;
  const last = person.lastMessage;
  return (
    <details className="group rounded-xl border border-slate-200 bg-white" data-testid="person-results-line">
      <summary className="cursor-pointer list-none p-4 sm:px-6 [&::-webkit-details-marker]:hidden">
        <span className="flex items-start justify-between gap-3">
          <span className="min-w-0">
            <span className="block text-lg font-bold text-brand-900" data-testid="person-line-name">
              {person.name}
            </span>
            <span className="mt-1 block" data-testid="person-line-figures">
              {resultLineItems(person.monthLine).join(", ")}
            </span>
            <span className="mt-1 block text-sm text-muted">
              {last ? (
                <span data-testid="person-line-last">
                  Last message: <time dateTime={last.sentAt}>{last.dateLabel}</time>,{" "}
                  {last.channel === "email" ? "email" : "text"}, {last.outcomeLabel.toLowerCase()}
                </span>
              ) : (
                "No practice messages yet"
              )}
            </span>
            <span className="mt-1 flex items-center gap-2 text-sm" data-testid="person-line-level">
              <Gauge aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
              {person.levelLabel}
            </span>
          </span>
          <span className="shrink-0 text-sm font-medium text-brand-700 underline">
            <span className="group-open:hidden">Details</span>
            <span className="hidden group-open:inline">Hide details</span>
            <span className="sr-only"> for {person.name}</span>
          </span>
        </span>
      </summary>
      <div
        className="border-t border-slate-200 p-4 sm:p-6"
        role="region"
        aria-labelledby={headingId}
        data-testid="person-results"
      >
        <h3 id={headingId} className="text-lg font-bold text-brand-900">
          <span className="sr-only">Results for </span>
          {person.name}
          <span className="font-normal text-muted">, since the start</span>
        </h3>
        <p className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-base">
          <span className="inline-flex items-center gap-2">
            <Award
              aria-hidden="true"
              className={cn("h-5 w-5", person.weeksWithoutAFall > 0 ? "text-safe-600" : "text-slate-500")}
            />
            {person.streakLabel}
          </span>
        </p>
        <Figures person={person} />
        <h4 className="mt-6 font-semibold text-brand-900">The last {person.trend.length} weeks</h4>
        <PracticeTrendChart name={person.name} trend={person.trend} idPrefix={headingId} />
        <h4 className="mt-6 font-semibold text-brand-900">Practice messages</h4>
        <ul className="mt-2 divide-y divide-slate-200" data-testid="practice-message-list">
          {person.messages.map((message) => (
            <li
              key={message.id}
              className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            >
              <div>
                <p className="font-medium">{message.scenarioTitle}</p>
                <p className="text-sm text-muted">
                  <time dateTime={message.sentAt}>{message.dateLabel}</time> ·{" "}
                  {message.channel === "email" ? "Email" : "Text"}
                </p>
                {message.sequenceLine && (
                  <p className="text-sm text-muted" data-testid="sequence-line">
                    {message.sequenceLine}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <OutcomeBadge outcome={message.outcome} label={message.outcomeLabel} />
                <Link to={message.feedbackHref} className="text-brand-700 underline">
                  See its red flags<span className="sr-only">: {message.scenarioTitle}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm">
          {/* A plain link (no client routing): the answer is a JSON download. */}
          <a href={`/account/training/export/${person.contactId}`} className="text-brand-700 underline" download>
            Download everything we hold about {person.name} (JSON)
          </a>
        </p>
      </div>
    </details>
  );
}

/**
 * Someone nothing has gone out to yet: one line instead of a card of zeros and an empty chart. For
 * someone who stopped, that is the line: "starting at level 1" would promise messages that never come.
 */
function NoResultsYet({ person, stopped }: { person: PersonResults; stopped: boolean }) {
  return (
    <p className="rounded-xl bg-slate-50 px-4 py-3 text-muted" data-testid="person-no-results">
      {stopped
        ? `${person.name} stopped practice messages, so none went out.`
        : `No practice messages for ${person.name} yet. They start at ${person.firstLevelLabel.replace(/^Level/, "level")}.`}{" "}
      {/* A plain link (no client routing): the answer is a JSON download. */}
      <a href={`/account/training/export/${person.contactId}`} className="text-sm text-brand-700 underline" download>
        Download everything we hold about {person.name} (JSON)
      </a>
    </p>
  );
}

/** What each badge means, behind one toggle (the response window is the site's setting). */
function OutcomeMeanings({ days }: { days: number }) {
  return (
    <details className="mt-2" data-testid="outcome-meanings">
      <summary className="cursor-pointer font-medium text-brand-700 underline">What each result means</summary>
      <dl className="mt-2 space-y-2">
        {outcomeMeanings(days).map(({ outcome, label, meaning }) => (
          <div key={outcome} className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:gap-3">
            <dt className="shrink-0 sm:w-48">
              <OutcomeBadge outcome={outcome} label={label} />
            </dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/**
 * `settings`: the holder's setting for this section ("Tell me when someone spots one"), under its
 * heading. `className`: its margin, smaller when it leads the page.
 */
export function FamilyResultsSection({
  results,
  settings,
  stopped,
  className = "mt-10",
}: {
  results: FamilyResults;
  settings?: ReactNode;
  /** The people this family's own notices or messages were refused by (the page's "Opted out"). */
  stopped?: ReadonlySet<string>;
  className?: string;
}) {
  const days = results.responseWindowDays;
  const withMessages = results.people.filter((person) => person.messages.length > 0);
  return (
    <section className={className} aria-labelledby="family-results" data-testid="family-results">
      <h2 id="family-results" className="text-2xl font-bold text-brand-900">
        How your family is doing
      </h2>
      <p
        className={cn(
          "mt-2 text-lg font-semibold",
          results.summaryTone === "good" ? "text-green-900" : "text-brand-900",
        )}
        data-testid="family-summary"
        data-tone={results.summaryTone}
      >
        {results.summaryLine}
      </p>
      {results.people.length === 0 ? (
        <p className="mt-4 text-muted">Results appear here once practice messages go out.</p>
      ) : (
        <>
          {withMessages.length > 0 && (
            <p className="mt-1 text-muted">
              This month, person by person. Tap a name for everything since they started.
            </p>
          )}
          <ul className="mt-4 space-y-3">
            {results.people.map((person) => (
              <li key={person.contactId}>
                {person.messages.length === 0 ? (
                  <NoResultsYet person={person} stopped={stopped?.has(person.contactId) ?? false} />
                ) : (
                  <PersonResultsLine person={person} />
                )}
              </li>
            ))}
          </ul>
          {withMessages.length > 0 && (
            // The family's line is the sum of the lines above (sumTallies), never counted apart.
            <p className="mt-3 rounded-xl bg-slate-50 px-4 py-3" data-testid="family-totals">
              <span className="font-semibold text-brand-900">Whole family this month: </span>
              {resultLineItems(results.monthLine).join(", ")}
            </p>
          )}
        </>
      )}
      <p className="mt-4 text-muted">
        Spotting a practice message is the goal, and reporting it is the best way to spot one. A new message shows
        &ldquo;Waiting&rdquo; for its first {days} {days === 1 ? "day" : "days"}. A link opened only by a mail scanner
        or a link preview never counts as a fall; it shows as &ldquo;Scanner or preview&rdquo;.
      </p>
      <OutcomeMeanings days={days} />
      {settings}
      <ReportRealScams />
    </section>
  );
}
