import { CheckCircle2, MailWarning, Users } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { formatLongDate } from "~/i18n/dates";
import { pathInLocale } from "~/i18n/locales";
import { useT } from "~/i18n/use-translation";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { RESEND_CONFIRMATION_INTENT, type ResendConfirmationResult } from "./email-confirmation";

/** "Send the link again" for the email confirmation, and its answer: in both cards that ask for it. */
function ResendLinkForm({ result, className }: { result?: ResendConfirmationResult; className: string }) {
  const sending = useNavigation().formData?.get("intent") === RESEND_CONFIRMATION_INTENT;
  const t = useT();
  return (
    <>
      <Form method="post" className={className}>
        <input type="hidden" name="intent" value={RESEND_CONFIRMATION_INTENT} />
        <Button type="submit" variant="secondary" disabled={sending}>
          {sending ? t("account.sending") : t("account.sendAgain")}
        </Button>
      </Form>
      {result && (
        <p role="status" className="mt-3 text-sm">
          <strong>{result.title}.</strong> {result.message}
        </p>
      )}
    </>
  );
}

/** Shown on My Account until the person has confirmed their address, with a way to get a new link. */
export function EmailConfirmationCard({ email, result }: { email: string; result?: ResendConfirmationResult }) {
  const t = useT();
  return (
    <Card className="mt-6 border-amber-300 bg-amber-50" aria-labelledby="confirm-email-title">
      <div className="flex items-start gap-3">
        <MailWarning aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-amber-700" />
        <div>
          <h2 id="confirm-email-title" className="text-lg font-bold text-brand-900">
            {t("account.confirmTitle")}
          </h2>
          <p className="mt-1 text-ink">
            {t.rich("account.confirmText", {
              email,
              b: (chunks) => <strong className="wrap-anywhere">{chunks}</strong>,
            })}
          </p>
          <ResendLinkForm result={result} className="mt-4" />
        </div>
      </div>
    </Card>
  );
}

/** In place of "No Active Training Program" for someone a relative's Family Training includes. */
export function FamilyMembershipCard({
  plan,
}: {
  plan: { holderName: string; periodEnd: string | null; endsAtPeriodEnd: boolean };
}) {
  const t = useT();
  const date = formatLongDate(plan.periodEnd, t.locale);
  // On a Spanish page, a link to a page that is in English for now says so to the browser too.
  const english = t.locale === "es" ? { hrefLang: "en" } : {};
  return (
    <Card aria-labelledby="family-membership-title">
      <div className="flex items-start gap-3">
        <Users aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-safe-600" />
        <div>
          <h2 id="family-membership-title" className="text-xl font-bold text-brand-900">
            {t("account.familyTitle")}
          </h2>
          <p className="mt-2 text-ink">
            {t.rich("account.familyText", { holder: plan.holderName, b: (chunks) => <strong>{chunks}</strong> })}
          </p>
          {plan.periodEnd && (
            <p className="mt-2 text-ink" data-testid="family-plan-period">
              {plan.endsAtPeriodEnd ? t("account.familyEnds", { date }) : t("account.familyRenews", { date })}
            </p>
          )}
          <p className="mt-4 flex flex-wrap gap-4">
            <Link to="/weekly-lessons" {...english} className="font-medium text-brand-700 underline">
              {t("account.weeklyLessons")}
            </Link>
            <Link to="/weekly-lessons/practice" {...english} className="font-medium text-brand-700 underline">
              {t("account.practiceSpotting")}
            </Link>
          </p>
        </div>
      </div>
    </Card>
  );
}

/**
 * What is left after paying, at the top of My Account, each one tap from done: confirming the
 * email (the button sends a new link) and setting up the family (the button opens that page).
 * Shown until both are done; a done step says so instead of vanishing, so the list reads as progress.
 */
export function NextStepsCard({
  email,
  emailConfirmed,
  trainingSetUp,
  resendResult,
}: {
  email: string;
  emailConfirmed: boolean;
  trainingSetUp: boolean;
  resendResult?: ResendConfirmationResult;
}) {
  const t = useT();
  return (
    <Card
      role="region"
      className="mt-6 border-brand-300 bg-brand-50"
      aria-labelledby="next-steps-title"
      data-next-steps
    >
      <h2 id="next-steps-title" className="text-xl font-bold text-brand-900">
        {t("account.nextSteps")}
      </h2>
      <ol className="mt-3 space-y-4">
        <li className="flex items-start gap-3" data-step="confirm-email">
          <StepMark done={emailConfirmed} number={1} />
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold text-brand-900">{t("account.stepConfirm")}</h3>
            {emailConfirmed ? (
              <p className="text-sm text-muted">{t("account.stepConfirmDone", { email })}</p>
            ) : (
              <>
                <p className="text-sm text-ink">
                  {t.rich("account.stepConfirmOpen", {
                    email,
                    b: (chunks) => <strong className="wrap-anywhere">{chunks}</strong>,
                  })}
                </p>
                <ResendLinkForm result={resendResult} className="mt-2" />
              </>
            )}
          </div>
        </li>
        <li className="flex items-start gap-3" data-step="set-up-training">
          <StepMark done={trainingSetUp} number={2} />
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold text-brand-900">{t("account.stepSetUp")}</h3>
            {trainingSetUp ? (
              <p className="text-sm text-muted">{t("account.stepSetUpDone")}</p>
            ) : (
              <>
                <p className="text-sm text-ink">{t("account.stepSetUpText")}</p>
                <Link
                  to={pathInLocale("/account/training", t.locale)}
                  className="mt-2 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
                >
                  {t("account.stepSetUp")}
                </Link>
              </>
            )}
          </div>
        </li>
      </ol>
    </Card>
  );
}

function StepMark({ done, number }: { done: boolean; number: number }) {
  const t = useT();
  return done ? (
    <CheckCircle2 aria-label={t("account.done")} className="mt-0.5 h-6 w-6 shrink-0 text-safe-600" />
  ) : (
    <span
      aria-hidden="true"
      className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
    >
      {number}
    </span>
  );
}
