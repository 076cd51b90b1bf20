import { MailX } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/practice.stop";
import { PRACTICE_PAGE_HEADERS, PracticeStopSchema, practicePageMeta } from "~/training/tracking/practice-pages";
import { requirePracticeMessage, userAgentOf } from "~/training/tracking/practice-pages.server";
import { stopPracticeMessages } from "~/training/tracking/tracking.server";
import { Button } from "~/ui/button";
import { pathInLocale } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { ContentLocale, useT } from "~/i18n/use-translation";
import { practiceLibrary } from "~/training/library/practice-library.server";
import type { ScenarioLanguage } from "~/training/library/practice-scenario-schema";
import { Card } from "~/ui/card";
import type { FormResult } from "~/validation/form-result";
import { readForm } from "~/validation/read-form.server";

export const headers = () => PRACTICE_PAGE_HEADERS;

/** In the message's language (issue #39), the site's header and footer included. */
export const handle = { contentLanguage: (data: { language?: ScenarioLanguage }) => data.language };

export const meta: Route.MetaFunction = (args) => {
  const t = translatorFor(args.data?.language ?? "en");
  return practicePageMeta(args, { title: t("stop.metaTitle"), description: t("stop.metaDescription") });
};

/** `language`: the message's, so a Spanish reader stops in Spanish (issue #39). */
type View = { state: "confirm" | "stopped" | "already-stopped"; language: ScenarioLanguage };

function languageOf(message: { scenarioId: string }): ScenarioLanguage {
  return practiceLibrary().byId(message.scenarioId)?.language ?? "en";
}

/** Shows what will stop and one button; changes nothing (mail scanners open every link in an email). */
export async function loader({ params }: Route.LoaderArgs) {
  const { message } = await requirePracticeMessage(params.token);
  const view: View = { state: message.addressStopped ? "already-stopped" : "confirm", language: languageOf(message) };
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
    const t = translatorFor("en");
    throw data(
      { ok: false, title: t("feedback.refused.title"), message: t("feedback.refused.message") } satisfies FormResult,
      { status: 400 },
    );
  }
  const { db, message } = await requirePracticeMessage(params.token);
  const source = "List-Unsubscribe" in form.data ? "one-click" : "stop-link";
  const outcome = await stopPracticeMessages(db, message, source, userAgentOf(request));
  return data({ state: outcome, language: languageOf(message) } satisfies View, { headers: PRACTICE_PAGE_HEADERS });
}

export default function PracticeStop({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  return (
    <ContentLocale.Provider value={view.language}>
      <StopPage view={view} />
    </ContentLocale.Provider>
  );
}

function StopPage({ view }: { view: View }) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  return (
    <section lang={view.language} className="mx-auto max-w-lg px-4 py-16">
      <Card className="text-center">
        <MailX aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700" />
        {view.state === "confirm" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">{t("stop.confirm.heading")}</h1>
            <p className="mt-3 text-muted">{t("stop.confirm.text")}</p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="intent" value="stop" />
              <Button type="submit" disabled={busy}>
                {t("stop.button")}
              </Button>
            </Form>
          </>
        )}
        {view.state === "stopped" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">{t("stop.stopped.heading")}</h1>
            <p role="status" className="mt-3 text-muted">
              {t("stop.stopped.text")}
            </p>
          </>
        )}
        {view.state === "already-stopped" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">{t("stop.already.heading")}</h1>
            <p role="status" className="mt-3 text-muted">
              {t("stop.already.text")}
            </p>
          </>
        )}
        {view.state !== "confirm" && (
          <p className="mt-6 text-sm text-muted">
            {t("stop.again")}{" "}
            <Link to={pathInLocale("/training/opt-in", view.language)} className="font-medium text-brand-700 underline">
              {t("stop.againLink")}
            </Link>
          </p>
        )}
        <p className="mt-8 text-sm">
          <Link to={pathInLocale("/", view.language)} className="font-medium text-brand-700 underline">
            {t("stop.home")}
          </Link>
        </p>
      </Card>
    </section>
  );
}
