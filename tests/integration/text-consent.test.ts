import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { FAMILY_TABLES } from "../support/family-tables";
import { holderWithFamilyPlan } from "../support/family-holder";
import { callRoute } from "../support/accounts";
import { callAction } from "../support/route-calls";
import { formPost } from "../support/requests";
import { startFakeTwilio, type FakeTwilio } from "../fakes/twilio-server";
import { postSignedText } from "../support/twilio-webhook";
import { resetEnvForTests } from "~/config/env.server";
import { enqueueEmail } from "~/mail/outbox.server";
import { outboxMessages, smsSuppressions } from "~/mail/tables";
import {
  practiceAddressConsents,
  practiceEvents,
  practiceMessages,
  practiceSuppressions,
  trainingContacts,
} from "~/training/tables";
import type { TrainingResult } from "~/training/people/contact-schema";
import { listContacts } from "~/training/people/programs.server";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { PRACTICE_TEXT_TEMPLATE } from "~/training/sending/practice-composer.server";
import { sendPracticeMessageNow } from "~/training/sending/practice-sends.server";
import { translatorFor } from "~/i18n/translate";
import { registerTrainingReplies, unregisterTrainingReplies } from "~/training/tracking/practice-replies.server";
import { action as trainingAction } from "~/routes/account.training";
import { action as consentAction } from "~/routes/training.consent";
import { action as mailboxAction } from "~/routes/dev.mailbox";

/**
 * A YES by text counts only for the notice it answers (issue #33, finding 1). The review's two
 * attacks, each sent both ways a text reaches the site: Twilio's signed webhook, and the local
 * mailbox's reply box (which must do exactly what the webhook does):
 * - families A and B both add phone P; P's plain YES confirmed B (the newest notice) although P
 *   meant A;
 * - P agreed to C by the link and ignored D's notice; C's practice text asked for a reply; P's
 *   YES to it confirmed D.
 * Also: a plain YES a week after the only notice, a wrong code, STOP from a sender that is not a
 * phone number (finding 12), and START after STOP.
 */

const TWILIO_NUMBER = "+15005550006";
const WEBHOOK_URL = "http://localhost:3000/api/webhooks/twilio";
const CONSENT_LINK = /\/training\/consent\/([A-Za-z0-9_-]+)/;
const REPLY_CODE = /Reply YES (\d{4})\b/i;
/** A practice text that asks its reader to reply ("Only 5 spots left, reply YES by 8pm"). */
const ASKS_FOR_REPLY = "sms-reship-parcels-job";
const DAY_MS = 86_400_000;

interface Holder {
  cookie: string;
  userId: string;
  subscriptionId: string;
  name: string;
}

describe.each(DATABASE_TARGETS)("a YES by text on $name", (target) => {
  const suite = databaseForSuite(target, FAMILY_TABLES);
  let twilio: FakeTwilio;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    Object.assign(process.env, {
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: TWILIO_NUMBER,
    });
    resetEnvForTests();
    registerTrainingReplies();
  });
  afterAll(async () => {
    unregisterTrainingReplies();
    for (const key of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"]) delete process.env[key];
    resetEnvForTests();
    await twilio.close();
  });

  /** An account holder with Family Training, signed in (as consent-bypasses.test.ts). */
  async function holder(email: string, name: string): Promise<Holder> {
    return { ...(await holderWithFamilyPlan(suite.handle, email, { name })), name };
  }

  const post = (who: Holder, fields: Record<string, string>) =>
    callAction<TrainingResult>(trainingAction, "/account/training", fields, { headers: { Cookie: who.cookie } });

  /** The holder adds a person reached only by text at this phone; returns the new contact's id. */
  async function addPhone(who: Holder, phone: string, name: string) {
    const added = await post(who, {
      intent: "add",
      name,
      ageBand: "adult",
      email: "",
      phone,
      smsEnabled: "on",
      timeZone: "Europe/London",
    });
    expect(added.status).toBe(200);
    const contacts = await listContacts(suite.handle.db, who.subscriptionId);
    return contacts.find((contact) => contact.phone === phone)!.id;
  }

  const textsTo = (phone: string) =>
    suite.handle.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, phone))
      .orderBy(asc(outboxMessages.createdAt));
  const noticeTo = async (phone: string, who: Holder) => {
    const [consent] = await suite.handle.db
      .select()
      .from(practiceAddressConsents)
      .where(
        and(eq(practiceAddressConsents.subscriptionId, who.subscriptionId), eq(practiceAddressConsents.address, phone)),
      );
    const text = (await textsTo(phone)).find((row) => row.textBody.includes(`/training/consent/${consent.token}`))!;
    return { consent, text, code: REPLY_CODE.exec(text.textBody)?.[1] ?? null };
  };
  const helpRepliesTo = async (phone: string) =>
    (await textsTo(phone)).filter((row) => row.template === "consent-reply-help");
  const confirmedFamilies = async (phone: string) =>
    (
      await suite.handle.db
        .select({ subscriptionId: practiceAddressConsents.subscriptionId, how: practiceAddressConsents.confirmedHow })
        .from(practiceAddressConsents)
        .where(and(eq(practiceAddressConsents.address, phone), sql`${practiceAddressConsents.confirmedAt} IS NOT NULL`))
    ).map((row) => [row.subscriptionId, row.how]);
  const sendNow = (who: Holder, contactId: string, scenarioId?: string) =>
    sendPracticeMessageNow(
      suite.handle.db,
      {
        userId: who.userId,
        contactId,
        library: scenarioId ? { scenarios: [practiceLibrary().byId(scenarioId)!] } : undefined,
      },
      translatorFor("en"),
    );
  const namesIn = (text: string, ...people: string[]) =>
    people.flatMap((person) => person.split(" ")).filter((word) => text.includes(word));

  let sid = 0;
  /** A text from `from` to our number, posted to the webhook as Twilio does: form-encoded and signed. */
  async function signedText(from: string, body: string) {
    sid += 1;
    const params = { MessageSid: `SM${sid}`, AccountSid: twilio.accountSid, From: from, To: TWILIO_NUMBER, Body: body };
    return postSignedText(twilio, WEBHOOK_URL, params);
  }

  /** The two ways a reply reaches the site; both must do the same. */
  const REPLY_PATHS = [
    {
      path: "Twilio's signed webhook",
      async reply(phone: string, body: string) {
        expect((await signedText(phone, body)).status).toBe(200);
      },
    },
    {
      path: "the local mailbox's reply box",
      async reply(phone: string, body: string) {
        // The reply box under the newest text to that phone, as the mailbox page shows it.
        const newest = (await textsTo(phone)).at(-1)!;
        const answer = await callAction<{ ok: boolean; message: string }>(
          mailboxAction,
          `/dev/mailbox?id=${newest.id}`,
          { intent: "text-reply", id: newest.id, body },
        );
        expect(answer).toMatchObject({ status: 200, data: { ok: true } });
      },
    },
  ];

  describe.each(REPLY_PATHS)("through $path", ({ reply }) => {
    it("two families add one phone: a plain YES confirms neither and asks once for the code, naming nobody; YES with A's code confirms A only", async () => {
      const phone = "+15555550101";
      const a = await holder("ana@example.com", "Ana Moreno");
      const b = await holder("bo@example.com", "Bo Lindqvist");
      const forA = await addPhone(a, phone, "Uncle Sam");
      const forB = await addPhone(b, phone, "Sam Neighbour");
      const noticeA = await noticeTo(phone, a);
      const noticeB = await noticeTo(phone, b);
      expect(noticeA.code).toMatch(/^\d{4}$/);
      expect(noticeB.code).toMatch(/^\d{4}$/);
      expect(noticeA.code).not.toBe(noticeB.code);

      await reply(phone, "YES");
      expect(await confirmedFamilies(phone)).toEqual([]);
      const help = await helpRepliesTo(phone);
      expect(help).toHaveLength(1);
      expect(help[0]!.textBody).toContain("4-digit code");
      expect(namesIn(help[0]!.textBody, a.name, b.name, "Uncle Sam", "Sam Neighbour")).toEqual([]);
      expect(await sendNow(a, forA)).toMatchObject({ ok: false, status: 409, title: "Waiting for consent" });
      expect(await sendNow(b, forB)).toMatchObject({ ok: false, status: 409, title: "Waiting for consent" });

      await reply(phone, `yes ${noticeA.code}`);
      expect(await confirmedFamilies(phone)).toEqual([[a.subscriptionId, "text-reply"]]);
      expect(await sendNow(a, forA)).toMatchObject({ ok: true });
      expect(await sendNow(b, forB)).toMatchObject({ ok: false, status: 409, title: "Waiting for consent" });
      expect(await helpRepliesTo(phone)).toHaveLength(1);
      // Only A's practice text went to the phone.
      const practice = (await textsTo(phone)).filter((row) => row.template === PRACTICE_TEXT_TEMPLATE);
      expect(practice).toHaveLength(1);
    });

    it("a YES to family C's practice text is a reply to it (a fall, as the text asked for one), never a yes to family D's waiting notice", async () => {
      const phone = "+15555550102";
      const c = await holder("cara@example.com", "Cara Diaz");
      const d = await holder("dev@example.com", "Dev Patel");
      const forC = await addPhone(c, phone, "Rosa");
      const token = CONSENT_LINK.exec((await noticeTo(phone, c)).text.textBody)![1]!;
      const { value } = await callRoute(consentAction, formPost(`/training/consent/${token}`, { choice: "yes" }), {
        token,
      });
      expect((value as { data: TrainingResult }).data).toMatchObject({ ok: true });
      const forD = await addPhone(d, phone, "Rosa");
      expect((await noticeTo(phone, d)).code).toMatch(/^\d{4}$/);
      expect(await sendNow(c, forC, ASKS_FOR_REPLY)).toMatchObject({ ok: true });
      const [message] = await suite.handle.db
        .select()
        .from(practiceMessages)
        .where(eq(practiceMessages.contactId, forC));
      expect(message).toMatchObject({ scenarioId: ASKS_FOR_REPLY, channel: "sms", status: "queued" });
      const levelBefore = (
        await suite.handle.db.select().from(trainingContacts).where(eq(trainingContacts.id, forC))
      )[0]!.level;

      await reply(phone, "YES");
      expect(await confirmedFamilies(phone)).toEqual([[c.subscriptionId, "notice-link"]]);
      expect(await sendNow(d, forD)).toMatchObject({ ok: false, status: 409, title: "Waiting for consent" });
      const events = await suite.handle.db
        .select()
        .from(practiceEvents)
        .where(eq(practiceEvents.messageId, message!.id));
      expect(events.map((event) => [event.kind, event.flagged, event.detail])).toEqual([
        ["clicked", false, "answered the text as it asked"],
      ]);
      const levelAfter = (
        await suite.handle.db.select().from(trainingContacts).where(eq(trainingContacts.id, forC))
      )[0]!.level;
      expect(levelAfter).toBe(Math.max(1, levelBefore - 1));
      // A reply to a practice text is not a question about notices: no "which code?" text.
      expect(await helpRepliesTo(phone)).toEqual([]);
    });

    it("a plain YES 8 days after the only notice confirms nothing; the notice's code still does", async () => {
      const phone = "+15555550103";
      const a = await holder("ana@example.com", "Ana Moreno");
      const forA = await addPhone(a, phone, "Uncle Sam");
      const { consent, code } = await noticeTo(phone, a);
      await suite.handle.db
        .update(practiceAddressConsents)
        .set({ noticeSentAt: new Date(Date.now() - 8 * DAY_MS) })
        .where(eq(practiceAddressConsents.id, consent.id));

      await reply(phone, "Yes!");
      expect(await confirmedFamilies(phone)).toEqual([]);
      expect(await sendNow(a, forA)).toMatchObject({ ok: false, status: 409 });
      expect(await helpRepliesTo(phone)).toHaveLength(1);

      await reply(phone, `Sí ${code}`);
      expect(await confirmedFamilies(phone)).toEqual([[a.subscriptionId, "text-reply"]]);
    });

    it("a plain YES within 7 days of the only notice confirms it; a wrong code confirms nothing, and the 'which code?' answer is sent at most 3 times a day", async () => {
      const phone = "+15555550104";
      const a = await holder("ana@example.com", "Ana Moreno");
      const b = await holder("bo@example.com", "Bo Lindqvist");
      await addPhone(a, phone, "Uncle Sam");
      const forB = await addPhone(b, phone, "Sam Neighbour");
      const { code: codeA } = await noticeTo(phone, a);
      const { code: codeB } = await noticeTo(phone, b);
      const wrong = ["0000", "1000", "9999"].find((candidate) => candidate !== codeA && candidate !== codeB)!;
      for (let i = 0; i < 5; i += 1) await reply(phone, `YES ${wrong}`);
      expect(await confirmedFamilies(phone)).toEqual([]);
      expect(await helpRepliesTo(phone)).toHaveLength(3);

      // A's notice answered by its link: B's is now the only one waiting, and a plain YES answers it.
      const token = CONSENT_LINK.exec((await noticeTo(phone, a)).text.textBody)![1]!;
      await callRoute(consentAction, formPost(`/training/consent/${token}`, { choice: "yes" }), { token });
      await reply(phone, "yes");
      expect((await confirmedFamilies(phone)).sort()).toEqual(
        [
          [a.subscriptionId, "notice-link"],
          [b.subscriptionId, "text-reply"],
        ].sort(),
      );
      expect(await sendNow(b, forB)).toMatchObject({ ok: true });
    });

    it("a plain YES after the phone answered the newest notice by its link confirms no older notice (it is not what the phone got last)", async () => {
      const phone = "+15555550107";
      const a = await holder("ana@example.com", "Ana Moreno");
      const b = await holder("bo@example.com", "Bo Lindqvist");
      const forA = await addPhone(a, phone, "Uncle Sam");
      await addPhone(b, phone, "Sam Neighbour");
      const token = CONSENT_LINK.exec((await noticeTo(phone, b)).text.textBody)![1]!;
      await callRoute(consentAction, formPost(`/training/consent/${token}`, { choice: "yes" }), { token });
      expect(await confirmedFamilies(phone)).toEqual([[b.subscriptionId, "notice-link"]]);

      await reply(phone, "YES");
      expect(await confirmedFamilies(phone)).toEqual([[b.subscriptionId, "notice-link"]]);
      expect(await sendNow(a, forA)).toMatchObject({ ok: false, status: 409, title: "Waiting for consent" });
      expect(await helpRepliesTo(phone)).toHaveLength(1);
    });

    it("a YES still answers a practice text after the family moved the person to another number", async () => {
      const phone = "+15555550108";
      const c = await holder("cara@example.com", "Cara Diaz");
      const d = await holder("dev@example.com", "Dev Patel");
      const forC = await addPhone(c, phone, "Rosa");
      const token = CONSENT_LINK.exec((await noticeTo(phone, c)).text.textBody)![1]!;
      await callRoute(consentAction, formPost(`/training/consent/${token}`, { choice: "yes" }), { token });
      const forD = await addPhone(d, phone, "Rosa");
      expect(await sendNow(c, forC, ASKS_FOR_REPLY)).toMatchObject({ ok: true });
      const moved = await post(c, {
        intent: "update",
        contactId: forC,
        name: "Rosa",
        ageBand: "adult",
        email: "",
        phone: "+15555550109",
        smsEnabled: "on",
        timeZone: "Europe/London",
      });
      expect(moved.status).toBe(200);

      // D's notice is now the only one waiting at the number, but what the phone got last is C's practice text.
      await reply(phone, "YES");
      expect(await confirmedFamilies(phone)).toEqual([]);
      expect(await sendNow(d, forD)).toMatchObject({ ok: false, status: 409, title: "Waiting for consent" });
      const [message] = await suite.handle.db
        .select()
        .from(practiceMessages)
        .where(eq(practiceMessages.contactId, forC));
      const events = await suite.handle.db
        .select()
        .from(practiceEvents)
        .where(eq(practiceEvents.messageId, message!.id));
      expect(events.map((event) => event.kind)).toEqual(["clicked"]);
    });

    it("START after STOP lifts the STOP and confirms no family", async () => {
      const phone = "+15555550105";
      const a = await holder("ana@example.com", "Ana Moreno");
      const forA = await addPhone(a, phone, "Uncle Sam");
      await reply(phone, "STOP");
      expect(await suite.handle.db.select().from(smsSuppressions)).toHaveLength(1);
      await reply(phone, "START");
      expect(await suite.handle.db.select().from(smsSuppressions)).toEqual([]);
      expect(await suite.handle.db.select().from(practiceSuppressions)).toEqual([]);
      expect(await confirmedFamilies(phone)).toEqual([]);
      expect(await sendNow(a, forA)).toMatchObject({ ok: false, status: 409 });
    });
  });

  it("a signed STOP from a sender that is not a phone number stores no suppression (and answers Twilio 200)", async () => {
    for (const from of ["ACME", "72345", "+1 555 555 0199", "+0123456789"]) {
      const response = await signedText(from, "STOP");
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    }
    expect(await suite.handle.db.select().from(smsSuppressions)).toEqual([]);
    expect(await suite.handle.db.select().from(practiceSuppressions)).toEqual([]);

    // Control: the same STOP from a phone number is stored.
    expect((await signedText("+15555550199", "STOP")).status).toBe(200);
    expect((await suite.handle.db.select().from(smsSuppressions)).map((row) => row.phone)).toEqual(["+15555550199"]);
  });

  it("the mailbox's reply box refuses an empty reply, a reply to an email, and an unknown message with 400, changing nothing", async () => {
    const phone = "+15555550106";
    const a = await holder("ana@example.com", "Ana Moreno");
    await addPhone(a, phone, "Uncle Sam");
    const notice = (await textsTo(phone)).at(-1)!;
    const emailId = await enqueueEmail(suite.handle.db, {
      template: "confirm-email",
      to: "ana@example.com",
      subject: "Confirm your email",
      text: "Confirm it here.",
      html: "<p>Confirm it here.</p>",
    });
    const cases: [Record<string, string>, string][] = [
      [{ intent: "text-reply", id: notice.id, body: "   " }, "Type a reply first."],
      [{ intent: "text-reply", id: notice.id }, "Type a reply first."],
      [
        { intent: "text-reply", id: notice.id, body: "Y".repeat(321) },
        "A reply here is at most 320 characters (two texts).",
      ],
      [{ intent: "text-reply", id: "not-an-id", body: "YES" }, "That message is not in the mailbox."],
      [{ intent: "text-reply", id: crypto.randomUUID(), body: "YES" }, "Only a text message can be answered by text."],
      [{ intent: "text-reply", id: emailId, body: "YES" }, "Only a text message can be answered by text."],
    ];
    for (const [fields, message] of cases) {
      const answer = await callAction<{ ok: boolean; message: string }>(mailboxAction, "/dev/mailbox", fields);
      expect(answer).toMatchObject({ status: 400, data: { ok: false, message } });
    }
    expect(await confirmedFamilies(phone)).toEqual([]);
    expect(await helpRepliesTo(phone)).toEqual([]);
  });
});
