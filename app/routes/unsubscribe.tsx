import { MailX } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { getLogger } from "~/config/logger.server";
import { getDatabase } from "~/db/database.server";
import { findSubscriptionByToken, unsubscribeByToken, UnsubscribeTokenSchema } from "~/newsletter/newsletter.server";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { requireMethod } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Unsubscribe",
    description: "Stop receiving the scam-free newsletter.",
    path: "/unsubscribe",
    noIndex: true,
  });

type View =
  | { state: "confirm"; token: string; maskedEmail: string }
  | { state: "already"; maskedEmail: string }
  | { state: "done" }
  | { state: "invalid"; message: string }
  | { state: "unknown" }
  | { state: "error" };

const NO_STORE = { "Cache-Control": "no-store" };

function view(value: View, status: number) {
  return data(value, { status, headers: NO_STORE });
}

/**
 * GET only shows what will happen and a button: mail scanners open links in emails to check them,
 * and that must never unsubscribe anyone.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = UnsubscribeTokenSchema.safeParse(new URL(request.url).searchParams.get("token") ?? undefined);
  if (!token.success)
    return view(
      { state: "invalid", message: token.error.issues[0]?.message ?? "This unsubscribe link is not valid." },
      400,
    );
  try {
    const subscription = await findSubscriptionByToken(await getDatabase(), token.data);
    if (!subscription) return view({ state: "unknown" }, 404);
    if (subscription.unsubscribed) return view({ state: "already", maskedEmail: subscription.maskedEmail }, 200);
    return view({ state: "confirm", token: token.data, maskedEmail: subscription.maskedEmail }, 200);
  } catch (error) {
    getLogger().error({ err: error }, "unsubscribe page failed");
    return view({ state: "error" }, 503);
  }
}

/**
 * The button on this page, and the one-click POST mail apps send (RFC 8058: the token in the URL,
 * body "List-Unsubscribe=One-Click"). The token is the only credential needed; server.ts exempts
 * this path from the same-origin check because those POSTs come from the mail provider.
 */
export async function action({ request }: Route.ActionArgs) {
  requireMethod(request);
  const form = await request.formData().catch(() => new FormData());
  const fromForm = form.get("token");
  const raw =
    typeof fromForm === "string" && fromForm !== "" ? fromForm : new URL(request.url).searchParams.get("token");
  const token = UnsubscribeTokenSchema.safeParse(raw ?? undefined);
  if (!token.success)
    return view(
      { state: "invalid", message: token.error.issues[0]?.message ?? "This unsubscribe link is not valid." },
      400,
    );
  try {
    const outcome = await unsubscribeByToken(await getDatabase(), token.data);
    if (outcome === "unknown") return view({ state: "unknown" }, 404);
    return view({ state: "done" }, 200);
  } catch (error) {
    getLogger().error({ err: error }, "unsubscribe failed");
    return view({ state: "error" }, 503);
  }
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const current: View = actionData ?? loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <Card className="text-center">
        <MailX aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700" />
        {current.state === "confirm" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Unsubscribe from the newsletter?</h1>
            <p className="mt-3 text-muted">
              <strong className="text-ink wrap-anywhere">{current.maskedEmail}</strong> will stop receiving scam alerts
              from scam-free.
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={current.token} />
              <Button type="submit" disabled={busy}>
                {busy ? "Unsubscribing..." : "Unsubscribe"}
              </Button>
            </Form>
          </>
        )}
        {current.state === "done" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">You have been unsubscribed</h1>
            <p role="status" className="mt-3 text-muted">
              You will not receive the newsletter any more. Changed your mind? Sign up again on the home page at any
              time.
            </p>
          </>
        )}
        {current.state === "already" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Already unsubscribed</h1>
            <p className="mt-3 text-muted">
              <strong className="text-ink wrap-anywhere">{current.maskedEmail}</strong> is not receiving the newsletter.
            </p>
          </>
        )}
        {current.state === "invalid" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">This link does not work</h1>
            <p role="alert" className="mt-3 text-muted">
              {current.message} Please use the unsubscribe link from one of our emails, or write to support.
            </p>
          </>
        )}
        {current.state === "unknown" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Subscription not found</h1>
            <p role="alert" className="mt-3 text-muted">
              We could not find a newsletter subscription for this link. It may be mistyped; nothing was changed.
            </p>
          </>
        )}
        {current.state === "error" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Something went wrong</h1>
            <p role="alert" className="mt-3 text-muted">
              We could not update your subscription. Please try again later.
            </p>
          </>
        )}
        <p className="mt-8 text-sm">
          <Link to="/" className="font-medium text-brand-700 underline">
            Return to Home
          </Link>
        </p>
      </Card>
    </section>
  );
}
