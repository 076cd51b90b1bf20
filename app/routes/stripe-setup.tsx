import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/stripe-setup";
import { pageMeta } from "~/seo/meta";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Stripe Integration Status",
    description: "Whether card payments are connected on this scam-free site.",
    path: "/stripe-setup",
    noIndex: true,
  });

export default function StripeSetup() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold text-brand-900">Stripe Integration Status</h1>
      <div
        role="status"
        className="mt-8 flex gap-3 rounded-xl border border-amber-300 bg-warn-50 p-5 text-amber-900"
      >
        <AlertTriangle aria-hidden="true" className="h-6 w-6 flex-none" />
        <div>
          <p className="font-bold">Payments are not configured</p>
          <p className="mt-1">
            This site cannot take payments yet: no payment provider is connected and no webhook is
            set up. The free course and the rest of the site work as usual.
          </p>
        </div>
      </div>
      <Link
        to="/account"
        className="mt-8 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        Return to Account
      </Link>
    </section>
  );
}
