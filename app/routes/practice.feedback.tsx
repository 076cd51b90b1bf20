import { ShieldCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/practice.feedback";
import { PRACTICE_PAGE_HEADERS, PracticeSpottedSchema, practicePageMeta } from "~/training/tracking/practice-pages";
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
import type { ScenarioLanguage } from "~/training/library/practice-scenario-schema";
import { translatorFor } from "~/i18n/translate";
import { ContentLocale, useT } from "~/i18n/use-translation";
import { practiceLibrary } from "~/training/library/practice-library.server";
import type { FormResult } from "~/validation/form-result";
import { readForm } from "~/validation/read-form.server";

export const headers = () => PRACTICE_PAGE_HEADERS;

/** In the message's language (issue #39), the site's header and footer included. */
export const handle = { contentLanguage: (data: { language?: ScenarioLanguage }) => data.language };

export const meta: Route.MetaFunction = (args) => {
  const t = translatorFor(args.data?.language ?? "en");
  return practicePageMeta(args, { title: t("feedback.metaTitle"), description: t("feedback.metaDescription") });
};

/** Shows the feedback and records nothing: the weekly summary links here for people who never clicked. */
export async function loader({ params }: Route.LoaderArgs) {
  const { db, message } = await requirePracticeMessage(params.token);
  const feedback = await feedbackFor(db, message, landingLinkOf);
  if (!feedback) throw data(null, { status: 404 });
  // A text showed the practice link itself where the scenario has its [[link]] marker.
  const linkText = landingLinkOf(message);
  return data({ ...feedback, linkText }, { headers: PRACTICE_PAGE_HEADERS });
}

/** The language of a token's message, English when the token finds none (bad input is answered either way). */
async function languageOfToken(token: string) {
  try {
    const { message } = await requirePracticeMessage(token);
    return practiceLibrary().byId(message.scenarioId)?.language ?? "en";
  } catch {
    return "en";
  }
}

/** "I spotted it": recorded once per message; it never counts as a fall. */
export async function action({ request, params }: Route.ActionArgs) {
  const form = PracticeSpottedSchema.safeParse(await readForm(request));
  if (!form.success) {
    const t = translatorFor(await languageOfToken(params.token));
    throw data(
      { ok: false, title: t("feedback.refused.title"), message: t("feedback.refused.message") } satisfies FormResult,
      { status: 400 },
    );
  }
  const { db, message } = await requirePracticeMessage(params.token);
  // Answered in the message's language, like the page the button is on.
  const t = translatorFor(practiceLibrary().byId(message.scenarioId)?.language ?? "en");
  const spotted = await recordSpotted(db, message, { userAgent: userAgentOf(request) });
  // The first spot of a message tells the holder, if they asked ("Tell me when someone spots one").
  await noticeHolderOfSpot(db, message, spotted.event);
  return data(
    { ok: true, title: t("feedback.spotted.answerTitle"), message: t("feedback.spotted.answer") } satisfies FormResult,
    { headers: PRACTICE_PAGE_HEADERS },
  );
}

/** The page in the message's language (issue #39): a Spanish practice message, a Spanish page. */
export default function PracticeFeedback({ loaderData }: Route.ComponentProps) {
  return (
    <ContentLocale.Provider value={loaderData.language}>
      <FeedbackPage feedback={loaderData} />
    </ContentLocale.Provider>
  );
}

function FeedbackPage({ feedback }: { feedback: Route.ComponentProps["loaderData"] }) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  // The opening words follow what the person did: never praise after a fall (issue #35).
  const opening = feedbackOpening(feedback.outcome, feedback.friendly, feedback.redFlags.length, t);
  return (
    <div lang={feedback.language} className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <p className="flex items-start gap-3 rounded-2xl bg-safe-50 px-4 py-3 font-semibold text-ink ring-1 ring-green-200">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-safe-600" />
        <span>{t("feedback.notice")}</span>
      </p>
      <h1 className="mt-8 text-2xl font-bold text-brand-900 sm:text-3xl">{opening.heading}</h1>
      <p className="mt-3 text-muted">{opening.intro}</p>

      {feedback.sequence && <StorySoFarSection sequence={feedback.sequence} />}
      <ArrivedWithRedFlags
        view={feedback}
        flagsHeading={feedback.friendly ? t("feedback.flagsHeadingFriendly") : t("feedback.flagsHeading")}
      />

      <NextTimeSection text={feedback.nextTime} />
      {feedback.checkFirst && <CheckFirstSection course={feedback.checkFirst} friendly={feedback.friendly} />}

      {feedback.outcome === null && (
        <section aria-labelledby="spotted-heading" className="mt-8">
          <h2 id="spotted-heading" className="text-lg font-bold text-brand-900">
            {feedback.friendly ? t("feedback.spotted.questionFriendly") : t("feedback.spotted.question")}
          </h2>
          <p className="mt-2 text-muted">
            {feedback.friendly ? t("feedback.spotted.explainFriendly") : t("feedback.spotted.explain")}
          </p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="spotted" />
            <Button type="submit" variant="success" disabled={busy}>
              {t("feedback.spotted.button")}
            </Button>
          </Form>
        </section>
      )}
      {feedback.outcome === "spotted" && (
        <p role="status" className="mt-8 rounded-2xl bg-safe-50 px-4 py-3 font-semibold ring-1 ring-green-200">
          {feedback.friendly ? t("feedback.spotted.notedFriendly") : t("feedback.spotted.noted")}
        </p>
      )}

      <LearnMoreSection redFlagPages={feedback.redFlagPages} coursePages={feedback.coursePages} />
      <SourcesSection sources={feedback.sources} />
      <CheckerSection href={feedback.checkerHref} />

      <p className="mt-12 text-sm text-muted">
        {t("feedback.stop.prompt")}{" "}
        <Link
          to={`/practice/${feedback.token}/stop`}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          {t("feedback.stop.link")}
        </Link>
      </p>
    </div>
  );
}
