import { MailCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter.confirm";
import { getLogger } from "~/config/logger.server";
import { getDatabase } from "~/db/database.server";
import { CONFIRMATION_LINK_DAYS, ConfirmationTokenSchema } from "~/newsletter/confirmation-link";
import { confirmNewsletterSubscription, findPendingConfirmation } from "~/newsletter/confirmation.server";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { readFormData } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Confirm your newsletter subscription",
    description: "Confirm that you want the scam-free scam alerts newsletter.",
    path: "/newsletter/confirm",
    noIndex: true,
  });

type View =
  | { state: "confirm"; token: string; maskedEmail: string }
  | { state: "subscribed" }
  | { state: "already" }
  | { state: "invalid"; message: string }
  | { state: "unknown" }
  | { state: "error" };

// The token is in the address: no caching, and no Referer carrying it to another site.
const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

function view(value: View, status: number) {
  return data(value, { status, headers: NO_STORE });
}

function invalid(error: { issues: { message: string }[] }) {
  return view({ state: "invalid", message: error.issues[0]?.message ?? "This confirmation link is not valid." }, 400);
}

/** GET only shows a button: mail scanners open links in emails, and that must never subscribe anyone. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = ConfirmationTokenSchema.safeParse(new URL(request.url).searchParams.get("token") ?? undefined);
  if (!token.success) return invalid(token.error);
  try {
    const pending = await findPendingConfirmation(await getDatabase(), token.data);
    if (!pending) return view({ state: "unknown" }, 404);
    return view({ state: "confirm", token: token.data, maskedEmail: pending.maskedEmail }, 200);
  } catch (error) {
    getLogger().error({ err: error }, "newsletter confirmation page failed");
    return view({ state: "error" }, 503);
  }
}

/** The page's button: the token comes in the form (or, failing that, the address). */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const fromForm = form.get("token");
  const raw =
    typeof fromForm === "string" && fromForm !== "" ? fromForm : new URL(request.url).searchParams.get("token");
  const token = ConfirmationTokenSchema.safeParse(raw ?? undefined);
  if (!token.success) return invalid(token.error);
  try {
    const outcome = await confirmNewsletterSubscription(await getDatabase(), token.data);
    if (outcome === "unknown") return view({ state: "unknown" }, 404);
    return view({ state: outcome === "subscribed" ? "subscribed" : "already" }, 200);
  } catch (error) {
    getLogger().error({ err: error }, "newsletter confirmation failed");
    return view({ state: "error" }, 503);
  }
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const current: View = actionData ?? loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <Card className="text-center">
        <MailCheck aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700" />
        {current.state === "confirm" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Confirm your subscription</h1>
            <p className="mt-3 text-muted">
              Press the button to get the scam alerts newsletter at{" "}
              <strong className="text-ink wrap-anywhere">{current.maskedEmail}</strong>: one short email when a new scam
              is going around. Every email has a link to unsubscribe.
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={current.token} />
              <Button type="submit" disabled={busy}>
                {busy ? "Confirming..." : "Confirm my subscription"}
              </Button>
            </Form>
          </>
        )}
        {current.state === "subscribed" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">You're subscribed</h1>
            <p role="status" className="mt-3 text-muted">
              Thank you. We have sent you a welcome email. Should you change your mind, every email has a link to
              unsubscribe.
            </p>
          </>
        )}
        {current.state === "already" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">You're subscribed</h1>
            <p role="status" className="mt-3 text-muted">
              This address was already on the list, so nothing changed.
            </p>
          </>
        )}
        {current.state === "unknown" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">This link does not work</h1>
            <p role="alert" className="mt-3 text-muted">
              It has been used already, or it is older than {CONFIRMATION_LINK_DAYS} days. Nothing was changed. To
              subscribe, sign up again on the newsletter page.
            </p>
          </>
        )}
        {current.state === "invalid" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">This link does not work</h1>
            <p role="alert" className="mt-3 text-muted">
              {current.message} Please use the link from our most recent email; nothing was changed.
            </p>
          </>
        )}
        {current.state === "error" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Something went wrong</h1>
            <p role="alert" className="mt-3 text-muted">
              We could not confirm your subscription just now. Please try the link again in a few minutes.
            </p>
          </>
        )}
        <p className="mt-8 text-sm">
          <Link to="/newsletter" className="font-medium text-brand-700 underline">
            The newsletter page
          </Link>
        </p>
      </Card>
    </section>
  );
}
