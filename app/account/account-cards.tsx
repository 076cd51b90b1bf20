import { CheckCircle2, MailWarning, Users } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { formatLongDate } from "~/billing/subscription-view";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { RESEND_CONFIRMATION_INTENT, type ResendConfirmationResult } from "./email-confirmation";

/** "Send the link again" for the email confirmation, and its answer: in both cards that ask for it. */
function ResendLinkForm({ result, className }: { result?: ResendConfirmationResult; className: string }) {
  const sending = useNavigation().formData?.get("intent") === RESEND_CONFIRMATION_INTENT;
  return (
    <>
      <Form method="post" className={className}>
        <input type="hidden" name="intent" value={RESEND_CONFIRMATION_INTENT} />
        <Button type="submit" variant="secondary" disabled={sending}>
          {sending ? "Sending..." : "Send the link again"}
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
  return (
    <Card className="mt-6 border-amber-300 bg-amber-50" aria-labelledby="confirm-email-title">
      <div className="flex items-start gap-3">
        <MailWarning aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-amber-700" />
        <div>
          <h2 id="confirm-email-title" className="text-lg font-bold text-brand-900">
            Confirm your email address
          </h2>
          <p className="mt-1 text-ink">
            When you signed up we sent a link to <strong className="wrap-anywhere">{email}</strong>. Confirming it
            proves the address is yours; if a relative named it for Family Training, that is what opens the Training
            Program for you.
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
  return (
    <Card aria-labelledby="family-membership-title">
      <div className="flex items-start gap-3">
        <Users aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-safe-600" />
        <div>
          <h2 id="family-membership-title" className="text-xl font-bold text-brand-900">
            You are part of a family&apos;s Training Program
          </h2>
          <p className="mt-2 text-ink">
            <strong>{plan.holderName}</strong> included your email address in their Family Training. The weekly lessons,
            the red-flag trainer and the scam alerts are yours; {plan.holderName} chooses the practice messages and
            manages the subscription, so ask them about either.
          </p>
          {plan.periodEnd && (
            <p className="mt-2 text-ink" data-testid="family-plan-period">
              {plan.endsAtPeriodEnd
                ? `Their plan ends on ${formatLongDate(plan.periodEnd)} unless they renew it.`
                : `Their plan renews on ${formatLongDate(plan.periodEnd)}.`}
            </p>
          )}
          <p className="mt-4 flex flex-wrap gap-4">
            <Link to="/weekly-lessons" className="font-medium text-brand-700 underline">
              Weekly Lessons
            </Link>
            <Link to="/weekly-lessons/practice" className="font-medium text-brand-700 underline">
              Practice spotting red flags
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
  return (
    <Card
      role="region"
      className="mt-6 border-brand-300 bg-brand-50"
      aria-labelledby="next-steps-title"
      data-next-steps
    >
      <h2 id="next-steps-title" className="text-xl font-bold text-brand-900">
        Next steps
      </h2>
      <ol className="mt-3 space-y-4">
        <li className="flex items-start gap-3" data-step="confirm-email">
          <StepMark done={emailConfirmed} number={1} />
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold text-brand-900">Confirm your email</h3>
            {emailConfirmed ? (
              <p className="text-sm text-muted">Done: {email} is confirmed.</p>
            ) : (
              <>
                <p className="text-sm text-ink">
                  Open the link we sent to <strong className="wrap-anywhere">{email}</strong>.
                </p>
                <ResendLinkForm result={resendResult} className="mt-2" />
              </>
            )}
          </div>
        </li>
        <li className="flex items-start gap-3" data-step="set-up-training">
          <StepMark done={trainingSetUp} number={2} />
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold text-brand-900">Set up your family&apos;s training</h3>
            {trainingSetUp ? (
              <p className="text-sm text-muted">Done: everyone has been sent their notice.</p>
            ) : (
              <>
                <p className="text-sm text-ink">
                  Say who each person is, confirm for children and teens, and send the notices.
                </p>
                <Link
                  to="/account/training"
                  className="mt-2 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
                >
                  Set up your family&apos;s training
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
  return done ? (
    <CheckCircle2 aria-label="Done" className="mt-0.5 h-6 w-6 shrink-0 text-safe-600" />
  ) : (
    <span
      aria-hidden="true"
      className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
    >
      {number}
    </span>
  );
}
