import { afterEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { callAction } from "../support/route-calls";
import { signedInCookie } from "../support/users";
import { openDatabase } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { resetEnvForTests } from "~/config/env.server";
import { accounts, sessions, users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { outboxMessages } from "~/mail/tables";
import { requestLimits } from "~/security/tables";
import { supportRequests } from "~/support/tables";
import { action } from "~/routes/support";
import { hasMemberAccessNow } from "~/billing/membership.server";
import type { SupportResult } from "~/support/support-schema";

const valid = {
  name: "Bo Diaz",
  email: "Bo@Example.com",
  subject: "Odd text message",
  message: "I got a text about a parcel. Is it real?",
};

describe.each(DATABASE_TARGETS)("support requests on $name", (target) => {
  const suite = databaseForSuite(target, [
    supportRequests,
    outboxMessages,
    requestLimits,
    members,
    subscriptions,
    customers,
    sessions,
    accounts,
    users,
  ]);
  afterEach(() => {
    delete process.env.SUPPORT_EMAIL;
    resetEnvForTests();
  });

  const send = (fields: Record<string, string | string[]>, options: { ip?: string; cookie?: string } = {}) =>
    callAction<SupportResult>(action, "/support", fields, {
      ip: options.ip,
      headers: options.cookie ? { Cookie: options.cookie } : {},
    });
  const stored = () => suite.handle.db.select().from(supportRequests);
  const mail = () => suite.handle.db.select().from(outboxMessages);

  it("stores the request and queues the team email to SUPPORT_EMAIL and a confirmation to the sender", async () => {
    process.env.SUPPORT_EMAIL = "helpdesk@scam-free.test";
    resetEnvForTests();
    const { status, data } = await send(valid);
    expect(status).toBe(200);
    expect(data).toEqual({ ok: true, title: "Message sent!", message: "We'll get back to you as soon as possible." });

    const [row] = await stored();
    expect(row).toMatchObject({
      name: "Bo Diaz",
      email: "bo@example.com",
      subject: "Odd text message",
      priority: false,
      handledAt: null,
    });
    const messages = await mail();
    expect(messages.map((m) => [m.template, m.recipient]).sort()).toEqual([
      ["support-confirmation", "bo@example.com"],
      ["support-request", "helpdesk@scam-free.test"],
    ]);
    const toTeam = messages.find((m) => m.template === "support-request")!;
    expect(toTeam.headers).toEqual({ "Reply-To": "bo@example.com" });
    expect(toTeam.textBody).toContain(valid.message);
    expect(toTeam.subject).toContain("Odd text message");
    const confirmation = messages.find((m) => m.template === "support-confirmation")!;
    expect(confirmation.textBody).toContain("We typically reply within 24 business hours.");
    // Nothing the visitor typed is echoed to the address they typed.
    expect(confirmation.textBody).not.toContain(valid.message);
    expect(confirmation.textBody).not.toContain("Odd text message");
    expect(confirmation.textBody).not.toContain("Bo Diaz");
  });

  it("stores a blank subject as null", async () => {
    expect((await send({ ...valid, subject: "  " })).status).toBe(200);
    expect((await stored())[0].subject).toBeNull();
  });

  it.each([
    ["nothing at all", {}, "Missing information", "Please fill in all required fields."],
    ["no name", { ...valid, name: "" }, "Missing information", "Please fill in all required fields."],
    ["no email", { ...valid, email: " " }, "Missing information", "Please fill in all required fields."],
    ["no message", { ...valid, message: "" }, "Missing information", "Please fill in all required fields."],
    ["a malformed email", { ...valid, email: "bo at example" }, "Please check your message", "valid email"],
    ["SQL in the email", { ...valid, email: "a@b.c' OR '1'='1" }, "Please check your message", "valid email"],
    [
      "HTML in the name",
      { ...valid, name: "<img src=x onerror=alert(1)>" },
      "Please check your message",
      "cannot contain < or >",
    ],
    [
      "a 10,000-character name",
      { ...valid, name: "n".repeat(10_000) },
      "Please check your message",
      "at most 100 characters",
    ],
    [
      "a 151-character subject",
      { ...valid, subject: "s".repeat(151) },
      "Please check your message",
      "at most 150 characters",
    ],
    [
      "a 5,001-character message",
      { ...valid, message: "m".repeat(5001) },
      "Please check your message",
      "at most 5,000 characters",
    ],
    [
      "a one-megabyte message",
      { ...valid, message: "m".repeat(1_000_000) },
      "Please check your message",
      "at most 5,000 characters",
    ],
    [
      "two emails",
      { ...valid, email: ["a@example.com", "b@example.com"] },
      "Missing information",
      "Please fill in all required fields.",
    ],
    ["two subjects", { ...valid, subject: ["a", "b"] }, "Please check your message", "The subject must be text."],
  ])("refuses %s with a clear 400, storing and sending nothing", async (_label, fields, title, message) => {
    const { status, data } = await send(fields as Record<string, string>);
    expect(status).toBe(400);
    expect(data.ok).toBe(false);
    expect(data.title).toBe(title);
    expect(data.message).toContain(message);
    expect(await stored()).toHaveLength(0);
    expect(await mail()).toHaveLength(0);
  });

  it("keeps HTML and SQL in the message as the exact text typed", async () => {
    const text = "<script>alert(1)</script>'); DELETE FROM support_requests; --";
    expect((await send({ ...valid, message: text })).status).toBe(200);
    expect((await stored())[0].message).toBe(text);
  });

  it("answers a bot that filled the hidden field normally, but stores and sends nothing", async () => {
    const { status, data } = await send({ ...valid, website: "buy-now.example" });
    expect(status).toBe(200);
    expect(data.title).toBe("Message sent!");
    expect(await stored()).toHaveLength(0);
    expect(await mail()).toHaveLength(0);
  });

  it("limits requests per IP address and per sender address with 429", async () => {
    const perIp: number[] = [];
    for (let i = 0; i < 6; i++)
      perIp.push((await send({ ...valid, email: `p${i}@example.com` }, { ip: "192.0.2.80" })).status);
    expect(perIp).toEqual([200, 200, 200, 200, 200, 429]);

    const perEmail: number[] = [];
    for (let i = 0; i < 4; i++)
      perEmail.push((await send({ ...valid, email: "same@example.com" }, { ip: `192.0.2.${90 + i}` })).status);
    expect(perEmail).toEqual([200, 200, 200, 429]);
    const blocked = await send({ ...valid, email: "same@example.com" }, { ip: "192.0.2.99" });
    expect(blocked.data).toMatchObject({ ok: false, title: "Too many messages" });
    expect(blocked.data.message).toMatch(/Please wait \d+ minutes? and try again/);
    expect(await stored()).toHaveLength(8);
  });

  it("stores nothing when the emails cannot be queued: request and emails share one transaction", async () => {
    await suite.handle.executeSql(`
      CREATE OR REPLACE FUNCTION refuse_confirmation() RETURNS trigger AS $$
      BEGIN
        IF NEW.template = 'support-confirmation' THEN RAISE EXCEPTION 'outbox refused'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_confirmation BEFORE INSERT ON outbox_messages
        FOR EACH ROW EXECUTE FUNCTION refuse_confirmation();`);
    try {
      const { status, data } = await send(valid);
      expect(status).toBe(503);
      expect(data).toEqual({
        ok: false,
        title: "Something went wrong",
        message: "We couldn't send your message. Please try again later.",
      });
      expect(await stored()).toHaveLength(0);
      expect(await mail()).toHaveLength(0);
    } finally {
      await suite.handle.executeSql(
        "DROP TRIGGER refuse_confirmation ON outbox_messages; DROP FUNCTION refuse_confirmation();",
      );
    }
  });

  describe("priority for active members", () => {
    async function customerWithSubscription(
      email: string,
      status: string,
      options: { userEmail?: string; createdAt?: string; memberEmail?: string } = {},
    ) {
      let userId: string | null = null;
      if (options.userEmail) {
        const [user] = await suite.handle.db.select().from(users).where(eq(users.email, options.userEmail));
        userId = user.id;
      }
      const [customer] =
        (await suite.handle.db.select().from(customers).where(eq(customers.email, email))).length > 0
          ? await suite.handle.db.select().from(customers).where(eq(customers.email, email))
          : await suite.handle.db.insert(customers).values({ name: "Customer", email, userId }).returning();
      const [subscription] = await suite.handle.db
        .insert(subscriptions)
        .values({
          customerId: customer.id,
          provider: "demo",
          providerSubscriptionId: `sub_${Math.random().toString(36).slice(2)}`,
          plan: "family",
          status,
          createdAt: options.createdAt ? sql`${options.createdAt}::timestamptz` : sql`now()`,
        })
        .returning();
      await suite.handle.db.insert(members).values({ subscriptionId: subscription.id, position: 0, email });
      if (options.memberEmail)
        await suite.handle.db
          .insert(members)
          .values({ subscriptionId: subscription.id, position: 1, email: options.memberEmail });
      return { customer, subscription };
    }

    it("marks a signed-in member's request priority, whether active or trialing", async () => {
      for (const [email, status] of [
        ["act@example.com", "active"],
        ["trial@example.com", "trialing"],
      ]) {
        const cookie = await signedInCookie(suite.handle, email);
        await customerWithSubscription(email, status, { userEmail: email });
        expect((await send({ ...valid, email }, { cookie })).status).toBe(200);
      }
      const rows = await stored();
      expect(rows.map((r) => r.priority)).toEqual([true, true]);
      const toTeam = (await mail()).filter((m) => m.template === "support-request");
      expect(toTeam.every((m) => m.subject?.startsWith("[Priority] "))).toBe(true);
    });

    it("goes by the newest subscription: a canceled one after an active one is not priority", async () => {
      const cookie = await signedInCookie(suite.handle, "lapsed@example.com");
      await customerWithSubscription("lapsed@example.com", "active", {
        userEmail: "lapsed@example.com",
        createdAt: "2024-01-01T00:00:00Z",
      });
      await customerWithSubscription("lapsed@example.com", "canceled", {
        userEmail: "lapsed@example.com",
        createdAt: "2025-01-01T00:00:00Z",
      });
      await send({ ...valid, email: "lapsed@example.com" }, { cookie });
      expect((await stored())[0].priority).toBe(false);
    });

    it("marks a signed-in family member named on an active subscription priority once their address is proved", async () => {
      const cookie = await signedInCookie(suite.handle, "kid@example.com");
      await customerWithSubscription("parent@example.com", "active", { memberEmail: "kid@example.com" });
      await send({ ...valid, email: "kid@example.com" }, { cookie });
      await suite.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, "kid@example.com"));
      await send({ ...valid, email: "kid@example.com" }, { cookie });
      expect((await stored()).map((row) => row.priority).sort()).toEqual([false, true]);
    });

    it("never marks an anonymous request priority, even with a member's email typed in", async () => {
      await customerWithSubscription("paying@example.com", "active");
      await send({ ...valid, email: "paying@example.com" });
      expect((await stored())[0].priority).toBe(false);
    });

    it("asks billing's one membership check, by account and by address (buyer or family member)", async () => {
      await signedInCookie(suite.handle, "owner@example.com");
      await customerWithSubscription("owner@example.com", "past_due", {
        userEmail: "owner@example.com",
        memberEmail: "fam@example.com",
      });
      await customerWithSubscription("other@example.com", "trialing", { memberEmail: "cousin@example.com" });
      const [owner] = await suite.handle.db.select().from(users).where(eq(users.email, "owner@example.com"));
      expect(await hasMemberAccessNow(suite.handle.db, { userId: owner.id })).toBe(false);
      expect(await hasMemberAccessNow(suite.handle.db, { email: "owner@example.com" })).toBe(false);
      expect(await hasMemberAccessNow(suite.handle.db, { email: "fam@example.com" })).toBe(false);
      expect(await hasMemberAccessNow(suite.handle.db, { email: "OTHER@example.com" })).toBe(true);
      expect(await hasMemberAccessNow(suite.handle.db, { email: "cousin@example.com" })).toBe(true);
      expect(await hasMemberAccessNow(suite.handle.db, { email: "nobody@example.com" })).toBe(false);
      expect(await hasMemberAccessNow(suite.handle.db, { userId: "no-such-user" })).toBe(false);
    });

    it("is not priority once a cancel-at-period-end subscription has passed its end", async () => {
      const cookie = await signedInCookie(suite.handle, "leaving@example.com");
      const { subscription } = await customerWithSubscription("leaving@example.com", "active", {
        userEmail: "leaving@example.com",
      });
      await suite.handle.db
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: true, currentPeriodEnd: sql`now() - interval '1 minute'` })
        .where(eq(subscriptions.id, subscription.id));
      await send({ ...valid, email: "leaving@example.com" }, { cookie });
      expect((await stored())[0].priority).toBe(false);
    });
  });
});

describe("support requests when the database is down", () => {
  it("answers 'Something went wrong' / 'We couldn't send your message. Please try again later.'", async () => {
    const broken = await openDatabase({ kind: "pglite" });
    await broken.close();
    useDatabaseForTests(broken);
    const { status, data } = await callAction<SupportResult>(action, "/support", valid);
    expect(status).toBe(503);
    expect(data).toEqual({
      ok: false,
      title: "Something went wrong",
      message: "We couldn't send your message. Please try again later.",
    });
  });
});
