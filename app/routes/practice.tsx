import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/practice";
import { PRACTICE_PAGE_HEADERS, PracticeClickSchema, practicePageMeta } from "~/training/tracking/practice-pages";
import { landingFor } from "~/training/tracking/practice-feedback.server";
import { requirePracticeMessage, userAgentOf } from "~/training/tracking/practice-pages.server";
import { recordClick, recordLinkFetched } from "~/training/tracking/tracking.server";
import { Button } from "~/ui/button";
import type { FormResult } from "~/validation/form-result";
import { readForm } from "~/validation/read-form.server";

export const headers = () => PRACTICE_PAGE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  practicePageMeta(args, { title: args.data?.heading ?? "Practice", description: "A scam-free practice page." });

/**
 * Where a practice message's link leads. A GET is only ever "link_fetched": mail scanners and
 * link previews open links by themselves, so fetching the page can never count as a fall.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, message } = await requirePracticeMessage(params.token);
  const landing = landingFor(message);
  if (!landing) throw data(null, { status: 404 });
  await recordLinkFetched(db, message, userAgentOf(request));
  return data(landing, { headers: PRACTICE_PAGE_HEADERS });
}

/** The button: a human action, recorded as "clicked" (flagged when a preview agent sent it), then the feedback. */
export async function action({ request, params }: Route.ActionArgs) {
  const form = PracticeClickSchema.safeParse(await readForm(request));
  if (!form.success) {
    throw data(
      { ok: false, title: "Nothing was changed", message: "Please use the button on this page." } satisfies FormResult,
      { status: 400 },
    );
  }
  const { db, message } = await requirePracticeMessage(params.token);
  await recordClick(db, message, userAgentOf(request));
  return redirect(`/practice/${message.token}/feedback`, { headers: PRACTICE_PAGE_HEADERS });
}

export default function PracticeLanding({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">{loaderData.heading}</h1>
      <Form method="post" className="mt-8">
        <input type="hidden" name="intent" value="click" />
        <Button type="submit" size="lg" disabled={busy}>
          {loaderData.button}
        </Button>
      </Form>
      <p className="mt-16 text-xs text-muted">scam-free practice: this page collects nothing.</p>
    </section>
  );
}
