import { data, Link, redirect, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/checkout";
import { accountName } from "~/account/accounts.server";
import { useResultToast } from "~/account/use-result-toast";
import { realNameOf } from "~/account/real-name";
import { requireUser } from "~/account/session.server";
import { CheckoutForm, type CheckoutFormResult, type CheckoutFormValues } from "~/billing/checkout-form";
import {
  checkoutFieldErrors,
  checkoutFormValues,
  checkoutMessagesFor,
  checkoutSchemaFor,
} from "~/billing/checkout-schema";
import { startCheckout } from "~/billing/checkout.server";
import { getPaymentProvider } from "~/billing/payments.server";
import { isPaidPlanId, type PaidPlanId } from "~/billing/plans";
import { hasActiveMembership } from "~/billing/subscription.server";
import { getEnv } from "~/config/env.server";
import { getDatabase } from "~/db/database.server";
import { localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor, type Translate } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { pageMeta } from "~/seo/meta";
import { Card } from "~/ui/card";
import { readFormData } from "~/validation/read-form.server";

// /checkout and /es/checkout: the same form and schema, in the address's language (issue #39).
export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return pageMeta(args, {
    title: t("checkout.metaTitle"),
    description: t("checkout.metaDescription"),
    path: pathInLocale("/checkout", locale),
    noIndex: true,
  });
};

const translatorOf = (request: Request) => translatorFor(localeOfPath(new URL(request.url).pathname));

/**
 * The specification's "Authentication required" travels to /auth as a calm note, not an error:
 * nothing went wrong, and /auth names the plan chosen beside it (issue #35).
 */
function authNotice(t: Translate) {
  const { authRequired } = checkoutMessagesFor(t);
  return { title: authRequired.title, message: authRequired.text, kind: "info" as const };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context }, { notice: authNotice(translatorOf(request)) });
  const db = await getDatabase();
  const plan = new URL(request.url).searchParams.get("plan");
  const name = await accountName(db, user.id);
  return {
    alreadyMember: await hasActiveMembership(db, user.id),
    paymentsConfigured: getEnv().paymentMode !== "unconfigured",
    demo: getEnv().paymentMode === "demo",
    initial: {
      plan: isPaidPlanId(plan) ? plan : null,
      name: realNameOf({ name, email: user.email }),
      email: user.email,
      phone: "",
      memberEmail: [],
      memberPhone: [],
      memberName: [],
      memberAgeBand: [],
      memberLanguage: [],
    } satisfies CheckoutFormValues,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = translatorOf(request);
  const user = await requireUser(
    { request, context },
    { notice: authNotice(t), returnTo: pathInLocale("/checkout", t.locale) },
  );
  const form = await readFormData(request);
  const raw = checkoutFormValues(form);
  const values: CheckoutFormValues = {
    plan: isPaidPlanId(raw.plan) ? raw.plan : null,
    name: (raw.name ?? "").slice(0, 200),
    email: (raw.email ?? "").slice(0, 300),
    phone: (raw.phone ?? "").slice(0, 40),
    memberEmail: raw.memberEmail.slice(0, 4).map((value) => value.slice(0, 300)),
    memberPhone: raw.memberPhone.slice(0, 4).map((value) => value.slice(0, 40)),
    memberName: raw.memberName.slice(0, 4).map((value) => value.slice(0, 80)),
    memberAgeBand: raw.memberAgeBand.slice(0, 4).map((value) => value.slice(0, 20)),
    memberLanguage: raw.memberLanguage.slice(0, 4).map((value) => value.slice(0, 8)),
  };
  const parsed = checkoutSchemaFor(t).safeParse(raw);
  if (!parsed.success) {
    const messages = checkoutMessagesFor(t);
    const fieldErrors = checkoutFieldErrors(parsed.error);
    const message =
      fieldErrors.memberEmail1 === messages.firstMember
        ? messages.firstMember
        : (fieldErrors.memberEmail ?? fieldErrors.memberPhone ?? messages.required);
    return data<CheckoutFormResult>(
      { ok: false, title: t("checkout.checkDetails"), message, fields: fieldErrors, values },
      { status: 400 },
    );
  }
  const db = await getDatabase();
  const result = await startCheckout(db, getPaymentProvider(db), user, parsed.data, getEnv().APP_URL, t);
  if (result.ok) throw redirect(result.url);
  return data<CheckoutFormResult>(
    { ok: false, title: result.title, message: result.message, fields: result.fields, values },
    { status: result.status },
  );
}

/**
 * Choosing a plan card only rewrites ?plan= in the address (the form already holds the choice), so
 * this page's loader has nothing new to load then.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutPlan = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("plan");
    params.sort();
    return params.toString();
  };
  return withoutPlan(currentUrl) === withoutPlan(nextUrl) ? false : defaultShouldRevalidate;
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // Busy while the form is sent, not while the address follows a chosen plan card.
  const busy = navigation.state !== "idle" && navigation.formMethod !== undefined;
  const [searchParams, setSearchParams] = useSearchParams();
  const choosePlan = (plan: PaidPlanId) =>
    setSearchParams(
      (params) => {
        params.set("plan", plan);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  useResultToast(actionData);
  const t = useT();
  const { notConfigured } = checkoutMessagesFor(t);
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">{t("checkout.title")}</h1>
      <p className="mt-2 text-muted">
        {searchParams.get("plan") === "family" ? t("checkout.leadFamily") : t("checkout.lead")}
      </p>
      {loaderData.demo && (
        <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">{t("checkout.demoNote")}</p>
      )}
      {loaderData.alreadyMember ? (
        <Card className="mt-8">
          <h2 className="text-xl font-bold text-brand-900">{t("checkout.alreadyActiveTitle")}</h2>
          <p className="mt-2 text-muted">{t("checkout.alreadyActive")}</p>
          <Link
            to={pathInLocale("/account", t.locale)}
            className="mt-4 inline-block font-semibold text-brand-700 underline"
          >
            {t("checkout.viewAccount")}
          </Link>
        </Card>
      ) : !loaderData.paymentsConfigured ? (
        <Card className="mt-8" role="alert">
          <h2 className="text-xl font-bold text-brand-900">{notConfigured.title}</h2>
          <p className="mt-2 text-muted">{notConfigured.text}</p>
        </Card>
      ) : (
        <div className="mt-8">
          <CheckoutForm initial={loaderData.initial} result={actionData} busy={busy} onPlanChange={choosePlan} />
        </div>
      )}
    </section>
  );
}
