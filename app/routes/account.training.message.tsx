import { ArrowLeft, Eye } from "lucide-react";
import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account.training.message";
import { requireUser } from "~/account/session.server";
import { getEnv } from "~/config/env.server";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { loadHolderMessageView } from "~/training/results/holder-message-view.server";
import {
  ArrivedWithRedFlags,
  LearnMoreSection,
  SourcesSection,
  CheckerSection,
  NextTimeSection,
  StorySoFarSection,
} from "~/training/tracking/practice-feedback-sections";

/** Never cached or indexed; the page is about one family's member. */
const HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

export const headers = () => HEADERS;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "A practice message and its red flags",
    description: "A family member's practice message, as it arrived, with its red flags.",
    path: "/account/training",
    noIndex: true,
  });

const MessageIdSchema = z.uuid();

/**
 * The account holder's read-only view of a family member's practice message (linked from the
 * family results on /account/training). Signed in only; the message must belong to a person of
 * the holder's own subscription, otherwise the plain 404. There is no action: nothing here
 * records a click, a spot or a stop for the member.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const messageId = MessageIdSchema.safeParse(params.messageId);
  if (!messageId.success) throw data(null, { status: 404, headers: HEADERS });
  const view = await loadHolderMessageView(await getDatabase(), {
    userId: user.id,
    messageId: messageId.data,
    practiceOrigin: getEnv().practice?.linkOrigin ?? getEnv().APP_URL,
  });
  if (!view) throw data(null, { status: 404, headers: HEADERS });
  return data(view, { headers: HEADERS });
}

export default function HolderPracticeMessage({ loaderData }: Route.ComponentProps) {
  const view = loaderData;
  const name = view.personName;
  const flags = view.redFlags.length === 1 ? "1 red flag" : `${view.redFlags.length} red flags`;
  // Worded for the holder about the member (never the member's own "Great job checking!"), and
  // with nothing to press: there is no form, and no link to the member's own pages.
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <p>
        <Link
          to="/account/training"
          className="inline-flex items-center gap-2 font-medium text-brand-700 underline underline-offset-2"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to your Training Program
        </Link>
      </p>
      <h1 className="mt-6 text-2xl font-bold text-brand-900 sm:text-3xl">{name}&apos;s practice message</h1>
      <p className="mt-3 text-lg" data-testid="holder-message-intro">
        Here is what {name}&apos;s message looked like and the warning signs in it.
      </p>
      <p className="mt-3 flex items-start gap-3 rounded-2xl bg-brand-50 px-4 py-3 text-ink ring-1 ring-brand-200">
        <Eye aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
        <span>You are looking at this as the account holder: nothing you do here counts as {name}&apos;s answer.</span>
      </p>
      <p className="mt-3 text-muted" data-testid="holder-message-outcome">
        {view.resultLabel && <span className="font-semibold text-ink">{view.resultLabel}: </span>}
        {view.resultLine} It had {flags}, numbered in the message and explained below.
      </p>

      {view.sequence && <StorySoFarSection sequence={view.sequence} />}
      <ArrivedWithRedFlags view={view} flagsHeading="The red flags" members />

      <NextTimeSection text={view.nextTime} heading={`What ${name} can do next time`} />

      <LearnMoreSection redFlagPages={view.redFlagPages} coursePages={view.coursePages} members />
      <SourcesSection sources={view.sources} />
      <CheckerSection href={view.checkerHref} />
    </div>
  );
}
