import { and, eq, ne } from "drizzle-orm";
import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import { checkoutSessions, customers, subscriptions } from "~/billing/tables";
import { hitLimit, retryMessage } from "~/security/request-limits.server";
import { inEdition } from "~/i18n/locales";
import { translatorFor, type Translate } from "~/i18n/translate";
import { checkoutMessagesFor, type CheckoutInput } from "./checkout-schema";
import { payDemoCheckout } from "./demo-provider.server";
import { receivePaymentEvent } from "./fulfilment.server";
import type { PaymentProvider } from "./payment-provider.server";
import { isPaidPlanId, PLANS, planNameIn } from "./plans";
import { hasActiveMembership } from "./subscription.server";
import { hasMemberAccess } from "./subscription-view";

export type StartCheckoutResult =
  | { ok: true; url: string }
  | { ok: false; status: number; title: string; message: string; fields?: Record<string, string> };

const english = translatorFor("en");

/** Starting a checkout creates a provider session; a person needs few, an abuser wants many. */
const CHECKOUT_LIMIT = { max: 20, windowSeconds: 60 * 60 };

const MAX_SESSION_ID_LENGTH = 255;
const SESSION_ID = /^[A-Za-z0-9_]+$/;

/**
 * checkout form → here → the provider's checkout page. The checkout row is written first, so
 * whatever the provider later reports can be tied back to this user and these contacts.
 */
export async function startCheckout(
  db: Database,
  provider: PaymentProvider | null,
  user: { id: string; email: string },
  input: CheckoutInput,
  appUrl: string,
  t: Translate = english,
): Promise<StartCheckoutResult> {
  const messages = checkoutMessagesFor(t);
  if (!provider) {
    return { ok: false, status: 503, title: messages.notConfigured.title, message: messages.notConfigured.text };
  }
  if (await hasActiveMembership(db, user.id)) {
    return { ok: false, status: 409, title: t("checkout.alreadyMemberTitle"), message: t("checkout.alreadyMember") };
  }
  // The holder's mail (receipts, summaries, spot notices) goes to the account's confirmed email
  // only, so the checkout's primary email is that one: another address typed here could be a
  // stranger's, and would be told about this family (receipts.server.ts).
  if (input.email !== user.email.trim().toLowerCase()) {
    const message = t("checkout.useAccountEmail", { email: user.email });
    return { ok: false, status: 400, title: t("checkout.useAccountEmailTitle"), message, fields: { email: message } };
  }
  // customers.email is unique: one address cannot be the primary contact of two accounts.
  const [otherCustomer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.email, input.email), ne(customers.userId, user.id)));
  if (otherCustomer) {
    const message = t("checkout.emailInUse");
    return { ok: false, status: 409, title: t("checkout.emailInUseTitle"), message, fields: { email: message } };
  }
  const limit = await hitLimit(db, `checkout:user:${user.id}`, CHECKOUT_LIMIT);
  if (!limit.allowed) {
    return {
      ok: false,
      status: 429,
      title: t("checkout.tooManyTitle"),
      message: retryMessage(limit.retryAfterSeconds, t),
    };
  }

  const plan = PLANS[input.plan];
  const [checkout] = await db
    .insert(checkoutSessions)
    .values({
      userId: user.id,
      provider: provider.kind,
      plan: plan.id,
      contacts: {
        name: input.name,
        email: input.email,
        phone: input.phone,
        members: input.members,
        timeZone: input.timeZone,
      },
    })
    .returning({ id: checkoutSessions.id });
  try {
    const session = await provider.createCheckout({
      checkoutId: checkout.id,
      plan,
      userId: user.id,
      contacts: { name: input.name, email: input.email, phone: input.phone, members: input.members },
      successUrl: `${appUrl}${inEdition("/checkout/success", t.locale)}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${appUrl}${inEdition("/checkout", t.locale)}?plan=${plan.id}`,
      locale: t.locale,
    });
    await db
      .update(checkoutSessions)
      .set({ providerSessionId: session.sessionId })
      .where(eq(checkoutSessions.id, checkout.id));
    return { ok: true, url: session.url };
  } catch (error) {
    getLogger().error({ err: error, checkoutId: checkout.id }, "could not create a checkout session");
    await db.delete(checkoutSessions).where(eq(checkoutSessions.id, checkout.id));
    return { ok: false, status: 502, title: messages.failure.title, message: messages.failure.text };
  }
}

/** An open demo checkout that belongs to this user, for the local checkout page. */
export async function findOpenDemoCheckout(db: Database, userId: string, sessionId: string) {
  if (!isPlausibleSessionId(sessionId) || !sessionId.startsWith("demo_cs_")) return null;
  const [checkout] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.providerSessionId, sessionId),
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.provider, "demo"),
      ),
    );
  return checkout ?? null;
}

/**
 * The demo Pay button: the provider records the payment, then the same fulfilment as a webhook.
 * A checkout is paid once however many clicks arrive together: one conditional update moves it
 * from 'open' to 'paid', and only the request that made that change records the payment (in the
 * same transaction, so a failure leaves the checkout open to pay again).
 */
export async function completeDemoCheckout(db: Database, provider: PaymentProvider, userId: string, sessionId: string) {
  const checkout = await findOpenDemoCheckout(db, userId, sessionId);
  if (!checkout || !checkout.providerSessionId) return { ok: false as const, status: 404 };
  const providerSessionId = checkout.providerSessionId;
  const event = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(checkoutSessions)
      .set({ status: "paid" })
      .where(and(eq(checkoutSessions.id, checkout.id), eq(checkoutSessions.status, "open")))
      .returning({ id: checkoutSessions.id });
    if (!claimed) return null;
    return payDemoCheckout(tx as unknown as Database, {
      id: checkout.id,
      providerSessionId,
      userId,
      plan: checkout.plan,
    });
  });
  // Someone else's click already paid: fulfilment runs (or ran) for that one.
  if (event) await receivePaymentEvent(db, provider, event);
  return { ok: true as const };
}

export type CheckoutOutcome =
  { state: "success"; planName: string } | { state: "pending" } | { state: "failed"; message: string; details: string };

function isPlausibleSessionId(value: string) {
  return value.length > 0 && value.length <= MAX_SESSION_ID_LENGTH && SESSION_ID.test(value);
}

/**
 * What /checkout/success shows. It reads what fulfilment wrote; it grants nothing. When the
 * provider has not told us yet (the buyer can be back before the webhook), it asks the provider
 * about this session, and a paid session goes through fulfilment like any event would.
 */
export async function getCheckoutOutcome(
  db: Database,
  provider: PaymentProvider | null,
  userId: string,
  sessionId: string | null,
  t: Translate = english,
): Promise<CheckoutOutcome> {
  if (!sessionId) {
    return { state: "failed", message: t("paid.issue"), details: t("paid.noSession") };
  }
  const notFound: CheckoutOutcome = { state: "failed", message: t("paid.failedToVerify"), details: t("paid.notYours") };
  if (!isPlausibleSessionId(sessionId)) return notFound;
  const [checkout] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.providerSessionId, sessionId), eq(checkoutSessions.userId, userId)));
  if (!checkout) return notFound;

  if (!checkout.subscriptionId && provider && provider.kind === checkout.provider) {
    try {
      const session = await provider.getCheckoutSession(sessionId);
      if (session?.status === "complete" && session.subscriptionId) {
        await receivePaymentEvent(db, provider, {
          id: `${sessionId}:verified`,
          type: "checkout.completed",
          providerType: "checkout.session.verified",
          checkoutSessionId: sessionId,
          subscriptionId: session.subscriptionId,
        });
      }
    } catch (error) {
      getLogger().warn({ err: error }, "could not ask the payment provider about a checkout session");
    }
  }

  const [linked] = await db
    .select({ subscription: subscriptions })
    .from(checkoutSessions)
    .innerJoin(subscriptions, eq(checkoutSessions.subscriptionId, subscriptions.id))
    .where(eq(checkoutSessions.id, checkout.id));
  if (!linked) return { state: "pending" };
  if (hasMemberAccess(linked.subscription))
    return { state: "success", planName: planNameIn(t, isPaidPlanId(checkout.plan) ? checkout.plan : "premium") };
  return {
    state: "failed",
    message: t("paid.failedToVerify"),
    details: t("paid.providerStatus", { status: linked.subscription.status }),
  };
}
