import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from "react";
import { data } from "react-router";
import type { Route } from "./+types/check";
import { CheckAdvice } from "~/check-page/check-advice";
import { CheckAnswer } from "~/check-page/check-answer";
import { checkByServer, NOT_STORED_HEADERS } from "~/check-page/check-by-server.server";
import { checkPageTitles } from "~/check-page/check-page-titles.server";
import { checkFormSchema } from "~/check-page/check-request";
import { hasShareParams, sharedMessageFrom } from "~/check-page/shared-message";
import { checkMessage, type CheckInput, type CheckResult } from "~/checker/check-message";
import { localeOfPath } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { registerServiceWorkerWhenIdle } from "~/pwa/register-service-worker";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { TextAreaField } from "~/ui/text-area-field";
import { TextField } from "~/ui/text-field";
import { fieldErrors } from "~/validation/fields";

/**
 * "Is this a scam?" (issue #25): paste a message, see its warning signs explained. With JavaScript
 * on, the check runs in the browser and the message never leaves the device; without it, the form
 * posts here and the server checks it the same way, keeping and logging nothing of it.
 *
 * A message shared from a phone (the web app's share target, or an iPhone Shortcut) arrives as
 * `/check?title=…&text=…&url=…`. The server never reads those parameters (the loader ignores the
 * query, the page is never cached, the request log has the path only); the page itself fills the
 * form from them, checks it at once, and takes them out of the address bar and history.
 */

export const headers = () => NOT_STORED_HEADERS;

export const meta: Route.MetaFunction = (args) => {
  const t = translatorFor(localeOfPath(args.location.pathname));
  return [
    ...pageMeta(args, {
      title: t("check.title"),
      description: t("check.metaDescription"),
      path: args.location.pathname === "/es/check" ? "/es/check" : "/check",
    }),
    // The name under the icon when an iPhone adds this page to its home screen.
    { name: "apple-mobile-web-app-title", content: t("check.title") },
    // A shared message is in this page's address until the page takes it out: the files the page
    // loads meanwhile must not carry that address in their Referer.
    { name: "referrer", content: "strict-origin" },
  ];
};

export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  return data({ titles: checkPageTitles(locale) }, { headers: NOT_STORED_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  return checkByServer(request, context.clientIp);
}

type Answer = { input: CheckInput; result: CheckResult };

export default function CheckPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const fromServer = actionData && "result" in actionData ? (actionData as Answer) : null;
  const serverErrors = actionData && "fields" in actionData ? actionData.fields : undefined;
  const [answer, setAnswer] = useState<Answer | null>(fromServer);
  const [errors, setErrors] = useState<Record<string, string> | undefined>(serverErrors);
  const verdictHeading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Each new answer (or refusal) moves focus to it: the verdict, or the first field to fix.
  const [checks, setChecks] = useState(0);
  useEffect(() => {
    if (checks === 0) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? verdictHeading.current)?.focus();
  }, [checks]);

  // In the browser: the same schema as the server, then the same analysis, and nothing is sent.
  const checkForm = (formElement: HTMLFormElement) => {
    const fields = Object.fromEntries(new FormData(formElement));
    const parsed = checkFormSchema(t).safeParse(fields);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setAnswer(null);
      setChecks((count) => count + 1);
      return;
    }
    setErrors(undefined);
    setAnswer({ input: parsed.data, result: checkMessage(parsed.data) });
    setChecks((count) => count + 1);
  };
  const checkHere = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    checkForm(event.currentTarget);
  };

  // A shared message (share sheet or Shortcut): fill the form, check it as the button would, and
  // take the message out of the address bar so it stays in no history entry. Once, after hydration.
  const checkShared = useEffectEvent(checkForm);
  const shareRead = useRef(false);
  useEffect(() => {
    if (shareRead.current || !form.current) return;
    shareRead.current = true;
    const { search, pathname, hash } = window.location;
    if (!hasShareParams(search)) return;
    const shared = sharedMessageFrom(search);
    window.history.replaceState(window.history.state, "", `${pathname}${hash}`);
    if (!shared) return;
    const fields = form.current.elements;
    (fields.namedItem("text") as HTMLTextAreaElement).value = shared.text;
    if (shared.links) (fields.namedItem("links") as HTMLTextAreaElement).value = shared.links;
    checkShared(form.current);
  }, []);

  // The offline page and the installed app's service worker, registered from this page only.
  useEffect(() => registerServiceWorkerWhenIdle(), []);

  const shown = answer;
  const formMessage = actionData && "message" in actionData && !("fields" in actionData) ? actionData.message : null;

  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-brand-900 sm:text-4xl">{t("check.title")}</h1>
      <p className="mt-3 max-w-3xl text-lg">{t("check.intro")}</p>
      <p className="mt-2 max-w-3xl text-sm text-muted">{t("check.privacy")}</p>

      <form
        ref={form}
        method="post"
        onSubmit={checkHere}
        noValidate
        className="mt-8 space-y-5"
        aria-label={t("check.formLabel")}
      >
        <TextAreaField
          id="check-text"
          name="text"
          label={t("check.textLabel")}
          hint={t("check.textHint")}
          rows={8}
          required
          defaultValue={shown?.input.text}
          error={errors?.text}
        />
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            id="check-sender"
            name="sender"
            label={t("check.senderLabel")}
            hint={t("check.senderHint")}
            autoComplete="off"
            defaultValue={shown?.input.sender}
            error={errors?.sender}
          />
          <TextField
            id="check-subject"
            name="subject"
            label={t("check.subjectLabel")}
            autoComplete="off"
            defaultValue={shown?.input.subject}
            error={errors?.subject}
          />
        </div>
        <TextAreaField
          id="check-links"
          name="links"
          label={t("check.linksLabel")}
          hint={t("check.linksHint")}
          rows={3}
          className="min-h-20"
          defaultValue={shown?.input.links?.join("\n")}
          error={errors?.links}
        />
        {formMessage && (
          <p role="alert" className="font-medium text-danger-600">
            {formMessage}
          </p>
        )}
        <Button type="submit">{t("check.submit")}</Button>
      </form>

      {shown && (
        <CheckAnswer ref={verdictHeading} input={shown.input} result={shown.result} titles={loaderData.titles} />
      )}
      <CheckAdvice />
    </div>
  );
}
