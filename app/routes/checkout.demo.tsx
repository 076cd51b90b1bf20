import { Lock } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout.demo";
import { requireUser } from "~/account/session.server";
import { completeDemoCheckout, findOpenDemoCheckout } from "~/billing/checkout.server";
import { getPaymentProvider } from "~/billing/payments.server";
import { PLANS, isPaidPlanId } from "~/billing/plans";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { requireMethod } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Demo checkout",
    description: "A practice checkout: no money moves.",
    path: "/checkout/demo",
    noIndex: true,
  });

const successUrl = (sessionId: string) => `/checkout/success?session_id=${encodeURIComponent(sessionId)}`;

/** The demo provider's checkout page. Only the buyer who started the checkout can see or pay it. */
async function loadCheckout(request: Request, sessionId: string) {
  const user = await requireUser(request);
  const db = await getDatabase();
  const provider = getPaymentProvider(db);
  const checkout = provider?.kind === "demo" ? await findOpenDemoCheckout(db, user.id, sessionId) : null;
  if (!provider || !checkout || !isPaidPlanId(checkout.plan)) throw data("Checkout not found", { status: 404 });
  return { user, db, provider, checkout, plan: PLANS[checkout.plan] };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { checkout, plan } = await loadCheckout(request, params.sessionId);
  if (checkout.status !== "open") throw redirect(successUrl(params.sessionId));
  return {
    plan: { id: plan.id, name: plan.name, price: plan.price },
    email: checkout.contacts.email,
    people: 1 + checkout.contacts.members.length,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  requireMethod(request);
  const { user, db, provider } = await loadCheckout(request, params.sessionId);
  const result = await completeDemoCheckout(db, provider, user.id, params.sessionId);
  if (!result.ok) throw data("Checkout not found", { status: result.status });
  throw redirect(successUrl(params.sessionId));
}

export default function DemoCheckout({ loaderData }: Route.ComponentProps) {
  const paying = useNavigation().state !== "idle";
  const { plan } = loaderData;
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">Demo checkout · no money moves</p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">Pay for {plan.name}</h1>
      <Card className="mt-6">
        <div className="flex justify-between gap-4 text-lg">
          <span>{plan.name}</span>
          <span className="font-bold">${plan.price}.00 / month</span>
        </div>
        <p className="mt-2 text-sm text-muted">
          For {loaderData.people === 1 ? "1 person" : `${loaderData.people} people`} · receipt to {loaderData.email}
        </p>
        <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
          This site runs without a payment provider, so this page stands in for one. Paying here starts your Training
          Program exactly the way a real payment would, without charging anyone.
        </p>
        <Form method="post" className="mt-6">
          <Button type="submit" className="w-full" size="lg" disabled={paying}>
            <Lock aria-hidden="true" className="h-4 w-4" />
            {paying ? "Processing..." : `Pay $${plan.price}.00`}
          </Button>
        </Form>
        <Link
          to={`/checkout?plan=${plan.id}`}
          className="mt-4 block text-center text-sm font-medium text-brand-700 underline"
        >
          Cancel and go back
        </Link>
      </Card>
    </section>
  );
}
