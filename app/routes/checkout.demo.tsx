import { Lock } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout.demo";
import { requireUser, type RequestArgs } from "~/account/session.server";
import { completeDemoCheckout, findOpenDemoCheckout } from "~/billing/checkout.server";
import { getPaymentProvider } from "~/billing/payments.server";
import { PLANS, isPaidPlanId, planNameIn } from "~/billing/plans";
import { getDatabase } from "~/db/database.server";
import { inEdition, localeOfPath, type Locale } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { requireMethod } from "~/validation/read-form.server";

// /checkout/demo/… and /es/checkout/demo/…: the demo payment page in the language the checkout began in.
export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return pageMeta(args, {
    title: t("demoCheckout.metaTitle"),
    description: t("demoCheckout.metaDescription"),
    path: inEdition("/checkout/demo", locale),
    noIndex: true,
  });
};

const localeOf = (request: Request) => localeOfPath(new URL(request.url).pathname);

const successUrl = (sessionId: string, locale: Locale) =>
  `${inEdition("/checkout/success", locale)}?session_id=${encodeURIComponent(sessionId)}`;

/** The demo provider's checkout page. Only the buyer who started the checkout can see or pay it. */
async function loadCheckout({ request, context }: RequestArgs, sessionId: string) {
  const user = await requireUser({ request, context });
  const db = await getDatabase();
  const provider = getPaymentProvider(db);
  const checkout = provider?.kind === "demo" ? await findOpenDemoCheckout(db, user.id, sessionId) : null;
  if (!provider || !checkout || !isPaidPlanId(checkout.plan))
    throw data(translatorFor(localeOf(request))("demoCheckout.notFound"), { status: 404 });
  return { user, db, provider, checkout, plan: PLANS[checkout.plan] };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { checkout, plan } = await loadCheckout({ request, context }, params.sessionId);
  if (checkout.status !== "open") throw redirect(successUrl(params.sessionId, localeOf(request)));
  return {
    plan: { id: plan.id, name: plan.name, price: plan.price },
    email: checkout.contacts.email,
    people: 1 + checkout.contacts.members.length,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireMethod(request);
  const { user, db, provider } = await loadCheckout({ request, context }, params.sessionId);
  const result = await completeDemoCheckout(db, provider, user.id, params.sessionId);
  if (!result.ok) throw data(translatorFor(localeOf(request))("demoCheckout.notFound"), { status: result.status });
  throw redirect(successUrl(params.sessionId, localeOf(request)));
}

export default function DemoCheckout({ loaderData }: Route.ComponentProps) {
  const paying = useNavigation().state !== "idle";
  const { plan } = loaderData;
  const t = useT();
  const name = planNameIn(t, plan.id);
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">{t("demoCheckout.kicker")}</p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">{t("demoCheckout.title", { plan: name })}</h1>
      <Card className="mt-6">
        <div className="flex justify-between gap-4 text-lg">
          <span>{name}</span>
          <span className="font-bold">{t("demoCheckout.perMonth", { price: plan.price })}</span>
        </div>
        <p className="mt-2 text-sm text-muted">
          {t("demoCheckout.forWhom", { people: loaderData.people, email: loaderData.email })}
        </p>
        <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">{t("demoCheckout.explain")}</p>
        <Form method="post" className="mt-6">
          <Button type="submit" className="w-full" size="lg" disabled={paying}>
            <Lock aria-hidden="true" className="h-4 w-4" />
            {paying ? t("checkout.processing") : t("demoCheckout.pay", { price: plan.price })}
          </Button>
        </Form>
        <Link
          to={`${inEdition("/checkout", t.locale)}?plan=${plan.id}`}
          className="mt-4 block text-center text-sm font-medium text-brand-700 underline"
        >
          {t("demoCheckout.cancel")}
        </Link>
      </Card>
    </section>
  );
}
