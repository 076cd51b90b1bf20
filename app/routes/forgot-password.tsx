import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { requestPasswordReset } from "~/account/account-actions.server";
import { useResultToast } from "~/account/use-result-toast";
import { localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { FormMessage } from "~/ui/form-message";
import { TextField } from "~/ui/text-field";
import { readForm } from "~/validation/read-form.server";

// /forgot-password and /es/forgot-password (issue #39).
export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return pageMeta(args, {
    title: t("forgot.title"),
    description: t("forgot.metaDescription"),
    path: pathInLocale("/forgot-password", locale),
    noIndex: true,
  });
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const t = translatorFor(localeOfPath(new URL(request.url).pathname));
  const { status, result } = await requestPasswordReset(request, form, context.clientIp, t);
  return data(result, { status });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  useResultToast(actionData);
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold text-brand-900">{t("forgot.title")}</h1>
      <p className="mt-3 text-center text-muted">{t("forgot.lead")}</p>
      <Card className="mt-8">
        <Form method="post" noValidate className="space-y-4">
          <FormMessage result={actionData} />
          <TextField
            id="forgot-email"
            label={t("auth.email")}
            name="email"
            type="email"
            autoComplete="email"
            required
            error={actionData?.fields?.email}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? t("forgot.sending") : t("forgot.send")}
          </Button>
          <p className="text-center text-sm">
            <Link to={pathInLocale("/auth", t.locale)} className="font-medium text-brand-700 underline">
              {t("forgot.back")}
            </Link>
          </p>
        </Form>
      </Card>
    </section>
  );
}
