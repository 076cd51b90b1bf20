import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { FakeStripe, stripeEvent } from "../fakes/stripe-server";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { checkoutSessions, customers, members, paymentEvents, subscriptions } from "~/billing/tables";
import { outboxMessages } from "~/mail/tables";
import { users } from "~/account/tables";
import { createStripeProvider } from "~/billing/stripe-provider.server";
import { startCheckout, getCheckoutOutcome } from "~/billing/checkout.server";
import { handleStripeWebhook } from "~/billing/webhooks.server";
import { retryPendingPaymentEvents } from "~/billing/fulfilment.server";
import { openCustomerPortal, refreshAccountSubscription } from "~/billing/account-billing.server";
import { hasActiveMembership, getAccountSubscription } from "~/billing/subscription.server";
import type { CheckoutInput } from "~/billing/checkout-schema";
import { resetEnvForTests } from "~/config/env.server";
import { action as webhookAction } from "~/routes/api.webhooks.stripe";
import { loader as stripeSetupLoader } from "~/routes/stripe-setup";

const WEBHOOK_SECRET = "whsec_test_secret_for_the_fake";
const signer = new Stripe("sk_test_signing_only");
const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  signer.webhooks.generateTestHeaderString({ payload, secret });

const familyInput: CheckoutInput = {
  plan: "family",
  timeZone: "Europe/London",
  name: "Dana Rivera",
  email: "dana@example.com",
  phone: "+1 555 010 2000",
  members: [
    { email: "kid@example.com", phone: null, name: "Sam", ageBand: "child", language: "en" },
    { email: "grandma@example.com", phone: "+1 555 010 3000", name: "Rosa", ageBand: "older-adult", language: "es" },
  ],
};

describe.each(DATABASE_TARGETS)("Stripe payments on $name", (target) => {
  let handle: DatabaseHandle;
  let db: Database;
  let fake: FakeStripe;
  let provider: ReturnType<typeof createStripeProvider>;
  let userId: string;

  beforeAll(async () => {
    handle = await target.open();
    db = handle.db;
    fake = await new FakeStripe().start();
    provider = createStripeProvider({
      secretKey: "sk_test_fake_key",
      webhookSecret: WEBHOOK_SECRET,
      prices: { premium: "price_premium_monthly", family: "price_family_monthly" },
      apiBase: fake.url,
    });
  });
  afterAll(async () => {
    await fake.stop();
    await handle.close();
  });
  beforeEach(async () => {
    useDatabaseForTests(handle);
    for (const table of [paymentEvents, checkoutSessions, members, subscriptions, customers, outboxMessages, users]) {
      await db.delete(table);
    }
    fake.failuresLeft = 0;
    fake.portalConfigured = true;
    userId = randomUUID();
    // The checkout's email is the account's, confirmed: where the receipt may go (receipts.server.ts).
    await db.insert(users).values({ id: userId, name: "Dana Rivera", email: familyInput.email, emailVerified: true });
  });

  /** The signed-in buyer as the checkout action passes them. */
  const buyer = () => ({ id: userId, email: familyInput.email });

  /** A checkout started through our code, paid on Stripe's side. */
  async function paidCheckout(input = familyInput, options: { status?: string; periodEnd?: Date } = {}) {
    const result = await startCheckout(db, provider, buyer(), input, "https://scam-free.test");
    if (!result.ok) throw new Error(result.message);
    const [checkout] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId));
    const subscription = fake.completeCheckout(checkout.providerSessionId!, options);
    const session = fake.sessions.get(checkout.providerSessionId!)!;
    return { checkout, subscription, session };
  }

  const post = (payload: string, signature: string | null = sign(payload)) =>
    handleStripeWebhook(db, provider, payload, signature);
  const ourSubscription = async () => (await db.select().from(subscriptions))[0];
  const outbox = () => db.select().from(outboxMessages);

  it("creates a subscription-mode Checkout session from the server's plan table, with the user, email, metadata and an idempotency key", async () => {
    const result = await startCheckout(db, provider, buyer(), familyInput, "https://scam-free.test");
    expect(result).toMatchObject({ ok: true });
    const request = fake.requests.find((r) => r.path === "/v1/checkout/sessions" && r.method === "POST")!;
    expect(request.authorization).toBe("Bearer sk_test_fake_key");
    expect(request.body).toMatchObject({
      mode: "subscription",
      client_reference_id: userId,
      customer_email: "dana@example.com",
      line_items: { "0": { price: "price_family_monthly", quantity: "1" } },
      metadata: {
        plan: "family",
        user_id: userId,
        member_1_email: "kid@example.com",
        member_2_email: "grandma@example.com",
        member_2_phone: "+1 555 010 3000",
      },
      subscription_data: { metadata: { plan: "family", user_id: userId } },
      success_url: "https://scam-free.test/checkout/success?session_id={CHECKOUT_SESSION_ID}",
    });
    const [checkout] = await db.select().from(checkoutSessions);
    expect(request.idempotencyKey).toBe(`checkout-${checkout.id}`);
    expect(checkout).toMatchObject({
      provider: "stripe",
      plan: "family",
      status: "open",
      providerSessionId: expect.stringMatching(/^cs_test_/),
    });
    expect(result.ok && result.url).toBe(`https://checkout.stripe.test/c/pay/${checkout.providerSessionId}`);
    // No amount ever travels: Stripe prices the session from its own Price object.
    expect(JSON.stringify(request.body)).not.toMatch(/amount|2500|unit_price/);
  });

  it("answers 400 to a missing or wrong signature and stores nothing", async () => {
    const { session } = await paidCheckout();
    const payload = stripeEvent("checkout.session.completed", session);
    expect(await post(payload, null)).toMatchObject({
      status: 400,
      body: { error: "Missing Stripe-Signature header." },
    });
    expect(await post(payload, sign(payload, "whsec_someone_else"))).toMatchObject({
      status: 400,
      body: { error: "Invalid signature." },
    });
    expect(await post(payload, "t=1,v1=deadbeef")).toMatchObject({ status: 400 });
    const tampered = payload.replace("dana@example.com", "mallory@example.com");
    expect(await post(tampered, sign(payload))).toMatchObject({ status: 400 });
    expect(await db.select().from(paymentEvents)).toHaveLength(0);
    expect(await db.select().from(subscriptions)).toHaveLength(0);
  });

  it("fulfils checkout.session.completed: customer, subscription, members, receipt email, and membership", async () => {
    const { session, subscription } = await paidCheckout();
    const answer = await post(stripeEvent("checkout.session.completed", session));
    expect(answer).toEqual({ status: 200, body: { received: true, outcome: "processed" } });

    const row = await ourSubscription();
    expect(row).toMatchObject({
      provider: "stripe",
      providerSubscriptionId: subscription.id,
      plan: "family",
      status: "active",
      cancelAtPeriodEnd: false,
    });
    expect(row.currentPeriodEnd?.getTime()).toBe(subscription.items.data[0].current_period_end * 1000);
    const [customer] = await db.select().from(customers);
    expect(customer).toMatchObject({
      userId,
      name: "Dana Rivera",
      email: "dana@example.com",
      providerCustomerId: subscription.customer,
    });
    const people = await db.select().from(members).orderBy(members.position);
    expect(people.map((p) => [p.position, p.email, p.phone])).toEqual([
      [0, "dana@example.com", "+1 555 010 2000"],
      [1, "kid@example.com", null],
      [2, "grandma@example.com", "+1 555 010 3000"],
    ]);
    const mail = await outbox();
    expect(mail.map((m) => [m.template, m.recipient])).toEqual([["subscription-started", "dana@example.com"]]);
    expect(mail[0].textBody).toContain("$25.00 a month");
    expect(await hasActiveMembership(db, userId)).toBe(true);
    const view = await getAccountSubscription(db, userId);
    expect(view).toMatchObject({
      planName: "Family Training",
      status: "active",
      memberEmails: ["kid@example.com", "grandma@example.com"],
    });
    expect(JSON.stringify(view)).not.toContain(subscription.id);
  });

  it("processes each event once: a resent event and a second event for the same state change nothing", async () => {
    const { session } = await paidCheckout();
    const payload = stripeEvent("checkout.session.completed", session);
    await post(payload);
    const before = await ourSubscription();
    const again = await post(payload);
    expect(again).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
    await Promise.all([post(payload), post(payload), post(payload)]);
    expect(await db.select().from(subscriptions)).toHaveLength(1);
    expect((await ourSubscription()).updatedAt).toEqual(before.updatedAt);
    expect(await outbox()).toHaveLength(1);
    expect(await db.select().from(members)).toHaveLength(3);
    const [event] = await db.select().from(paymentEvents);
    expect(event.attempts).toBe(1);
  });

  it("ends in the state Stripe holds when created/updated/deleted arrive out of order", async () => {
    const { subscription } = await paidCheckout();
    const created = stripeEvent("customer.subscription.created", { ...subscription, status: "active" });
    const updated = stripeEvent("customer.subscription.updated", { ...subscription, cancel_at_period_end: true });
    // Stripe now holds: cancelled.
    fake.updateSubscription(subscription.id, { status: "canceled", cancelAtPeriodEnd: false });
    const deleted = stripeEvent("customer.subscription.deleted", { ...subscription, status: "canceled" });

    await post(deleted);
    await post(updated);
    await post(created);
    const row = await ourSubscription();
    expect(row.status).toBe("canceled");
    expect(row.cancelAtPeriodEnd).toBe(false);
    expect(await hasActiveMembership(db, userId)).toBe(false);
    // The payload said "active"; we trusted Stripe's current record instead, so no receipt was sent.
    expect(await outbox()).toHaveLength(0);
  });

  it("creates the subscription from customer.subscription.created even before checkout.session.completed arrives", async () => {
    const { subscription, session } = await paidCheckout(familyInput);
    await post(stripeEvent("customer.subscription.created", subscription));
    expect(await hasActiveMembership(db, userId)).toBe(true);
    await post(stripeEvent("checkout.session.completed", session));
    expect(await db.select().from(subscriptions)).toHaveLength(1);
    expect(await outbox()).toHaveLength(1);
    const [checkout] = await db.select().from(checkoutSessions);
    expect(checkout.status).toBe("completed");
  });

  it("cancel at period end keeps access until the period ends; deletion revokes it", async () => {
    const { subscription, session } = await paidCheckout();
    await post(stripeEvent("checkout.session.completed", session));
    const periodEnd = new Date(subscription.items.data[0].current_period_end * 1000);

    fake.updateSubscription(subscription.id, { cancelAtPeriodEnd: true });
    await post(stripeEvent("customer.subscription.updated", subscription));
    expect((await ourSubscription()).cancelAtPeriodEnd).toBe(true);
    expect(await hasActiveMembership(db, userId, new Date(periodEnd.getTime() - 60_000))).toBe(true);
    // If Stripe's "deleted" event is late, access still ends when the period does.
    expect(await hasActiveMembership(db, userId, new Date(periodEnd.getTime() + 1000))).toBe(false);

    fake.updateSubscription(subscription.id, { status: "canceled" });
    await post(stripeEvent("customer.subscription.deleted", subscription));
    expect((await ourSubscription()).status).toBe("canceled");
    expect(await hasActiveMembership(db, userId, new Date(periodEnd.getTime() - 60_000))).toBe(false);
  });

  it("invoice.payment_failed stores past_due (no access) and emails a notice; invoice.paid restores access", async () => {
    const { subscription, session } = await paidCheckout({ ...familyInput, plan: "premium", members: [] });
    await post(stripeEvent("checkout.session.completed", session));
    fake.updateSubscription(subscription.id, { status: "past_due" });
    const invoice = {
      id: "in_test_1",
      object: "invoice",
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
    };
    await post(stripeEvent("invoice.payment_failed", invoice));
    expect((await ourSubscription()).status).toBe("past_due");
    expect(await hasActiveMembership(db, userId)).toBe(false);
    const failed = (await outbox()).filter((m) => m.template === "payment-failed");
    expect(failed.map((m) => m.recipient)).toEqual(["dana@example.com"]);

    const later = new Date(Date.now() + 60 * 86_400_000);
    fake.updateSubscription(subscription.id, { status: "active", periodEnd: later });
    await post(stripeEvent("invoice.paid", { ...invoice, id: "in_test_2" }));
    expect((await ourSubscription()).status).toBe("active");
    expect((await ourSubscription()).currentPeriodEnd?.getTime()).toBe(Math.floor(later.getTime() / 1000) * 1000);
    // One receipt only: the subscription started once.
    expect((await outbox()).filter((m) => m.template === "subscription-started")).toHaveLength(1);
  });

  it("acknowledges event types it does not act on, and ignores subscriptions that did not come from our checkout", async () => {
    expect(await post(stripeEvent("customer.created", { id: "cus_1" }))).toMatchObject({
      status: 200,
      body: { outcome: "ignored" },
    });
    const stranger = fake.createSubscription({ metadata: {} });
    expect(await post(stripeEvent("customer.subscription.created", stranger))).toMatchObject({
      status: 200,
      body: { outcome: "ignored" },
    });
    expect(await db.select().from(subscriptions)).toHaveLength(0);
  });

  it("stores the event and answers 200 while Stripe is unreachable, then the retry pass fulfils it", async () => {
    const { session } = await paidCheckout();
    fake.failuresLeft = 10;
    const answer = await post(stripeEvent("checkout.session.completed", session));
    expect(answer).toEqual({ status: 200, body: { received: true, outcome: "queued" } });
    expect(await db.select().from(subscriptions)).toHaveLength(0);
    const [pending] = await db.select().from(paymentEvents);
    expect(pending.processedAt).toBeNull();
    expect(pending.lastError).toContain("outage");

    fake.failuresLeft = 0;
    expect(await retryPendingPaymentEvents(db, provider, 0)).toBe(1);
    expect(await hasActiveMembership(db, userId)).toBe(true);
    expect(await retryPendingPaymentEvents(db, provider, 0)).toBe(0);
  });

  it("the real endpoint verifies the raw body in Stripe mode, and /stripe-setup shows the last verified webhook", async () => {
    const settings = {
      STRIPE_SECRET_KEY: "sk_test_fake_key",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_PREMIUM: "price_premium_monthly",
      STRIPE_PRICE_FAMILY: "price_family_monthly",
      STRIPE_API_BASE: fake.url,
    };
    Object.assign(process.env, settings);
    resetEnvForTests();
    try {
      const { session } = await paidCheckout();
      // Stripe signs the exact bytes it sends; whitespace and key order must survive untouched.
      const payload = stripeEvent("checkout.session.completed", session).replace("{", "{\n  ");
      const call = (body: string, signature?: string) =>
        webhookAction({
          request: new Request("http://localhost:3000/api/webhooks/stripe", {
            method: "POST",
            body,
            headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
          }),
          params: {},
          context: {},
        } as never);
      expect((await call(payload)).status).toBe(400);
      expect((await call(payload, sign(payload.replace("\n  ", "")))).status).toBe(400);
      const accepted = await call(payload, sign(payload));
      expect(accepted.status).toBe(200);
      expect(await accepted.json()).toEqual({ received: true, outcome: "processed" });
      expect(await hasActiveMembership(db, userId)).toBe(true);
      const status = await stripeSetupLoader();
      expect(status).toMatchObject({
        mode: "stripe",
        webhookSecretSet: true,
        lastEventType: "checkout.session.completed",
        pendingEvents: 0,
      });
      expect(status.lastWebhookAt).not.toBeNull();
    } finally {
      for (const key of Object.keys(settings)) delete process.env[key];
      resetEnvForTests();
    }
  });

  describe("the success page", () => {
    it("reads only what fulfilment wrote: pending before payment, success after", async () => {
      const result = await startCheckout(db, provider, buyer(), familyInput, "https://scam-free.test");
      expect(result.ok).toBe(true);
      const [checkout] = await db.select().from(checkoutSessions);
      expect(await getCheckoutOutcome(db, provider, userId, checkout.providerSessionId)).toEqual({ state: "pending" });
      expect(await hasActiveMembership(db, userId)).toBe(false);
      // The buyer is back before the webhook: the page asks Stripe, and a paid session goes through fulfilment.
      fake.completeCheckout(checkout.providerSessionId!);
      expect(await getCheckoutOutcome(db, provider, userId, checkout.providerSessionId)).toEqual({
        state: "success",
        planName: "Family Training",
      });
      expect(await hasActiveMembership(db, userId)).toBe(true);
    });

    it("grants nothing for a missing, made-up or someone else's session id", async () => {
      const { session } = await paidCheckout();
      expect(await getCheckoutOutcome(db, provider, userId, null)).toMatchObject({
        state: "failed",
        details: "No session ID found in URL. Please contact support.",
      });
      expect(await getCheckoutOutcome(db, provider, userId, "cs_test_made_up")).toMatchObject({ state: "failed" });
      expect(await getCheckoutOutcome(db, provider, userId, "'; DROP TABLE subscriptions; --")).toMatchObject({
        state: "failed",
      });
      const otherId = randomUUID();
      await db.insert(users).values({ id: otherId, name: "Eve", email: "eve@example.com" });
      expect(await getCheckoutOutcome(db, provider, otherId, session.id as string)).toMatchObject({ state: "failed" });
      expect(await hasActiveMembership(db, otherId)).toBe(false);
      expect(await db.select().from(subscriptions)).toHaveLength(0);
    });
  });

  describe("the account page", () => {
    it("refresh re-reads the subscription from Stripe", async () => {
      const { subscription, session } = await paidCheckout();
      await post(stripeEvent("checkout.session.completed", session));
      fake.updateSubscription(subscription.id, { cancelAtPeriodEnd: true });
      expect(await refreshAccountSubscription(db, provider, userId)).toEqual({ ok: true });
      expect((await ourSubscription()).cancelAtPeriodEnd).toBe(true);
      fake.failuresLeft = 5;
      expect(await refreshAccountSubscription(db, provider, userId)).toEqual({ ok: false });
    });

    it("opens a portal session for the customer, and reports an unconfigured portal", async () => {
      const { session, subscription } = await paidCheckout();
      await post(stripeEvent("checkout.session.completed", session));
      const opened = await openCustomerPortal(db, provider, userId, "https://scam-free.test/account");
      expect(opened).toMatchObject({ success: true, url: expect.stringContaining("https://billing.stripe.test/") });
      const request = fake.requests.find((r) => r.path === "/v1/billing_portal/sessions")!;
      expect(request.body).toEqual({ customer: subscription.customer, return_url: "https://scam-free.test/account" });
      // From the Spanish account page: Stripe's portal in Latin American Spanish, back to /es/account.
      await openCustomerPortal(db, provider, userId, "https://scam-free.test/es/account", "es");
      const spanish = fake.requests.filter((r) => r.path === "/v1/billing_portal/sessions").at(-1)!;
      expect(spanish.body).toEqual({
        customer: subscription.customer,
        return_url: "https://scam-free.test/es/account",
        locale: "es-419",
      });
      fake.portalConfigured = false;
      expect(await openCustomerPortal(db, provider, userId, "https://scam-free.test/account")).toMatchObject({
        success: false,
        isUnconfiguredPortal: true,
      });
      const nobody = randomUUID();
      await db.insert(users).values({ id: nobody, name: "No Sub", email: "nosub@example.com" });
      expect(await openCustomerPortal(db, provider, nobody, "https://scam-free.test/account")).toMatchObject({
        success: false,
        isUnconfiguredPortal: false,
        status: 404,
      });
    });
  });
});
