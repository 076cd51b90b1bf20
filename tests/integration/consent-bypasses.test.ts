import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { asc, eq, ne } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { callRoute } from "../support/accounts";
import { callAction, callLoader } from "../support/route-calls";
import { formPost } from "../support/requests";
import { signedInCookie } from "../support/users";
import { accounts, sessions, users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { getEnv, resetEnvForTests } from "~/config/env.server";
import { handleInboundText, parseInboundText } from "~/mail/inbound-texts.server";
import { outboxMessages, smsSuppressions } from "~/mail/tables";
import { requestLimits } from "~/security/tables";
import {
  practiceAddressConsents,
  practiceEvents,
  practiceMessages,
  practiceSuppressions,
  trainingContacts,
  trainingPrograms,
} from "~/training/tables";
import { listContacts } from "~/training/people/programs.server";
import { isMinor, type TrainingResult } from "~/training/people/contact-schema";
import type { TrainingPageView } from "~/training/people/contact-view";
import { PRACTICE_EMAIL_TEMPLATE, PRACTICE_TEXT_TEMPLATE } from "~/training/sending/practice-composer.server";
import { contactEligibility } from "~/training/sending/practice-eligibility.server";
import { registerTrainingReplies, unregisterTrainingReplies } from "~/training/tracking/practice-replies.server";
import { sendPracticeMessageNow } from "~/training/sending/practice-sends.server";
import { translatorFor } from "~/i18n/translate";
import { AGE_BANDS } from "~/family/age-bands";
import { action as trainingAction, loader as trainingLoader } from "~/routes/account.training";
import { action as consentAction } from "~/routes/training.consent";
import { action as practiceStopAction } from "~/routes/practice.stop";

/**
 * The bypasses a review found in the first consent design (consent belonged to a person, and the
 * holder could move it around), each shown closed under consent by address: a practice message
 * goes only to an address that said yes itself, for that family, from a message sent to it (or
 * the holder's own verified account email), and never to a suppressed address. The last test
 * checks that rule after every step of random sequences of what holders and readers can do.
 */

const FUTURE = new Date(Date.now() + 30 * 86_400_000);
const PRACTICE_TEMPLATES = [PRACTICE_EMAIL_TEMPLATE, PRACTICE_TEXT_TEMPLATE];
const CONSENT_LINK = /\/training\/consent\/([A-Za-z0-9_-]+)/;
/** A practice message's token in its links (its landing on the story's path, its /unsubscribe/). */
const PRACTICE_LINK = /\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;
const REPLY_CODE = /Reply YES (\d{4})\b/i;

type Contact = typeof trainingContacts.$inferSelect;
interface Holder {
  cookie: string;
  userId: string;
  subscriptionId: string;
  email: string;
}

/** Runs `body` with these settings, read again by getEnv(), and puts the old values back after. */
async function withSettings<T>(settings: Record<string, string>, body: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(settings).map((key) => [key, process.env[key]]));
  Object.assign(process.env, settings);
  resetEnvForTests();
  try {
    return await body();
  } finally {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvForTests();
  }
}

/** What the Training Program wrote (children before parents), emptied before each test and each property run. */
const TRAINING_TABLES = [
  practiceEvents,
  practiceMessages,
  practiceAddressConsents,
  practiceSuppressions,
  trainingContacts,
  trainingPrograms,
  outboxMessages,
  smsSuppressions,
  requestLimits,
];

describe.each(DATABASE_TARGETS)("Consent bypasses stay closed on $name", (target) => {
  const suite = databaseForSuite(target, [
    ...TRAINING_TABLES,
    members,
    subscriptions,
    customers,
    sessions,
    accounts,
    users,
  ]);

  beforeAll(() => registerTrainingReplies());
  afterAll(() => unregisterTrainingReplies());

  /** An account holder who bought Family Training at checkout (as in training-contacts.test.ts). */
  async function holder(
    email: string,
    options: {
      people?: { email: string; phone?: string | null; ageBand?: string | null }[];
      name?: string;
      phone?: string;
      verified?: boolean;
    } = {},
  ): Promise<Holder> {
    const cookie = await signedInCookie(suite.handle, email);
    await suite.handle.db
      .update(users)
      .set({ emailVerified: options.verified ?? true })
      .where(eq(users.email, email));
    const [user] = await suite.handle.db.select().from(users).where(eq(users.email, email));
    const [customer] = await suite.handle.db
      .insert(customers)
      .values({ userId: user.id, name: options.name ?? "Dana Rivera", email })
      .returning();
    const [subscription] = await suite.handle.db
      .insert(subscriptions)
      .values({
        customerId: customer.id,
        provider: "demo",
        providerSubscriptionId: `demo_sub_${Math.random().toString(36).slice(2)}`,
        plan: "family",
        status: "active",
        currentPeriodEnd: FUTURE,
      })
      .returning();
    const people = [
      { email, phone: options.phone ?? "+1 (555) 010-2000", name: options.name ?? "Dana Rivera" },
      ...(options.people ?? []).map((p) => ({ ...p, name: null })),
    ];
    await suite.handle.db.insert(members).values(
      people.map((person, position) => ({
        subscriptionId: subscription.id,
        position,
        name: person.name,
        email: person.email,
        phone: person.phone ?? null,
        // The checkout asks each family member's age group; `ageBand: null` is a checkout from before.
        ageBand: position === 0 ? null : "ageBand" in person ? (person.ageBand as string | null) : "adult",
      })),
    );
    return { cookie, userId: user.id, subscriptionId: subscription.id, email };
  }

  const headers = (cookie: string) => ({ Cookie: cookie });
  const page = async (cookie: string) =>
    callLoader<{ view: TrainingPageView }>(trainingLoader, "/account/training", headers(cookie));
  const post = (cookie: string, fields: Record<string, string | string[]>) =>
    callAction<TrainingResult>(trainingAction, "/account/training", fields, { headers: headers(cookie) });
  const contactsOf = (subscriptionId: string) => listContacts(suite.handle.db, subscriptionId);
  const outbox = () =>
    suite.handle.db
      .select()
      .from(outboxMessages)
      .where(ne(outboxMessages.template, "confirm-email"))
      .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.channel));
  const practiceRows = async () => (await outbox()).filter((row) => PRACTICE_TEMPLATES.includes(row.template));
  const noticeRows = async () => (await outbox()).filter((row) => row.template.startsWith("training-"));
  /** The consent link's token in the newest notice sent to this address (what only its reader has). */
  const linkSentTo = async (address: string) => {
    const notices = (await noticeRows()).filter((message) => message.recipient === address);
    return notices.at(-1)?.textBody.match(CONSENT_LINK)?.[1] ?? null;
  };
  const consentPost = async (token: string, fields: Record<string, string>) => {
    const { value } = await callRoute(consentAction, formPost(`/training/consent/${token}`, fields), { token });
    const answer = value as { data: TrainingResult; init: { status?: number } | null };
    return { status: answer.init?.status ?? 200, data: answer.data };
  };
  /** The "Stop practice messages" button on the page a practice message links to. */
  const stopPost = async (token: string) => {
    const { value, thrown } = await callRoute(
      practiceStopAction,
      formPost(`/practice/${token}/stop`, { intent: "stop" }),
      { token },
    );
    if (thrown) return { status: thrown.status, state: null };
    return { status: 200, state: (value as { data: { state: string } }).data.state };
  };
  /** A text from this phone to our number, through the same path as Twilio's webhook. */
  let sid = 0;
  const textFrom = (phone: string, body: string) => {
    sid += 1;
    const text = parseInboundText({ From: phone, To: "+15550009999", Body: body, MessageSid: `SM${sid}` });
    return handleInboundText(suite.handle.db, text!);
  };
  const sendNow = (who: Holder, contactId: string) =>
    sendPracticeMessageNow(suite.handle.db, { userId: who.userId, contactId }, translatorFor("en"));
  const suppressionOf = async (address: string) =>
    (await suite.handle.db.select().from(practiceSuppressions).where(eq(practiceSuppressions.address, address)))[0] ??
    null;
  const statusLabels = async (cookie: string) => {
    const { data } = await page(cookie);
    return data.view.kind === "program" ? data.view.contacts.map((c) => [c.email ?? c.phone, c.statusLabel]) : [];
  };
  const details = (overrides: Record<string, string | undefined> = {}) => {
    const base: Record<string, string> = {
      name: "Grandpa Joe",
      ageBand: "older-adult",
      email: "joe@example.com",
      phone: "",
      emailEnabled: "on",
      timeZone: "Europe/London",
    };
    for (const [key, value] of Object.entries(overrides)) {
      if (value === undefined) delete base[key];
      else base[key] = value;
    }
    return base;
  };
  const editFields = (contact: Contact, overrides: Record<string, string | undefined> = {}) =>
    details({
      name: contact.name,
      ageBand: contact.ageBand,
      email: contact.email ?? "",
      phone: contact.phone ?? "",
      emailEnabled: contact.emailEnabled ? "on" : undefined,
      smsEnabled: contact.smsEnabled ? "on" : undefined,
      timeZone: contact.timeZone,
      ...overrides,
    });
  /** The add form's fields for a person reached at this one address. */
  const fieldsFor = (address: string, name = "Gran") =>
    address.includes("@")
      ? details({ name, email: address })
      : details({ name, email: "", emailEnabled: undefined, phone: address, smsEnabled: "on" });

  it('closes "any phone number, by self-consent": the holder\'s yes for their verified email never lets a practice text reach a number they typed', async () => {
    const dana = await holder("dana@example.com");
    await page(dana.cookie);
    const [me] = await contactsOf(dana.subscriptionId);
    const stranger = "+15550100999";
    const updated = await post(dana.cookie, {
      intent: "update",
      contactId: me.id,
      ...editFields(me, { phone: stranger, smsEnabled: "on" }),
    });
    expect(updated.status).toBe(200);
    const yes = await post(dana.cookie, { intent: "self-consent", contactId: me.id });
    expect(yes.status).toBe(200);

    // The old design marked the whole person as agreed, so "send now" could pick the text channel.
    const verdict = await contactEligibility(suite.handle.db, me.id, new Date());
    expect(verdict).toMatchObject({ eligible: true, recipient: { channels: ["email"] } });
    for (let i = 0; i < 2; i += 1) {
      const sent = await sendNow(dana, me.id);
      expect(sent).toMatchObject({ ok: true, status: 200 });
      expect(sent.message).toContain("email to dana@example.com");
    }
    const practice = await practiceRows();
    expect(practice.map((row) => [row.template, row.recipient])).toEqual([
      [PRACTICE_EMAIL_TEMPLATE, "dana@example.com"],
      [PRACTICE_EMAIL_TEMPLATE, "dana@example.com"],
    ]);
    // The number only ever got the notice that asks it.
    const toStranger = (await outbox()).filter((row) => row.recipient === stranger);
    expect(toStranger.map((row) => row.template)).toEqual(["training-consent-notice"]);
    const [phoneRow] = await suite.handle.db
      .select()
      .from(practiceAddressConsents)
      .where(eq(practiceAddressConsents.address, stranger));
    expect(phoneRow).toMatchObject({ confirmedAt: null, confirmedHow: null });

    // Control: once the phone itself replies YES, texts are allowed to it.
    await textFrom(stranger, "YES");
    expect(await contactEligibility(suite.handle.db, me.id, new Date())).toMatchObject({
      eligible: true,
      recipient: { channels: ["email", "sms"] },
    });
  });

  it('closes "an unconfirmed account email": self-consent needs the account to have proved it reads that inbox', async () => {
    const dana = await holder("dana@example.com", { verified: false });
    await page(dana.cookie);
    const [me] = await contactsOf(dana.subscriptionId);
    const refused = await post(dana.cookie, { intent: "self-consent", contactId: me.id });
    expect(refused.status).toBe(403);
    expect(refused.data.title).toBe("Confirm your email address first");
    expect(await sendNow(dana, me.id)).toMatchObject({ ok: false, status: 409, title: "Waiting for consent" });
    expect(await practiceRows()).toEqual([]);
    expect(await suite.handle.db.select().from(practiceAddressConsents)).toEqual([]);

    // Control: the same holder, once the account email is confirmed.
    await suite.handle.db.update(users).set({ emailVerified: true }).where(eq(users.id, dana.userId));
    expect((await post(dana.cookie, { intent: "self-consent", contactId: me.id })).status).toBe(200);
    expect(await sendNow(dana, me.id)).toMatchObject({ ok: true });
    expect((await practiceRows()).map((row) => row.recipient)).toEqual(["dana@example.com"]);
  });

  it('closes "a stranger called a child": a guardian\'s yes covers no address that has not said "Yes, I\'m in" itself, and new addresses are limited to 10 a day', async () => {
    await withSettings({ PRACTICE_NEW_ADDRESSES_PER_DAY: "10" }, async () => {
      const dana = await holder("dana@example.com", { people: [{ email: "kid@example.com" }] });
      await page(dana.cookie);
      const [, kid] = await contactsOf(dana.subscriptionId);
      expect(
        (await post(dana.cookie, { intent: "update", contactId: kid.id, ...editFields(kid, { ageBand: "child" }) }))
          .status,
      ).toBe(200);
      expect((await post(dana.cookie, { intent: "guardian-consent", contactId: kid.id, guardian: "on" })).status).toBe(
        200,
      );
      const limit = getEnv().PRACTICE_NEW_ADDRESSES_PER_DAY;
      expect(limit).toBe(10);

      const answers: number[] = [];
      for (let i = 0; i < 15; i += 1) {
        const current = (await contactsOf(dana.subscriptionId))[1];
        const changed = await post(dana.cookie, {
          intent: "update",
          contactId: kid.id,
          ...editFields(current, { email: `stranger${i}@example.com` }),
        });
        answers.push(changed.status);
        if (changed.status === 429) expect(changed.data.title).toBe("Too many new addresses today");
        // Each accepted address gets one friendly notice asking it, and nothing else; a refused one
        // gets nothing. (The notice to the address before it is taken back with the correction.)
        const toThisOne = (await outbox()).filter((row) => row.recipient === `stranger${i}@example.com`);
        expect(toThisOne.map((row) => row.template)).toEqual(changed.status === 200 ? ["training-child-notice"] : []);
        const sent = await sendNow(dana, kid.id);
        expect(sent).toMatchObject({ ok: false, status: 409, title: "Waiting for consent" });
      }
      expect(answers).toEqual([...Array<number>(limit).fill(200), ...Array<number>(15 - limit).fill(429)]);
      // A refused change changed nothing: the child keeps the last address that was accepted.
      const [, after] = await contactsOf(dana.subscriptionId);
      expect(after.email).toBe(`stranger${limit - 1}@example.com`);
      expect(after.guardianConfirmedAt).not.toBeNull();

      expect(await practiceRows()).toEqual([]);
      const toStrangers = (await outbox()).filter((row) => row.recipient.startsWith("stranger"));
      expect(toStrangers.map((row) => [row.template, row.recipient])).toEqual([
        ["training-child-notice", `stranger${limit - 1}@example.com`],
      ]);
      expect(
        (await suite.handle.db.select().from(practiceAddressConsents)).filter((row) => row.confirmedAt !== null),
      ).toEqual([]);
    });
  });

  const REFUSALS = [
    { how: '"No thanks" in its notice', address: "gran@example.com", reason: "no-thanks" },
    { how: '"This isn\'t me" in its notice', address: "gran@example.com", reason: "not-me" },
    { how: "the stop link in a practice email", address: "gran@example.com", reason: "stop-link" },
    { how: "STOP replied to a practice text", address: "+15550100777", reason: "sms-stop" },
  ] as const;

  it.each(REFUSALS)(
    'closes "no thanks and stop are forgotten": after $how, removing and re-adding, a guardian\'s yes or another family sends nothing',
    async ({ how, address, reason }) => {
      const dana = await holder("dana@example.com");
      const lee = await holder("lee@example.com", { name: "Lee Okafor", phone: "+1 555 010 3000" });
      await page(dana.cookie);
      await page(lee.cookie);
      expect((await post(dana.cookie, { intent: "add", ...fieldsFor(address) })).status).toBe(200);
      const gran = (await contactsOf(dana.subscriptionId))[1];
      const token = await linkSentTo(address);
      expect(token).toBeTruthy();

      if (how.startsWith('"')) {
        const answer = await consentPost(token!, { choice: reason === "no-thanks" ? "no" : "not-me" });
        expect(answer.status).toBe(200);
      } else {
        // It said yes, got a practice message, and used that message's way to stop.
        if (address.includes("@")) expect((await consentPost(token!, { choice: "yes" })).status).toBe(200);
        else await textFrom(address, "YES");
        expect(await sendNow(dana, gran.id)).toMatchObject({ ok: true });
        const [message] = await practiceRows();
        expect(message.recipient).toBe(address);
        if (address.includes("@")) {
          const practiceToken = message.textBody.match(PRACTICE_LINK)![1];
          expect(await stopPost(practiceToken)).toEqual({ status: 200, state: "stopped" });
        } else {
          expect(await textFrom(address, "STOP")).toBe("opted-out");
        }
      }
      expect(await suppressionOf(address)).toMatchObject({ reason });
      expect(await statusLabels(dana.cookie)).toContainEqual([address, "Opted out"]);
      await suite.handle.db.delete(outboxMessages);

      // Removed and added again: the address is still suppressed, so no notice goes to it. Removing
      // forgot Dana's record of the address (finding 11), the refusal of her notice with it, so to
      // her now it reads like an address no notice can go to for now, the same as for any family.
      expect((await post(dana.cookie, { intent: "remove", contactId: gran.id, confirm: "yes" })).status).toBe(200);
      const readded = await post(dana.cookie, { intent: "add", ...fieldsFor(address) });
      expect(readded.status).toBe(200);
      expect(readded.data.message).toContain("We can't send a notice to that address right now");
      expect(await statusLabels(dana.cookie)).toContainEqual([address, "Waiting for consent"]);
      const again = (await contactsOf(dana.subscriptionId))[1];
      expect((await post(dana.cookie, { intent: "send-notice", contactId: again.id })).status).toBe(429);
      expect(await sendNow(dana, again.id)).toMatchObject({ ok: false, status: 409, title: "Waiting for consent" });

      // Made a child and "confirmed" by the holder as guardian: the confirmation is kept as for any
      // child, and still nothing goes to the address.
      const asChild = await post(dana.cookie, {
        intent: "update",
        contactId: again.id,
        ...editFields(again, { ageBand: "child" }),
      });
      expect(asChild.status).toBe(200);
      const guardian = await post(dana.cookie, { intent: "guardian-consent", contactId: again.id, guardian: "on" });
      expect(guardian.status).toBe(200);
      expect(guardian.data.message).toContain("We can't send a notice to that address right now");
      expect(await sendNow(dana, again.id)).toMatchObject({ ok: false });

      // Another family adding the address: nothing goes to it either, and it is not told of the refusal.
      const theirs = await post(lee.cookie, { intent: "add", ...fieldsFor(address, "Neighbour") });
      expect(theirs.status).toBe(200);
      expect(theirs.data.message).toContain("We can't send a notice to that address right now");
      expect(await statusLabels(lee.cookie)).toContainEqual([address, "Waiting for consent"]);
      const neighbour = (await contactsOf(lee.subscriptionId))[1];
      expect((await post(lee.cookie, { intent: "send-notice", contactId: neighbour.id })).status).toBe(429);
      expect(await sendNow(lee, neighbour.id)).toMatchObject({ ok: false, status: 409, title: "Waiting for consent" });

      expect(await outbox()).toEqual([]);
      expect(await suppressionOf(address)).toMatchObject({ reason });
    },
  );

  it("keeps to the weekly limit per address: a third practice message in a week is refused (429), across two families that both got its yes", async () => {
    await withSettings({ PRACTICE_MESSAGES_PER_ADDRESS_PER_WEEK: "2" }, async () => {
      const dana = await holder("dana@example.com", { people: [{ email: "gran@example.com" }] });
      const lee = await holder("lee@example.com", { name: "Lee Okafor", phone: "+1 555 010 3000" });
      await page(dana.cookie);
      await page(lee.cookie);
      const [, danasGran] = await contactsOf(dana.subscriptionId);
      expect((await post(dana.cookie, { intent: "send-notice", contactId: danasGran.id })).status).toBe(200);
      expect((await consentPost((await linkSentTo("gran@example.com"))!, { choice: "yes" })).status).toBe(200);
      expect((await post(lee.cookie, { intent: "add", ...fieldsFor("gran@example.com") })).status).toBe(200);
      expect((await consentPost((await linkSentTo("gran@example.com"))!, { choice: "yes" })).status).toBe(200);
      const [, leesGran] = await contactsOf(lee.subscriptionId);
      const agreed = await suite.handle.db
        .select()
        .from(practiceAddressConsents)
        .where(eq(practiceAddressConsents.address, "gran@example.com"));
      expect(agreed.map((row) => row.subscriptionId).sort()).toEqual([dana.subscriptionId, lee.subscriptionId].sort());
      expect(agreed.every((row) => row.confirmedHow === "notice-link")).toBe(true);

      expect(await sendNow(dana, danasGran.id)).toMatchObject({ ok: true, status: 200 });
      expect(await sendNow(lee, leesGran.id)).toMatchObject({ ok: true, status: 200 });
      for (const [who, contact] of [
        [dana, danasGran],
        [lee, leesGran],
        [dana, danasGran],
      ] as const) {
        const refused = await sendNow(who, contact.id);
        expect(refused).toMatchObject({ ok: false, status: 429, title: "Enough for this week" });
      }
      expect((await practiceRows()).map((row) => row.recipient)).toEqual(["gran@example.com", "gran@example.com"]);
      // A refused send leaves no practice message behind.
      expect(await suite.handle.db.select().from(practiceMessages)).toHaveLength(2);
    });
  });

  describe("property: every practice message goes to an address that agreed for that family and never refused", () => {
    const EMAILS = ["a@x.example", "b@x.example", "c@x.example", "d@x.example", "e@x.example"];
    const PHONES = ["+15550100001", "+15550100002", "+15550100003", "+15550100004", "+15550100005"];
    const FAMILY_NAMES = ["Dana Rivera", "Lee Okafor", "Sam Ito"];
    const NAMES = ["Ann", "Bea", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"];

    const fam = fc.integer({ min: 0, max: FAMILY_NAMES.length - 1 });
    const who = fc.oneof(fc.constant(0), fc.constant(1), fc.nat({ max: 9 }));
    const emailIndex = fc.integer({ min: 0, max: EMAILS.length - 1 });
    const phoneIndex = fc.integer({ min: 0, max: PHONES.length - 1 });
    const ageBand = fc.constantFrom(...AGE_BANDS);
    const change = fc.oneof(
      fc.record({ field: fc.constant("email" as const), value: fc.option(emailIndex) }),
      fc.record({ field: fc.constant("phone" as const), value: fc.option(phoneIndex) }),
      fc.record({ field: fc.constant("ageBand" as const), value: ageBand }),
      fc.record({ field: fc.constant("sms" as const), value: fc.boolean() }),
      fc.record({ field: fc.constant("emailEnabled" as const), value: fc.boolean() }),
    );
    const step = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant("add" as const),
          fam,
          email: fc.option(emailIndex),
          phone: fc.option(phoneIndex),
          ageBand,
          sms: fc.boolean(),
        }),
      },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant("update" as const), fam, who, change }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("remove" as const), fam, who }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("readd" as const), fam }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("guardian" as const), fam, who }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant("self" as const), fam, who }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("notice" as const), fam, who }) },
      { weight: 4, arbitrary: fc.record({ kind: fc.constant("send-now" as const), fam, who }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("pause" as const), fam, who }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("resume" as const), fam, who }) },
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant("answer" as const),
          pick: fc.nat(),
          choice: fc.constantFrom("yes", "yes", "yes", "no", "not-me"),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("stop" as const), pick: fc.nat() }) },
      {
        // A text from a phone: STOP, START, a plain YES (to whatever it got last), YES with the
        // code of one notice it got, or with a code no notice has.
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant("text" as const),
          phone: phoneIndex,
          reply: fc.constantFrom("STOP", "START", "YES", "YES", "Sí", "code", "code", "code", "wrong"),
          pick: fc.nat(),
        }),
      },
    );
    /**
     * Run first, so every case of a text reply is met whatever the random runs reach: two families
     * ask one phone, its plain YES asks for the code, its YES with the first family's code confirms
     * that family, the first family's practice text gets a "Sí" (a reply to it, not a yes to the
     * second family, whose send must be refused), and a third family's only notice to another phone
     * is confirmed by a plain YES.
     */
    const TEXT_REPLY_WALK: (typeof step extends fc.Arbitrary<infer Step> ? Step : never)[] = [
      { kind: "add", fam: 0, email: null, phone: 3, ageBand: "adult", sms: true },
      { kind: "add", fam: 1, email: null, phone: 3, ageBand: "adult", sms: true },
      { kind: "text", phone: 3, reply: "YES", pick: 0 },
      { kind: "text", phone: 3, reply: "code", pick: 0 },
      { kind: "send-now", fam: 0, who: 1 },
      { kind: "text", phone: 3, reply: "Sí", pick: 0 },
      { kind: "send-now", fam: 1, who: 1 },
      { kind: "text", phone: 3, reply: "wrong", pick: 0 },
      { kind: "add", fam: 2, email: null, phone: 4, ageBand: "adult", sms: true },
      { kind: "text", phone: 4, reply: "YES", pick: 0 },
      { kind: "send-now", fam: 2, who: 1 },
    ];

    it(
      "after every step of random holder and reader actions, text replies included (40 runs of 10 to 25 steps, 3 families)",
      { timeout: 300_000 },
      async () => {
        const families = [
          await holder(EMAILS[0], { name: FAMILY_NAMES[0], phone: PHONES[0] }),
          await holder(EMAILS[1], { name: FAMILY_NAMES[1], phone: PHONES[1] }),
          await holder(EMAILS[2], { name: FAMILY_NAMES[2], phone: PHONES[2] }),
        ];
        const totals = {
          steps: 0,
          practice: 0,
          agreed: 0,
          refused: 0,
          notices: 0,
          textYes: 0,
          codeYes: 0,
          practiceReplies: 0,
          codeAsked: 0,
        };

        await withSettings(
          {
            PRACTICE_MESSAGES_PER_ADDRESS_PER_WEEK: "1000",
            PRACTICE_NOTICES_PER_ADDRESS: "100",
            PRACTICE_NEW_ADDRESSES_PER_DAY: "1000",
          },
          () =>
            fc.assert(
              fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 25, size: "max" }), async (steps) => {
                const db = suite.handle.db;
                for (const table of TRAINING_TABLES) await db.delete(table);
                for (const family of families) await page(family.cookie);

                // The model: what each address's own reader did, and what the holder did to each person.
                const agreed = families.map(() => new Set<string>());
                // Per family and phone: the step of the last notice the phone got from it, and its code.
                const lastNotice = families.map(() => new Map<string, number>());
                const lastCode = families.map(() => new Map<string, string>());
                // Per phone: the practice texts queued to it (a removed person's go with them).
                const practiceTexts = new Map<string, { step: number; contactId: string }[]>();
                const refused = new Set<string>();
                const people = new Map<
                  string,
                  { family: number; ageBand: string; guardian: boolean; paused: boolean }
                >();
                const removed = families.map(() => [] as Record<string, string>[]);
                const notices = new Map<string, number>(); // outbox id → family that sent it
                const seen = new Set<string>();
                for (const [index, family] of families.entries()) {
                  for (const contact of await contactsOf(family.subscriptionId))
                    people.set(contact.id, { family: index, ageBand: contact.ageBand, guardian: false, paused: false });
                }
                const addressesOf = async (index: number) =>
                  new Set(
                    (await contactsOf(families[index].subscriptionId)).flatMap((c) =>
                      [c.email?.toLowerCase(), c.phone].filter((a): a is string => Boolean(a)),
                    ),
                  );
                const refuse = (address: string) => {
                  refused.add(address);
                  for (const set of agreed) set.delete(address);
                };
                const log: string[] = [];

                for (const [number, action] of steps.entries()) {
                  const statuses: number[] = [];
                  const before = await outbox();
                  const existing = new Set(before.map((row) => row.id));
                  let holderStep: number | null = null;
                  let textedFrom: string | null = null;

                  if ("fam" in action) {
                    const family = families[action.fam];
                    holderStep = action.fam;
                    const contacts = await contactsOf(family.subscriptionId);
                    const contact = "who" in action ? contacts[action.who % Math.max(1, contacts.length)] : undefined;
                    const act = async (fields: Record<string, string>) => {
                      const answer = await post(family.cookie, fields);
                      statuses.push(answer.status);
                      return answer;
                    };
                    if (action.kind === "add" || action.kind === "readd") {
                      let fields: Record<string, string> | undefined;
                      if (action.kind === "add") {
                        const email = action.email === null ? null : EMAILS[action.email];
                        const phone = action.phone === null ? null : PHONES[action.phone];
                        fields = details({
                          name: NAMES[number % NAMES.length],
                          ageBand: action.ageBand,
                          email: email ?? (phone ? "" : EMAILS[4]),
                          emailEnabled: email || !phone ? "on" : undefined,
                          phone: phone ?? "",
                          smsEnabled: phone && (action.sms || !email) ? "on" : undefined,
                        });
                      } else fields = removed[action.fam].at(-1);
                      if (fields) {
                        const answer = await act({ intent: "add", ...fields });
                        if (answer.status === 200) {
                          const added = (await contactsOf(family.subscriptionId)).find((c) => !people.has(c.id))!;
                          people.set(added.id, {
                            family: action.fam,
                            ageBand: added.ageBand,
                            guardian: false,
                            paused: false,
                          });
                        }
                      }
                    } else if (contact) {
                      const person = people.get(contact.id)!;
                      if (action.kind === "update") {
                        const { field, value } = action.change;
                        const overrides: Record<string, string | undefined> =
                          field === "email"
                            ? value === null
                              ? { email: "", emailEnabled: undefined }
                              : { email: EMAILS[value as number] }
                            : field === "phone"
                              ? value === null
                                ? { phone: "", smsEnabled: undefined }
                                : { phone: PHONES[value as number] }
                              : field === "ageBand"
                                ? { ageBand: value as string }
                                : field === "sms"
                                  ? { smsEnabled: value && contact.phone ? "on" : undefined }
                                  : { emailEnabled: value && contact.email ? "on" : undefined };
                        const answer = await act({
                          intent: "update",
                          contactId: contact.id,
                          ...editFields(contact, overrides),
                        });
                        if (answer.status === 200) {
                          const [now] = await db
                            .select()
                            .from(trainingContacts)
                            .where(eq(trainingContacts.id, contact.id));
                          if (isMinor(now.ageBand) !== isMinor(person.ageBand)) person.guardian = false;
                          person.ageBand = now.ageBand;
                        }
                      } else if (action.kind === "remove") {
                        if ((await act({ intent: "remove", contactId: contact.id, confirm: "yes" })).status === 200) {
                          people.delete(contact.id);
                          for (const [phone, texts] of practiceTexts)
                            practiceTexts.set(
                              phone,
                              texts.filter((text) => text.contactId !== contact.id),
                            );
                          removed[action.fam].push(editFields(contact));
                        }
                      } else if (action.kind === "guardian") {
                        const answer = await act({ intent: "guardian-consent", contactId: contact.id, guardian: "on" });
                        if (answer.status === 200) person.guardian = true;
                      } else if (action.kind === "self") {
                        const answer = await act({ intent: "self-consent", contactId: contact.id });
                        if (answer.status === 200) agreed[action.fam].add(family.email);
                      } else if (action.kind === "notice") {
                        await act({ intent: "send-notice", contactId: contact.id });
                      } else if (action.kind === "send-now") {
                        const sent = await sendNow(family, contact.id);
                        statuses.push(sent.status);
                      } else if (action.kind === "pause" || action.kind === "resume") {
                        const answer = await act({ intent: action.kind, contactId: contact.id });
                        if (answer.status === 200) person.paused = action.kind === "pause";
                      }
                    }
                  } else if (action.kind === "answer") {
                    // The reader of an address presses a button in a notice that was sent to it.
                    const available = before.filter((row) => notices.has(row.id));
                    const notice = available[action.pick % Math.max(1, available.length)];
                    const token = notice?.textBody.match(CONSENT_LINK)?.[1];
                    if (notice && token) {
                      const family = notices.get(notice.id)!;
                      const answer = await consentPost(token, { choice: action.choice });
                      statuses.push(answer.status);
                      if (answer.status === 200 && action.choice === "yes") {
                        expect((await addressesOf(family)).has(notice.recipient)).toBe(true);
                        refused.delete(notice.recipient);
                        agreed[family].add(notice.recipient);
                        totals.agreed += 1;
                      } else if (answer.status === 200) {
                        refuse(notice.recipient);
                        totals.refused += 1;
                      }
                    }
                  } else if (action.kind === "stop") {
                    const sent = before.filter((row) => PRACTICE_TEMPLATES.includes(row.template));
                    const message = sent[action.pick % Math.max(1, sent.length)];
                    if (message) {
                      const [record] = await db
                        .select({ contact: trainingContacts })
                        .from(practiceMessages)
                        .innerJoin(trainingContacts, eq(trainingContacts.id, practiceMessages.contactId))
                        .where(eq(practiceMessages.outboxMessageId, message.id));
                      const stopped = await stopPost(message.textBody.match(PRACTICE_LINK)![1]);
                      statuses.push(stopped.status);
                      if (stopped.status === 200) {
                        const family = people.get(record.contact.id)!.family;
                        const own = [record.contact.email?.toLowerCase(), record.contact.phone].filter(
                          (a): a is string => Boolean(a) && agreed[family].has(a!),
                        );
                        for (const address of [message.recipient, ...own]) refuse(address);
                        totals.refused += 1;
                      }
                    }
                  } else {
                    // Mostly a phone we have written to (a text from a stranger's phone changes little).
                    const written = [
                      ...new Set(before.filter((row) => row.channel === "sms").map((row) => row.recipient)),
                    ];
                    const phone =
                      written.length > 0 && action.pick % 4 !== 0
                        ? written[action.pick % written.length]
                        : PHONES[action.phone];
                    textedFrom = phone;
                    // What the phone got last from us: a practice text, or a notice (and whose).
                    const noticeAt = Math.max(-1, ...families.map((_, f) => lastNotice[f].get(phone) ?? -1));
                    const practiceAt = Math.max(-1, ...(practiceTexts.get(phone) ?? []).map((text) => text.step));
                    const answersPractice = practiceAt > noticeAt;
                    /** The rule for a YES with no code: the phone's only waiting notice, when it is also its last one. */
                    const plainYes = () => {
                      if (answersPractice) {
                        totals.practiceReplies += 1;
                        return;
                      }
                      const waiting = families
                        .map((_, f) => f)
                        .filter((f) => lastNotice[f].has(phone) && !agreed[f].has(phone));
                      if (waiting.length === 1 && lastNotice[waiting[0]].get(phone) === noticeAt) {
                        agreed[waiting[0]].add(phone);
                        totals.textYes += 1;
                      } else if (waiting.length > 0) totals.codeAsked += 1;
                    };
                    if (action.reply === "STOP") {
                      await textFrom(phone, "STOP");
                      refuse(phone);
                    } else if (action.reply === "START" || action.reply === "YES") {
                      await textFrom(phone, action.reply.toLowerCase());
                      // Lifting a STOP is all it does; otherwise it is a plain yes.
                      if (refused.has(phone)) refused.delete(phone);
                      else plainYes();
                    } else if (action.reply === "Sí") {
                      await textFrom(phone, "Sí");
                      plainYes();
                    } else if (action.reply === "wrong") {
                      // Codes have 4 digits from 1000 up: 0999 is no notice's.
                      await textFrom(phone, "YES 0999");
                      const waiting = families.filter((_, f) => lastNotice[f].has(phone) && !agreed[f].has(phone));
                      if (!answersPractice && waiting.length > 0) totals.codeAsked += 1;
                    } else {
                      // YES with the code of one notice the phone got (maybe answered, maybe old).
                      const got = before.filter((row) => notices.has(row.id) && row.recipient === phone);
                      const notice = got[action.pick % Math.max(1, got.length)];
                      const code = notice?.textBody.match(REPLY_CODE)?.[1];
                      if (notice && code) {
                        await textFrom(phone, `yes ${code}`);
                        const family = notices.get(notice.id)!;
                        // It names that family's notice while the family still has the number (a
                        // re-added number gets a new notice and code).
                        if (lastCode[family].get(phone) === code) {
                          agreed[family].add(phone);
                          totals.codeYes += 1;
                        }
                      }
                    }
                  }
                  log.push(`${JSON.stringify(action)} → ${statuses.join(",")}`);
                  totals.steps += 1;

                  // Nothing the site does answers with a server error.
                  expect(
                    statuses.filter((status) => status >= 500),
                    log.join("\n"),
                  ).toEqual([]);

                  // The new rows in the outbox since the step began.
                  const fresh = (await outbox()).filter((row) => !existing.has(row.id) && !seen.has(row.id));
                  for (const row of fresh) seen.add(row.id);
                  const freshNotices = fresh.filter((row) => row.template.startsWith("training-"));
                  for (const row of freshNotices) {
                    expect(holderStep, `a notice came from a reader's step\n${log.join("\n")}`).not.toBeNull();
                    expect(refused.has(row.recipient), `notice to a refused address\n${log.join("\n")}`).toBe(false);
                    notices.set(row.id, holderStep!);
                    lastNotice[holderStep!].set(row.recipient, number);
                    const code = row.textBody.match(REPLY_CODE)?.[1];
                    if (row.channel === "sms") {
                      // Every text notice names its code, and no other family's notice to the phone has it.
                      expect(code, row.textBody).toMatch(/^[1-9]\d{3}$/);
                      for (const [family, codes] of lastCode.entries())
                        if (family !== holderStep) expect(codes.get(row.recipient)).not.toBe(code);
                      lastCode[holderStep!].set(row.recipient, code!);
                    }
                    totals.notices += 1;
                  }
                  // The one answer to an unclear YES: to the phone that sent it, naming no family.
                  const freshHelp = fresh.filter((row) => row.template === "consent-reply-help");
                  for (const row of freshHelp) {
                    expect(action.kind, log.join("\n")).toBe("text");
                    expect(row.recipient).toBe(textedFrom);
                    for (const name of [...FAMILY_NAMES, ...NAMES])
                      for (const word of name.split(" ")) expect(row.textBody).not.toContain(word);
                  }
                  expect(freshHelp.length).toBeLessThanOrEqual(1);
                  const freshPractice = fresh.filter((row) => PRACTICE_TEMPLATES.includes(row.template));
                  for (const row of freshPractice) {
                    const context = `${row.template} to ${row.recipient}\n${log.join("\n")}`;
                    expect(action.kind, context).toBe("send-now");
                    const [record] = await db
                      .select({ contact: trainingContacts })
                      .from(practiceMessages)
                      .innerJoin(trainingContacts, eq(trainingContacts.id, practiceMessages.contactId))
                      .where(eq(practiceMessages.outboxMessageId, row.id));
                    const person = people.get(record.contact.id)!;
                    expect(person.family, context).toBe((action as { fam: number }).fam);
                    expect(agreed[person.family].has(row.recipient), `not agreed: ${context}`).toBe(true);
                    expect(refused.has(row.recipient), `refused: ${context}`).toBe(false);
                    if (row.template === PRACTICE_TEXT_TEMPLATE) {
                      const texts = practiceTexts.get(row.recipient) ?? [];
                      practiceTexts.set(row.recipient, [...texts, { step: number, contactId: record.contact.id }]);
                    }
                    expect(person.paused, `paused: ${context}`).toBe(false);
                    if (isMinor(person.ageBand)) expect(person.guardian, `no guardian: ${context}`).toBe(true);
                    expect(
                      row.template === PRACTICE_EMAIL_TEMPLATE
                        ? record.contact.email?.toLowerCase()
                        : record.contact.phone,
                      context,
                    ).toBe(row.recipient);
                    totals.practice += 1;
                  }
                  expect(fresh.length, `unexpected outbox rows\n${log.join("\n")}`).toBe(
                    freshNotices.length + freshPractice.length + freshHelp.length,
                  );

                  // An address no one in the family has any more is forgotten: its yes does not come back.
                  for (const index of families.keys()) {
                    const current = await addressesOf(index);
                    for (const address of [...agreed[index]]) if (!current.has(address)) agreed[index].delete(address);
                    for (const address of [...lastNotice[index].keys()])
                      if (!current.has(address)) {
                        lastNotice[index].delete(address);
                        lastCode[index].delete(address);
                      }
                  }
                }
              }),
              { numRuns: 40, examples: [[TEXT_REPLY_WALK]] },
            ),
        );
        // The runs reached the interesting states, not only refusals.
        expect(totals.practice).toBeGreaterThan(0);
        expect(totals.agreed).toBeGreaterThan(0);
        expect(totals.refused).toBeGreaterThan(0);
        // ...and the text replies' cases: a plain YES that confirmed, a YES with a code, a YES to a
        // practice text, and an unclear YES.
        for (const key of ["textYes", "codeYes", "practiceReplies", "codeAsked"] as const)
          expect(totals[key], `${key}: ${JSON.stringify(totals)}`).toBeGreaterThan(0);
      },
    );
  });
});
