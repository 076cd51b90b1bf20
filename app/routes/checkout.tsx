import { data, Link, redirect, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/checkout";
import { accountName } from "~/account/accounts.server";
import { useResultToast } from "~/account/use-result-toast";
import { realNameOf } from "~/account/real-name";
import { requireUser } from "~/account/session.server";
import { CheckoutForm, type CheckoutFormResult, type CheckoutFormValues } from "~/billing/checkout-form";
import { CHECKOUT_MESSAGES, CheckoutSchema, checkoutFieldErrors, checkoutFormValues } from "~/billing/checkout-schema";
import { startCheckout } from "~/billing/checkout.server";
import { getPaymentProvider } from "~/billing/payments.server";
import { isPaidPlanId, type PaidPlanId } from "~/billing/plans";
import { hasActiveMembership } from "~/billing/subscription.server";
import { getEnv } from "~/config/env.server";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { Card } from "~/ui/card";
import { readFormData } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Complete Your Membership",
    description: "Join the scam-free Training Program.",
    path: "/checkout",
    noIndex: true,
  });

/**
 * The specification's "Authentication required" travels to /auth as a calm note, not an error:
 * nothing went wrong, and /auth names the plan chosen beside it (issue #35).
 */
const authNotice = {
  title: CHECKOUT_MESSAGES.authRequired.title,
  message: CHECKOUT_MESSAGES.authRequired.text,
  kind: "info" as const,
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { notice: authNotice });
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

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, { notice: authNotice, returnTo: "/checkout" });
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
  const parsed = CheckoutSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors = checkoutFieldErrors(parsed.error);
    const message =
      fieldErrors.memberEmail1 === CHECKOUT_MESSAGES.firstMember
        ? CHECKOUT_MESSAGES.firstMember
        : (fieldErrors.memberEmail ?? fieldErrors.memberPhone ?? CHECKOUT_MESSAGES.required);
    return data<CheckoutFormResult>(
      { ok: false, title: "Please check your details", message, fields: fieldErrors, values },
      { status: 400 },
    );
  }
  const db = await getDatabase();
  const result = await startCheckout(db, getPaymentProvider(db), user, parsed.data, getEnv().APP_URL);
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
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">Complete Your Membership</h1>
      <p className="mt-2 text-muted">
        Safe practice scam emails and texts for you{searchParams.get("plan") === "family" ? " and your family" : ""},
        with feedback on every red flag.
      </p>
      {loaderData.demo && (
        <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
          Demo mode: this site has no payment provider connected, so the next page is a practice checkout and no money
          moves.
        </p>
      )}
      {loaderData.alreadyMember ? (
        <Card className="mt-8">
          <h2 className="text-xl font-bold text-brand-900">Your Training Program is already active</h2>
          <p className="mt-2 text-muted">You can see and change your subscription on your account page.</p>
          <Link to="/account" className="mt-4 inline-block font-semibold text-brand-700 underline">
            View Your Account
          </Link>
        </Card>
      ) : !loaderData.paymentsConfigured ? (
        <Card className="mt-8" role="alert">
          <h2 className="text-xl font-bold text-brand-900">{CHECKOUT_MESSAGES.notConfigured.title}</h2>
          <p className="mt-2 text-muted">{CHECKOUT_MESSAGES.notConfigured.text}</p>
        </Card>
      ) : (
        <div className="mt-8">
          <CheckoutForm initial={loaderData.initial} result={actionData} busy={busy} onPlanChange={choosePlan} />
        </div>
      )}
    </section>
  );
}
