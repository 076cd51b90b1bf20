import { ArrowRight, ShieldCheck } from "lucide-react";
import type { RoundFeedback } from "~/red-flag-trainer/feedback";
import { RoundFeedbackLists, scoreSentence } from "~/red-flag-trainer/round-feedback";
import { TrainerMessage } from "~/red-flag-trainer/trainer-message";
import { PLANS } from "~/billing/plans";
import { buttonVariants } from "~/ui/button";
import { cn } from "~/ui/cn";
import { TASTE_PATH, TASTE_ROUNDS, tastePath, type TasteTotals } from "./sample-taste";

/**
 * The free taste's three screens, rendered on the server with no script: a sample email to mark
 * (a GET form of checkboxes), its feedback, and the summary. The same round form opens the
 * "Sample Practice Scam Emails" dialog on the home and pricing pages. `#taste` brings the reader
 * (and the keyboard's starting point) back to the taste after each step.
 */

export const TASTE_ANCHOR = "taste";

type Heading = "h1" | "h2" | "h3";

function RoundHeading({ roundIndex, as: Tag }: { roundIndex: number; as: Heading }) {
  const round = TASTE_ROUNDS[roundIndex]!;
  return (
    <Tag className="text-lg font-bold text-brand-900">
      Email {roundIndex + 1} of {TASTE_ROUNDS.length}: {round.email.kind}
    </Tag>
  );
}

export function TasteRoundForm({
  roundIndex,
  totals,
  headingAs,
  problem,
}: {
  roundIndex: number;
  totals: TasteTotals;
  headingAs: Heading;
  problem?: string;
}) {
  const round = TASTE_ROUNDS[roundIndex]!;
  return (
    <form method="get" action={`${TASTE_PATH}#${TASTE_ANCHOR}`}>
      <input type="hidden" name="round" value={roundIndex + 1} />
      <input type="hidden" name="checked" value="1" />
      <input type="hidden" name="found" value={totals.found} />
      <input type="hidden" name="flags" value={totals.flags} />
      <RoundHeading roundIndex={roundIndex} as={headingAs} />
      <p className="mt-3 text-sm text-muted">
        Tap a part, or reach it with Tab and press Space, to mark it; do it again to unmark it.
      </p>
      {problem && (
        <p role="alert" className="mt-2 font-medium text-danger-600">
          {problem}
        </p>
      )}
      <fieldset className="mt-3">
        <legend className="sr-only">Mark the suspicious parts of this email</legend>
        <TrainerMessage layout={round.cut.layout} marking={{ name: "mark" }} label="The sample email" />
      </fieldset>
      <button type="submit" className={cn(buttonVariants(), "mt-4")}>
        Check
      </button>
    </form>
  );
}

export function TasteFeedback({
  roundIndex,
  feedback,
  totalsBefore,
}: {
  roundIndex: number;
  feedback: RoundFeedback;
  totalsBefore: TasteTotals;
}) {
  const round = TASTE_ROUNDS[roundIndex]!;
  const totals = { found: totalsBefore.found + feedback.found.length, flags: totalsBefore.flags + feedback.flagCount };
  const last = roundIndex + 1 >= TASTE_ROUNDS.length;
  const next = last ? tastePath({ done: true, ...totals }) : tastePath({ round: roundIndex + 2, ...totals });
  return (
    <div>
      <RoundHeading roundIndex={roundIndex} as="h2" />
      <div className="mt-3 space-y-6">
        <p role="status" className="font-semibold" data-testid="taste-score">
          {scoreSentence(feedback)}
        </p>
        <TrainerMessage layout={round.cut.layout} feedback={feedback} label="The sample email, checked" />
        <RoundFeedbackLists
          feedback={feedback}
          idPrefix={`taste-${roundIndex}`}
          renderLink={(href, text) => (
            <a href={href} className="font-medium text-brand-700 underline underline-offset-2">
              {text}
            </a>
          )}
        />
        <a href={`${next}#${TASTE_ANCHOR}`} className={buttonVariants()}>
          {last ? "See how you did" : "Next email"}
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </a>
      </div>
    </div>
  );
}

export function TasteSummary({ totals }: { totals: TasteTotals }) {
  return (
    <div>
      <h2 className="text-lg font-bold text-brand-900">
        You found {totals.found} of {totals.flags} red flags
      </h2>
      <p className="mt-2">
        That is the trainer members use, with dozens more emails and texts for adults, older adults, teenagers and
        children, a level that follows how you do, and your progress over time.
      </p>
      <p className="mt-4 flex gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
        <ShieldCheck aria-hidden="true" className="h-5 w-5 flex-none" />
        <span>
          {PLANS.premium.name} and {PLANS.family.name} members receive weekly practice emails like these, plus practice
          text messages, and a page after each one showing exactly which red flags they spotted and which they missed.
        </span>
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <a href="/checkout?plan=premium" className={buttonVariants()}>
          Join Training Program
        </a>
        <a href={`${TASTE_PATH}#${TASTE_ANCHOR}`} className={buttonVariants({ variant: "secondary" })}>
          Try again
        </a>
      </div>
    </div>
  );
}
