import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { FAMILY_TABLES } from "../support/family-tables";
import { callAction, callLoader } from "../support/route-calls";
import { rowsNaming } from "../support/rows-naming";
import { signedInCookie } from "../support/users";
import { createTestFamily } from "../support/training-family";
import { users, verifications } from "~/account/tables";
import type { Database } from "~/db/client.server";
import { outboxMessages } from "~/mail/tables";
import { suppressPhone } from "~/mail/sms-suppressions.server";
import { requestLimits } from "~/security/tables";
import { clearLimit, clearLimitsStartingWith, hitLimit, refundLimit } from "~/security/request-limits.server";
import { supportRequests } from "~/support/tables";
import {
  deliveryChecks,
  practiceAddressConsents,
  practiceEvents,
  practiceMessages,
  trainingContacts,
  trainingPrograms,
  weeklySummaries,
} from "~/training/tables";
import { answerConsent, queueNotice } from "~/training/people/consent.server";
import { suppressAddress } from "~/training/people/address-consent.server";
import { sendDeliveryCheck } from "~/training/people/delivery-checks.server";
import { loadFamilyResults } from "~/training/results/family-results.server";
import { loadHolderMessageView } from "~/training/results/holder-message-view.server";
import { action as trainingAction } from "~/routes/account.training";
import { loader as exportLoader } from "~/routes/account.training.export";
import { action as accountAction } from "~/routes/account";
import { action as supportAction } from "~/routes/support";

/**
 * A family sees only what the family did, and forgets a person wholly (issue #33, findings 2 and
 * 11): the family-member download and the holder's views list only this family's own mail to the
 * person, never whether the address refused anyone; removing a person or deleting the account
 * leaves no row naming their address but the refusal it made; request counters never hold an
 * address or IP in clear.
 */
describe.each(DATABASE_TARGETS)("what a family sees and what it leaves behind on $name", (target) => {
  const suite = databaseForSuite(target, [
    deliveryChecks,
    weeklySummaries,
    supportRequests,
    verifications,
    ...FAMILY_TABLES,
  ]);
  const db = () => suite.handle.db;
  const runSql = (text: string) => suite.handle.executeSql(text);
  type Contact = typeof trainingContacts.$inferSelect;

  /** A signed-in holder with a Training Program whose first person is themselves. */
  async function holderFamily(email: string, name: string, people: Parameters<typeof createTestFamily>[1]["contacts"]) {
    const cookie = await signedInCookie(suite.handle, email);
    await db().update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const family = await createTestFamily(db(), {
      holderName: name,
      holderEmail: email,
      userId: user!.id,
      contacts: [{ name: name.split(" ")[0]!, ageBand: "adult", email }, ...people],
    });
    await db().insert(trainingPrograms).values({ subscriptionId: family.subscription.id });
    return { cookie, ...family };
  }

  /** A practice email that went out to this person, with its outbox row; returns the message's row. */
  async function practiceSent(contact: Contact, subject: string) {
    const [outbox] = await db()
      .insert(outboxMessages)
      .values({
        channel: "email",
        template: "practice-email",
        recipient: contact.email!,
        subject,
        textBody: "Your parcel is held: pay the fee",
        status: "sent",
        sentAt: new Date(),
      })
      .returning();
    const [message] = await db()
      .insert(practiceMessages)
      .values({
        contactId: contact.id,
        scenarioId: "email-parcel-redelivery-fee",
        channel: "email",
        level: 1,
        token: randomBytes(32).toString("base64url"),
        status: "queued",
        scheduledFor: new Date(),
        queuedAt: new Date(),
        address: contact.email!.toLowerCase(),
        outboxMessageId: outbox!.id,
      })
      .returning();
    await db().insert(practiceEvents).values({ messageId: message!.id, kind: "sent" });
    return message!;
  }

  /** This family's notice to one of the person's addresses, as the Training Program queues it. */
  async function noticeTo(contact: Contact, channel: "email" | "sms", holderName: string) {
    const address = channel === "email" ? contact.email!.toLowerCase() : contact.phone!;
    const consents = await db()
      .select()
      .from(practiceAddressConsents)
      .where(eq(practiceAddressConsents.subscriptionId, contact.subscriptionId));
    const token = consents.find((row) => row.address === address)!.token;
    return db().transaction(async (tx) =>
      queueNotice(tx as unknown as Database, { contact, channel, address, token, holderName }),
    );
  }

  const download = async (contactId: string, cookie: string) => {
    const answer = await callLoader<unknown>(
      (args: never) => exportLoader({ ...(args as object), params: { contactId } } as never),
      `/account/training/export/${contactId}`,
      { Cookie: cookie },
    );
    expect(answer.response!.status).toBe(200);
    return answer.response!.text();
  };

  it("a family's download of a person lists only the family's own mail to them, and no one's refusal", async () => {
    // Family A: Ana holds it, her own address gets the site's mail and A's practice and notices.
    const a = await holderFamily("ana.holder@example.com", "Ana Holder", []);
    const ana = a.contacts[0]!;
    await db().insert(outboxMessages).values({
      template: "subscription-started",
      recipient: "ana.holder@example.com",
      subject: "Receipt: Family Training has started",
      textBody: "Receipt for Ana Holder",
      status: "sent",
      sentAt: new Date(),
    });
    const anasPractice = await practiceSent(ana, "Ana's parcel is waiting");
    await noticeTo(ana, "email", "Ana Holder");
    await db().update(outboxMessages).set({ status: "sent", sentAt: new Date() });
    const anasMail = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "ana.holder@example.com"));
    // Her confirmation link, the receipt, A's practice message and A's notice.
    expect(anasMail.map((row) => row.template).sort()).toEqual([
      "confirm-email",
      "practice-email",
      "subscription-started",
      "training-consent-notice",
    ]);
    // Ana's phone replied STOP to some family, and her address said "No thanks" to another.
    await suppressPhone(db(), "+15555550144", "STOP");
    await suppressAddress(db(), "+15555550144", "sms-stop");
    await suppressAddress(db(), "ana.holder@example.com", "no-thanks");

    // Family B adds Ana's address as a child: nothing is sent to her until B's guardian step and her yes.
    const b = await holderFamily("ben.holder@example.com", "Ben Holder", [
      { name: "Ana", ageBand: "child", email: "ana.holder@example.com", phone: "+15555550144", consent: false },
    ]);
    const child = b.contacts[1]!;
    const bsPractice = await practiceSent(child, "B's practice parcel");
    const bsNotice = await noticeTo(child, "email", "Ben Holder");
    const [noticeRow] = await db()
      .update(outboxMessages)
      .set({ status: "sent", sentAt: new Date() })
      .where(eq(outboxMessages.id, bsNotice!))
      .returning();

    const body = await download(child.id, b.cookie);
    const data = JSON.parse(body);
    // Only B's two messages to her; none of the four the site and family A sent to that address.
    expect(
      data.messagesSentToThem.map((message: { template: string; subject: string }) => [
        message.template,
        message.subject,
      ]),
    ).toEqual([
      ["practice-email", "B's practice parcel"],
      ["training-child-notice", noticeRow!.subject],
    ]);
    for (const row of anasMail) expect(body).not.toContain(row.subject!);
    expect(data.practiceMessages.map((message: { id: string }) => message.id)).toEqual([bsPractice.id]);
    // B's own record of each address, and nothing of the refusals made to others.
    expect(data.consent.addresses).toEqual([
      {
        address: "ana.holder@example.com",
        channel: "email",
        noticeSentAt: expect.any(String),
        agreedAt: null,
        how: null,
      },
      { address: "+15555550144", channel: "sms", noticeSentAt: expect.any(String), agreedAt: null, how: null },
    ]);
    expect(body).not.toMatch(/optedOut|textOptOut|no-thanks|sms-stop/);

    // The holder's views: B's results and message view show only B's message; A's is not B's to open.
    const results = (await loadFamilyResults(db(), b.userId))!;
    const anaInB = results.people.find((person) => person.contactId === child.id)!;
    expect(anaInB.messages.map((message) => message.id)).toEqual([bsPractice.id]);
    const view = (id: string) =>
      loadHolderMessageView(db(), { userId: b.userId, messageId: id, practiceOrigin: "https://go.example" });
    expect(await view(anasPractice.id)).toBeNull();
    expect((await view(bsPractice.id))?.personName).toBe("Ana");
  });

  it("removing a person leaves no row naming their address, except the refusal it made and another family's own", async () => {
    const b = await holderFamily("dana.holder@example.com", "Dana Rivera", []);
    // Added through the page: the notices go by email and by text, and the counters count them.
    const added = await callAction(
      trainingAction,
      "/account/training",
      {
        intent: "add",
        name: "Rosa",
        ageBand: "older-adult",
        email: "rosa.lopez@example.com",
        phone: "+15555550188",
        emailEnabled: "on",
        smsEnabled: "on",
        timeZone: "America/New_York",
      },
      { headers: { Cookie: b.cookie } },
    );
    expect(added.status).toBe(200);
    const [rosa] = await db().select().from(trainingContacts).where(eq(trainingContacts.name, "Rosa"));
    const notices = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, "training-consent-notice"));
    expect(notices.map((row) => row.recipient).sort()).toEqual(["+15555550188", "rosa.lopez@example.com"]);
    // She says yes by the email's link, gets a test, a practice message, its thanks and a summary.
    const token = notices.find((row) => row.channel === "email")!.textBody.match(/\/training\/consent\/([\w-]+)/)![1]!;
    expect(await answerConsent(db(), token, "yes")).toBe("accepted");
    const check = await sendDeliveryCheck(db(), { contact: rosa!, channel: "email", requestedBy: "holder" });
    expect(check.ok).toBe(true);
    const practice = await practiceSent(rosa!, "Rosa's parcel");
    await db()
      .insert(outboxMessages)
      .values({
        template: "practice-report-thanks",
        recipient: "rosa.lopez@example.com",
        subject: "Thanks for reporting it",
        textBody: `Well done. See its red flags: https://go.example/practice/${practice.token}/feedback`,
      });
    const [summary] = await db()
      .insert(outboxMessages)
      .values({ template: "practice-weekly-summary", recipient: "rosa.lopez@example.com", textBody: "Your week" })
      .returning();
    await db().insert(weeklySummaries).values({
      subscriptionId: b.subscription.id,
      contactId: rosa!.id,
      weekKey: "2026-W48",
      outboxMessageId: summary!.id,
    });
    // Her phone replies STOP: a refusal, which must outlive her removal.
    await suppressPhone(db(), "+15555550188", "STOP");
    await suppressAddress(db(), "+15555550188", "sms-stop");
    // Another family has her email too, and its notice to her is its own.
    const other = await createTestFamily(db(), {
      holderName: "Lee Chen",
      holderEmail: "lee.chen@example.com",
      contacts: [{ name: "Nana", ageBand: "older-adult", email: "rosa.lopez@example.com", consent: false }],
    });
    const theirNotice = await noticeTo(other.contacts[0]!, "email", "Lee Chen");

    const rosasAddresses = ["rosa.lopez@example.com", "+15555550188"];
    // (Request counters are the last test's subject.)
    const before = (await rowsNaming(runSql, rosasAddresses)).filter((row) => row.table !== "request_limits");
    expect(new Set(before.map((row) => row.table))).toEqual(
      new Set([
        "training_contacts",
        "practice_address_consents",
        "practice_messages",
        "practice_suppressions",
        "sms_suppressions",
        "delivery_checks",
        "outbox_messages",
        "members",
      ]),
    );

    const removed = await callAction(
      trainingAction,
      "/account/training",
      { intent: "remove", contactId: rosa!.id, confirm: "yes" },
      { headers: { Cookie: b.cookie } },
    );
    expect(removed.status).toBe(200);
    const left = await rowsNaming(runSql, rosasAddresses);
    expect(left.map((row) => row.table).sort()).toEqual([
      // The other family's person, their consent row and checkout entry, and their notice.
      "members",
      "outbox_messages",
      "practice_address_consents",
      // The refusal her phone made, for every family.
      "practice_suppressions",
      "sms_suppressions",
      "training_contacts",
    ]);
    const outbox = await db().select({ id: outboxMessages.id }).from(outboxMessages);
    expect(outbox.map((row) => row.id).filter((id) => left.some((row) => row.row.includes(id)))).toEqual([theirNotice]);
    expect(left.find((row) => row.table === "training_contacts")!.row).toContain(other.contacts[0]!.id);
  });

  it("correcting a person's address takes the family's notice to the old one out of the outbox", async () => {
    const b = await holderFamily("dana.holder@example.com", "Dana Rivera", []);
    const fields = (email: string) => ({
      name: "Rosa",
      ageBand: "older-adult",
      email,
      phone: "",
      emailEnabled: "on",
      timeZone: "America/New_York",
    });
    const post = (values: Record<string, string>) =>
      callAction(trainingAction, "/account/training", values, { headers: { Cookie: b.cookie } });
    expect((await post({ intent: "add", ...fields("rosa.typo@example.com") })).status).toBe(200);
    const [rosa] = await db().select().from(trainingContacts).where(eq(trainingContacts.name, "Rosa"));
    expect((await rowsNaming(runSql, ["rosa.typo@example.com"])).map((row) => row.table).sort()).toEqual([
      "outbox_messages",
      "practice_address_consents",
      "training_contacts",
    ]);

    expect((await post({ intent: "update", contactId: rosa!.id, ...fields("rosa.lopez@example.com") })).status).toBe(
      200,
    );
    // Whoever reads the mistyped address has the notice already; we keep no copy naming Rosa there.
    expect(await rowsNaming(runSql, ["rosa.typo@example.com"])).toEqual([]);
    const notices = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, "training-consent-notice"));
    expect(notices.map((row) => row.recipient)).toEqual(["rosa.lopez@example.com"]);
  });

  it("deleting the account leaves no row naming the holder's address but the payment record", async () => {
    const { cookie, contacts } = await holderFamily("maria.holder@example.com", "Maria Lopez", [
      { name: "Sam", ageBand: "teen", email: "sam.lopez@example.com" },
    ]);
    // The holder tested her own address, and was told when Sam spotted one.
    const check = await sendDeliveryCheck(db(), { contact: contacts[0]!, channel: "email", requestedBy: "holder" });
    expect(check.ok).toBe(true);
    await db().insert(outboxMessages).values({
      template: "training-spot-notice",
      recipient: "maria.holder@example.com",
      subject: "Sam spotted a practice message",
      textBody: "Sam spotted it.",
    });

    const answer = await callAction(
      accountAction,
      "/account",
      { intent: "delete-account", confirm: "yes", password: "secret123" },
      { headers: { Cookie: cookie } },
    );
    expect(answer.status).toBe(302);
    const left = await rowsNaming(runSql, ["maria.holder@example.com", "sam.lopez@example.com"]);
    // What payment records require stays (docs/decisions/014): the customer, not linked to a login.
    expect(left.map((row) => row.table)).toEqual(["customers"]);
  });

  it("keeps request counters under a keyed hash: no address or IP in clear, and the limits still hold", async () => {
    const send = () =>
      callAction<{ ok: boolean }>(
        supportAction,
        "/support",
        { name: "Bo Diaz", email: "bo.diaz@example.com", subject: "Odd text", message: "Is this parcel text real?" },
        { ip: "192.0.2.77" },
      );
    for (let attempt = 1; attempt <= 3; attempt++) expect((await send()).status).toBe(200);
    // The fourth from that address is over its limit of three an hour.
    expect((await send()).status).toBe(429);
    const keys = (await db().select({ key: requestLimits.key }).from(requestLimits)).map((row) => row.key);
    expect(keys).toHaveLength(2);
    const naming = await rowsNaming(runSql, ["bo.diaz@example.com", "192.0.2.77"]);
    expect(naming.filter((row) => row.table === "request_limits")).toEqual([]);
    for (const key of keys) expect(key).toMatch(/^([0-9a-f]{12}\.)+[0-9a-f]{64}$/);

    // Every counter of one account, from any address, is still cleared as one (a password reset).
    const rule = { max: 2, windowSeconds: 900 };
    const account = (email: string, ip: string) => `login:account-ip:${email}:${ip}`;
    await hitLimit(db(), account("ana@example.com", "2001:db8::1"), rule);
    await hitLimit(db(), account("ana@example.com", "198.51.100.4"), rule);
    await hitLimit(db(), account("anab@example.com", "198.51.100.4"), rule);
    await clearLimitsStartingWith(db(), "login:account-ip:ana@example.com:");
    expect((await hitLimit(db(), account("ana@example.com", "2001:db8::1"), rule)).count).toBe(1);
    expect((await hitLimit(db(), account("ana@example.com", "198.51.100.4"), rule)).count).toBe(1);
    expect((await hitLimit(db(), account("anab@example.com", "198.51.100.4"), rule)).count).toBe(2);
    // Refunds and clears find the hashed row from the readable key.
    await refundLimit(db(), account("anab@example.com", "198.51.100.4"));
    expect((await hitLimit(db(), account("anab@example.com", "198.51.100.4"), rule)).count).toBe(2);
    await clearLimit(db(), account("anab@example.com", "198.51.100.4"));
    expect((await hitLimit(db(), account("anab@example.com", "198.51.100.4"), rule)).count).toBe(1);
    expect(await rowsNaming(runSql, ["ana@example.com", "anab@example.com", "2001:db8::1", "198.51.100.4"])).toEqual(
      [],
    );
  });
});
