import { LogOut } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, redirect, redirectDocument, useNavigation } from "react-router";
import { toast } from "~/ui/toast";
import type { Route } from "./+types/account";
import { expiredSessionCookies, signOut } from "~/account/account-actions.server";
import { DeleteAccountForm } from "~/account/delete-account-form";
import { DELETE_ACCOUNT_INTENT, type DeleteAccountResult } from "~/account/delete-account-schema";
import { deleteAccount } from "~/account-deletion/delete-account.server";
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
import { accountBillingMessagesFor } from "~/billing/account-billing-messages";
import { refreshAccountSubscription } from "~/billing/account-billing.server";
import { getPaymentProvider } from "~/billing/payments.server";
import { getAccountSubscription } from "~/billing/subscription.server";
import { getLogger } from "~/config/logger.server";
import { getDatabase } from "~/db/database.server";
import { DIGEST_SETTING_INTENT } from "~/scam-updates/digest-setting";
import { DigestSettingForm } from "~/scam-updates/digest-setting-form";
import { digestSettingAction, digestSettingFor } from "~/scam-updates/digest-setting.server";
import { localeOfPath, pathInLocale } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { useT } from "~/i18n/use-translation";
import { pageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { setFlash } from "~/ui/flash.server";
import { formDataToObject } from "~/validation/fields";
import { readFormData } from "~/validation/read-form.server";

// /account and /es/account: the same page in the address's language (issue #39).
export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translatorFor(locale);
  return pageMeta(args, {
    title: t("account.metaTitle"),
    description: t("account.metaDescription"),
    path: pathInLocale("/account", locale),
    noIndex: true,
  });
};

const translatorOf = (request: Request) => translatorFor(localeOfPath(new URL(request.url).pathname));

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
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
  const user = await requireUser({ request, context });
  const t = translatorOf(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "refresh") {
    const db = await getDatabase();
    const { ok } = await refreshAccountSubscription(db, getPaymentProvider(db), user.id);
    const messages = accountBillingMessagesFor(t);
    return ok
      ? { ok: true, title: messages.refreshed.title, message: t("account.refreshedText") }
      : data({ ok: false, title: messages.refreshError.title, message: messages.refreshError.text }, { status: 502 });
  }
  if (intent === RESEND_CONFIRMATION_INTENT) {
    const outcome = await resendConfirmation(await getDatabase(), request, user, context.clientIp);
    const { status, result } = resendConfirmationResult(outcome, user.email, t);
    return data(result, { status });
  }
  if (intent === DIGEST_SETTING_INTENT) {
    const { status, result } = await digestSettingAction(await getDatabase(), user, formDataToObject(form), t);
    return data(result, { status });
  }
  const home = pathInLocale("/", t.locale);
  if (intent === DELETE_ACCOUNT_INTENT) {
    const db = await getDatabase();
    const { status, result } = await deleteAccount(db, getPaymentProvider(db), user.id, formDataToObject(form), t);
    if (!result.ok) return data(result, { status });
    // The session went with the account; the browser's cookies go too.
    throw await homeWithMessage(home, expiredSessionCookies(request), { title: result.title, message: result.message });
  }
  if (intent !== "signout") {
    return new Response(t("account.unknownAction"), { status: 400 });
  }
  const { ok, setCookie } = await signOut(request);
  if (!ok) {
    const headers = new Headers();
    for (const cookie of setCookie) headers.append("Set-Cookie", cookie);
    headers.append(
      "Set-Cookie",
      await setFlash({ kind: "error", title: t("account.signOutErrorTitle"), message: t("account.signOutErrorText") }),
    );
    throw redirect(pathInLocale("/account", t.locale), { headers });
  }
  throw await homeWithMessage(home, setCookie, {
    title: t("account.signedOutTitle"),
    message: t("account.signedOutText"),
  });
}

/**
 * Home, after the account's session ended (signed out, or the account deleted), with a one-time
 * message. A whole page load: home has no script, and its message must reach it (loadAsWholePage).
 */
async function homeWithMessage(home: string, cookies: string[], message: { title: string; message: string }) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash({ kind: "success", ...message }));
  return redirectDocument(home, { headers });
}

/** On a Spanish page, a link to a page that is in English for now says so to the browser too. */
const inEnglishFrom = (locale: string) => (locale === "es" ? { hrefLang: "en" } : {});

/** The action also answers plain text ("Unknown action.") and other results; only this one is the form's. */
function isDeleteAccountResult(value: unknown): value is DeleteAccountResult {
  return (
    typeof value === "object" && value !== null && (value as { intent?: unknown }).intent === DELETE_ACCOUNT_INTENT
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const signingOut = useNavigation().formData?.get("intent") === "signout";
  const t = useT();
  const billingMessages = accountBillingMessagesFor(t);
  useResultToast(actionData);
  // Until the email is confirmed and the family is set up, those two steps lead the page.
  const nextSteps = Boolean(
    loaderData.subscription &&
    loaderData.trainingSetUp !== null &&
    (!loaderData.emailConfirmed || !loaderData.trainingSetUp),
  );
  const resendResult = isResendConfirmationResult(actionData) ? actionData : undefined;
  const { loadError } = billingMessages;
  useEffect(() => {
    // `t` is one object per language, so this runs when the answer changes, not on every render.
    const messages = accountBillingMessagesFor(t);
    if (loaderData.loadError) toast.error(messages.loadError.title, { description: messages.loadError.text });
    if (loaderData.portalError) toast.error(messages.portalError.title, { description: messages.portalError.text });
  }, [loaderData.loadError, loaderData.portalError, t]);
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold text-brand-900">{t("account.title")}</h1>
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
          <p className="text-sm text-muted">{t("account.signedInAs")}</p>
          <p className="text-lg font-semibold wrap-anywhere" data-testid="account-email">
            {loaderData.email}
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="signout" />
          <Button type="submit" variant="secondary" disabled={signingOut}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            {signingOut ? t("account.signingOut") : t("account.signOut")}
          </Button>
        </Form>
      </Card>
      {loaderData.subscription && !nextSteps && (
        <Card className="mt-6 border-brand-300 bg-brand-50">
          <h2 className="text-lg font-bold text-brand-900">{t("account.trainingTitle")}</h2>
          <p className="mt-1 text-muted">{t("account.trainingText")}</p>
          <Link
            to={pathInLocale("/account/training", t.locale)}
            className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            {t("account.trainingLink")}
          </Link>
        </Card>
      )}
      {!loaderData.emailConfirmed && !nextSteps && (
        <EmailConfirmationCard email={loaderData.email} result={resendResult} />
      )}
      {loaderData.isAdmin && (
        <Card className="mt-6">
          <p className="font-semibold">{t("account.staff")}</p>
          <Link
            to="/staff"
            {...inEnglishFrom(t.locale)}
            className="mt-1 inline-block font-medium text-brand-700 underline"
          >
            {t("account.staffLink")}
          </Link>
        </Card>
      )}
      <div className="mt-6">
        {loaderData.loadError ? (
          <Card role="alert">
            <h2 className="text-xl font-bold text-brand-900">{loadError.title}</h2>
            <p className="mt-2 text-muted">{loadError.text}</p>
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
