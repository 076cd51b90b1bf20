import { afterEach, describe, expect, it } from "vitest";
import { getEnv, resetEnvForTests } from "~/config/env.server";
import { startCheckout } from "~/billing/checkout.server";
import { hasMemberAccess, isSubscribed, subscriptionEnd } from "~/billing/subscription-view";
import type { Database } from "~/db/client.server";

const STRIPE_KEYS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_PREMIUM",
  "STRIPE_PRICE_FAMILY",
  "APP_ENV",
  "SMTP_URL",
];

afterEach(() => {
  for (const key of STRIPE_KEYS) delete process.env[key];
  resetEnvForTests();
});

describe("payment mode", () => {
  it("is the demo on a fresh machine, Stripe with all four settings, and unconfigured in production without keys", () => {
    expect(getEnv().paymentMode).toBe("demo");
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_PRICE_PREMIUM: "price_1",
      STRIPE_PRICE_FAMILY: "price_2",
    });
    resetEnvForTests();
    expect(getEnv().paymentMode).toBe("stripe");
    for (const key of STRIPE_KEYS) delete process.env[key];
    process.env.APP_ENV = "production";
    resetEnvForTests();
    expect(getEnv().paymentMode).toBe("unconfigured");
  });

  it("refuses half a Stripe configuration, naming what is missing", () => {
    Object.assign(process.env, { STRIPE_SECRET_KEY: "sk_test_1", STRIPE_PRICE_PREMIUM: "price_1" });
    resetEnvForTests();
    expect(() => getEnv()).toThrow(/missing: STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_FAMILY/);
  });

  it("checkout without a provider answers 503 'Payments are not configured' and touches nothing", async () => {
    const untouchable = new Proxy(
      {},
      {
        get: () => {
          throw new Error("the database must not be used");
        },
      },
    ) as Database;
    const result = await startCheckout(
      untouchable,
      null,
      { id: "u1", email: "a@example.com" },
      { plan: "premium", name: "A", email: "a@example.com", phone: null, members: [], timeZone: null },
      "http://x",
    );
    expect(result).toMatchObject({ ok: false, status: 503, title: "Payments are not configured" });
  });
});

describe("member access", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  it("counts only active and trialing", () => {
    expect(["active", "trialing", "past_due", "canceled", "incomplete", "unpaid", ""].map(isSubscribed)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(hasMemberAccess(null, now)).toBe(false);
    expect(hasMemberAccess({ status: "trialing", cancelAtPeriodEnd: false, currentPeriodEnd: null }, now)).toBe(true);
  });
  it("a subscription cancelling at period end stops counting when that moment passes", () => {
    const sub = (end: string) => ({ status: "active", cancelAtPeriodEnd: true, currentPeriodEnd: end });
    expect(hasMemberAccess(sub("2026-11-21T12:00:01Z"), now)).toBe(true);
    expect(hasMemberAccess(sub("2026-11-21T12:00:00Z"), now)).toBe(false);
    // Renewing subscriptions keep access past the date until Stripe says otherwise (its renewal event can lag).
    expect(
      hasMemberAccess({ status: "active", cancelAtPeriodEnd: false, currentPeriodEnd: "2026-11-01T00:00:00Z" }, now),
    ).toBe(true);
  });
  it("an ended subscription says so, with its end date only when that date is known", () => {
    const sub = (status: string, cancelAtPeriodEnd: boolean, end: string | null) => ({
      status,
      cancelAtPeriodEnd,
      currentPeriodEnd: end,
    });
    // Ended early ("End subscription now"): the period end still lies ahead, so it is not the end date.
    expect(subscriptionEnd(sub("canceled", false, "2026-12-21T12:00:00Z"), now)).toEqual({
      ended: true,
      endedOn: null,
    });
    expect(subscriptionEnd(sub("canceled", false, "2026-11-01T00:00:00Z"), now)).toEqual({
      ended: true,
      endedOn: "2026-11-01T00:00:00.000Z",
    });
    expect(subscriptionEnd(sub("incomplete_expired", false, null), now)).toEqual({ ended: true, endedOn: null });
    // Cancelled at period end: over once that moment passes, even while the provider still says active.
    expect(subscriptionEnd(sub("active", true, "2026-11-21T12:00:01Z"), now)).toEqual({ ended: false, endedOn: null });
    expect(subscriptionEnd(sub("active", true, "2026-11-21T12:00:00Z"), now)).toEqual({
      ended: true,
      endedOn: "2026-11-21T12:00:00.000Z",
    });
    // Unpaid or past due is not over: paying again brings it back.
    for (const status of ["active", "trialing", "past_due", "unpaid", "incomplete"]) {
      expect(subscriptionEnd(sub(status, false, "2026-11-01T00:00:00Z"), now)).toEqual({ ended: false, endedOn: null });
    }
  });
});
