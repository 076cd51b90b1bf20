import type { Route } from "./+types/scam-updates.unsubscribe";
import { OneClickUnsubscribePage, type UnsubscribeView } from "~/mail/one-click-unsubscribe-page";
import { unsubscribeAction, unsubscribeLoader } from "~/mail/one-click-unsubscribe.server";
import { DigestTokenSchema, digestTokenState, stopScamUpdateDigest } from "~/scam-updates/digest.server";
import { pageMeta } from "~/seo/meta";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Stop weekly scam alerts",
    description: "Stop the weekly email of new scam alerts for Training Program members.",
    path: "/scam-updates/unsubscribe",
    noIndex: true,
  });

const LIST = {
  tokenSchema: DigestTokenSchema,
  name: "scam update digest",
  state: digestTokenState,
  stop: (db: Parameters<typeof stopScamUpdateDigest>[0], token: string) => stopScamUpdateDigest(db, token),
};

/** GET only asks: mail scanners open links in emails, and that must never stop anything. */
export async function loader({ request }: Route.LoaderArgs) {
  return unsubscribeLoader(request, LIST);
}

/** The page's button, and the RFC 8058 one-click POST (token in the URL); see cross-site-posts.ts. */
export async function action({ request }: Route.ActionArgs) {
  return unsubscribeAction(request, LIST);
}

export default function StopScamUpdateDigest({ loaderData, actionData }: Route.ComponentProps) {
  const view: UnsubscribeView = actionData ?? loaderData;
  return (
    <OneClickUnsubscribePage
      view={view}
      copy={{
        confirmTitle: "Stop the weekly scam alerts email?",
        confirmText:
          "You will get no more weekly emails about new scam alerts. The alerts stay on your Weekly Lessons page, and you can turn the email back on from your account page.",
        button: "Stop weekly scam alerts",
        busyButton: "Stopping...",
        doneTitle: "Weekly scam alerts stopped",
        doneText:
          "No more weekly scam alert emails will be sent to this account. You can turn them back on from your account page.",
        alreadyText: "No weekly scam alert emails are sent for this link.",
        invalidHint: "Please use the link from one of our weekly scam alert emails, or write to support.",
        unknownText: "We could not find weekly scam alerts for this link. It may be mistyped; nothing was changed.",
      }}
    />
  );
}
