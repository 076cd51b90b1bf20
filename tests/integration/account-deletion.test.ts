/**
 * Deleting an account: the subscription is cancelled at the provider first; then every family
 * member's details, consent, practice messages, events and their outbox copies go, with the
 * login, sessions and course progress; what payment records need stays. A provider that cannot
 * cancel means nothing is deleted. On PostgreSQL when TEST_DATABASE_URL is set, else PGlite.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DATABASE_TARGETS } from "../support/databases";
import { FakeStripe } from "../fakes/stripe-server";
import { callAction, callLoader } from "../support/route-calls";
import { createTestFamily, writeAddressConsent } from "../support/training-family";
import { signedInCookie } from "../support/users";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { accounts, sessions, users } from "~/account/tables";
import { deleteAccount } from "~/account-deletion/delete-account.server";
import { customers, demoSubscriptions, members, paymentEvents, subscriptions } from "~/billing/tables";
import { createStripeProvider } from "~/billing/stripe-provider.server";
import { outboxMessages } from "~/mail/tables";
import {
  practiceAddressConsents,
  practiceEvents,
  practiceMessages,
  trainingContacts,
  trainingPrograms,
  weeklySummaries,
} from "~/training/tables";
import { getMailBranding } from "~/mail/mailer.server";
import { passwordResetEmail } from "~/mail/templates";
import { subscriptionStartedEmail } from "~/billing/billing-emails";
import { childNoticeEmail, childNoticeText, consentNoticeEmail } from "~/training/people/training-emails";
import { familySummaryEmail, personSummaryEmail } from "~/training/results/weekly-summary-emails";
import { action as accountAction, loader as accountLoader } from "~/routes/account";

describe.each(DATABASE_TARGETS)("account deletion on $name", (target) => {
  let handle: DatabaseHandle;
  let db: Database;
  let fake: FakeStripe;

  beforeAll(async () => {
    handle = await target.open();
    db = handle.db;
    fake = await new FakeStripe().start();
  });
  afterAll(async () => {
    await fake.stop();
    await handle.close();
  });
  beforeEach(async () => {
    useDatabaseForTests(handle);
    fake.failuresLeft = 0;
    for (const table of [
      weeklySummaries,
      practiceEvents,
      practiceMessages,
      trainingContacts,
      trainingPrograms,
      outboxMessages,
      paymentEvents,
      members,
      demoSubscriptions,
      subscriptions,
      customers,
      sessions,
      accounts,
      users,
    ]) {
      await db.delete(table);
    }
  });

  /** A family of three with one practice email that went out, was fetched and clicked. */
  async function familyWithHistory(userId: string, holderEmail: string) {
    const family = await createTestFamily(db, {
      holderName: "Dana Rivera",
      holderEmail,
      userId,
      contacts: [
        { name: "Dana Rivera", ageBand: "adult", email: holderEmail },
        { name: "Sam", ageBand: "child" },
        { name: "Grandma Rose", ageBand: "older-adult" },
      ],
    });
    await db.insert(trainingPrograms).values({ subscriptionId: family.subscription.id });
    const [outbox] = await db
      .insert(outboxMessages)
      .values({
        channel: "email",
        template: "practice-email",
        recipient: family.contacts[2]!.email!,
        subject: "Your parcel is waiting",
        textBody: "practice",
        status: "sent",
        sentAt: new Date(),
      })
      .returning();
    const [message] = await db
      .insert(practiceMessages)
      .values({
        contactId: family.contacts[2]!.id,
        scenarioId: "email-parcel-redelivery-fee",
        channel: "email",
        level: 1,
        token: randomBytes(32).toString("base64url"),
        status: "queued",
        scheduledFor: new Date(),
        outboxMessageId: outbox!.id,
      })
      .returning();
    await db.insert(practiceEvents).values([
      { messageId: message!.id, kind: "sent" },
      { messageId: message!.id, kind: "link_fetched", userAgent: "Mozilla/5.0" },
      { messageId: message!.id, kind: "clicked", userAgent: "Mozilla/5.0" },
    ]);
    await db.insert(paymentEvents).values({
      id: `evt_${randomBytes(6).toString("hex")}`,
      provider: family.subscription.provider,
      type: "subscription.changed",
      payload: {},
    });
    return family;
  }

  /** A holder signed in (password "secret123") with the family above. */
  async function signedInHolderWithFamily() {
    const email = `holder-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signedInCookie(handle, email);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const family = await familyWithHistory(user!.id, email);
    return { email, cookie, family };
  }

  async function counts() {
    const rows = async (query: Promise<unknown[]>) => (await query).length;
    return {
      users: await rows(db.select().from(users)),
      sessions: await rows(db.select().from(sessions)),
      contacts: await rows(db.select().from(trainingContacts)),
      messages: await rows(db.select().from(practiceMessages)),
      events: await rows(db.select().from(practiceEvents)),
      outbox: await rows(db.select().from(outboxMessages).where(eq(outboxMessages.template, "practice-email"))),
      members: await rows(db.select().from(members)),
      customers: await rows(db.select().from(customers)),
      subscriptions: await rows(db.select().from(subscriptions)),
      paymentEvents: await rows(db.select().from(paymentEvents)),
    };
  }

  it("cancels the demo subscription, removes the family's data and the login, keeps the payment records", async () => {
    const { email, cookie, family } = await signedInHolderWithFamily();
    await db.insert(demoSubscriptions).values({
      id: family.subscription.providerSubscriptionId,
      customerId: "demo_cus_1",
      checkoutSessionId: randomUUID(),
      status: "active",
      currentPeriodEnd: new Date("2099-01-01T00:00:00Z"),
      metadata: {},
    });

    const answer = await callAction(
      accountAction,
      "/account",
      { intent: "delete-account", confirm: "yes", password: "secret123" },
      { headers: { Cookie: cookie } },
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/");
    expect(answer.headers.getSetCookie().some((line) => /session_token=;.*Max-Age=0/.test(line))).toBe(true);

    expect(await counts()).toEqual({
      users: 0,
      sessions: 0,
      contacts: 0,
      messages: 0,
      events: 0,
      outbox: 0,
      members: 0,
      customers: 1,
      subscriptions: 1,
      paymentEvents: 1,
    });
    const [customer] = await db.select().from(customers);
    expect(customer).toMatchObject({ email, userId: null });
    const [subscription] = await db.select().from(subscriptions);
    expect(subscription).toMatchObject({ status: "canceled", cancelAtPeriodEnd: false });
    const [demo] = await db.select().from(demoSubscriptions);
    expect(demo!.status).toBe("canceled");

    // The old cookie opens nothing now.
    const after = await callLoader(accountLoader, "/account", { Cookie: cookie });
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toMatch(/^\/auth/);
  });

  it("refuses without the ticked box, with a clear message, and changes nothing", async () => {
    const { cookie } = await signedInHolderWithFamily();
    const before = await counts();
    const attempts: Record<string, string | string[]>[] = [
      { intent: "delete-account", password: "secret123" },
      { intent: "delete-account", confirm: "no", password: "secret123" },
      { intent: "delete-account", confirm: "<b>yes</b>", password: "secret123" },
      { intent: "delete-account", confirm: ["yes", "yes"], password: "secret123" },
    ];
    for (const fields of attempts) {
      const answer = await callAction<{ ok: boolean; message: string }>(accountAction, "/account", fields, {
        headers: { Cookie: cookie },
      });
      expect(answer.status).toBe(400);
      expect(answer.data.message).toContain("Tick the box");
    }
    expect(await counts()).toEqual(before);
    const [subscription] = await db.select().from(subscriptions);
    expect(subscription!.status).toBe("active");
  });

  it("asks for the password again: a missing or wrong one deletes nothing, and guessing stops after five tries", async () => {
    const { cookie } = await signedInHolderWithFamily();
    const before = await counts();
    const press = (fields: Record<string, string>) =>
      callAction<{ ok: boolean; message: string; fields?: Record<string, string> }>(
        accountAction,
        "/account",
        { intent: "delete-account", confirm: "yes", ...fields },
        { headers: { Cookie: cookie } },
      );

    const missing = await press({});
    expect(missing.status).toBe(400);
    expect(missing.data.fields).toEqual({ password: "Enter your password to confirm that it is you." });
    const tooLong = await press({ password: "x".repeat(129) });
    expect(tooLong.status).toBe(400);

    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await press({ password: `guess-${attempt}` });
      expect(wrong.status).toBe(403);
      expect(wrong.data).toMatchObject({
        ok: false,
        fields: { password: expect.stringContaining("not your password") },
      });
    }
    // The sixth try in the quarter hour is refused before the password is even looked at, right or not.
    const sixth = await press({ password: "secret123" });
    expect(sixth.status).toBe(429);
    expect(sixth.data.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(await counts()).toEqual(before);
    const [subscription] = await db.select().from(subscriptions);
    expect(subscription!.status).toBe("active");
  });

  it("with Stripe: cancels there first, and deletes nothing while Stripe cannot be reached", async () => {
    const provider = createStripeProvider({
      secretKey: "sk_test_fake_key",
      webhookSecret: "whsec_test",
      prices: { premium: "price_premium_monthly", family: "price_family_monthly" },
      apiBase: fake.url,
    });
    const email = `stripe-${randomUUID().slice(0, 8)}@example.com`;
    await signedInCookie(handle, email);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const userId = user!.id;
    const family = await familyWithHistory(userId, email);
    const remote = fake.createSubscription({});
    await db
      .update(subscriptions)
      .set({ provider: "stripe", providerSubscriptionId: remote.id })
      .where(eq(subscriptions.id, family.subscription.id));

    fake.failuresLeft = 1;
    const before = await counts();
    const refused = await deleteAccount(db, provider, userId, {
      intent: "delete-account",
      confirm: "yes",
      password: "secret123",
    });
    expect(refused.status).toBe(502);
    expect(refused.result.message).toContain("Nothing was deleted");
    expect(await counts()).toEqual(before);
    expect(fake.subscriptions.get(remote.id)!.status).toBe("active");

    const done = await deleteAccount(db, provider, userId, {
      intent: "delete-account",
      confirm: "yes",
      password: "secret123",
    });
    expect(done.status).toBe(200);
    expect(fake.requests.filter((request) => request.method === "DELETE").map((request) => request.path)).toContain(
      `/v1/subscriptions/${remote.id}`,
    );
    expect(fake.subscriptions.get(remote.id)!.status).toBe("canceled");
    expect(await db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    expect(
      await db
        .select()
        .from(trainingContacts)
        .where(inArray(trainingContacts.subscriptionId, [family.subscription.id])),
    ).toEqual([]);
  });

  type Family = Awaited<ReturnType<typeof familyWithHistory>>;
  type Contact = Family["contacts"][number];

  async function outboxRow(values: {
    template: string;
    recipient: string;
    textBody: string;
    subject?: string | null;
    htmlBody?: string | null;
    channel?: "email" | "sms";
    sent?: boolean;
  }) {
    const [row] = await db
      .insert(outboxMessages)
      .values({
        channel: values.channel ?? "email",
        template: values.template,
        recipient: values.recipient,
        subject: values.subject ?? null,
        textBody: values.textBody,
        htmlBody: values.htmlBody ?? null,
        status: values.sent === false ? "pending" : "sent",
        sentAt: values.sent === false ? null : new Date(),
      })
      .returning({ id: outboxMessages.id });
    return row!.id;
  }

  /**
   * A notice (an adult's email, a child's email or text) from this family's holder to one address,
   * carrying the family's consent link for that address, as every notice does.
   */
  async function notice(
    kind: "adult" | "child-email" | "child-text",
    family: { subscription: { id: string } },
    holderName: string,
    to: string,
    name: string,
  ) {
    const brand = getMailBranding();
    await writeAddressConsent(db, family.subscription.id, [to], { agreed: false });
    const [consent] = await db
      .select({ token: practiceAddressConsents.token })
      .from(practiceAddressConsents)
      .where(
        and(
          eq(practiceAddressConsents.subscriptionId, family.subscription.id),
          eq(practiceAddressConsents.address, to.toLowerCase()),
        ),
      );
    const input = {
      contactName: name,
      holderName,
      consentUrl: `${brand.siteUrl}/training/consent/${consent!.token}`,
      reportAddress: "report@practice.scam-free.test",
    };
    if (kind === "child-text") {
      return outboxRow({
        template: "training-child-notice",
        channel: "sms",
        recipient: to,
        textBody: childNoticeText(brand, input),
        sent: false,
      });
    }
    const content = kind === "adult" ? consentNoticeEmail(brand, input) : childNoticeEmail(brand, input);
    return outboxRow({
      template: kind === "adult" ? "training-consent-notice" : "training-child-notice",
      recipient: to,
      subject: content.subject,
      textBody: content.text,
      htmlBody: content.html,
    });
  }

  /** A practice message that went out to this contact, with its outbox row. */
  async function practiceSent(contact: Contact, channel: "email" | "sms") {
    const outboxId = await outboxRow({
      template: `practice-${channel}`,
      channel,
      recipient: channel === "email" ? contact.email! : contact.phone!,
      subject: channel === "email" ? "Your parcel is waiting" : null,
      textBody: `Parcel on hold. Pay the fee: http://localhost:3000/practice/${randomBytes(32).toString("base64url")}`,
    });
    await db.insert(practiceMessages).values({
      contactId: contact.id,
      scenarioId: channel === "email" ? "email-parcel-redelivery-fee" : "sms-account-locked-unlock",
      channel,
      level: 1,
      token: randomBytes(32).toString("base64url"),
      status: "queued",
      scheduledFor: new Date(),
      outboxMessageId: outboxId,
    });
    return outboxId;
  }

  /**
   * Everything this family's people and holder can have in the outbox: notices (an adult's, a
   * child's by email and by text), practice messages, a person's weekly summary, the holder's
   * family summary, the receipt listing the members, and a password reset.
   */
  async function familyMail(family: Family, holderEmail: string) {
    const brand = getMailBranding();
    const [, sam, gran] = family.contacts as [Contact, Contact, Contact];
    // Sam has a phone too, for the texts.
    await db.update(trainingContacts).set({ phone: "+15555550123" }).where(eq(trainingContacts.id, sam.id));
    sam.phone = "+15555550123";
    await notice("adult", family, "Dana Rivera", gran.email!, gran.name);
    await notice("child-email", family, "Dana Rivera", sam.email!, sam.name);
    await notice("child-text", family, "Dana Rivera", sam.phone!, sam.name);
    await practiceSent(sam, "sms");
    const summary = personSummaryEmail(brand, {
      name: gran.name,
      scenarioTitle: "Parcel redelivery fee",
      channel: "email",
      feedbackUrl: `${brand.siteUrl}/practice/${randomBytes(32).toString("base64url")}/feedback`,
      courseUrl: `${brand.siteUrl}/course?track=older-adults`,
      unsubscribeUrl: `${brand.siteUrl}/training/summaries/unsubscribe?token=x`,
    });
    const personSummaryId = await outboxRow({
      template: "practice-weekly-summary",
      recipient: gran.email!,
      subject: summary.subject,
      textBody: summary.text,
      htmlBody: summary.html,
    });
    await db.insert(weeklySummaries).values({
      subscriptionId: family.subscription.id,
      contactId: gran.id,
      weekKey: "2026-W01",
      outboxMessageId: personSummaryId,
    });
    const familySummary = familySummaryEmail(brand, {
      holderName: "Dana Rivera",
      lines: [`${sam.name}: spotted 0 of 1 practice message.`, `${gran.name}: spotted 1 of 1 practice message.`],
      monthLine: "This month your family spotted 1 of 2 practice messages",
      dashboardUrl: `${brand.siteUrl}/account/training`,
      unsubscribeUrl: `${brand.siteUrl}/training/summaries/unsubscribe?token=y`,
    });
    const familySummaryId = await outboxRow({
      template: "training-family-summary",
      recipient: holderEmail,
      subject: familySummary.subject,
      textBody: familySummary.text,
      htmlBody: familySummary.html,
    });
    await db.insert(weeklySummaries).values({
      subscriptionId: family.subscription.id,
      contactId: null,
      weekKey: "2026-W01",
      outboxMessageId: familySummaryId,
    });
    const receipt = subscriptionStartedEmail(brand, {
      name: "Dana Rivera",
      planName: "Family Training",
      price: 25,
      members: [
        { name: sam.name, email: sam.email! },
        { name: gran.name, email: gran.email! },
      ],
      periodEnd: "January 1, 2099",
    });
    await outboxRow({
      template: "subscription-started",
      recipient: holderEmail,
      subject: receipt.subject,
      textBody: receipt.text,
      htmlBody: receipt.html,
    });
    const reset = passwordResetEmail(brand, {
      resetUrl: `${brand.siteUrl}/reset-password?token=abc`,
      expiresInMinutes: 60,
    });
    await outboxRow({
      template: "password-reset",
      recipient: holderEmail,
      subject: reset.subject,
      textBody: reset.text,
      htmlBody: reset.html,
      sent: false,
    });
  }

  /** Outbox rows that name this family: sent to one of its addresses, or mentioning an address or a name. */
  async function rowsNaming(family: Family, holderEmail: string) {
    const addresses = [holderEmail, ...family.contacts.flatMap((contact) => [contact.email, contact.phone])]
      .filter((value): value is string => Boolean(value))
      .map((value) => value.toLowerCase());
    const names = ["Dana Rivera", ...family.contacts.map((contact) => contact.name)];
    const namePattern = new RegExp(
      `\\b(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})\\b`,
    );
    return (await db.select().from(outboxMessages)).filter((row) => {
      const text = `${row.subject ?? ""}\n${row.textBody}\n${row.htmlBody ?? ""}`;
      return (
        addresses.includes(row.recipient.toLowerCase()) ||
        addresses.some((address) => text.toLowerCase().includes(address)) ||
        namePattern.test(text)
      );
    });
  }

  it("leaves no outbox row naming the family: notices, practice messages, summaries, the receipt and account mail all go", async () => {
    const { email, cookie, family } = await signedInHolderWithFamily();
    await familyMail(family, email);
    // Someone else's mail, to nobody in this family, stays.
    const unrelated = await outboxRow({
      template: "training-consent-notice",
      recipient: "someone.else@example.com",
      textBody: "Lee Chen signed you up for the scam-free Training Program.",
    });
    expect((await rowsNaming(family, email)).length).toBeGreaterThanOrEqual(10);

    const answer = await callAction(
      accountAction,
      "/account",
      { intent: "delete-account", confirm: "yes", password: "secret123" },
      { headers: { Cookie: cookie } },
    );
    expect(answer.status).toBe(302);
    expect(await rowsNaming(family, email)).toEqual([]);
    expect((await db.select({ id: outboxMessages.id }).from(outboxMessages)).map((row) => row.id)).toEqual([unrelated]);
    expect(await db.select().from(weeklySummaries)).toEqual([]);
  });

  it("keeps another family's mail to an address both families share, and deletes this family's", async () => {
    const { email, cookie, family } = await signedInHolderWithFamily();
    const gran = family.contacts[2]!;
    await familyMail(family, email);
    // Grandma Rose is in another family too (her other child's), under the same address.
    const other = await createTestFamily(db, {
      holderName: "Lee Chen",
      holderEmail: `lee-${randomUUID().slice(0, 8)}@example.com`,
      contacts: [{ name: "Nana", ageBand: "older-adult", email: gran.email }],
    });
    const theirNotice = await notice("adult", other, "Lee Chen", gran.email!, "Nana");
    const theirPractice = await practiceSent(other.contacts[0]!, "email");
    const ours = (await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, gran.email!))).length;
    expect(ours).toBeGreaterThanOrEqual(4);

    const answer = await callAction(
      accountAction,
      "/account",
      { intent: "delete-account", confirm: "yes", password: "secret123" },
      { headers: { Cookie: cookie } },
    );
    expect(answer.status).toBe(302);
    const left = await db.select().from(outboxMessages);
    expect(left.map((row) => row.id).sort()).toEqual([theirNotice, theirPractice].sort());
    for (const row of left) expect(`${row.textBody}${row.htmlBody ?? ""}`).not.toMatch(/Dana Rivera|Sam\b/);
    // The other family's own records are untouched.
    expect(await db.select().from(trainingContacts).where(eq(trainingContacts.id, other.contacts[0]!.id))).toHaveLength(
      1,
    );
  });
});
