import { MailCheck } from "lucide-react";
import { data, Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/confirm-email";
import { confirmationTokenSchemaFor } from "~/account/email-confirmation";
import { confirmEmailAddress } from "~/account/email-confirmation.server";
import { getLogger } from "~/config/logger.server";
import { localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor, type Translate } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { readFormData } from "~/validation/read-form.server";

// /confirm-email and /es/confirm-email: a Spanish account's email links to the Spanish page (issue #39).
export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return pageMeta(args, {
    title: t("confirm.title"),
    description: t("confirm.metaDescription"),
    path: pathInLocale("/confirm-email", locale),
    noIndex: true,
  });
};

const pageTranslator = (request: Request) => translatorFor(localeOfPath(new URL(request.url).pathname));

type View =
  | { state: "confirm"; token: string }
  | { state: "confirmed" }
  | { state: "expired" }
  | { state: "invalid"; message: string }
  | { state: "error" };

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

function view(value: View, status: number) {
  return data(value, { status, headers: NO_STORE });
}

function invalid(error: { issues: { message: string }[] }, t: Translate) {
  return view({ state: "invalid", message: error.issues[0]?.message ?? t("confirm.notValid") }, 400);
}

/** GET only shows a button: mail scanners open links in emails, and that must not confirm anything. */
export async function loader({ request }: Route.LoaderArgs) {
  const t = pageTranslator(request);
  const token = confirmationTokenSchemaFor(t).safeParse(new URL(request.url).searchParams.get("token") ?? undefined);
  if (!token.success) return invalid(token.error, t);
  return view({ state: "confirm", token: token.data }, 200);
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const t = pageTranslator(request);
  const token = confirmationTokenSchemaFor(t).safeParse(form.get("token") ?? undefined);
  if (!token.success) return invalid(token.error, t);
  try {
    const outcome = await confirmEmailAddress(token.data);
    if (outcome === "confirmed") return view({ state: "confirmed" }, 200);
    if (outcome === "expired") return view({ state: "expired" }, 400);
    return view({ state: "invalid", message: t("confirm.notValid") }, 400);
  } catch (error) {
    getLogger().error({ err: error }, "email confirmation failed");
    return view({ state: "error" }, 503);
  }
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const current: View = actionData ?? loaderData;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const signedIn = Boolean(useRouteLoaderData<{ user: unknown }>("root")?.user);
  const next = signedIn
    ? { to: pathInLocale("/account", t.locale), label: t("confirm.myAccount") }
    : { to: pathInLocale("/auth", t.locale), label: t("confirm.signIn") };
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <Card className="text-center">
        <MailCheck aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700" />
        {current.state === "confirm" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">{t("confirm.title")}</h1>
            <p className="mt-3 text-muted">{t("confirm.lead")}</p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={current.token} />
              <Button type="submit" disabled={busy}>
                {busy ? t("confirm.confirming") : t("confirm.button")}
              </Button>
            </Form>
          </>
        )}
        {current.state === "confirmed" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">{t("confirm.doneTitle")}</h1>
            <p role="status" className="mt-3 text-muted">
              {t("confirm.done")}
            </p>
          </>
        )}
        {current.state === "expired" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">{t("confirm.expiredTitle")}</h1>
            <p role="alert" className="mt-3 text-muted">
              {t("confirm.expired")}
            </p>
          </>
        )}
        {current.state === "invalid" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">{t("confirm.invalidTitle")}</h1>
            <p role="alert" className="mt-3 text-muted">
              {t("confirm.invalid", { reason: current.message })}
            </p>
          </>
        )}
        {current.state === "error" && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-brand-900">{t("confirm.errorTitle")}</h1>
            <p role="alert" className="mt-3 text-muted">
              {t("confirm.error")}
            </p>
          </>
        )}
        <p className="mt-8 text-sm">
          <Link to={next.to} className="font-medium text-brand-700 underline">
            {next.label}
          </Link>
        </p>
      </Card>
    </section>
  );
}
