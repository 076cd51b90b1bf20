import { LogOut } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, redirect, redirectDocument, useNavigation } from "react-router";
import { toast } from "~/ui/toast";
import type { Route } from "./+types/account";
import { expiredSessionCookies, signOut } from "~/account/account-actions.server";
import { DeleteAccountForm } from "~/account/delete-account-form";
import { DELETE_ACCOUNT_INTENT, type DeleteAccountResult } from "~/account/delete-account-schema";
import { deleteAccount } from "~/account/delete-account.server";
import { requireUser } from "~/account/session.server";
import {
  isResendConfirmationResult,
  RESEND_CONFIRMATION_INTENT,
  resendConfirmationResult,
} from "~/account/email-confirmation";
import { resendConfirmation } from "~/account/email-confirmation.server";
import { EmailConfirmationCard, FamilyMembershipCard, NextStepsCard } from "~/account/account-cards";
import { trainingSetUp } from "~/training/people/training-set-up.server";
import { familyPlanSummary, findMemberAccess, memberIdentity } from "~/billing/membership.server";
import { SubscriptionPanel } from "~/billing/subscription-panel";
import { useResultToast } from "~/account/use-result-toast";
import { ACCOUNT_BILLING_MESSAGES } from "~/billing/account-billing-messages";
import { refreshAccountSubscription } from "~/billing/account-billing.server";
import { getPaymentProvider } from "~/billing/payments.server";
import { getAccountSubscription } from "~/billing/subscription.server";
import { getLogger } from "~/config/logger.server";
import { getDatabase } from "~/db/database.server";
import { DIGEST_SETTING_INTENT } from "~/scam-updates/digest-setting";
import { DigestSettingForm } from "~/scam-updates/digest-setting-form";
import { digestSettingAction, digestSettingFor } from "~/scam-updates/digest-setting.server";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { setFlash } from "~/ui/flash.server";
import { formDataToObject } from "~/validation/fields";
import { readFormData } from "~/validation/read-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "My Account",
    description: "Your scam-free account and Training Program subscription.",
    path: "/account",
    noIndex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const portal = new URL(request.url).searchParams.get("portal");
  const base = {
    email: user.email,
    isAdmin: user.role === "staff",
    portalUnconfigured: portal === "unconfigured",
    portalError: portal === "error",
    emailConfirmed: user.emailVerified,
  };
  try {
    const db = await getDatabase();
    const subscription = await getAccountSubscription(db, user.id);
    // Someone named on a relative's Family Training has access without a subscription of their own.
    const familyAccess = subscription ? null : await findMemberAccess(db, memberIdentity(user));
    const familyPlan = familyAccess && (await familyPlanSummary(db, familyAccess.subscriptionId));
    return {
      ...base,
      subscription,
      trainingSetUp: subscription && !subscription.ended ? await trainingSetUp(db, user) : null,
      familyPlan: familyPlan && {
        holderName: familyPlan.holderName,
        periodEnd: familyPlan.periodEnd?.toISOString() ?? null,
        endsAtPeriodEnd: familyPlan.endsAtPeriodEnd,
      },
      digest: await digestSettingFor(db, user),
      loadError: false,
    };
  } catch (error) {
    getLogger().error({ err: error }, "could not load a subscription for the account page");
    return { ...base, subscription: null, trainingSetUp: null, familyPlan: null, digest: null, loadError: true };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "refresh") {
    const db = await getDatabase();
    const { ok } = await refreshAccountSubscription(db, getPaymentProvider(db), user.id);
    return ok
      ? {
          ok: true,
          title: ACCOUNT_BILLING_MESSAGES.refreshed.title,
          message: "Your subscription details are up to date.",
        }
      : data(
          {
            ok: false,
            title: ACCOUNT_BILLING_MESSAGES.refreshError.title,
            message: ACCOUNT_BILLING_MESSAGES.refreshError.text,
          },
          { status: 502 },
        );
  }
  if (intent === RESEND_CONFIRMATION_INTENT) {
    const outcome = await resendConfirmation(await getDatabase(), request, user, context.clientIp);
    const { status, result } = resendConfirmationResult(outcome, user.email);
    return data(result, { status });
  }
  if (intent === DIGEST_SETTING_INTENT) {
    const { status, result } = await digestSettingAction(await getDatabase(), user, formDataToObject(form));
    return data(result, { status });
  }
  if (intent === DELETE_ACCOUNT_INTENT) {
    const db = await getDatabase();
    const { status, result } = await deleteAccount(db, getPaymentProvider(db), user.id, formDataToObject(form));
    if (!result.ok) return data(result, { status });
    // The session went with the account; the browser's cookies go too.
    throw await homeWithMessage(expiredSessionCookies(request), { title: result.title, message: result.message });
  }
  if (intent !== "signout") {
    return new Response("Unknown action.", { status: 400 });
  }
  const { ok, setCookie } = await signOut(request);
  if (!ok) {
    const headers = new Headers();
    for (const cookie of setCookie) headers.append("Set-Cookie", cookie);
    headers.append(
      "Set-Cookie",
      await setFlash({ kind: "error", title: "Error signing out", message: "Please try again." }),
    );
    throw redirect("/account", { headers });
  }
  throw await homeWithMessage(setCookie, {
    title: "Signed out successfully",
    message: "You have been logged out of your account.",
  });
}

/**
 * Home, after the account's session ended (signed out, or the account deleted), with a one-time
 * message. A whole page load: home has no script, and its message must reach it (loadAsWholePage).
 */
async function homeWithMessage(cookies: string[], message: { title: string; message: string }) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash({ kind: "success", ...message }));
  return redirectDocument("/", { headers });
}

/** The action also answers plain text ("Unknown action.") and other results; only this one is the form's. */
function isDeleteAccountResult(value: unknown): value is DeleteAccountResult {
  return (
    typeof value === "object" && value !== null && (value as { intent?: unknown }).intent === DELETE_ACCOUNT_INTENT
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const signingOut = useNavigation().formData?.get("intent") === "signout";
  useResultToast(actionData);
  // Until the email is confirmed and the family is set up, those two steps lead the page.
  const nextSteps = Boolean(
    loaderData.subscription &&
    loaderData.trainingSetUp !== null &&
    (!loaderData.emailConfirmed || !loaderData.trainingSetUp),
  );
  const resendResult = isResendConfirmationResult(actionData) ? actionData : undefined;
  useEffect(() => {
    if (loaderData.loadError)
      toast.error(ACCOUNT_BILLING_MESSAGES.loadError.title, { description: ACCOUNT_BILLING_MESSAGES.loadError.text });
    if (loaderData.portalError)
      toast.error(ACCOUNT_BILLING_MESSAGES.portalError.title, {
        description: ACCOUNT_BILLING_MESSAGES.portalError.text,
      });
  }, [loaderData.loadError, loaderData.portalError]);
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold text-brand-900">My Account</h1>
      {nextSteps && (
        // After paying, what is left comes first, each one tap away (issue #35).
        <NextStepsCard
          email={loaderData.email}
          emailConfirmed={loaderData.emailConfirmed}
          trainingSetUp={loaderData.trainingSetUp === true}
          resendResult={resendResult}
        />
      )}
      <Card className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="text-sm text-muted">Signed in as</p>
          <p className="text-lg font-semibold wrap-anywhere" data-testid="account-email">
            {loaderData.email}
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="signout" />
          <Button type="submit" variant="secondary" disabled={signingOut}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            {signingOut ? "Signing out..." : "Sign out"}
          </Button>
        </Form>
      </Card>
      {loaderData.subscription && !nextSteps && (
        <Card className="mt-6 border-brand-300 bg-brand-50">
          <h2 className="text-lg font-bold text-brand-900">Your Training Program</h2>
          <p className="mt-1 text-muted">
            See how everyone in your family is doing, and change who gets practice messages.
          </p>
          <Link
            to="/account/training"
            className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            Your Training Program
          </Link>
        </Card>
      )}
      {!loaderData.emailConfirmed && !nextSteps && (
        <EmailConfirmationCard email={loaderData.email} result={resendResult} />
      )}
      {loaderData.isAdmin && (
        <Card className="mt-6">
          <p className="font-semibold">You have staff access.</p>
          <Link to="/staff" className="mt-1 inline-block font-medium text-brand-700 underline">
            Open the staff console
          </Link>
        </Card>
      )}
      <div className="mt-6">
        {loaderData.loadError ? (
          <Card role="alert">
            <h2 className="text-xl font-bold text-brand-900">{ACCOUNT_BILLING_MESSAGES.loadError.title}</h2>
            <p className="mt-2 text-muted">{ACCOUNT_BILLING_MESSAGES.loadError.text}</p>
          </Card>
        ) : loaderData.familyPlan ? (
          <FamilyMembershipCard plan={loaderData.familyPlan} />
        ) : (
          <SubscriptionPanel
            subscription={loaderData.subscription}
            isAdmin={loaderData.isAdmin}
            portalUnconfigured={loaderData.portalUnconfigured}
          />
        )}
      </div>
      {loaderData.digest && <DigestSettingForm enabled={loaderData.digest.enabled} />}
      <DeleteAccountForm
        result={isDeleteAccountResult(actionData) ? actionData : undefined}
        hasSubscription={Boolean(loaderData.subscription && !loaderData.subscription.ended)}
      />
    </section>
  );
}
