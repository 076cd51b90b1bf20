import { MailX } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/practice.stop";
import { PRACTICE_PAGE_HEADERS, PracticeStopSchema, practicePageMeta } from "~/training/tracking/practice-pages";
import { requirePracticeMessage, userAgentOf } from "~/training/tracking/practice-pages.server";
import { stopPracticeMessages } from "~/training/tracking/tracking.server";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import type { FormResult } from "~/validation/form-result";
import { readForm } from "~/validation/read-form.server";

export const headers = () => PRACTICE_PAGE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  practicePageMeta(args, {
    title: "Stop practice messages",
    description: "Stop the practice emails and texts from scam-free.",
  });

type View = { state: "confirm" } | { state: "stopped" } | { state: "already-stopped" };

/** Shows what will stop and one button; changes nothing (mail scanners open every link in an email). */
export async function loader({ params }: Route.LoaderArgs) {
  const { message } = await requirePracticeMessage(params.token);
  const view: View = message.addressStopped ? { state: "already-stopped" } : { state: "confirm" };
  return data(view, { headers: PRACTICE_PAGE_HEADERS });
}

/**
 * The button on this page, and the one-click POST a mail app sends for the email's
 * List-Unsubscribe header (RFC 8058: body "List-Unsubscribe=One-Click", urlencoded or multipart).
 * The token in the address is the whole authorisation and stopping is the only thing it can do;
 * server.ts exempts this path from the cross-site check (routes/cross-site-posts.ts) because
 * one-click POSTs come from the mail provider.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const form = PracticeStopSchema.safeParse(await readForm(request));
  if (!form.success) {
    throw data(
      { ok: false, title: "Nothing was changed", message: "Please use the button on this page." } satisfies FormResult,
      { status: 400 },
    );
  }
  const { db, message } = await requirePracticeMessage(params.token);
  const source = "List-Unsubscribe" in form.data ? "one-click" : "stop-link";
  const outcome = await stopPracticeMessages(db, message, source, userAgentOf(request));
  return data({ state: outcome } satisfies View, { headers: PRACTICE_PAGE_HEADERS });
}

export default function PracticeStop({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <Card className="text-center">
        <MailX aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700" />
        {view.state === "confirm" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Stop practice messages?</h1>
            <p className="mt-3 text-muted">
              You will get no more practice emails or texts from scam-free. Any that are planned are cancelled at once.
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="intent" value="stop" />
              <Button type="submit" disabled={busy}>
                Stop practice messages
              </Button>
            </Form>
          </>
        )}
        {view.state === "stopped" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Practice messages stopped</h1>
            <p role="status" className="mt-3 text-muted">
              You will get no more practice emails or texts from scam-free.
            </p>
          </>
        )}
        {view.state === "already-stopped" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Practice messages are stopped</h1>
            <p role="status" className="mt-3 text-muted">
              Nothing more will be sent. You do not need to do anything else.
            </p>
          </>
        )}
        {view.state !== "confirm" && (
          <p className="mt-6 text-sm text-muted">
            Changed your mind later?{" "}
            <Link to="/training/opt-in" className="font-medium text-brand-700 underline">
              Get practice messages again
            </Link>
          </p>
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
