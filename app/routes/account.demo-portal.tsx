import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/account.demo-portal";
import { requireUser } from "~/account/session.server";
import { changeOwnDemoSubscription } from "~/billing/account-billing.server";
import { getPaymentProvider } from "~/billing/payments.server";
import { getAccountSubscription } from "~/billing/subscription.server";
import { formatLongDate } from "~/billing/subscription-view";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { setFlash } from "~/ui/flash.server";
import { readFormData } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Manage subscription (demo)",
    description: "The demo payment provider's portal.",
    path: "/account/demo-portal",
    noIndex: true,
  });

const CHANGES = ["cancel-at-period-end", "resume", "cancel-now"] as const;
type Change = (typeof CHANGES)[number];

/** The demo provider's customer portal: only for the owner of a demo subscription, only in demo mode. */
async function loadPortal(request: Request) {
  const user = await requireUser(request);
  const db = await getDatabase();
  const provider = getPaymentProvider(db);
  const subscription = provider?.kind === "demo" ? await getAccountSubscription(db, user.id) : null;
  if (!provider || !subscription) throw data("Not found", { status: 404 });
  return { user, db, provider, subscription };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { subscription } = await loadPortal(request);
  return { subscription };
}

export async function action({ request }: Route.ActionArgs) {
  const { user, db, provider } = await loadPortal(request);
  const change = (await readFormData(request)).get("change");
  if (!CHANGES.includes(change as Change)) return data({ message: "Unknown change." }, { status: 400 });
  const changed = await changeOwnDemoSubscription(db, provider, user.id, change as Change);
  if (!changed) return data({ message: "This subscription cannot be changed here." }, { status: 409 });
  const flash = await setFlash({
    kind: "success",
    title: "Subscription updated",
    message: "Your account page shows the change.",
  });
  throw redirect("/account/demo-portal", { headers: { "Set-Cookie": flash } });
}

export default function DemoPortal({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { subscription } = loaderData;
  const ended = subscription.status === "canceled";
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">Demo payment portal · no money moves</p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">Manage your subscription</h1>
      <Card className="mt-6">
        <p className="text-lg font-semibold">{subscription.planName}</p>
        <p className="mt-1 text-muted">
          Status: {subscription.status}
          {subscription.cancelAtPeriodEnd ? ` · cancels on ${formatLongDate(subscription.currentPeriodEnd)}` : ""}
          {!ended && !subscription.cancelAtPeriodEnd
            ? ` · renews on ${formatLongDate(subscription.currentPeriodEnd)}`
            : ""}
        </p>
        {!ended && (
          <Form method="post" className="mt-6 flex flex-wrap gap-3">
            {subscription.cancelAtPeriodEnd ? (
              <Button type="submit" name="change" value="resume" disabled={busy}>
                Resume subscription
              </Button>
            ) : (
              <Button type="submit" name="change" value="cancel-at-period-end" disabled={busy}>
                Cancel at period end
              </Button>
            )}
            <Button type="submit" name="change" value="cancel-now" variant="danger" disabled={busy}>
              End subscription now
            </Button>
          </Form>
        )}
      </Card>
      <Link to="/account" className="mt-6 inline-block font-semibold text-brand-700 underline">
        Return to your account
      </Link>
    </section>
  );
}
