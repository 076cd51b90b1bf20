import { ArrowRight, ShieldCheck } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { coursePagePath } from "~/course/course-map";
import { RED_FLAGS_PATH, redFlagPagePath } from "~/red-flags/red-flag-paths";
import { cutMessage } from "~/red-flag-trainer/candidates";
import { roundFeedback, type RoundFeedback } from "~/red-flag-trainer/feedback";
import { RoundFeedbackLists, scoreSentence } from "~/red-flag-trainer/round-feedback";
import { scoreAttempt } from "~/red-flag-trainer/scoring";
import { TrainerMessage } from "~/red-flag-trainer/trainer-message";
import { Button } from "~/ui/button";
import { Dialog } from "~/ui/dialog";
import { SAMPLE_EMAILS, SAMPLE_RED_FLAG_PAGES, TASTE_ROUND_IDS, sampleTrainerMessage } from "./sample-emails";

/**
 * The free taste of the spot-the-red-flags trainer, for anonymous visitors on the pricing and home
 * pages: three sample emails as trainer rounds, with the members' toggles, scoring and
 * explanations. Everything happens in this component's state: no request, no cookie, no storage,
 * so closing the dialog forgets it. Loaded only when someone opens it (plan-cards.tsx).
 */

const ROUNDS = TASTE_ROUND_IDS.map((id) => {
  const email = SAMPLE_EMAILS.find((sample) => sample.id === id)!;
  const message = sampleTrainerMessage(email);
  const titles = new Map(email.redFlags.map((flag) => [flag.coursePage, flag.courseTitle]));
  return { email, message, cut: cutMessage(message), titles };
});

export default function SampleEmailsDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const [index, setIndex] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [feedback, setFeedback] = useState<RoundFeedback | null>(null);
  const [results, setResults] = useState<RoundFeedback[]>([]);
  const finished = index >= ROUNDS.length;
  // After Check, Next or the last round, focus goes to the new heading so keyboard and screen
  // reader users continue from there.
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [index, feedback]);

  const round = finished ? null : ROUNDS[index]!;
  const total = useMemo(
    () => ({
      found: results.reduce((sum, result) => sum + result.found.length, 0),
      flags: results.reduce((sum, result) => sum + result.flagCount, 0),
    }),
    [results],
  );

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const check = () => {
    if (!round) return;
    const outcome = scoreAttempt(round.cut.candidates, [...selected]);
    if (!outcome.ok) return;
    const result = roundFeedback(round.message, round.cut.candidates, outcome.score, (page) => {
      const redFlagPage = SAMPLE_RED_FLAG_PAGES[page];
      return {
        // Public, like every "Learn more": the visitor trying the taste has no account.
        learnMore: redFlagPage
          ? { title: redFlagPage.title, href: redFlagPagePath(redFlagPage.slug) }
          : { title: "Red flags: how to spot a scam", href: RED_FLAGS_PATH },
        course: { title: round.titles.get(page) ?? `Course page ${page}`, href: coursePagePath(page) },
      };
    });
    moved.current = true;
    setFeedback(result);
    setResults((list) => [...list, result]);
  };

  const next = () => {
    moved.current = true;
    setSelected(new Set());
    setFeedback(null);
    setIndex((value) => value + 1);
  };

  const restart = () => {
    moved.current = true;
    setSelected(new Set());
    setFeedback(null);
    setResults([]);
    setIndex(0);
  };

  return (
    <Dialog
      returnFocusTo={returnFocusTo}
      open={open}
      onOpenChange={onOpenChange}
      title="Sample Practice Scam Emails"
      description="Three safe, made-up scam emails like the ones the Training Program sends. Mark the parts that make you suspicious, then press Check. Nothing you do here is saved or sent anywhere."
    >
      {round ? (
        <div>
          <h3 ref={heading} tabIndex={-1} className="text-lg font-bold text-brand-900">
            Email {index + 1} of {ROUNDS.length}: {round.email.kind}
          </h3>
          {feedback ? (
            <div className="mt-3 space-y-6">
              <p role="status" className="font-semibold" data-testid="taste-score">
                {scoreSentence(feedback)}
              </p>
              <TrainerMessage layout={round.cut.layout} feedback={feedback} label="The sample email, checked" />
              <RoundFeedbackLists
                feedback={feedback}
                idPrefix={`taste-${index}`}
                renderLink={(href, text) => (
                  <a href={href} className="font-medium text-brand-700 underline underline-offset-2">
                    {text}
                  </a>
                )}
              />
              <Button type="button" onClick={next}>
                {index + 1 < ROUNDS.length ? "Next email" : "See how you did"}
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </Button>
            </div>
          ) : (
            <div className="mt-3">
              <p className="text-sm text-muted">
                Tap a part, or reach it with Tab and press Space or Enter, to mark it; do it again to unmark it.
              </p>
              <fieldset className="mt-3">
                <legend className="sr-only">Mark the suspicious parts of this email</legend>
                <TrainerMessage
                  layout={round.cut.layout}
                  marking={{ selected, onToggle: toggle }}
                  label="The sample email"
                />
              </fieldset>
              <Button type="button" className="mt-4" onClick={check}>
                Check
              </Button>
            </div>
          )}
        </div>
      ) : (
        <div>
          <h3 ref={heading} tabIndex={-1} className="text-lg font-bold text-brand-900">
            You found {total.found} of {total.flags} red flags
          </h3>
          <p className="mt-2">
            That is the trainer members use, with dozens more emails and texts for adults, older adults, teenagers and
            children, a level that follows how you do, and your progress over time.
          </p>
          <p className="mt-4 flex gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
            <ShieldCheck aria-hidden="true" className="h-5 w-5 flex-none" />
            <span>
              Premium subscribers receive weekly practice emails like these, plus practice text messages, and a page
              after each one showing exactly which red flags they spotted and which they missed.
            </span>
          </p>
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <a
              href="/checkout?plan=premium"
              className="inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
            >
              Join Training Program
            </a>
            <Button type="button" variant="secondary" onClick={restart}>
              Try again
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
