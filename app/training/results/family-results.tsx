import { Award, Gauge } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { inEdition } from "~/i18n/locales";
import { INTL_LOCALE, type Translate } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { cn } from "~/ui/cn";
import { outcomeLabel, outcomeMeanings, type FamilyResults, type PersonResults } from "./family-results-view";
import { sequenceProgress } from "./practice-items";
import {
  familySummaryLine,
  formatDuration,
  formatRate,
  levelInWords,
  levelWords,
  ratesNote,
  resultLineItems,
  streakLabel,
  type PracticeOutcome,
} from "./practice-results";
import { PracticeTrendChart } from "./practice-trend-chart";
import { ReportRealScams } from "./report-real-scams";
import { dateTimeFormat } from "~/i18n/intl-formats";

/**
 * The family dashboard below the people on /account/training. Reporting leads; each person is
 * shown on their own, with their own streak, and never ranked against anyone else. Colours are
 * honest: green only for good news (a report, a spot, a month mostly spotted), amber for a fall,
 * red for a message that never arrived, neutral for everything else; the words always say it too.
 * Worded in the page's language (/es/account/training in Spanish) from the view's figures, not
 * from its English words.
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

/** A message's day in the person's time zone, "Nov 23, 2026" / "23 nov 2026". */
function messageDate(sentAt: string, timeZone: string, t: Translate): string {
  return dateTimeFormat(INTL_LOCALE[t.locale], { dateStyle: "medium", timeZone }).format(new Date(sentAt));
}

function Figures({ person }: { person: PersonResults }) {
  const t = useT();
  const { figures } = person;
  // Only when there are some: a message that never arrived is never "no response".
  const some = (key: string, label: string, count: number): [string, string, number][] =>
    count > 0 ? [[key, label, count]] : [];
  // Reporting leads: it is the habit that protects people (decision 030); falls come after.
  const items: [string, string, string | number][] = [
    ["reported", t("trainingResults.figure.reported"), figures.reported],
    ["report-rate", t("trainingResults.figure.reportRate"), formatRate(figures.reportRate, t)],
    ["median-time", t("trainingResults.figure.medianTime"), formatDuration(figures.medianSecondsToReport, t)],
    ["fell", t("trainingResults.figure.fell"), figures.fell],
    ["fall-rate", t("trainingResults.figure.fallRate"), formatRate(figures.fallRate, t)],
    // "Spotted" counts reports and checking first too, as the line above, the family's headline
    // and the chart do.
    ["spotted", t("trainingResults.figure.spotted"), figures.spotted + figures.reported + figures.checkedFirst],
    ...some("checked-first", t("trainingResults.figure.checkedFirst"), figures.checkedFirst),
    ["opened-not-pressed", t("trainingResults.figure.openedNotPressed"), figures.openedNotPressed],
    ["no-response", t("trainingResults.figure.noResponse"), figures.noResponse],
    ["scanner-or-preview", t("trainingResults.figure.scannerOrPreview"), figures.scannerOrPreview],
    ["waiting", t("trainingResults.figure.waiting"), figures.waiting],
    ["sent", t("trainingResults.figure.sent"), figures.sent],
    ...some("delivery-unknown", t("trainingResults.figure.deliveryUnknown"), figures.deliveryUnknown),
    ...some("not-delivered", t("trainingResults.figure.notDelivered"), figures.notDelivered),
  ];
  // Until there are enough messages the rates are "—", and the note under the figures says why.
  const note = figures.sent > 0 ? ratesNote(figures.decided, t) : null;
  const noteId = note ? `rates-note-${person.contactId}` : undefined;
  const isRate = (key: string) => key === "report-rate" || key === "fall-rate";
  return (
    <>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map(([key, label, value]) => (
          <div key={key} className="rounded-xl bg-slate-50 p-3" data-testid="result-figure">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-xl font-bold text-brand-900" aria-describedby={isRate(key) ? noteId : undefined}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {note && (
        <p id={noteId} className="mt-2 text-sm text-muted" data-testid="rates-note">
          {note}
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
  const t = useT();
  const headingId = `results-${person.contactId}`;
  const last = person.lastMessage;
  const sr = (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>;
  return (
    <details className="group rounded-xl border border-slate-200 bg-white" data-testid="person-results-line">
      <summary className="cursor-pointer list-none p-4 sm:px-6 [&::-webkit-details-marker]:hidden">
        <span className="flex items-start justify-between gap-3">
          <span className="min-w-0">
            <span className="block text-lg font-bold text-brand-900" data-testid="person-line-name">
              {person.name}
            </span>
            <span className="mt-1 block" data-testid="person-line-figures">
              {resultLineItems(person.monthLine, t).join(", ")}
            </span>
            <span className="mt-1 block text-sm text-muted">
              {last ? (
                <span data-testid="person-line-last">
                  {t.rich("trainingResults.lastMessage", {
                    time: (chunks) => <time dateTime={last.sentAt}>{chunks}</time>,
                    date: messageDate(last.sentAt, person.timeZone, t),
                    channel: last.channel,
                    outcome: outcomeLabel(last.outcome, t).toLocaleLowerCase(INTL_LOCALE[t.locale]),
                  })}
                </span>
              ) : (
                t("trainingResults.noMessagesYet")
              )}
            </span>
            <span className="mt-1 flex items-center gap-2 text-sm" data-testid="person-line-level">
              <Gauge aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
              {levelInWords(person.level, t)}
            </span>
          </span>
          <span className="shrink-0 text-sm font-medium text-brand-700 underline">
            <span className="group-open:hidden">{t("trainingResults.details")}</span>
            <span className="hidden group-open:inline">{t("trainingResults.hideDetails")}</span>
            <span className="sr-only">{t("trainingResults.detailsFor", { name: person.name })}</span>
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
          {t.rich("trainingResults.personHeading", {
            sr,
            name: person.name,
            muted: (chunks) => <span className="font-normal text-muted">{chunks}</span>,
          })}
        </h3>
        <p className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-base">
          <span className="inline-flex items-center gap-2">
            <Award
              aria-hidden="true"
              className={cn("h-5 w-5", person.weeksWithoutAFall > 0 ? "text-safe-600" : "text-slate-500")}
            />
            {streakLabel(person.weeksWithoutAFall, person.figures.sent, t)}
          </span>
        </p>
        <Figures person={person} />
        <h4 className="mt-6 font-semibold text-brand-900">
          {t("trainingResults.lastWeeks", { weeks: person.trend.length })}
        </h4>
        <PracticeTrendChart name={person.name} trend={person.trend} idPrefix={headingId} />
        <h4 className="mt-6 font-semibold text-brand-900">{t("trainingResults.messagesHeading")}</h4>
        <ul className="mt-2 divide-y divide-slate-200" data-testid="practice-message-list">
          {person.messages.map((message) => {
            const title = message.scenarioTitle ?? t("trainingResults.unknownScenario");
            // A title written in the other language says so, for a screen reader's voice.
            const titleLanguage =
              message.scenarioTitle && message.scenarioLanguage && message.scenarioLanguage !== t.locale
                ? message.scenarioLanguage
                : undefined;
            const sequenceLine = message.sequence
              ? sequenceProgress({ outcome: message.outcome, sequence: message.sequence }, t)
              : null;
            return (
              <li
                key={message.id}
                className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              >
                <div>
                  <p className="font-medium" lang={titleLanguage}>
                    {title}
                  </p>
                  <p className="text-sm text-muted">
                    <time dateTime={message.sentAt}>{messageDate(message.sentAt, person.timeZone, t)}</time> ·{" "}
                    {t("trainingResults.channel", { channel: message.channel })}
                  </p>
                  {sequenceLine && (
                    <p className="text-sm text-muted" data-testid="sequence-line">
                      {sequenceLine}
                    </p>
                  )}
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <OutcomeBadge outcome={message.outcome} label={outcomeLabel(message.outcome, t)} />
                  {/* The holder's view of the message, in this page's edition (/es/account/training/messages/…). */}
                  <Link to={inEdition(message.feedbackHref, t.locale)} className="text-brand-700 underline">
                    {t.rich("trainingResults.seeRedFlags", {
                      sr: (chunks) => (
                        <span className="sr-only" lang={titleLanguage}>
                          {chunks}
                        </span>
                      ),
                      title,
                    })}
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
        <p className="mt-4 text-sm">
          {/* A plain link (no client routing): the answer is a JSON download. */}
          <a href={`/account/training/export/${person.contactId}`} className="text-brand-700 underline" download>
            {t("trainingResults.download", { name: person.name })}
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
  const t = useT();
  return (
    <p className="rounded-xl bg-slate-50 px-4 py-3 text-muted" data-testid="person-no-results">
      {stopped
        ? t("trainingResults.stopped", { name: person.name })
        : t("trainingResults.notYet", {
            name: person.name,
            level: person.firstLevel,
            words: levelWords(person.firstLevel, t),
          })}{" "}
      {/* A plain link (no client routing): the answer is a JSON download. */}
      <a href={`/account/training/export/${person.contactId}`} className="text-sm text-brand-700 underline" download>
        {t("trainingResults.download", { name: person.name })}
      </a>
    </p>
  );
}

/** What each badge means, behind one toggle (the response window is the site's setting). */
function OutcomeMeanings({ days }: { days: number }) {
  const t = useT();
  return (
    <details className="mt-2" data-testid="outcome-meanings">
      <summary className="cursor-pointer font-medium text-brand-700 underline">
        {t("trainingResults.meaningsToggle")}
      </summary>
      <dl className="mt-2 space-y-2">
        {outcomeMeanings(days, t).map(({ outcome, label, meaning }) => (
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
  const t = useT();
  const days = results.responseWindowDays;
  const withMessages = results.people.filter((person) => person.messages.length > 0);
  return (
    <section className={className} aria-labelledby="family-results" data-testid="family-results">
      <h2 id="family-results" className="text-2xl font-bold text-brand-900">
        {t("trainingResults.title")}
      </h2>
      <p
        className={cn(
          "mt-2 text-lg font-semibold",
          results.summaryTone === "good" ? "text-green-900" : "text-brand-900",
        )}
        data-testid="family-summary"
        data-tone={results.summaryTone}
      >
        {familySummaryLine(results.monthSpotted, results.monthSent, results.monthWaiting, t)}
      </p>
      {results.people.length === 0 ? (
        <p className="mt-4 text-muted">{t("trainingResults.empty")}</p>
      ) : (
        <>
          {withMessages.length > 0 && <p className="mt-1 text-muted">{t("trainingResults.lead")}</p>}
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
              {t.rich("trainingResults.familyTotals", {
                b: (chunks) => <span className="font-semibold text-brand-900">{chunks}</span>,
                line: resultLineItems(results.monthLine, t).join(", "),
              })}
            </p>
          )}
        </>
      )}
      <p className="mt-4 text-muted">{t("trainingResults.explain", { days })}</p>
      <OutcomeMeanings days={days} />
      {settings}
      <ReportRealScams />
    </section>
  );
}
