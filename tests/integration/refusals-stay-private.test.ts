import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, ne } from "drizzle-orm";
import { BOTH_DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { FAMILY_TABLES } from "../support/family-tables";
import { holderWithFamilyPlan } from "../support/family-holder";
import { callRoute } from "../support/accounts";
import { callAction, callLoader } from "../support/route-calls";
import { formPost } from "../support/requests";
import { seedPracticeMessage, seedSubscription } from "../support/practice-seeds";
import { writeAddressConsent } from "../support/training-family";
import { handleInboundText, parseInboundText } from "~/mail/inbound-texts.server";
import { outboxMessages } from "~/mail/tables";
import {
  practiceAddressConsents,
  practiceEvents,
  practiceMessages,
  practiceSuppressions,
  trainingContacts,
} from "~/training/tables";
import { countNoticeToAddress } from "~/training/people/address-consent.server";
import { listContacts } from "~/training/people/programs.server";
import type { TrainingResult } from "~/training/people/contact-schema";
import { OPTED_OUT_EXPLANATION } from "~/training/people/contact-status";
import type { TrainingPageView } from "~/training/people/contact-view";
import { PRACTICE_EMAIL_TEMPLATE } from "~/training/sending/practice-composer.server";
import { sendPracticeMessageNow } from "~/training/sending/practice-sends.server";
import { translatorFor } from "~/i18n/translate";
import { registerTrainingReplies, unregisterTrainingReplies } from "~/training/tracking/practice-replies.server";
import { action as trainingAction, loader as trainingLoader } from "~/routes/account.training";
import { action as consentAction } from "~/routes/training.consent";
import { action as optInAction } from "~/routes/training.opt-in";
import { action as optInConfirmAction } from "~/routes/training.opt-in.confirm";
import { action as practiceStopAction } from "~/routes/practice.stop";

/**
 * A family sees only what the family did (#33): a refusal suppresses the address for every family
 * (decision 025, nothing goes to it), but only a family whose own notice or practice message got
 * the refusal is told "Opted out". To a stranger who adds the address it has simply not answered,
 * and every action answers exactly as it would for an address at its notice limit, or one that has
 * not said yes.
 */

const CONSENT_LINK = /\/training\/consent\/([A-Za-z0-9_-]+)/;
/** A practice message's token in its links (its landing on the story's path, its /unsubscribe/). */
const PRACTICE_LINK = /\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;
const LIFT_LINK = /\/training\/opt-in\/([A-Za-z0-9_-]+)/;
/** Every way the holder's page could say the address refused. */
const REFUSAL_WORDS = ["Opted out", "opted-out", "opted out", OPTED_OUT_EXPLANATION, "asked not to get"];

interface Holder {
  cookie: string;
  userId: string;
  subscriptionId: string;
}

describe.each(BOTH_DATABASE_TARGETS)("a refusal is told only to the family it answered, on $name", (target) => {
  const suite = databaseForSuite(target, FAMILY_TABLES);
  const db = () => suite.handle.db;

  beforeAll(() => registerTrainingReplies());
  afterAll(() => unregisterTrainingReplies());

  /** An account holder (confirmed email) with Family Training and nobody else enrolled yet. */
  async function holder(email: string): Promise<Holder> {
    return holderWithFamilyPlan(suite.handle, email);
  }

  const page = async (cookie: string) =>
    (await callLoader<{ view: TrainingPageView }>(trainingLoader, "/account/training", { Cookie: cookie })).data;
  const post = async (who: Holder, fields: Record<string, string>) => {
    const { status, data } = await callAction<TrainingResult>(trainingAction, "/account/training", fields, {
      headers: { Cookie: who.cookie },
    });
    return { status, title: data.title, message: data.message };
  };
  /** Adds "Gran" reached only at this email address or phone number. */
  const add = (who: Holder, address: string) =>
    post(who, {
      intent: "add",
      name: "Gran",
      ageBand: "older-adult",
      timeZone: "Europe/London",
      ...(address.includes("@")
        ? { email: address, phone: "", emailEnabled: "on" }
        : { email: "", phone: address, smsEnabled: "on" }),
    });
  const contactAt = async (who: Holder, address: string) =>
    (await listContacts(db(), who.subscriptionId)).find((c) => c.email === address || c.phone === address)!;
  const cardOf = async (who: Holder, address: string) => {
    const view = (await page(who.cookie)).view;
    if (view.kind !== "program") throw new Error("no program");
    return view.contacts.find((c) => c.email === address || c.phone === address)!;
  };
  const outbox = () =>
    db()
      .select()
      .from(outboxMessages)
      .where(ne(outboxMessages.template, "confirm-email"))
      .orderBy(asc(outboxMessages.createdAt));
  const sentTo = async (address: string) => (await outbox()).filter((row) => row.recipient === address);
  const linkSentTo = async (address: string) => (await sentTo(address)).at(-1)?.textBody.match(CONSENT_LINK)?.[1];
  const consentPost = (token: string, choice: string) =>
    callRoute(consentAction, formPost(`/training/consent/${token}`, { choice }), { token });
  let sid = 0;
  const textFrom = (phone: string, body: string) => {
    sid += 1;
    const text = parseInboundText({ From: phone, To: "+15550009999", Body: body, MessageSid: `SM${sid}` });
    return handleInboundText(db(), text!);
  };
  const refusedAt = async (who: Holder) =>
    (
      await db()
        .select({ refusedAt: practiceAddressConsents.refusedAt })
        .from(practiceAddressConsents)
        .where(eq(practiceAddressConsents.subscriptionId, who.subscriptionId))
    ).map((row) => row.refusedAt);

  /** Nothing on the stranger's page, anywhere in its data, says the address refused anyone. */
  async function expectNoRefusalShown(who: Holder) {
    const json = JSON.stringify(await page(who.cookie));
    for (const words of REFUSAL_WORDS) expect(json, words).not.toContain(words);
  }

  /**
   * What `who` is answered for an address another family's notice or message was refused by, next
   * to what they are answered for an address nobody refused whose notice limit is reached: equal.
   */
  async function expectAnswersLikeALimit(who: Holder, refused: string, control: string) {
    // The control address has had every notice it may get in 30 days (3), from other families.
    for (let i = 0; i < 3; i += 1) expect((await countNoticeToAddress(db(), control)).allowed).toBe(true);
    const addedRefused = await add(who, refused);
    const addedControl = await add(who, control);
    expect(addedRefused).toEqual(addedControl);
    expect(addedRefused.message).toContain("We can't send a notice to that address right now");

    const card = await cardOf(who, refused);
    expect(card).toMatchObject({ status: "waiting", statusLabel: "Waiting for consent" });
    expect(card.addresses).toEqual([expect.objectContaining({ state: "waiting", delivery: null })]);
    const controlCard = await cardOf(who, control);
    expect({ ...card, id: "", email: "", phone: "", addresses: [] }).toEqual({
      ...controlCard,
      id: "",
      email: "",
      phone: "",
      addresses: [],
    });

    const [gran, other] = [await contactAt(who, refused), await contactAt(who, control)];
    const notice = await post(who, { intent: "send-notice", contactId: gran.id });
    expect(notice).toEqual(await post(who, { intent: "send-notice", contactId: other.id }));
    expect(notice).toMatchObject({ status: 429, title: "No notice sent" });

    const channel = refused.includes("@") ? "email" : "sms";
    const test = await post(who, { intent: "send-test", contactId: gran.id, channel });
    expect(test.status).toBe(409);
    expect(test.title).toBe("Waiting for consent");
    expect(test.message.replace(refused, "X")).toBe(
      (await post(who, { intent: "send-test", contactId: other.id, channel })).message.replace(control, "X"),
    );
    const now = await sendPracticeMessageNow(db(), { userId: who.userId, contactId: gran.id }, translatorFor("en"));
    expect(now).toMatchObject({ ok: false, status: 409, title: "Waiting for consent" });
    expect(now).toEqual(
      await sendPracticeMessageNow(db(), { userId: who.userId, contactId: other.id }, translatorFor("en")),
    );

    await expectNoRefusalShown(who);
    expect(await refusedAt(who)).toEqual([]);
  }

  it('"No thanks" to family A\'s notice: A sees Opted out; a stranger adding the address sees it wait, answered like a limit, and nothing goes to it', async () => {
    const a = await holder("a@example.com");
    expect((await add(a, "gran@example.com")).status).toBe(200);
    await consentPost((await linkSentTo("gran@example.com"))!, "no");
    expect(await cardOf(a, "gran@example.com")).toMatchObject({
      statusLabel: "Opted out",
      addresses: [{ state: "opted-out" }],
    });
    const before = await sentTo("gran@example.com");
    expect(before).toHaveLength(1);

    const b = await holder("b@example.com");
    await expectAnswersLikeALimit(b, "gran@example.com", "pat@example.com");
    // A child: the guardian's confirmation is taken as for any child, and nothing is sent.
    const gran = await contactAt(b, "gran@example.com");
    const edited = await post(b, {
      intent: "update",
      contactId: gran.id,
      name: "Gran",
      ageBand: "child",
      email: "gran@example.com",
      phone: "",
      emailEnabled: "on",
      timeZone: "Europe/London",
    });
    expect(edited.status).toBe(200);
    const guardian = await post(b, { intent: "guardian-consent", contactId: gran.id, guardian: "on" });
    expect(guardian).toMatchObject({ status: 200, title: "Thank you" });
    await expectNoRefusalShown(b);

    expect(await sentTo("gran@example.com")).toEqual(before);
    expect(await db().select().from(practiceMessages)).toEqual([]);
    // A still knows: its own notice got the refusal.
    expect((await cardOf(a, "gran@example.com")).statusLabel).toBe("Opted out");
    const again = await post(a, { intent: "send-notice", contactId: (await contactAt(a, "gran@example.com")).id });
    expect(again).toMatchObject({ status: 409, title: "They opted out" });
  });

  it("STOP by text: each family that texted the number sees Opted out; one that never did sees it wait", async () => {
    const phone = "+15550104444";
    const a = await holder("a@example.com");
    const c = await holder("c@example.com");
    expect((await add(a, phone)).status).toBe(200);
    expect((await add(c, phone)).status).toBe(200);
    expect(await sentTo(phone)).toHaveLength(2);
    expect(await textFrom(phone, "STOP")).toBe("opted-out");
    for (const who of [a, c]) expect((await cardOf(who, phone)).statusLabel).toBe("Opted out");

    const b = await holder("b@example.com");
    await expectAnswersLikeALimit(b, phone, "+15550104445");
    expect(await sentTo(phone)).toHaveLength(2);
    for (const who of [a, c]) expect((await cardOf(who, phone)).statusLabel).toBe("Opted out");
  });

  it("the stop link on A's practice email: A sees Opted out, a stranger does not", async () => {
    const a = await holder("a@example.com");
    await add(a, "gran@example.com");
    await consentPost((await linkSentTo("gran@example.com"))!, "yes");
    const gran = await contactAt(a, "gran@example.com");
    expect(
      await sendPracticeMessageNow(db(), { userId: a.userId, contactId: gran.id }, translatorFor("en")),
    ).toMatchObject({ ok: true });
    const practice = (await sentTo("gran@example.com")).find((row) => row.template === PRACTICE_EMAIL_TEMPLATE)!;
    const token = practice.textBody.match(PRACTICE_LINK)![1]!;
    await callRoute(practiceStopAction, formPost(`/practice/${token}/stop`, { intent: "stop" }), { token });
    expect((await cardOf(a, "gran@example.com")).statusLabel).toBe("Opted out");
    const before = await sentTo("gran@example.com");

    const b = await holder("b@example.com");
    await expectAnswersLikeALimit(b, "gran@example.com", "pat@example.com");
    expect(await sentTo("gran@example.com")).toEqual(before);
  });

  it("lifting the refusal (the /training/opt-in link) forgets who it answered: A asks again", async () => {
    const a = await holder("a@example.com");
    await add(a, "gran@example.com");
    await consentPost((await linkSentTo("gran@example.com"))!, "no");
    expect(await refusedAt(a)).toEqual([expect.any(Date)]);

    await callRoute(optInAction, formPost("/training/opt-in", { address: "gran@example.com" }));
    const liftToken = (await sentTo("gran@example.com")).at(-1)!.textBody.match(LIFT_LINK)![1]!;
    await callRoute(optInConfirmAction, formPost(`/training/opt-in/${liftToken}`, { intent: "lift" }), {
      token: liftToken,
    });
    expect(await db().select().from(practiceSuppressions)).toEqual([]);
    expect(await refusedAt(a)).toEqual([null]);
    expect(await cardOf(a, "gran@example.com")).toMatchObject({
      statusLabel: "Waiting for consent",
      addresses: [{ state: "asked" }],
    });
    const notice = await post(a, { intent: "send-notice", contactId: (await contactAt(a, "gran@example.com")).id });
    expect(notice).toMatchObject({ status: 200, title: "Notice sent" });
  });

  it("the migration marks the stored refusals whose family is known (STOP by text, a practice message's stop) and no other", async () => {
    const at = (iso: string) => new Date(iso);
    const consentRow = async (subscriptionId: string, address: string) => {
      const rows = await db()
        .select({ address: practiceAddressConsents.address, refusedAt: practiceAddressConsents.refusedAt })
        .from(practiceAddressConsents)
        .where(eq(practiceAddressConsents.subscriptionId, subscriptionId));
      return rows.find((row) => row.address === address.toLowerCase())!;
    };
    // STOP from a phone: the family that texted it is answered; one whose row has no notice is not.
    const phone = "+15550106000";
    const [texted, silent] = [await seedSubscription(db()), await seedSubscription(db())];
    await writeAddressConsent(db(), texted, [phone], { agreed: false });
    await db()
      .insert(practiceAddressConsents)
      .values({
        subscriptionId: silent,
        address: phone,
        channel: "sms",
        token: `silent-token-${"x".repeat(30)}`,
      });
    await db().insert(practiceSuppressions).values({ address: phone, channel: "sms", reason: "sms-stop" });
    // A practice email's stop link (its "opted_out" event): the message's family is answered; another
    // family that only sent the address a notice is not.
    const stopped = await seedPracticeMessage(db(), { scenarioId: "email-bank-alert" });
    const [{ email }] = await db()
      .select({ email: trainingContacts.email })
      .from(trainingContacts)
      .where(eq(trainingContacts.id, stopped.contactId));
    const bystander = await seedSubscription(db());
    await writeAddressConsent(db(), bystander, [email!], { agreed: false });
    await db()
      .insert(practiceSuppressions)
      .values({ address: email!, channel: "email", reason: "stop-link", createdAt: at("2026-03-01T10:00:00Z") });
    await db()
      .insert(practiceEvents)
      .values({
        messageId: stopped.messageId,
        kind: "opted_out",
        detail: "stop-link",
        occurredAt: at("2026-03-01T10:00:00Z"),
      });
    // A stop lifted since, and the mailbox refused again later (by someone else): not this family's.
    const lifted = await seedPracticeMessage(db(), { scenarioId: "email-bank-alert" });
    const [{ email: liftedEmail }] = await db()
      .select({ email: trainingContacts.email })
      .from(trainingContacts)
      .where(eq(trainingContacts.id, lifted.contactId));
    await db()
      .insert(practiceEvents)
      .values({
        messageId: lifted.messageId,
        kind: "opted_out",
        detail: "stop-link",
        occurredAt: at("2026-01-01T10:00:00Z"),
      });
    await db()
      .insert(practiceSuppressions)
      .values({ address: liftedEmail!, channel: "email", reason: "no-thanks", createdAt: at("2026-04-01T10:00:00Z") });
    // "No thanks": which family's notice it answered was not recorded, so nobody is marked.
    const asked = await seedSubscription(db());
    await writeAddressConsent(db(), asked, ["said.no@example.com"], { agreed: false });
    await db()
      .insert(practiceSuppressions)
      .values({ address: "said.no@example.com", channel: "email", reason: "no-thanks" });

    const migration = readFileSync("drizzle/0023_consent_refused_here.sql", "utf8").split("--> statement-breakpoint");
    // The column exists already (the suite's database is migrated): run the statements that fill it.
    for (const statement of migration.slice(1)) await suite.handle.executeSql(statement);

    expect((await consentRow(texted, phone)).refusedAt).toEqual(expect.any(Date));
    expect((await consentRow(silent, phone)).refusedAt).toBeNull();
    expect((await consentRow(stopped.subscriptionId, email!)).refusedAt).toEqual(at("2026-03-01T10:00:00Z"));
    expect((await consentRow(bystander, email!)).refusedAt).toBeNull();
    expect((await consentRow(lifted.subscriptionId, liftedEmail!)).refusedAt).toBeNull();
    expect((await consentRow(asked, "said.no@example.com")).refusedAt).toBeNull();
  });
});
