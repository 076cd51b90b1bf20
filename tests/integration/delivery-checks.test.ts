import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { callRoute } from "../support/accounts";
import { formPost } from "../support/requests";
import { createTestFamily } from "../support/training-family";
import { users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { getEnv } from "~/config/env.server";
import { handleInboundText, parseInboundText } from "~/mail/inbound-texts.server";
import { outboxMessages } from "~/mail/tables";
import { requestLimits } from "~/security/tables";
import { action as consentAction, loader as consentLoader } from "~/routes/training.consent";
import { action as checkAction, loader as checkLoader } from "~/routes/practice.check";
import { handleTrainingAction, loadTrainingPage } from "~/training/people/contact-settings.server";
import { CHECK_LIMIT, latestChecks, sendDeliveryCheck } from "~/training/people/delivery-checks.server";
import {
  handleTrainingEmail,
  registerTrainingReplies,
  unregisterTrainingReplies,
} from "~/training/tracking/practice-replies.server";
import {
  deliveryChecks,
  practiceAddressConsents,
  practiceSuppressions,
  trainingContacts,
  trainingPrograms,
} from "~/training/tables";

/**
 * "Make sure practice messages reach you": the person's consent page shows their mail service's
 * steps and "Send me a test"; the test leaves from the practice sender, and pressing "Yes, it
 * arrived" on its page (or replying) confirms it. Only an address that said yes can get one, at
 * most three a day, and quiet hours hold.
 */
describe.each(DATABASE_TARGETS)("delivery tests on $name", (target) => {
  const suite = databaseForSuite(target, [
    deliveryChecks,
    practiceAddressConsents,
    practiceSuppressions,
    trainingContacts,
    trainingPrograms,
    outboxMessages,
    requestLimits,
    members,
    subscriptions,
    customers,
    users,
  ]);
  const db = () => suite.handle.db;

  async function family(options: { consent?: boolean; timeZone?: string } = {}) {
    const made = await createTestFamily(db(), {
      holderName: "Maria Lopez",
      holderEmail: "maria@example.com",
      contacts: [
        {
          name: "Rosa Lopez",
          ageBand: "older-adult",
          email: "rosa.lopez@gmail.com",
          phone: "+15555550177",
          smsEnabled: true,
          consent: options.consent,
          timeZone: options.timeZone ?? "America/New_York",
        },
      ],
    });
    const rosa = made.contacts[0]!;
    const [emailConsent] = await db()
      .select()
      .from(practiceAddressConsents)
      .where(eq(practiceAddressConsents.address, "rosa.lopez@gmail.com"));
    return { ...made, rosa, consentToken: emailConsent!.token };
  }

  const post = async (route: (args: never) => unknown, path: string, token: string, fields: Record<string, string>) => {
    const { value, thrown } = await callRoute(route, formPost(path, fields), { token });
    if (thrown) return { status: thrown.status, data: null };
    const answer = value as {
      data: { ok?: boolean; title?: string; message?: string; state?: string };
      init: { status?: number } | null;
    };
    return { status: answer.init?.status ?? 200, data: answer.data };
  };
  const outbox = () => db().select().from(outboxMessages);
  const checks = () => db().select().from(deliveryChecks);

  it("shows the person their mail service's steps, sends a test from the practice sender, and 'Yes, it arrived' confirms it", async () => {
    const { rosa, consentToken } = await family();
    const { value } = await callRoute(
      consentLoader,
      new Request(`http://localhost:3000/training/consent/${consentToken}`),
      {
        token: consentToken,
      },
    );
    const view = (value as { data: { deliverySteps: { service: string; steps: string[] } } }).data;
    expect(view.deliverySteps.service).toBe("Gmail");
    expect(view.deliverySteps.steps.join(" ")).toContain(`@${getEnv().practice!.mailDomain}`);

    const sent = await post(consentAction, `/training/consent/${consentToken}`, consentToken, { intent: "send-test" });
    expect(sent).toMatchObject({ status: 200, data: { ok: true, title: "Test sent" } });
    const [email] = await outbox();
    expect(email).toMatchObject({
      channel: "email",
      template: "delivery-check",
      recipient: "rosa.lopez@gmail.com",
      subject: "Test from scam-free: did this reach your inbox?",
      senderName: "scam-free delivery check",
      senderAddress: `check@${getEnv().practice!.mailDomain}`,
    });
    expect(email!.textBody).toContain("not a practice scam");
    const [check] = await checks();
    expect(check).toMatchObject({ contactId: rosa.id, channel: "email", requestedBy: "person", confirmedAt: null });
    const link = `${getEnv().practice!.linkOrigin}/practice/check/${check!.token}`;
    expect(email!.textBody).toContain(link);
    expect((await latestChecks(db(), [rosa.id])).get(`${rosa.id}:rosa.lopez@gmail.com`)).toMatchObject({
      confirmedAt: null,
    });

    // Opening the link changes nothing (mail scanners open links); the button confirms.
    const opened = await callRoute(checkLoader, new Request(link), { token: check!.token });
    expect((opened.value as { data: { state: string } }).data.state).toBe("ask");
    expect((await checks())[0]!.confirmedAt).toBeNull();
    const bad = await post(checkAction, `/practice/check/${check!.token}`, check!.token, { intent: "nonsense" });
    expect(bad.status).toBe(400);
    expect((await checks())[0]!.confirmedAt).toBeNull();
    const pressed = await post(checkAction, `/practice/check/${check!.token}`, check!.token, { intent: "arrived" });
    expect(pressed).toMatchObject({ status: 200, data: { state: "confirmed" } });
    expect((await checks())[0]).toMatchObject({ confirmedHow: "link" });
    expect((await latestChecks(db(), [rosa.id])).get(`${rosa.id}:rosa.lopez@gmail.com`)!.confirmedAt).not.toBeNull();

    const unknown = await callRoute(checkLoader, new Request(`${getEnv().practice!.linkOrigin}/practice/check/x`), {
      token: "A".repeat(43),
    });
    expect(unknown.thrown?.status).toBe(404);
  });

  it("sends nothing to an address that has not said yes, and refuses an unknown action", async () => {
    const { rosa, consentToken } = await family({ consent: false });
    const refused = await post(consentAction, `/training/consent/${consentToken}`, consentToken, {
      intent: "send-test",
    });
    expect(refused.status).toBe(409);
    expect(refused.data?.message).toContain("said yes");
    const unknown = await post(consentAction, `/training/consent/${consentToken}`, consentToken, { intent: "explode" });
    expect(unknown.status).toBe(400);
    expect(await outbox()).toHaveLength(0);
    expect(await checks()).toHaveLength(0);
    const byHolder = await sendDeliveryCheck(db(), { contact: rosa, channel: "sms", requestedBy: "holder" });
    expect(byHolder.status).toBe(409);
    expect(await outbox()).toHaveLength(0);
  });

  it(`sends at most ${CHECK_LIMIT.max} tests a day to one address, whoever asks`, async () => {
    const { rosa } = await family();
    for (let i = 0; i < CHECK_LIMIT.max; i++) {
      expect((await sendDeliveryCheck(db(), { contact: rosa, channel: "email", requestedBy: "holder" })).status).toBe(
        200,
      );
    }
    const fourth = await sendDeliveryCheck(db(), { contact: rosa, channel: "email", requestedBy: "person" });
    expect(fourth).toMatchObject({ status: 429, title: "Enough tests for today" });
    expect(await outbox()).toHaveLength(CHECK_LIMIT.max);
  });

  it("holds a test the holder asks for during quiet hours until the morning where the person lives", async () => {
    const { rosa } = await family({ timeZone: "America/New_York" });
    const night = new Date("2026-11-26T07:30:00Z"); // 02:30 in New York
    const answer = await sendDeliveryCheck(db(), { contact: rosa, channel: "sms", requestedBy: "holder", now: night });
    expect(answer.message).toContain("quiet hours");
    const [text] = await outbox();
    expect(text!.sendAt!.toISOString()).toBe("2026-11-26T13:00:00.000Z"); // 08:00 in New York
    expect(text!.textBody).toMatch(/^scam-free test for Rosa \(not a practice scam\): reply OK/);
    expect(text!.textBody).toContain("Reply STOP to end.");
    // The person asking for one on their own page is awake: theirs goes at once.
    await sendDeliveryCheck(db(), { contact: rosa, channel: "email", requestedBy: "person", now: night });
    const email = (await outbox()).find((row) => row.channel === "email")!;
    expect(email.sendAt).toBeNull();
  });

  it("a reply confirms a test: an email naming the test's Message-ID from its address, or any text from its phone; a stranger's does not", async () => {
    const { rosa } = await family();
    await sendDeliveryCheck(db(), { contact: rosa, channel: "email", requestedBy: "holder" });
    await sendDeliveryCheck(db(), { contact: rosa, channel: "sms", requestedBy: "holder" });
    const emailTest = (await outbox()).find((row) => row.channel === "email")!;
    const reply = (from: string) => ({
      from,
      to: [`check@${getEnv().practice!.mailDomain}`],
      subject: "Re: Test from scam-free: did this reach your inbox?",
      messageId: "<reply-1@gmail.com>",
      inReplyTo: [`<${emailTest.id}@${getEnv().practice!.mailDomain}>`],
      texts: ["Got it, thanks!"],
    });
    expect(await handleTrainingEmail(db(), reply("someone.else@example.com"))).toBe("unknown");
    expect((await checks()).every((check) => check.confirmedAt === null)).toBe(true);
    expect(await handleTrainingEmail(db(), reply("rosa.lopez@gmail.com"))).toBe("counted");

    registerTrainingReplies();
    try {
      await handleInboundText(db(), parseInboundText({ From: "+15555550199", Body: "OK", MessageSid: "SM1" })!);
      expect((await checks()).find((check) => check.channel === "sms")!.confirmedAt).toBeNull();
      await handleInboundText(db(), parseInboundText({ From: "+15555550177", Body: "ok", MessageSid: "SM2" })!);
    } finally {
      unregisterTrainingReplies();
    }
    const confirmed = await checks();
    expect(confirmed.map((check) => [check.channel, check.confirmedHow]).sort()).toEqual([
      ["email", "reply"],
      ["sms", "reply"],
    ]);
  });

  it("the holder's card: 'Send a test' for an address that said yes, then 'Test delivered' once it is confirmed; another family cannot", async () => {
    const { rosa, userId } = await family();
    const holder = { id: userId, email: "maria@example.com" } as never;
    const card = async () => {
      const page = await loadTrainingPage(db(), holder);
      if (page.kind !== "program") throw new Error("expected the holder's program");
      return page.contacts[0]!.addresses.find((address) => address.channel === "sms")!.delivery!;
    };
    expect((await card()).check).toBeNull();
    expect((await card()).steps.service).toBe("Phone");

    const bad = await handleTrainingAction(db(), holder, { intent: "send-test", contactId: rosa.id, channel: "fax" });
    expect(bad.status).toBe(400);
    expect(bad.result.message).toBe("Choose the email address or the phone number to test.");
    const sent = await handleTrainingAction(db(), holder, { intent: "send-test", contactId: rosa.id, channel: "sms" });
    expect(sent).toMatchObject({ status: 200, result: { ok: true, title: "Test sent" } });
    expect((await card()).check).toMatchObject({ confirmedAt: null });

    const other = await createTestFamily(db(), {
      holderName: "Other Holder",
      holderEmail: "other@example.com",
      contacts: [{ name: "Other Person", ageBand: "adult" }],
    });
    const stranger = { id: other.userId, email: "other@example.com" } as never;
    const refused = await handleTrainingAction(db(), stranger, {
      intent: "send-test",
      contactId: rosa.id,
      channel: "sms",
    });
    expect(refused.status).toBe(404);
    expect(await outbox()).toHaveLength(1);

    const [check] = await checks();
    await post(checkAction, `/practice/check/${check!.token}`, check!.token, { intent: "arrived" });
    expect((await card()).check!.confirmedAt).not.toBeNull();
  });
});
