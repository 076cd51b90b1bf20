import { Link } from "react-router";
import { formatLongDate, type SubscriptionView } from "~/billing/subscription-view";
import { Card } from "~/ui/card";

export function SubscriptionPanel({ subscription }: { subscription: SubscriptionView | null }) {
  if (!subscription) {
    return (
      <Card>
        <h2 className="text-xl font-bold text-brand-900">No Active Training Program</h2>
        <p className="mt-2 text-muted">
          You can read the free course any time. Join the Training Program to get safe practice
          scam emails and texts, feedback on every red flag, and weekly lessons.
        </p>
        <Link
          to="/pricing"
          className="mt-6 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          View Training Plans
        </Link>
      </Card>
    );
  }
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-brand-900">{subscription.planName}</h2>
        {subscription.status === "active" ? (
          <span className="rounded-full bg-safe-600 px-3 py-1 text-sm font-semibold text-white">Active</span>
        ) : (
          <span className="rounded-full bg-slate-200 px-3 py-1 text-sm font-semibold text-ink">{subscription.status}</span>
        )}
      </div>
      {subscription.cancelAtPeriodEnd && (
        <p role="status" className="mt-4 rounded-lg bg-warn-50 p-3 text-sm text-amber-900">
          Your subscription will cancel at the end of the current period. You keep access until{" "}
          {formatLongDate(subscription.currentPeriodEnd)}.
        </p>
      )}
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Status</dt>
        <dd>{subscription.status}</dd>
        <dt className="font-semibold">Current period ends</dt>
        <dd>{formatLongDate(subscription.currentPeriodEnd)}</dd>
        <dt className="font-semibold">Name</dt>
        <dd>{subscription.customerName}</dd>
        <dt className="font-semibold">Email</dt>
        <dd>{subscription.customerEmail}</dd>
        {subscription.memberEmails.length > 0 && (
          <>
            <dt className="font-semibold">Family members</dt>
            <dd>
              <ul>
                {subscription.memberEmails.map((email) => (
                  <li key={email}>{email}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
    </Card>
  );
}
