import type { Route } from "./+types/training.summaries.unsubscribe";
import { OneClickUnsubscribePage, type UnsubscribeView } from "~/mail/one-click-unsubscribe-page";
import { unsubscribeAction, unsubscribeLoader } from "~/mail/one-click-unsubscribe.server";
import { pageMeta } from "~/seo/meta";
import { SummaryTokenSchema, stopWeeklySummaries, summaryTokenState } from "~/training/results/weekly-summaries.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Stop weekly summaries",
    description: "Stop the Training Program's weekly practice summaries.",
    path: "/training/summaries/unsubscribe",
    noIndex: true,
  });

const LIST = {
  tokenSchema: SummaryTokenSchema,
  name: "weekly summary",
  state: summaryTokenState,
  stop: stopWeeklySummaries,
};

/** GET only asks: mail scanners open links in emails, and that must never stop anything. */
export async function loader({ request }: Route.LoaderArgs) {
  return unsubscribeLoader(request, LIST);
}

/** The page's button, and the RFC 8058 one-click POST (token in the URL); see cross-site-posts.ts. */
export async function action({ request }: Route.ActionArgs) {
  return unsubscribeAction(request, LIST);
}

export default function StopWeeklySummaries({ loaderData, actionData }: Route.ComponentProps) {
  const view: UnsubscribeView = actionData ?? loaderData;
  return (
    <OneClickUnsubscribePage
      view={view}
      copy={{
        confirmTitle: "Stop the weekly summaries?",
        confirmText:
          "You will get no more weekly notes about practice messages. Practice messages themselves have their own stop link.",
        button: "Stop weekly summaries",
        busyButton: "Stopping...",
        doneTitle: "Weekly summaries stopped",
        doneText: "No more weekly summaries will be sent for this link.",
        alreadyText: "No weekly summaries are sent for this link.",
        invalidHint: "Please use the link from one of our weekly summaries, or write to support.",
        unknownText: "We could not find weekly summaries for this link. It may be mistyped; nothing was changed.",
      }}
    />
  );
}
