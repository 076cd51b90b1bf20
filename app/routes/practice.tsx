import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/practice";
import { PRACTICE_PAGE_HEADERS, PracticeClickSchema, practicePageMeta } from "~/training/tracking/practice-pages";
import { landingFor } from "~/training/tracking/practice-feedback.server";
import { requirePracticeMessage, userAgentOf } from "~/training/tracking/practice-pages.server";
import { recordClick, recordLinkFetched } from "~/training/tracking/tracking.server";
import { OrganisationMark } from "~/training/tracking/organisation-mark";
import { localeOfPath } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { ErrorScreen } from "~/layout/error-screen";
import type { ScenarioLanguage } from "~/training/library/practice-scenario-schema";
import type { FormResult } from "~/validation/form-result";
import { readForm } from "~/validation/read-form.server";

export const headers = () => PRACTICE_PAGE_HEADERS;

/** Our one line on the organisation's page, in the message's language. */
const PRACTICE_PAGE_LINE = {
  en: "Practice page: nothing you type is collected.",
  es: "Página de práctica: no se guarda nada de lo que escriba.",
} as const;

/** The root layout leaves out the site's header and footer (see BareLayoutHandle). */
export const handle = {
  bareLayout: true,
  // The page is in the message's language (issue #39): <html lang> follows.
  contentLanguage: (data: { language?: ScenarioLanguage }) => data.language,
};

export const meta: Route.MetaFunction = (args) => {
  // Also the site's own 404 for an address that only has a landing's shape (/some/where, /es/xyz),
  // in the language of that address.
  const t = translatorFor(localeOfPath(args.location.pathname));
  return practicePageMeta(args, {
    title: args.data ? `${args.data.organisation}: ${args.data.heading}` : t("notFound.metaTitle"),
    description: args.data?.organisation ?? t("notFound.metaDescription"),
  });
};

/** Its own boundary, so its meta (the 404's title) still applies when the token finds nothing. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}

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

/**
 * It looks like the invented organisation's page, not like ours: no site header or footer, no
 * links out. Its words and look come from the scenario file; the only control is the button.
 */
export default function PracticeLanding({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { organisation, heading, button, colour, mark, language } = loaderData;
  return (
    <div lang={language} className="flex min-h-screen flex-col bg-slate-50">
      <header className="px-4 py-4 text-white" style={{ backgroundColor: colour }}>
        <p className="mx-auto flex max-w-lg items-center gap-3 text-lg font-bold">
          <OrganisationMark mark={mark} className="h-8 w-8 shrink-0" />
          {organisation}
        </p>
      </header>
      <section className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{heading}</h1>
        <Form method="post" className="mt-8">
          <input type="hidden" name="intent" value="click" />
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg px-6 py-3 text-lg font-semibold text-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:opacity-70"
            style={{ backgroundColor: colour }}
          >
            {button}
          </button>
        </Form>
      </section>
      <p className="px-4 pb-6 text-center text-xs text-muted">{PRACTICE_PAGE_LINE[language]}</p>
    </div>
  );
}
