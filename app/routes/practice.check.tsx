import { MailCheck } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/practice.check";
import { getDatabase } from "~/db/database.server";
import { confirmDeliveryCheck, findDeliveryCheck } from "~/training/people/delivery-checks.server";
import {
  DeliveryCheckConfirmSchema,
  PRACTICE_PAGE_HEADERS,
  practicePageMeta,
} from "~/training/tracking/practice-pages";
import { Card } from "~/ui/card";
import type { FormResult } from "~/validation/form-result";
import { readForm } from "~/validation/read-form.server";

export const headers = () => PRACTICE_PAGE_HEADERS;

/** On the practice host, like the pages it tests: no site header or footer. */
export const handle = { bareLayout: true };

export const meta: Route.MetaFunction = (args) =>
  practicePageMeta(args, { title: "Did the test arrive?", description: "A delivery test from scam-free." });

type View = { state: "ask" | "confirmed" };

async function requireCheck(token: string | undefined) {
  const db = await getDatabase();
  const check = await findDeliveryCheck(db, token);
  if (!check) throw data(null, { status: 404 });
  return { db, check };
}

/** Only shows: mail scanners open every link in an email, and that must not say "it arrived". */
export async function loader({ params }: Route.LoaderArgs) {
  const { check } = await requireCheck(params.token);
  return data({ state: check.confirmedAt ? "confirmed" : "ask" } satisfies View, { headers: PRACTICE_PAGE_HEADERS });
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = DeliveryCheckConfirmSchema.safeParse(await readForm(request));
  if (!form.success) {
    throw data(
      { ok: false, title: "Nothing was changed", message: "Please use the button on this page." } satisfies FormResult,
      { status: 400, headers: PRACTICE_PAGE_HEADERS },
    );
  }
  const { db, check } = await requireCheck(params.token);
  await confirmDeliveryCheck(db, check.id, "link");
  return data({ state: "confirmed" } satisfies View, { headers: PRACTICE_PAGE_HEADERS });
}

export default function DeliveryCheckPage({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <Card className="text-center">
        <MailCheck aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700" />
        {view.state === "ask" ? (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Did the test arrive?</h1>
            <p className="mt-3 text-muted">
              This page belongs to scam-free&apos;s delivery test, not to a practice scam. If you opened it from the
              test message in your inbox or on your phone, press the button.
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="intent" value="arrived" />
              <button
                type="submit"
                disabled={busy}
                className="rounded-lg bg-brand-700 px-6 py-3 text-lg font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:opacity-70"
              >
                Yes, it arrived
              </button>
            </Form>
          </>
        ) : (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">Thank you: practice messages reach you</h1>
            <p className="mt-3 text-muted">
              The next ones will not say they are practice. When something seems wrong, report it: that is the habit
              that protects you.
            </p>
          </>
        )}
      </Card>
    </section>
  );
}
