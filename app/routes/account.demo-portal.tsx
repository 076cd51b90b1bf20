import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/account.demo-portal";
import { requireUser, type RequestArgs } from "~/account/session.server";
import { changeOwnDemoSubscription } from "~/billing/account-billing.server";
import { getPaymentProvider } from "~/billing/payments.server";
import { getAccountSubscription } from "~/billing/subscription.server";
import { formatLongDate } from "~/i18n/dates";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { setFlash } from "~/ui/flash.server";
import { readFormData } from "~/validation/read-form.server";
import { inEdition, localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { statusIn } from "~/billing/subscription-panel";

// /account/demo-portal and /es/account/demo-portal: reached from the account page of either edition.
export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return pageMeta(args, {
    title: t("demoPortal.metaTitle"),
    description: t("demoPortal.metaDescription"),
    path: inEdition("/account/demo-portal", locale),
    noIndex: true,
  });
};

const CHANGES = ["cancel-at-period-end", "resume", "cancel-now"] as const;
type Change = (typeof CHANGES)[number];

/** The demo provider's customer portal: only for the owner of a demo subscription, only in demo mode. */
async function loadPortal({ request, context }: RequestArgs) {
  const user = await requireUser({ request, context });
  const db = await getDatabase();
  const provider = getPaymentProvider(db);
  const subscription = provider?.kind === "demo" ? await getAccountSubscription(db, user.id) : null;
  if (!provider || !subscription) throw data("Not found", { status: 404 });
  return { user, db, provider, subscription };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { subscription } = await loadPortal({ request, context });
  return { subscription };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, db, provider } = await loadPortal({ request, context });
  const locale = localeOfPath(new URL(request.url).pathname);
  const t = translatorFor(locale);
  const change = (await readFormData(request)).get("change");
  if (!CHANGES.includes(change as Change)) return data({ message: t("demoPortal.unknownChange") }, { status: 400 });
  const changed = await changeOwnDemoSubscription(db, provider, user.id, change as Change);
  if (!changed) return data({ message: t("demoPortal.cannotChange") }, { status: 409 });
  const flash = await setFlash({
    kind: "success",
    title: t("demoPortal.updatedTitle"),
    message: t("demoPortal.updated"),
  });
  throw redirect(inEdition("/account/demo-portal", locale), { headers: { "Set-Cookie": flash } });
}

export default function DemoPortal({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { subscription } = loaderData;
  const ended = subscription.status === "canceled";
  const t = useT();
  const date = formatLongDate(subscription.currentPeriodEnd, t.locale);
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">{t("demoPortal.kicker")}</p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">{t("demoPortal.title")}</h1>
      <Card className="mt-6">
        <p className="text-lg font-semibold">{subscription.planName}</p>
        <p className="mt-1 text-muted">
          {t("demoPortal.status", { status: statusIn(t, subscription.status) })}
          {subscription.cancelAtPeriodEnd ? ` · ${t("demoPortal.cancelsOn", { date })}` : ""}
          {!ended && !subscription.cancelAtPeriodEnd ? ` · ${t("demoPortal.renewsOn", { date })}` : ""}
        </p>
        {!ended && (
          <Form method="post" className="mt-6 flex flex-wrap gap-3">
            {subscription.cancelAtPeriodEnd ? (
              <Button type="submit" name="change" value="resume" disabled={busy}>
                {t("demoPortal.resume")}
              </Button>
            ) : (
              <Button type="submit" name="change" value="cancel-at-period-end" disabled={busy}>
                {t("demoPortal.cancelAtEnd")}
              </Button>
            )}
            <Button type="submit" name="change" value="cancel-now" variant="danger" disabled={busy}>
              {t("demoPortal.endNow")}
            </Button>
          </Form>
        )}
      </Card>
      <Link
        to={pathInLocale("/account", t.locale)}
        className="mt-6 inline-block font-semibold text-brand-700 underline"
      >
        {t("demoPortal.back")}
      </Link>
    </section>
  );
}
