import { ExternalLink, RefreshCw } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { toast } from "~/ui/toast";
import { accountBillingMessagesFor } from "~/billing/account-billing-messages";
import { planNameIn } from "~/billing/plans";
import { formatLongDate } from "~/i18n/dates";
import type { SubscriptionView } from "~/billing/subscription-view";
import type { MessageKey } from "~/i18n/messages/en";
import { pathInLocale } from "~/i18n/locales";
import type { Translate } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Dialog } from "~/ui/dialog";

/**
 * A provider's status as the page shows it: the SPEC shows English readers the provider's own word
 * ("past_due"); Spanish readers get it in words. An unknown one is shown as it came.
 */
const STATUS_KEYS: Record<string, MessageKey> = {
  active: "billing.status.active",
  trialing: "billing.status.trialing",
  past_due: "billing.status.pastDue",
  unpaid: "billing.status.unpaid",
  canceled: "billing.status.canceled",
  incomplete: "billing.status.incomplete",
  incomplete_expired: "billing.status.incompleteExpired",
  paused: "billing.status.paused",
};

export function statusIn(t: Translate, status: string) {
  const key = STATUS_KEYS[status];
  return key ? t(key) : status;
}

/**
 * Opens the provider's portal in a new tab. The tab is opened during the click (so pop-up blockers
 * allow it) and pointed at the portal once the server answers. Without JavaScript the form itself
 * posts to /account/portal in a new tab, which redirects there.
 */
function usePortalOpener(onUnconfigured: () => void) {
  const [opening, setOpening] = useState(false);
  const PORTAL_ERROR = accountBillingMessagesFor(useT()).portalError;
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
  const t = useT();
  return (
    <form method="post" action="/account/portal" target="_blank" onSubmit={open}>
      {/* The portal comes back to this edition's account page, and speaks its language where it can. */}
      <input type="hidden" name="language" value={t.locale} />
      <Button type="submit" variant={variant} disabled={opening}>
        <ExternalLink aria-hidden="true" className="h-4 w-4" />
        {opening ? t("billing.opening") : label}
        <span className="sr-only"> {t("billing.newTab")}</span>
      </Button>
    </form>
  );
}

export function PortalSetupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("billing.setupTitle")}
      description={t("billing.setupDescription")}
    >
      <ol className="list-decimal space-y-2 pl-5">
        <li>{t("billing.setupStep1")}</li>
        <li>{t("billing.setupStep2")}</li>
        <li>{t("billing.setupStep3")}</li>
        <li>{t("billing.setupStep4")}</li>
      </ol>
      <a
        href="https://dashboard.stripe.com/settings/billing/portal"
        target="_blank"
        rel="noopener noreferrer"
        className="mt-6 inline-flex h-11 items-center gap-2 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        {t("billing.setupLink")}
        <ExternalLink aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only"> {t("billing.newTab")}</span>
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
  const t = useT();
  const pricing = pathInLocale("/pricing", t.locale);

  if (!subscription) {
    return (
      <Card>
        <h2 className="text-xl font-bold text-brand-900">{t("billing.noPlanTitle")}</h2>
        <p className="mt-2 text-muted">{t("billing.noPlanText")}</p>
        <Link
          to={pricing}
          className="mt-6 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          {t("billing.viewPlans")}
        </Link>
        {isAdmin && (
          <p className="mt-6 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
            {t.rich("billing.adminNoSubscription", {
              link: (chunks) => (
                <Link to="/stripe-setup" className="font-semibold underline">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        )}
      </Card>
    );
  }
  // Over for good: no period running, nothing to pay with, access gone. Say so, and offer the way back.
  const { ended } = subscription;
  // English keeps the provider's plan name as the SPEC shows it; Spanish names it in Spanish.
  const planName = t.locale === "en" ? subscription.planName : planNameIn(t, subscription.planId);
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 ref={headingRef} className="text-xl font-bold text-brand-900">
          {planName}
        </h2>
        {subscription.status === "active" && !ended ? (
          <span className="rounded-full bg-safe-600 px-3 py-1 text-sm font-semibold text-white">
            {t("billing.active")}
          </span>
        ) : (
          <span className="rounded-full bg-slate-200 px-3 py-1 text-sm font-semibold text-ink">
            {/* An "active" one whose cancelled period has passed is waiting for the provider to say so. */}
            {subscription.status === "active" ? t("billing.ended") : statusIn(t, subscription.status)}
          </span>
        )}
      </div>
      {ended && (
        <div className="mt-4 rounded-lg bg-slate-100 p-4">
          <p className="font-semibold text-ink">
            {subscription.endedOn
              ? t("billing.endedOn", { date: formatLongDate(subscription.endedOn, t.locale) })
              : t("billing.ended")}
          </p>
          <p className="mt-1 text-ink">{t("billing.endedText")}</p>
          <Link
            to={pricing}
            className="mt-4 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            {t("billing.joinAgain")}
          </Link>
        </div>
      )}
      {subscription.cancelAtPeriodEnd && !ended && (
        <p role="status" className="mt-4 rounded-lg bg-warn-50 p-3 text-sm text-amber-900">
          {t("billing.cancelNotice", { date: formatLongDate(subscription.currentPeriodEnd, t.locale) })}
        </p>
      )}
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t("billing.plan")}</dt>
        <dd>{planName}</dd>
        <dt className="font-semibold">{t("billing.status")}</dt>
        <dd data-testid="subscription-status">{statusIn(t, subscription.status)}</dd>
        {!ended && (
          <>
            {/* "Current period ends" read like a cancellation: say what happens on that day. */}
            <dt className="font-semibold">
              {subscription.cancelAtPeriodEnd ? t("billing.accessEnds") : t("billing.renewsOn")}
            </dt>
            <dd>{formatLongDate(subscription.currentPeriodEnd, t.locale)}</dd>
          </>
        )}
        <dt className="font-semibold">{t("billing.name")}</dt>
        <dd>{subscription.customerName}</dd>
        <dt className="font-semibold">{t("billing.email")}</dt>
        <dd className="wrap-anywhere">{subscription.customerEmail}</dd>
        {subscription.memberEmails.length > 0 && (
          <>
            <dt className="font-semibold">{t("billing.familyMembers")}</dt>
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
          label={t("billing.manage")}
          variant={ended ? "secondary" : "primary"}
          onUnconfigured={() => setSetupOpen(true)}
        />
        {!subscription.cancelAtPeriodEnd && !ended && (
          <PortalButton
            label={t("billing.updatePayment")}
            variant="secondary"
            onUnconfigured={() => setSetupOpen(true)}
          />
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="refresh" />
          <Button type="submit" variant="ghost" disabled={refreshing}>
            <RefreshCw aria-hidden="true" className={refreshing ? "h-4 w-4 animate-spin" : "h-4 w-4"} />
            {refreshing ? t("billing.refreshing") : t("billing.refresh")}
          </Button>
        </Form>
      </div>
      <PortalSetupDialog open={setupOpen} onOpenChange={setSetupOpen} />
    </Card>
  );
}
