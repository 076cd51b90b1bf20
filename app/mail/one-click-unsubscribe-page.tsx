import { MailX } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";

/** What a one-click unsubscribe page shows (see one-click-unsubscribe.server.ts). */
export type UnsubscribeView =
  | { state: "confirm"; token: string }
  | { state: "already" }
  | { state: "done" }
  | { state: "invalid"; message: string }
  | { state: "unknown" }
  | { state: "error" };

/** The words of one list's page; the states and their layout are shared. */
export interface UnsubscribeCopy {
  confirmTitle: string;
  confirmText: string;
  button: string;
  busyButton: string;
  doneTitle: string;
  doneText: string;
  alreadyText: string;
  /** After "This link is not valid." etc. */
  invalidHint: string;
  unknownText: string;
}

export function OneClickUnsubscribePage({ view, copy }: { view: UnsubscribeView; copy: UnsubscribeCopy }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <Card className="text-center">
        <MailX aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700" />
        {view.state === "confirm" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">{copy.confirmTitle}</h1>
            <p className="mt-3 text-muted">{copy.confirmText}</p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={view.token} />
              <Button type="submit" disabled={busy}>
                {busy ? copy.busyButton : copy.button}
              </Button>
            </Form>
          </>
        )}
        {view.state === "done" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">{copy.doneTitle}</h1>
            <p role="status" className="mt-3 text-muted">
              {copy.doneText}
            </p>
          </>
        )}
        {view.state === "already" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Already stopped</h1>
            <p className="mt-3 text-muted">{copy.alreadyText}</p>
          </>
        )}
        {view.state === "invalid" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">This link does not work</h1>
            <p role="alert" className="mt-3 text-muted">
              {view.message} {copy.invalidHint}
            </p>
          </>
        )}
        {view.state === "unknown" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Link not found</h1>
            <p role="alert" className="mt-3 text-muted">
              {copy.unknownText}
            </p>
          </>
        )}
        {view.state === "error" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Something went wrong</h1>
            <p role="alert" className="mt-3 text-muted">
              Nothing was changed. Please try again later.
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
