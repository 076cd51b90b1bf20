import { ArrowRight, Flag, RotateCcw } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/weekly-lessons.practice";
import { requireMember } from "~/billing/membership.server";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { PRACTISING } from "~/red-flag-trainer/candidates";
import { RoundFeedbackLists, scoreSentence } from "~/red-flag-trainer/round-feedback";
import { ScoreChart } from "~/red-flag-trainer/score-chart";
import { checkRound, nextRound, parseAgeBand, trainerProgress } from "~/red-flag-trainer/trainer.server";
import { TrainerMessage } from "~/red-flag-trainer/trainer-message";
import { Button } from "~/ui/button";
import { readForm } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Spot the red flags",
    description: "Practice finding the red flags in scam emails and texts.",
    path: "/weekly-lessons/practice",
    noIndex: true,
  });

/** Members only: anyone else is sent away before any message text is read. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMember({ request, context }, { otherwise: "/weekly-lessons" });
  const url = new URL(request.url);
  const ageBand = parseAgeBand(url.searchParams.get("who"));
  const db = await getDatabase();
  const [round, progress] = await Promise.all([
    nextRound(db, { userId: user.id, ageBand, requested: url.searchParams.get("scenario") }),
    trainerProgress(db, user.id, ageBand),
  ]);
  return { round, progress };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMember({ request, context }, { otherwise: "/weekly-lessons" });
  const outcome = await checkRound(await getDatabase(), { userId: user.id, form: await readForm(request) });
  return data(outcome.result, { status: outcome.status });
}

const LEVEL_WORDS = { 1: "easier to spot", 2: "moderately hard to spot", 3: "hard to spot" } as const;

function WhoIsPractising({ current }: { current: string }) {
  return (
    <nav aria-labelledby="who-heading" className="mt-6">
      <h2 id="who-heading" className="text-sm font-semibold text-muted">
        Who is practicing?
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {PRACTISING.map(({ band, label }) => (
          <li key={band}>
            <Link
              to={`?who=${band}`}
              aria-current={band === current ? "page" : undefined}
              className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium ring-1 ring-brand-200 hover:bg-brand-50 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white aria-[current=page]:ring-brand-700"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function TrainerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { round, progress } = loaderData;
  const busy = useNavigation().state !== "idle";
  const checked = actionData?.ok ? actionData : null;
  // After Check the form is replaced by the result: focus moves to its heading, so keyboard and
  // screen reader users carry on from there rather than from the top of the page.
  const resultHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (checked) resultHeading.current?.focus();
  }, [checked]);
  const who = PRACTISING.find((entry) => entry.band === progress.ageBand)!;
  // "An older adult" -> "Older adult", for the progress heading and the chart's summary.
  const person = who.label.replace(/^An? /, "").replace(/^./, (letter) => letter.toUpperCase());
  const channelWord = (channel: "email" | "sms") => (channel === "email" ? "email" : "text");

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <p className="text-sm">
        <Link to="/weekly-lessons" className="font-medium text-brand-700 underline underline-offset-2">
          Weekly Lessons
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">Spot the red flags</h1>
      <p className="mt-3 text-lg text-muted">
        Every message here is a made-up scam. Mark each part that makes you suspicious, then press Check to see which
        red flags you found, which you missed, and why they matter.
      </p>
      <WhoIsPractising current={progress.ageBand} />

      {actionData && !actionData.ok && (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 px-4 py-3 ring-1 ring-red-200">
          <strong>{actionData.title}.</strong> {actionData.message}
        </p>
      )}

      {checked ? (
        <section aria-labelledby="result-heading" className="mt-8">
          <h2 id="result-heading" ref={resultHeading} tabIndex={-1} className="text-2xl font-bold text-brand-900">
            How you did
          </h2>
          <p role="status" className="mt-2 text-lg font-semibold" data-testid="score">
            {scoreSentence(checked.feedback)}
          </p>
          <div className="mt-4">
            <TrainerMessage
              layout={checked.layout}
              feedback={checked.feedback}
              label={`The practice ${channelWord(checked.channel)}, checked`}
            />
          </div>
          <div className="mt-8">
            <RoundFeedbackLists
              feedback={checked.feedback}
              idPrefix="round"
              renderLink={(href, text) => (
                <Link to={href} className="font-medium text-brand-700 underline underline-offset-2">
                  {text}
                </Link>
              )}
            />
          </div>
          <section aria-labelledby="next-time-heading" className="mt-8 rounded-2xl bg-brand-50 p-5">
            <h3 id="next-time-heading" className="text-lg font-bold text-brand-900">
              What to do next time
            </h3>
            <p className="mt-2">{checked.nextTime}</p>
          </section>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to={`?who=${checked.ageBand}`}
              className="inline-flex h-11 items-center gap-2 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
            >
              Next message <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
            <Link
              to={`?who=${checked.ageBand}&scenario=${checked.scenarioId}`}
              className="inline-flex h-11 items-center gap-2 rounded-lg px-5 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
            >
              <RotateCcw aria-hidden="true" className="h-4 w-4" /> Try this message again
            </Link>
          </div>
        </section>
      ) : round ? (
        <Form method="post" className="mt-8" key={`${round.scenarioId}-${round.ageBand}`}>
          <input type="hidden" name="scenarioId" value={round.scenarioId} />
          <input type="hidden" name="ageBand" value={round.ageBand} />
          <fieldset>
            <legend className="text-xl font-bold text-brand-900">
              Mark the suspicious parts of this {channelWord(round.layout.channel)}
            </legend>
            <p className="mt-1 text-sm text-muted">
              Level {round.level} of 3 ({LEVEL_WORDS[round.level]}). Tap a part, or reach it with Tab and press Space or
              Enter, to mark it with a <Flag aria-hidden="true" className="inline h-4 w-4 text-warn-700" />
              <span className="sr-only">flag</span>; do it again to unmark it.
            </p>
            <div className="mt-4">
              <TrainerMessage
                layout={round.layout}
                marking={{ name: "selected" }}
                label={`The practice ${channelWord(round.layout.channel)}`}
              />
            </div>
          </fieldset>
          <Button type="submit" className="mt-6" disabled={busy}>
            Check
          </Button>
        </Form>
      ) : (
        <p className="mt-8 rounded-xl bg-slate-50 p-4">There are no practice messages for this person yet.</p>
      )}

      <section aria-labelledby="progress-heading" className="mt-12 border-t border-slate-200 pt-8">
        <h2 id="progress-heading" className="text-xl font-bold text-brand-900">
          Progress: {person}
        </h2>
        {progress.totals.rounds === 0 ? (
          <p className="mt-2 text-muted">No rounds yet. Check your first message to start the chart.</p>
        ) : (
          <>
            <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="totals">
              <div>
                <dt className="text-sm text-muted">Level</dt>
                <dd className="text-2xl font-bold">{progress.level} of 3</dd>
              </div>
              <div>
                <dt className="text-sm text-muted">Rounds</dt>
                <dd className="text-2xl font-bold">{progress.totals.rounds}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted">Red flags found</dt>
                <dd className="text-2xl font-bold">
                  {progress.totals.found} of {progress.totals.flags}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted">Average score</dt>
                <dd className="text-2xl font-bold">{progress.totals.averageScore}</dd>
              </div>
            </dl>
            <ScoreChart name={person} rounds={progress.recent} />
          </>
        )}
      </section>
    </div>
  );
}
