import { ShieldCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/practice.feedback";
import {
  PRACTICE_NOTICE,
  PRACTICE_PAGE_HEADERS,
  PracticeSpottedSchema,
  practicePageMeta,
} from "~/training/tracking/practice-pages";
import { feedbackFor } from "~/training/tracking/practice-feedback.server";
import { feedbackOpening } from "~/training/tracking/feedback-opening";
import {
  ArrivedWithRedFlags,
  LearnMoreSection,
  SourcesSection,
  CheckerSection,
  CheckFirstSection,
  NextTimeSection,
  StorySoFarSection,
} from "~/training/tracking/practice-feedback-sections";
import { landingLinkOf, requirePracticeMessage, userAgentOf } from "~/training/tracking/practice-pages.server";
import { noticeHolderOfSpot } from "~/training/tracking/spot-notices.server";
import { recordSpotted } from "~/training/tracking/tracking.server";
import { Button } from "~/ui/button";
import type { FormResult } from "~/validation/form-result";
import { readForm } from "~/validation/read-form.server";

export const headers = () => PRACTICE_PAGE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  practicePageMeta(args, { title: "What to look for", description: "The red flags in a scam-free practice message." });

/** Shows the feedback and records nothing: the weekly summary links here for people who never clicked. */
export async function loader({ params }: Route.LoaderArgs) {
  const { db, message } = await requirePracticeMessage(params.token);
  const feedback = await feedbackFor(db, message, landingLinkOf);
  if (!feedback) throw data(null, { status: 404 });
  // A text showed the practice link itself where the scenario has its [[link]] marker.
  const linkText = landingLinkOf(message);
  return data({ ...feedback, linkText }, { headers: PRACTICE_PAGE_HEADERS });
}

/** "I spotted it": recorded once per message; it never counts as a fall. */
export async function action({ request, params }: Route.ActionArgs) {
  const form = PracticeSpottedSchema.safeParse(await readForm(request));
  if (!form.success) {
    throw data(
      { ok: false, title: "Nothing was changed", message: "Please use the button on this page." } satisfies FormResult,
      { status: 400 },
    );
  }
  const { db, message } = await requirePracticeMessage(params.token);
  const spotted = await recordSpotted(db, message, { userAgent: userAgentOf(request) });
  // The first spot of a message tells the holder, if they asked ("Tell me when someone spots one").
  await noticeHolderOfSpot(db, message, spotted.event);
  return data({ ok: true, title: "Well spotted", message: "We noted that you spotted it." } satisfies FormResult, {
    headers: PRACTICE_PAGE_HEADERS,
  });
}

export default function PracticeFeedback({ loaderData }: Route.ComponentProps) {
  const feedback = loaderData;
  const busy = useNavigation().state !== "idle";
  // The opening words follow what the person did: never praise after a fall (issue #35).
  const opening = feedbackOpening(feedback.outcome, feedback.friendly, feedback.redFlags.length);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <p className="flex items-start gap-3 rounded-2xl bg-safe-50 px-4 py-3 font-semibold text-ink ring-1 ring-green-200">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-safe-600" />
        <span>{PRACTICE_NOTICE}</span>
      </p>
      <h1 className="mt-8 text-2xl font-bold text-brand-900 sm:text-3xl">{opening.heading}</h1>
      <p className="mt-3 text-muted">{opening.intro}</p>

      {feedback.sequence && <StorySoFarSection sequence={feedback.sequence} />}
      <ArrivedWithRedFlags view={feedback} flagsHeading={feedback.friendly ? "The clues" : "The red flags"} />

      <NextTimeSection text={feedback.nextTime} />
      {feedback.checkFirst && <CheckFirstSection course={feedback.checkFirst} friendly={feedback.friendly} />}

      {feedback.outcome === null && (
        <section aria-labelledby="spotted-heading" className="mt-8">
          <h2 id="spotted-heading" className="text-lg font-bold text-brand-900">
            Did you spot it?
          </h2>
          <p className="mt-2 text-muted">
            {feedback.friendly
              ? "If you knew it was a scam before you opened it, press the button. Your next practice message will be a bit trickier."
              : "If you recognized this as a scam before opening it, say so: your next practice message will be a little harder."}
          </p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="spotted" />
            <Button type="submit" variant="success" disabled={busy}>
              I spotted it
            </Button>
          </Form>
        </section>
      )}
      {feedback.outcome === "spotted" && (
        <p role="status" className="mt-8 rounded-2xl bg-safe-50 px-4 py-3 font-semibold ring-1 ring-green-200">
          We noted that you spotted it. Your next practice message will be a little harder.
        </p>
      )}

      <LearnMoreSection redFlagPages={feedback.redFlagPages} coursePages={feedback.coursePages} />
      <SourcesSection sources={feedback.sources} />
      <CheckerSection href={feedback.checkerHref} />

      <p className="mt-12 text-sm text-muted">
        Want no more practice messages?{" "}
        <Link
          to={`/practice/${feedback.token}/stop`}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Stop practice messages
        </Link>
      </p>
    </div>
  );
}
