import { ExternalLink, RefreshCw } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { toast } from "~/ui/toast";
import { ACCOUNT_BILLING_MESSAGES } from "~/billing/account-billing-messages";
import { formatLongDate, type SubscriptionView } from "~/billing/subscription-view";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Dialog } from "~/ui/dialog";

const PORTAL_ERROR = ACCOUNT_BILLING_MESSAGES.portalError;

/**
 * Opens the provider's portal in a new tab. The tab is opened during the click (so pop-up blockers
 * allow it) and pointed at the portal once the server answers. Without JavaScript the form itself
 * posts to /account/portal in a new tab, which redirects there.
 */
function usePortalOpener(onUnconfigured: () => void) {
  const [opening, setOpening] = useState(false);
  const open = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const tab = window.open("about:blank", "_blank");
    setOpening(true);
    try {
      const response = await fetch("/account/portal", {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new FormData(event.currentTarget),
      });
      const body = (await response.json()) as { success: boolean; url?: string; isUnconfiguredPortal?: boolean };
      if (body.success && body.url) {
        if (tab) {
          tab.opener = null;
          tab.location.href = body.url;
        } else {
          window.location.href = body.url;
        }
        return;
      }
      tab?.close();
      if (body.isUnconfiguredPortal) onUnconfigured();
      else toast.error(PORTAL_ERROR.title, { description: PORTAL_ERROR.text });
    } catch {
      tab?.close();
      toast.error(PORTAL_ERROR.title, { description: PORTAL_ERROR.text });
    } finally {
      setOpening(false);
    }
  };
  return { opening, open };
}

function PortalButton({
  label,
  onUnconfigured,
  variant = "primary",
}: {
  label: string;
  onUnconfigured: () => void;
  variant?: "primary" | "secondary";
}) {
  const { opening, open } = usePortalOpener(onUnconfigured);
  return (
    <form method="post" action="/account/portal" target="_blank" onSubmit={open}>
      <Button type="submit" variant={variant} disabled={opening}>
        <ExternalLink aria-hidden="true" className="h-4 w-4" />
        {opening ? "Opening..." : label}
        <span className="sr-only"> (opens in a new tab)</span>
      </Button>
    </form>
  );
}

export function PortalSetupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Customer Portal Setup Required"
      description="Subscription management is not switched on in the payment dashboard yet."
    >
      <ol className="list-decimal space-y-2 pl-5">
        <li>Sign in to the Stripe Dashboard.</li>
        <li>Open Settings, then Billing, then Customer portal.</li>
        <li>Allow customers to cancel subscriptions and update payment methods, then save.</li>
        <li>Come back here and press Manage Subscription again.</li>
      </ol>
      <a
        href="https://dashboard.stripe.com/settings/billing/portal"
        target="_blank"
        rel="noopener noreferrer"
        className="mt-6 inline-flex h-11 items-center gap-2 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        Open the payment dashboard
        <ExternalLink aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Dialog>
  );
}

export function SubscriptionPanel({
  subscription,
  isAdmin,
  portalUnconfigured = false,
}: {
  subscription: SubscriptionView | null;
  isAdmin: boolean;
  portalUnconfigured?: boolean;
}) {
  const [setupOpen, setSetupOpen] = useState(portalUnconfigured);
  const refreshing = useNavigation().formData?.get("intent") === "refresh";
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (!subscription) {
    return (
      <Card>
        <h2 className="text-xl font-bold text-brand-900">No Active Training Program</h2>
        <p className="mt-2 text-muted">
          You can read the free course any time. Join the Training Program to get safe practice scam emails and texts,
          feedback on every red flag, and weekly lessons.
        </p>
        <Link
          to="/pricing"
          className="mt-6 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          View Training Plans
        </Link>
        {isAdmin && (
          <p className="mt-6 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
            Admin: paid but no subscription here? Check that the payment webhook is configured and receiving events on
            the{" "}
            <Link to="/stripe-setup" className="font-semibold underline">
              integration status page
            </Link>
            .
          </p>
        )}
      </Card>
    );
  }
  // Over for good: no period running, nothing to pay with, access gone. Say so, and offer the way back.
  const { ended } = subscription;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 ref={headingRef} className="text-xl font-bold text-brand-900">
          {subscription.planName}
        </h2>
        {subscription.status === "active" && !ended ? (
          <span className="rounded-full bg-safe-600 px-3 py-1 text-sm font-semibold text-white">Active</span>
        ) : (
          <span className="rounded-full bg-slate-200 px-3 py-1 text-sm font-semibold text-ink">
            {/* An "active" one whose cancelled period has passed is waiting for the provider to say so. */}
            {subscription.status === "active" ? "Ended" : subscription.status}
          </span>
        )}
      </div>
      {ended && (
        <div className="mt-4 rounded-lg bg-slate-100 p-4">
          <p className="font-semibold text-ink">
            {subscription.endedOn ? `Ended on ${formatLongDate(subscription.endedOn)}` : "Ended"}
          </p>
          <p className="mt-1 text-ink">
            This subscription has ended, so practice messages and weekly lessons have stopped. The free course stays
            open, and you can join again at any time.
          </p>
          <Link
            to="/pricing"
            className="mt-4 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            Join again
          </Link>
        </div>
      )}
      {subscription.cancelAtPeriodEnd && !ended && (
        <p role="status" className="mt-4 rounded-lg bg-warn-50 p-3 text-sm text-amber-900">
          Your subscription will cancel at the end of the current period. You keep access until{" "}
          {formatLongDate(subscription.currentPeriodEnd)}.
        </p>
      )}
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Plan</dt>
        <dd>{subscription.planName}</dd>
        <dt className="font-semibold">Status</dt>
        <dd data-testid="subscription-status">{subscription.status}</dd>
        {!ended && (
          <>
            {/* "Current period ends" read like a cancellation: say what happens on that day. */}
            <dt className="font-semibold">{subscription.cancelAtPeriodEnd ? "Access ends on" : "Renews on"}</dt>
            <dd>{formatLongDate(subscription.currentPeriodEnd)}</dd>
          </>
        )}
        <dt className="font-semibold">Name</dt>
        <dd>{subscription.customerName}</dd>
        <dt className="font-semibold">Email</dt>
        <dd className="wrap-anywhere">{subscription.customerEmail}</dd>
        {subscription.memberEmails.length > 0 && (
          <>
            <dt className="font-semibold">Family members</dt>
            <dd>
              <ul data-testid="member-emails" className="wrap-anywhere">
                {subscription.memberEmails.map((email) => (
                  <li key={email}>{email}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <div className="mt-6 flex flex-wrap gap-3">
        {/* Still useful once ended: the provider's portal keeps the invoices. */}
        <PortalButton
          label="Manage Subscription"
          variant={ended ? "secondary" : "primary"}
          onUnconfigured={() => setSetupOpen(true)}
        />
        {!subscription.cancelAtPeriodEnd && !ended && (
          <PortalButton label="Update Payment Method" variant="secondary" onUnconfigured={() => setSetupOpen(true)} />
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="refresh" />
          <Button type="submit" variant="ghost" disabled={refreshing}>
            <RefreshCw aria-hidden="true" className={refreshing ? "h-4 w-4 animate-spin" : "h-4 w-4"} />
            {refreshing ? "Refreshing..." : "Refresh"}
          </Button>
        </Form>
      </div>
      <PortalSetupDialog open={setupOpen} onOpenChange={setSetupOpen} />
    </Card>
  );
}
