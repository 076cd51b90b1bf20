import { AlertTriangle, CheckCircle2, Info } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/stripe-setup";
import { getPaymentStatus } from "~/billing/account-billing.server";
import { getDatabase } from "~/db/database.server";
import { pageMeta } from "~/seo/meta";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Stripe Integration Status",
    description: "Whether card payments are connected on this scam-free site.",
    path: "/stripe-setup",
    noIndex: true,
  });

/** The real payment configuration: mode, webhook secret, and the last verified webhook. No secrets. */
export async function loader() {
  return getPaymentStatus(await getDatabase());
}

function Notice({ tone, title, children }: { tone: "ok" | "warn" | "info"; title: string; children: ReactNode }) {
  const styles = {
    ok: "border-green-300 bg-safe-50 text-green-900",
    warn: "border-amber-300 bg-warn-50 text-amber-900",
    info: "border-brand-200 bg-brand-50 text-brand-900",
  }[tone];
  const Icon = tone === "ok" ? CheckCircle2 : tone === "warn" ? AlertTriangle : Info;
  return (
    <div role="status" className={`mt-6 flex gap-3 rounded-xl border p-5 ${styles}`}>
      <Icon aria-hidden="true" className="h-6 w-6 flex-none" />
      <div>
        <p className="font-bold">{title}</p>
        <div className="mt-1">{children}</div>
      </div>
    </div>
  );
}

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) +
  " UTC";

export default function StripeSetup({ loaderData: status }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold text-brand-900">Stripe Integration Status</h1>
      {status.mode === "stripe" && (
        <>
          <Notice tone="ok" title="Stripe is connected">
            Checkout and subscription management go through Stripe.
          </Notice>
          {status.webhookSecretSet && (
            <Notice tone="ok" title="Webhook Configured">
              The webhook signing secret is set, so events sent to <code>/api/webhooks/stripe</code> are verified.
            </Notice>
          )}
          <Notice tone={status.lastWebhookAt ? "info" : "warn"} title="Last verified webhook">
            {status.lastWebhookAt ? (
              <p>
                {when(status.lastWebhookAt)} ({status.lastEventType}).
                {status.pendingEvents > 0 ? ` ${status.pendingEvents} event(s) are waiting to be retried.` : ""}
              </p>
            ) : (
              <p>
                No verified webhook has arrived yet. In the Stripe Dashboard, check that an endpoint points at this
                site's /api/webhooks/stripe.
              </p>
            )}
          </Notice>
        </>
      )}
      {status.mode === "demo" && (
        <Notice tone="info" title="Demo payments">
          No Stripe keys are set, so this site uses its built-in demo provider: checkout opens a local practice payment
          page and no money moves. No webhook is configured; demo payments go straight to the same fulfilment code a
          webhook would.
        </Notice>
      )}
      {status.mode === "unconfigured" && (
        <Notice tone="warn" title="Payments are not configured">
          This site cannot take payments yet: no Stripe keys are set and no webhook is configured. The free course and
          the rest of the site work as usual.
        </Notice>
      )}
      <Link
        to="/account"
        className="mt-8 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        Return to Account
      </Link>
    </section>
  );
}
