import { ShieldCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/training.opt-in.confirm";
import { getDatabase } from "~/db/database.server";
import { localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { pageMeta } from "~/seo/meta";
import { findLiftRequest, liftByToken } from "~/training/people/address-consent.server";
import { optInSchemas } from "~/training/people/opt-in";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { FormMessage } from "~/ui/form-message";
import type { FormResult } from "~/validation/form-result";
import { readForm } from "~/validation/read-form.server";

// /training/opt-in/<token> and /es/training/opt-in/<token>: the link's email names the edition the
// request was made in (issue #39).
export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return pageMeta(args, {
    title: t("optIn.confirm.metaTitle"),
    description: t("optIn.confirm.metaDescription"),
    path: pathInLocale("/training/opt-in", locale),
    noIndex: true,
  });
};

const NO_STORE = { "Cache-Control": "no-store" };

/** GET only shows (mail scanners open links); the button POSTs. */
export async function loader({ params }: Route.LoaderArgs) {
  const request = await findLiftRequest(await getDatabase(), params.token);
  if (!request) throw data("Not found", { status: 404, headers: NO_STORE });
  return data({ address: request.address }, { headers: NO_STORE });
}

export async function action({ request, params }: Route.ActionArgs) {
  const t = translatorFor(localeOfPath(new URL(request.url).pathname));
  const parsed = optInSchemas(t).confirm.safeParse(await readForm(request));
  if (!parsed.success) {
    const result: FormResult = {
      ok: false,
      title: t("optIn.confirm.unchangedTitle"),
      message: parsed.error.issues[0]!.message,
    };
    return data(result, { status: 400, headers: NO_STORE });
  }
  const lifted = await liftByToken(await getDatabase(), params.token);
  const result: FormResult = lifted
    ? { ok: true, title: t("optIn.confirm.doneTitle"), message: t("optIn.confirm.done") }
    : { ok: false, title: t("optIn.confirm.notFoundTitle"), message: t("optIn.confirm.notFound") };
  return data(result, { status: lifted ? 200 : 404, headers: NO_STORE });
}

export default function TrainingOptInConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <Card className="p-5 sm:p-8">
        <ShieldCheck aria-hidden="true" className="h-10 w-10 text-brand-700" />
        <h1 className="mt-3 text-2xl font-bold text-brand-900">{t("optIn.confirm.metaTitle")}</h1>
        {actionData ? (
          <div className="mt-4">
            <FormMessage result={actionData} />
          </div>
        ) : (
          <>
            <p className="mt-3 [overflow-wrap:anywhere]">
              {t.rich("optIn.confirm.text", {
                address: loaderData.address,
                b: (chunks) => <strong>{chunks}</strong>,
              })}
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="intent" value="lift" />
              <Button type="submit" disabled={busy}>
                {t("optIn.confirm.button")}
              </Button>
            </Form>
          </>
        )}
        <p className="mt-8 text-sm">
          <Link to={pathInLocale("/", t.locale)} className="font-medium text-brand-700 underline">
            {t("optIn.confirm.home")}
          </Link>
        </p>
      </Card>
    </section>
  );
}
