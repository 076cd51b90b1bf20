import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { resetPassword } from "~/account/account-actions.server";
import { useResultToast } from "~/account/use-result-toast";
import { localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { setFlash } from "~/ui/flash.server";
import { FormMessage } from "~/ui/form-message";
import { TextField } from "~/ui/text-field";
import { readForm } from "~/validation/read-form.server";

// /reset-password and /es/reset-password (issue #39): the emailed link leads to the form in the
// language the reset was asked for in.
export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return pageMeta(args, {
    title: t("reset.title"),
    description: t("reset.metaDescription"),
    path: pathInLocale("/reset-password", locale),
    noIndex: true,
  });
};

/** better-auth checks the emailed link and sends the person here with ?token= (or ?error=). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  return { token: token && token.length <= 200 ? token : null, linkError: Boolean(url.searchParams.get("error")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const locale = localeOfPath(new URL(request.url).pathname);
  const { status, result } = await resetPassword(request, form, context.clientIp, translatorFor(locale));
  if (!result.ok) return data(result, { status });
  throw redirect(pathInLocale("/auth", locale), {
    headers: { "Set-Cookie": await setFlash({ kind: "success", title: result.title, message: result.message }) },
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  useResultToast(actionData);
  const usable = loaderData.token && !loaderData.linkError;
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold text-brand-900">{t("reset.title")}</h1>
      <Card className="mt-8">
        {usable ? (
          <Form method="post" noValidate className="space-y-4">
            <input type="hidden" name="token" value={loaderData.token ?? ""} />
            <FormMessage result={actionData} />
            <TextField
              id="reset-password"
              label={t("reset.newPassword")}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={6}
              hint={t("auth.passwordHint")}
              error={actionData?.fields?.password}
            />
            <TextField
              id="reset-confirm"
              label={t("reset.again")}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              error={actionData?.fields?.confirmPassword}
            />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? t("reset.saving") : t("reset.save")}
            </Button>
          </Form>
        ) : (
          <div role="alert" className="space-y-4">
            <p className="font-semibold text-danger-600">{t("reset.badLink")}</p>
            <p>{t("reset.badLinkHelp")}</p>
            <Link
              to={pathInLocale("/forgot-password", t.locale)}
              className="inline-block font-semibold text-brand-700 underline"
            >
              {t("reset.newLink")}
            </Link>
          </div>
        )}
      </Card>
    </section>
  );
}
