import { data, redirect } from "react-router";
import type { Route } from "./+types/account.portal";
import { getSessionUser } from "~/account/session.server";
import { openCustomerPortal } from "~/billing/account-billing.server";
import { getPaymentProvider } from "~/billing/payments.server";
import { getEnv } from "~/config/env.server";
import { getDatabase } from "~/db/database.server";
import { requireMethod } from "~/validation/read-form.server";
import { pathInLocale } from "~/i18n/locales";

/**
 * POST: a customer-portal session for the signed-in account. JSON for the account page's script;
 * a redirect for the form fallback without JavaScript. The return address is always our account
 * page, never one taken from the request (that would be an open redirect through the provider).
 */
/** "es" when the Spanish account page sent the form; English for anything else, a body-less post included. */
async function editionOf(request: Request): Promise<"en" | "es"> {
  try {
    return (await request.formData()).get("language") === "es" ? "es" : "en";
  } catch {
    return "en";
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request);
  const wantsJson = request.headers.get("Accept")?.includes("application/json") ?? false;
  const user = await getSessionUser({ request, context });
  if (!user) {
    if (wantsJson)
      return Response.json(
        { success: false, isUnconfiguredPortal: false, message: "Please sign in again." },
        { status: 401 },
      );
    throw redirect("/auth?returnTo=%2Faccount");
  }
  // The edition the button was pressed in: only "es" or English, never an address from the request.
  const locale = await editionOf(request);
  const account = pathInLocale("/account", locale);
  const db = await getDatabase();
  const outcome = await openCustomerPortal(
    db,
    getPaymentProvider(db),
    user.id,
    `${getEnv().APP_URL}${account}`,
    locale,
  );
  if (wantsJson) {
    return Response.json(
      outcome.success || outcome.isUnconfiguredPortal
        ? outcome
        : { success: false, isUnconfiguredPortal: false, message: outcome.message },
      {
        status: outcome.success || outcome.isUnconfiguredPortal ? 200 : outcome.status,
      },
    );
  }
  if (outcome.success) throw redirect(outcome.url);
  throw redirect(`${account}?portal=${outcome.isUnconfiguredPortal ? "unconfigured" : "error"}`);
}

export function loader() {
  throw data("Use the Manage Subscription button on your account page.", { status: 405 });
}
