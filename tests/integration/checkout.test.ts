import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { callRoute, signedInUser } from "../support/accounts";
import { formPost, unwrapData } from "../support/requests";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { accounts, sessions, users } from "~/account/tables";
import {
  checkoutSessions,
  customers,
  demoSubscriptions,
  members,
  paymentEvents,
  subscriptions,
} from "~/billing/tables";
import { outboxMessages } from "~/mail/tables";
import { importCheckoutContacts } from "~/training/people/checkout-contacts.server";
import { trainingContacts, trainingPrograms } from "~/training/tables";
import { requestLimits } from "~/security/tables";
import { resetEnvForTests } from "~/config/env.server";
import { onEmailConfirmed } from "~/account/email-confirmed.server";
import { sendHeldReceipts } from "~/billing/receipts.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { action as demoPayAction, loader as demoLoader } from "~/routes/checkout.demo";
import { loader as successLoader } from "~/routes/checkout.success";
import { action as confirmEmailAction } from "~/routes/confirm-email";
import { action as accountAction, loader as accountLoader } from "~/routes/account";
import { action as portalAction } from "~/routes/account.portal";
import { action as demoPortalAction } from "~/routes/account.demo-portal";
import { loader as weeklyLoader } from "~/routes/weekly-lessons";
import { loader as weeklyLessonLoader } from "~/routes/weekly-lesson";
import { action as webhookAction } from "~/routes/api.webhooks.stripe";
import { loader as stripeSetupLoader } from "~/routes/stripe-setup";
import type { CheckoutFormResult } from "~/billing/checkout-form";
import { CHECKOUT_MESSAGES } from "~/billing/checkout-schema";
import { PERSON_NAME_MESSAGE } from "~/validation/fields";

const get = (path: string, cookie?: string) =>
  new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const post = (
  path: string,
  fields: Record<string, string | string[]>,
  cookie?: string,
  headers: Record<string, string> = {},
) => formPost(path, fields, { ...(cookie ? { Cookie: cookie } : {}), ...headers });

const validFamily = {
  plan: "family",
  name: "Dana Rivera",
  email: "dana@example.com",
  phone: "",
  memberEmail: ["kid@example.com", "", "", ""],
  memberPhone: ["", "", "", ""],
  memberName: ["Sam", "", "", ""],
  memberAgeBand: ["child", "", "", ""],
};

describe.each(DATABASE_TARGETS)("checkout, demo payments and members' pages on $name", (target) => {
  let handle: DatabaseHandle;
  const count = async (table: typeof checkoutSessions | typeof subscriptions | typeof customers | typeof members) =>
    (await handle.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

  // Wired as the server's start wires it (app/server-runtime.server.ts): a receipt held for an
  // unconfirmed address goes once the account confirms it.
  let stopSendingHeldReceipts = (): void => undefined;
  beforeAll(async () => {
    handle = await target.open();
    resetEnvForTests();
    stopSendingHeldReceipts = onEmailConfirmed(sendHeldReceipts);
  });
  afterAll(async () => {
    stopSendingHeldReceipts();
    await handle.close();
  });
  beforeEach(async () => {
    useDatabaseForTests(handle);
    for (const table of [
      trainingContacts,
      trainingPrograms,
      paymentEvents,
      demoSubscriptions,
      checkoutSessions,
      members,
      subscriptions,
      customers,
      outboxMessages,
      requestLimits,
      sessions,
      accounts,
      users,
    ]) {
      await handle.db.delete(table);
    }
  });

  async function checkout(fields: Record<string, string | string[]>, cookie: string) {
    const { value, thrown } = await callRoute(checkoutAction, post("/checkout", fields, cookie));
    if (thrown) return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
    const { status, data } = unwrapData<CheckoutFormResult>(value);
    return { status, location: null, data };
  }

  /**
   * The buyer: signed up with the checkout's email (validFamily's) and, unless `confirmed: false`,
   * that email confirmed, as the receipt needs (app/billing/receipts.server.ts).
   */
  async function buyer(email = validFamily.email, options: { confirmed?: boolean } = {}) {
    const account = await signedInUser(handle.db, email);
    if (options.confirmed !== false)
      await handle.db.update(users).set({ emailVerified: true }).where(eq(users.id, account.id));
    return account;
  }

  /** Sign up, check out with the demo provider, press Pay. Returns the session id. */
  async function buyDemo(cookie: string, fields: Record<string, string | string[]> = validFamily) {
    const started = await checkout(fields, cookie);
    expect(started.status).toBe(302);
    const sessionId = started.location!.replace("/checkout/demo/", "");
    const paid = await callRoute(demoPayAction, post(started.location!, {}, cookie), { sessionId });
    expect(paid.thrown?.headers.get("Location")).toBe(`/checkout/success?session_id=${sessionId}`);
    return sessionId;
  }

  /** The emails a payment sent (signing up also sent the buyer a confirmation link, not counted here). */
  const paymentEmails = async () =>
    (await handle.db.select().from(outboxMessages))
      .map((message) => message.template)
      .filter((template) => template !== "confirm-email");

  it("sends anonymous visitors to /auth with 'Authentication required', for the page and the form post", async () => {
    const page = await callRoute(checkoutLoader, get("/checkout?plan=family"));
    expect(page.thrown?.status).toBe(302);
    expect(page.thrown?.headers.get("Location")).toBe("/auth?returnTo=%2Fcheckout%3Fplan%3Dfamily");
    expect(page.thrown?.headers.get("Set-Cookie")).toContain("scam-free-flash");
    const posted = await callRoute(checkoutAction, post("/checkout", validFamily));
    expect(posted.thrown?.headers.get("Location")).toBe("/auth?returnTo=%2Fcheckout");
    expect(await count(checkoutSessions)).toBe(0);
  });

  it("prefills the form from the account and the plan from the URL; an unknown plan selects none", async () => {
    const { cookie } = await signedInUser(handle.db, "dana-account@example.com");
    const page = (await callRoute(checkoutLoader, get("/checkout?plan=family", cookie))).value!;
    // Sign-up's stand-in name (the email's local part) is not offered as the person's name.
    expect(page.initial).toMatchObject({ plan: "family", name: "", email: "dana-account@example.com" });
    expect(page.alreadyMember).toBe(false);
    const odd = (await callRoute(checkoutLoader, get("/checkout?plan=platinum", cookie))).value!;
    expect(odd.initial.plan).toBeNull();
    await handle.db.update(users).set({ name: "Dana Rivera" }).where(eq(users.email, "dana-account@example.com"));
    const named = (await callRoute(checkoutLoader, get("/checkout?plan=family", cookie))).value!;
    expect(named.initial.name).toBe("Dana Rivera");
  });

  it.each([
    ["no plan", { ...validFamily, plan: "" }, "plan", CHECKOUT_MESSAGES.required],
    ["an unknown plan", { ...validFamily, plan: "platinum" }, "plan", CHECKOUT_MESSAGES.required],
    ["no name", { ...validFamily, name: "  " }, "name", CHECKOUT_MESSAGES.nameRequired],
    ["no email", { ...validFamily, email: "" }, "email", CHECKOUT_MESSAGES.emailRequired],
    ["a malformed email", { ...validFamily, email: "dana@" }, "email", "valid email"],
    [
      "a 10,000-character email",
      { ...validFamily, email: `${"d".repeat(10_000)}@example.com` },
      "email",
      "at most 254",
    ],
    ["HTML in the name", { ...validFamily, name: "<script>alert(1)</script>" }, "name", PERSON_NAME_MESSAGE],
    ["a 10,000-character name", { ...validFamily, name: "n".repeat(10_000) }, "name", PERSON_NAME_MESSAGE],
    ["a 61-character name", { ...validFamily, name: "n".repeat(61) }, "name", PERSON_NAME_MESSAGE],
    [
      "a line break and a link in the name",
      { ...validFamily, name: "Dana\nhttp://x.example" },
      "name",
      PERSON_NAME_MESSAGE,
    ],
    ["an email address as the name", { ...validFamily, name: "dana@example.com" }, "name", PERSON_NAME_MESSAGE],
    ["a web address in the name", { ...validFamily, name: "Dana www.evil" }, "name", PERSON_NAME_MESSAGE],
    ["a phone number in the name", { ...validFamily, name: "Call 5550100" }, "name", PERSON_NAME_MESSAGE],
    ["letters in the phone", { ...validFamily, phone: "call me maybe" }, "phone", CHECKOUT_MESSAGES.invalidPhone],
    ["a too-short phone", { ...validFamily, phone: "12345" }, "phone", CHECKOUT_MESSAGES.invalidPhone],
    [
      "SQL in the phone",
      { ...validFamily, phone: "1'; DROP TABLE members; --" },
      "phone",
      CHECKOUT_MESSAGES.invalidPhone,
    ],
    [
      "a family plan without a first member email",
      {
        ...validFamily,
        memberEmail: ["", "b@example.com", "", ""],
        memberName: ["", "Bo", "", ""],
        memberAgeBand: ["", "adult", "", ""],
      },
      "memberEmail1",
      CHECKOUT_MESSAGES.firstMember,
    ],
    [
      "a language the form does not offer",
      { ...validFamily, memberLanguage: ["<b>fr</b>", "", "", ""] },
      "memberLanguage1",
      "Please choose English or Español.",
    ],
    [
      "a malformed member email",
      { ...validFamily, memberEmail: ["not-an-email", "", "", ""] },
      "memberEmail1",
      "valid email",
    ],
    [
      "a member with the buyer's email",
      { ...validFamily, memberEmail: ["DANA@example.com", "", "", ""] },
      "memberEmail1",
      CHECKOUT_MESSAGES.duplicateEmail,
    ],
    [
      "two members with one email",
      {
        ...validFamily,
        memberEmail: ["kid@example.com", "kid@example.com", "", ""],
        memberName: ["Sam", "Sam", "", ""],
        memberAgeBand: ["child", "child", "", ""],
      },
      "memberEmail2",
      CHECKOUT_MESSAGES.duplicateEmail,
    ],
    [
      "a member phone without an email",
      { ...validFamily, memberEmail: ["kid@example.com", "", "", ""], memberPhone: ["", "+1 555 010 2000", "", ""] },
      "memberEmail2",
      CHECKOUT_MESSAGES.phoneWithoutEmail,
    ],
    [
      "five family members",
      {
        ...validFamily,
        memberEmail: ["a@example.com", "b@example.com", "c@example.com", "d@example.com", "e@example.com"],
      },
      "memberEmail",
      CHECKOUT_MESSAGES.tooManyMembers,
    ],
    [
      "a family member without a first name",
      { ...validFamily, memberName: ["", "", "", ""] },
      "memberName1",
      CHECKOUT_MESSAGES.memberNameRequired,
    ],
    [
      "a family member's name that is a web address",
      { ...validFamily, memberName: ["evil.example", "", "", ""] },
      "memberName1",
      "Use letters",
    ],
    [
      "a family member without an age group (nobody is an adult by default)",
      { ...validFamily, memberAgeBand: ["", "", "", ""] },
      "memberAgeBand1",
      CHECKOUT_MESSAGES.memberAgeBand,
    ],
    [
      "an age group that does not exist",
      { ...validFamily, memberAgeBand: ["toddler", "", "", ""] },
      "memberAgeBand1",
      CHECKOUT_MESSAGES.memberAgeBand,
    ],
    [
      "a name in a row without an email",
      { ...validFamily, memberName: ["Sam", "Rosa", "", ""] },
      "memberEmail2",
      CHECKOUT_MESSAGES.detailsWithoutEmail,
    ],
  ])("refuses %s with a 400, a clear message and nothing stored", async (_label, fields, field, message) => {
    const { cookie } = await signedInUser(handle.db, "dana-account@example.com");
    const { status, data } = await checkout(fields as Record<string, string | string[]>, cookie);
    expect(status).toBe(400);
    expect(data!.fields![field]).toContain(message);
    expect(data!.message.length).toBeGreaterThan(10);
    expect(await count(checkoutSessions)).toBe(0);
  });

  it("ignores any amount the browser sends and member fields on the single-person plan", async () => {
    const { cookie } = await buyer();
    await buyDemo(cookie, { ...validFamily, plan: "premium", amount: "1", price: "0" });
    const [row] = await handle.db.select().from(subscriptions);
    expect(row.plan).toBe("premium");
    expect(await count(members)).toBe(1);
  });

  it("demo checkout → Pay → fulfilment → success page → account → weekly lessons", async () => {
    const { id, cookie } = await buyer();
    const started = await checkout(validFamily, cookie);
    expect(started.location).toMatch(/^\/checkout\/demo\/demo_cs_[0-9a-f]{24}$/);
    const sessionId = started.location!.replace("/checkout/demo/", "");

    const payPage = (await callRoute(demoLoader, get(started.location!, cookie), { sessionId })).value!;
    expect(payPage).toEqual({
      plan: { id: "family", name: "Family Training", price: 25 },
      email: "dana@example.com",
      people: 2,
    });
    const pending = (await callRoute(successLoader, get(`/checkout/success?session_id=${sessionId}`, cookie))).value!;
    expect(pending).toEqual({ state: "pending" });

    await callRoute(demoPayAction, post(started.location!, {}, cookie), { sessionId });
    const success = (await callRoute(successLoader, get(`/checkout/success?session_id=${sessionId}`, cookie))).value!;
    expect(success).toEqual({ state: "success", planName: "Family Training" });
    // Paying twice (a double click, the back button) changes nothing.
    const again = await callRoute(demoLoader, get(started.location!, cookie), { sessionId });
    expect(again.thrown?.headers.get("Location")).toBe(`/checkout/success?session_id=${sessionId}`);
    await callRoute(demoPayAction, post(started.location!, {}, cookie), { sessionId });
    expect(await count(subscriptions)).toBe(1);

    const account = (await callRoute(accountLoader, get("/account", cookie))).value!;
    expect(account.subscription).toMatchObject({
      planName: "Family Training",
      status: "active",
      customerName: "Dana Rivera",
      customerEmail: "dana@example.com",
      memberEmails: ["kid@example.com"],
    });
    const [event] = await handle.db.select().from(paymentEvents);
    expect(event).toMatchObject({
      provider: "demo",
      type: "checkout.session.completed",
      processedAt: expect.any(Date),
    });
    expect(await paymentEmails()).toEqual(["subscription-started"]);

    expect((await callRoute(weeklyLoader, get("/weekly-lessons", cookie))).value).toMatchObject({ view: "member" });
    const lesson = (
      await callRoute(weeklyLessonLoader, get("/weekly-lessons/x", cookie), {
        slug: "2026-11-16-ai-voices-and-images",
      })
    ).value!;
    expect(lesson.html).toContain("safe word");

    // A second checkout while active is refused.
    const second = await checkout(validFamily, cookie);
    expect(second.status).toBe(409);
    expect(id).toBeTruthy();
  });

  it("takes only the account's own email as the checkout's: a stranger's is refused with a 400, nothing stored, nothing sent to them", async () => {
    const { cookie } = await buyer();
    const refused = await checkout({ ...validFamily, email: "stranger@example.com" }, cookie);
    expect(refused.status).toBe(400);
    expect(refused.data!.fields!.email).toContain("dana@example.com");
    expect(refused.data!.message).toContain("your account's email");
    expect(await count(checkoutSessions)).toBe(0);
    const toStranger = await handle.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "stranger@example.com"));
    expect(toStranger).toEqual([]);
    // The account's own address, however it is typed, is accepted, and the receipt goes to it.
    await buyDemo(cookie, { ...validFamily, email: "  DANA@Example.COM " });
    const mail = (await handle.db.select().from(outboxMessages)).filter((m) => m.template !== "confirm-email");
    expect(mail.map((m) => [m.template, m.recipient])).toEqual([["subscription-started", "dana@example.com"]]);
  });

  it("holds the receipt while the account's email is unconfirmed, and sends it there once, when it is confirmed", async () => {
    const { cookie } = await buyer(validFamily.email, { confirmed: false });
    await buyDemo(cookie);
    // Paid and a member, but the address has not been proved: no receipt to it or anyone.
    const account = (await callRoute(accountLoader, get("/account", cookie))).value!;
    expect(account.subscription).toMatchObject({ status: "active" });
    expect(await paymentEmails()).toEqual([]);
    expect((await handle.db.select().from(subscriptions))[0]!.receiptSentAt).toBeNull();

    // The buyer presses the link sign-up sent them (the real confirmation page).
    const [confirmation] = await handle.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, "confirm-email"));
    const token = decodeURIComponent(/confirm-email\?token=(\S+)/.exec(confirmation!.textBody)![1]!);
    const pressed = await callRoute(confirmEmailAction, post("/confirm-email", { token }));
    expect(unwrapData<{ state: string }>(pressed.value).data.state).toBe("confirmed");
    const receipts = await handle.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, "subscription-started"));
    expect(receipts.map((m) => m.recipient)).toEqual(["dana@example.com"]);
    // Family members by the names typed at checkout, each with the address after it (issue #35).
    expect(receipts[0]!.textBody).toContain("Your family members on this plan: Sam (kid@example.com).");
    expect(receipts[0]!.htmlBody).toContain("Your family members on this plan: Sam (kid@example.com).");

    // A later refresh of the subscription does not send it again.
    await callRoute(accountAction, post("/account", { intent: "refresh" }, cookie));
    expect(await paymentEmails()).toEqual(["subscription-started"]);
  });

  it("20 concurrent payments of one demo checkout grant one subscription and send one receipt", async () => {
    const { cookie } = await buyer();
    const started = await checkout(validFamily, cookie);
    const sessionId = started.location!.replace("/checkout/demo/", "");
    const payments = await Promise.all(
      Array.from({ length: 20 }, () => callRoute(demoPayAction, post(started.location!, {}, cookie), { sessionId })),
    );
    // Every click lands on the success page; only one of them paid.
    for (const paid of payments)
      expect(paid.thrown?.headers.get("Location")).toBe(`/checkout/success?session_id=${sessionId}`);
    expect(await count(subscriptions)).toBe(1);
    expect(await handle.db.select().from(demoSubscriptions)).toHaveLength(1);
    expect(await handle.db.select().from(paymentEvents)).toHaveLength(1);
    expect(await count(members)).toBe(2);
    expect(await paymentEmails()).toEqual(["subscription-started"]);
    const [row] = await handle.db.select().from(checkoutSessions);
    expect(row.status).toBe("completed");
    const success = (await callRoute(successLoader, get(`/checkout/success?session_id=${sessionId}`, cookie))).value!;
    expect(success).toEqual({ state: "success", planName: "Family Training" });
  });

  it("a forged or someone else's session id grants nothing, and nobody else can pay or view another's demo checkout", async () => {
    const dana = await buyer();
    const eve = await signedInUser(handle.db, "eve@example.com");
    const started = await checkout(validFamily, dana.cookie);
    const sessionId = started.location!.replace("/checkout/demo/", "");

    const forged = (
      await callRoute(successLoader, get("/checkout/success?session_id=demo_cs_000000000000000000000000", eve.cookie))
    ).value!;
    expect(forged).toMatchObject({ state: "failed", message: "Failed to verify your subscription" });
    const stolen = (await callRoute(successLoader, get(`/checkout/success?session_id=${sessionId}`, eve.cookie)))
      .value!;
    expect(stolen).toMatchObject({ state: "failed" });
    const missing = (await callRoute(successLoader, get("/checkout/success", eve.cookie))).value!;
    expect(missing).toMatchObject({ state: "failed", details: "No session ID found in URL. Please contact support." });

    expect((await callRoute(demoLoader, get(started.location!, eve.cookie), { sessionId })).thrown?.status).toBe(404);
    expect(
      (await callRoute(demoPayAction, post(started.location!, {}, eve.cookie), { sessionId })).thrown?.status,
    ).toBe(404);
    expect(
      (await callRoute(demoPayAction, post("/checkout/demo/x", {}, eve.cookie), { sessionId: "<script>" })).thrown
        ?.status,
    ).toBe(404);
    expect(await count(subscriptions)).toBe(0);
    expect((await callRoute(weeklyLoader, get("/weekly-lessons", eve.cookie))).value).toEqual({
      view: "not-subscribed",
    });
    expect(
      (
        await callRoute(weeklyLessonLoader, get("/weekly-lessons/x", eve.cookie), {
          slug: "2026-11-16-ai-voices-and-images",
        })
      ).thrown?.headers.get("Location"),
    ).toBe("/weekly-lessons");
  });

  it("the family starts out on the buyer's device time zone; without one, or with one we do not know, on New York's", async () => {
    const zonesAfterBuying = async (email: string, timeZone?: string) => {
      const { cookie } = await signedInUser(handle.db, email);
      await buyDemo(cookie, {
        ...validFamily,
        email,
        memberEmail: [`kid-${email}`, "", "", ""],
        ...(timeZone === undefined ? {} : { timeZone }),
      });
      const [customer] = await handle.db.select().from(customers).where(eq(customers.email, email));
      const [subscription] = await handle.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.customerId, customer!.id));
      expect(await importCheckoutContacts(handle.db, subscription!.id)).toBe(true);
      const contacts = await handle.db
        .select()
        .from(trainingContacts)
        .where(eq(trainingContacts.subscriptionId, subscription!.id));
      return contacts.map((contact) => contact.timeZone);
    };
    expect(await zonesAfterBuying("sydney@example.com", "Australia/Sydney")).toEqual([
      "Australia/Sydney",
      "Australia/Sydney",
    ]);
    expect(await zonesAfterBuying("nojs@example.com")).toEqual(["America/New_York", "America/New_York"]);
    // A hidden field is not something a person typed: a zone we do not know is dropped, not an error.
    expect(await zonesAfterBuying("mars@example.com", "Mars/Olympus_Mons")).toEqual([
      "America/New_York",
      "America/New_York",
    ]);
  });

  it("weekly lessons: signed out and signed in without a subscription see the marketing panel", async () => {
    expect((await callRoute(weeklyLoader, get("/weekly-lessons"))).value).toEqual({ view: "signed-out" });
    const { cookie } = await signedInUser(handle.db, "nosub@example.com");
    expect((await callRoute(weeklyLoader, get("/weekly-lessons", cookie))).value).toEqual({ view: "not-subscribed" });
  });

  it("the demo portal cancels at period end (access stays) and ends a subscription (access goes); refresh and portal work", async () => {
    const { cookie } = await buyer();
    await buyDemo(cookie);
    const portal = await callRoute(portalAction, post("/account/portal", {}, cookie, { Accept: "application/json" }));
    expect(await (portal.value as Response).json()).toEqual({ success: true, url: "/account/demo-portal" });

    await callRoute(demoPortalAction, post("/account/demo-portal", { change: "cancel-at-period-end" }, cookie));
    let account = (await callRoute(accountLoader, get("/account", cookie))).value!;
    expect(account.subscription).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      ended: false,
      endedOn: null,
    });
    expect((await callRoute(weeklyLoader, get("/weekly-lessons", cookie))).value).toMatchObject({ view: "member" });

    const refreshed = unwrapData<{ ok: boolean; title: string }>(
      (await callRoute(accountAction, post("/account", { intent: "refresh" }, cookie))).value,
    );
    expect(refreshed.data).toMatchObject({ ok: true, title: "Refreshed subscription details" });

    const unknown = await callRoute(
      demoPortalAction,
      post("/account/demo-portal", { change: "<b>free forever</b>" }, cookie),
    );
    expect(unwrapData(unknown.value).status).toBe(400);

    await callRoute(demoPortalAction, post("/account/demo-portal", { change: "cancel-now" }, cookie));
    account = (await callRoute(accountLoader, get("/account", cookie))).value!;
    // Ended before its period ran out: over, on a day we do not store, so no date is claimed.
    expect(account.subscription).toMatchObject({ status: "canceled", ended: true, endedOn: null });
    expect((await callRoute(weeklyLoader, get("/weekly-lessons", cookie))).value).toEqual({ view: "not-subscribed" });
  });

  it("the portal endpoint refuses anonymous visitors and accounts without a subscription", async () => {
    const anonymous = await callRoute(
      portalAction,
      post("/account/portal", {}, undefined, { Accept: "application/json" }),
    );
    expect((anonymous.value as Response).status).toBe(401);
    const { cookie } = await signedInUser(handle.db, "nosub@example.com");
    const none = await callRoute(portalAction, post("/account/portal", {}, cookie, { Accept: "application/json" }));
    expect((none.value as Response).status).toBe(404);
    expect(await (none.value as Response).json()).toMatchObject({
      success: false,
      message: "Failed to open subscription management. Please try again later.",
    });
    const demoPortal = await callRoute(demoPortalAction, post("/account/demo-portal", { change: "resume" }, cookie));
    expect(demoPortal.thrown?.status).toBe(404);
  });

  it("the Stripe webhook answers 400 in demo mode, signed or not, and stores nothing; /stripe-setup tells the truth", async () => {
    const body = JSON.stringify({ id: "evt_1", type: "checkout.session.completed", data: { object: {} } });
    const unsigned = await webhookAction({
      request: new Request("http://localhost:3000/api/webhooks/stripe", { method: "POST", body }),
      params: {},
      context: {},
    } as never);
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ received: false, error: "Missing Stripe-Signature header." });
    const signed = await webhookAction({
      request: new Request("http://localhost:3000/api/webhooks/stripe", {
        method: "POST",
        body,
        headers: { "Stripe-Signature": "t=1,v1=abc" },
      }),
      params: {},
      context: {},
    } as never);
    expect(signed.status).toBe(400);
    const huge = await webhookAction({
      request: new Request("http://localhost:3000/api/webhooks/stripe", {
        method: "POST",
        body: "x".repeat(600_000),
        headers: { "Stripe-Signature": "t=1,v1=abc" },
      }),
      params: {},
      context: {},
    } as never);
    expect(huge.status).toBe(413);
    expect(await handle.db.select().from(paymentEvents)).toHaveLength(0);
    expect(await stripeSetupLoader()).toEqual({
      mode: "demo",
      webhookSecretSet: false,
      lastWebhookAt: null,
      lastEventType: null,
      pendingEvents: 0,
    });
  });
});
