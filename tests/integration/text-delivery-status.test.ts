import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { startFakeTwilio, type FakeTwilio } from "../fakes/twilio-server";
import { serveRouteAction } from "../support/route-server";
import { testChannels } from "../support/delivery";
import { createTestFamily } from "../support/training-family";
import { resetEnvForTests } from "~/config/env.server";
import { useDatabaseForTests } from "~/db/database.server";
import { users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { deliverMessage } from "~/mail/outbox.server";
import { outboxMessages } from "~/mail/tables";
import { twilioTransport } from "~/mail/sms-transports.server";
import { TWILIO_STATUS_PATH } from "~/mail/text-delivery-status.server";
import { action as statusWebhook } from "~/routes/api.webhooks.twilio.status";
import { TEXTS_UNDELIVERED_EXPLANATION } from "~/training/people/failed-deliveries.server";
import { loadTrainingPage } from "~/training/people/contact-settings.server";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { loadFamilyResults } from "~/training/results/family-results.server";
import { contactEligibility } from "~/training/sending/practice-eligibility.server";
import { recordDeliveryEvents } from "~/training/sending/scheduler.server";
import { practiceEvents, practiceMessages, trainingContacts, trainingPrograms } from "~/training/tables";
import { newPracticeToken } from "../support/practice-seeds";

/**
 * Twilio's status callbacks, end to end: a practice text leaves through the Twilio SDK to the fake
 * Twilio, which posts signed "sent" and then "delivered" (or "undelivered") callbacks over HTTP to
 * the real route action; the family results then say "Not delivered" for a text that never
 * arrived (never "No response"), and two in a row pause that person's texts with a reason.
 */
const FROM_NUMBER = "+15005550006";
const GRANDPA_PHONE = "+15555550142";

describe.each(DATABASE_TARGETS)("text delivery statuses on $name", (target) => {
  const suite = databaseForSuite(target, [
    practiceEvents,
    practiceMessages,
    trainingContacts,
    trainingPrograms,
    outboxMessages,
    members,
    subscriptions,
    customers,
    users,
  ]);
  let twilio: FakeTwilio;
  let server: Awaited<ReturnType<typeof serveRouteAction>>;
  let appUrl: string;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    // Our route behind a plain HTTP server, as Twilio reaches it: the request as it arrived.
    server = await serveRouteAction(statusWebhook as never);
    appUrl = server.origin;
    Object.assign(process.env, {
      APP_URL: appUrl,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: FROM_NUMBER,
    });
    resetEnvForTests();
  });
  afterAll(async () => {
    await twilio.close();
    await server.close();
    for (const key of ["APP_URL", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"]) delete process.env[key];
    resetEnvForTests();
  });
  beforeEach(() => {
    twilio.reset();
    useDatabaseForTests(suite.handle);
  });

  const db = () => suite.handle.db;
  const sms = () =>
    twilioTransport({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: FROM_NUMBER,
      apiBase: twilio.url,
      statusCallbackUrl: `${appUrl}${TWILIO_STATUS_PATH}`,
    });
  const smsScenarios = practiceLibrary()
    .scenariosFor({ channel: "sms", ageBand: "older-adult" })
    .map((scenario) => scenario.id);

  async function grandpaFamily() {
    const family = await createTestFamily(db(), {
      holderName: "Dana Rivera",
      holderEmail: "dana@example.com",
      contacts: [
        {
          name: "Grandpa Joe",
          ageBand: "older-adult",
          email: "joe@example.com",
          phone: GRANDPA_PHONE,
          smsEnabled: true,
        },
      ],
    });
    await db().insert(trainingPrograms).values({ subscriptionId: family.subscription.id });
    return { ...family, joe: family.contacts[0]! };
  }

  /** A practice text queued to Joe (as the scheduler does), then delivered through Twilio. */
  async function sendPracticeText(contactId: string, scenarioId: string) {
    const [outbox] = await db()
      .insert(outboxMessages)
      .values({ channel: "sms", template: "practice-sms", recipient: GRANDPA_PHONE, textBody: "A practice text." })
      .returning();
    const [message] = await db()
      .insert(practiceMessages)
      .values({
        contactId,
        scenarioId,
        channel: "sms",
        level: 1,
        token: newPracticeToken(),
        status: "queued",
        scheduledFor: new Date(),
        queuedAt: new Date(),
        outboxMessageId: outbox!.id,
        address: GRANDPA_PHONE,
      })
      .returning();
    // As with real Twilio, its callbacks come after the message id is recorded here.
    twilio.holdCallbacks();
    try {
      expect(await deliverMessage(db(), testChannels({ sms: sms() }), outbox!.id)).toBe("sent");
    } finally {
      twilio.releaseCallbacks();
    }
    await twilio.callbacksPosted();
    return { outboxId: outbox!.id, messageId: message!.id };
  }
  const outboxRow = async (id: string) =>
    (await db().select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;

  it("asks Twilio for status callbacks and records 'delivered' from its signed callbacks", async () => {
    const { joe } = await grandpaFamily();
    const { outboxId } = await sendPracticeText(joe.id, smsScenarios[0]!);
    expect(twilio.requests[0]!.form.StatusCallback).toBe(`${appUrl}${TWILIO_STATUS_PATH}?ref=${outboxId}`);
    expect(twilio.statusCallbacks.map((callback) => [callback.params.MessageStatus, callback.answer])).toEqual([
      ["sent", 200],
      ["delivered", 200],
    ]);
    const row = await outboxRow(outboxId);
    expect(row.providerStatus).toBe("delivered");
    expect(row.providerError).toBeNull();
  });

  it("shows an undelivered text as 'Not delivered', never 'No response', and leaves it out of the rates", async () => {
    const { joe, userId } = await grandpaFamily();
    twilio.failDelivery(GRANDPA_PHONE, "undelivered", "30003");
    const { outboxId, messageId } = await sendPracticeText(joe.id, smsScenarios[0]!);
    const row = await outboxRow(outboxId);
    expect(row.providerStatus).toBe("undelivered");
    expect(row.providerError).toBe("30003: The phone is switched off or out of reach.");

    await recordDeliveryEvents(db());
    const kinds = await db().select().from(practiceEvents).where(eq(practiceEvents.messageId, messageId));
    expect(kinds.map((event) => event.kind).sort()).toEqual(["failed", "sent"]);
    expect(kinds.find((event) => event.kind === "failed")!.detail).toContain("30003");

    const results = (await loadFamilyResults(db(), userId))!;
    const person = results.people[0]!;
    expect(person.messages.map((message) => message.outcomeLabel)).toEqual(["Not delivered"]);
    expect(person.figures).toMatchObject({ sent: 0, notDelivered: 1, noResponse: 0 });
    expect(person.fallRate).toBe("—");
    expect(results.monthSent).toBe(0);
  });

  it("shows a text Twilio took but never confirmed as 'Delivery not confirmed' once its response window passed", async () => {
    const { joe, userId } = await grandpaFamily();
    const { outboxId } = await sendPracticeText(joe.id, smsScenarios[0]!);
    // As if the callbacks never came: Twilio had only taken it.
    await db().update(outboxMessages).set({ providerStatus: "queued" }).where(eq(outboxMessages.id, outboxId));
    // Just sent: the confirmation (and Joe's answer) may still come.
    const now = (await loadFamilyResults(db(), userId))!.people[0]!;
    expect(now.messages.map((message) => message.outcomeLabel)).toEqual(["Waiting"]);
    expect(now.figures).toMatchObject({ sent: 1, waiting: 1, deliveryUnknown: 0, noResponse: 0 });
    // Four days later (the window is three), still unconfirmed and unanswered.
    const later = new Date(Date.now() + 4 * 86_400_000);
    const person = (await loadFamilyResults(db(), userId, { now: later }))!.people[0]!;
    expect(person.messages.map((message) => message.outcomeLabel)).toEqual(["Delivery not confirmed"]);
    expect(person.figures).toMatchObject({ sent: 1, deliveryUnknown: 1, noResponse: 0 });
  });

  it("pauses a person's texts after two undelivered in a row, with the reason on their card; email goes on", async () => {
    const { joe, userId } = await grandpaFamily();
    twilio.failDelivery(GRANDPA_PHONE, "undelivered", "30005");
    await sendPracticeText(joe.id, smsScenarios[0]!);
    let verdict = (await contactEligibility(db(), joe.id, new Date()))!;
    expect(verdict.eligible && verdict.recipient.channels).toEqual(["email", "sms"]);
    await sendPracticeText(joe.id, smsScenarios[1]!);
    verdict = (await contactEligibility(db(), joe.id, new Date()))!;
    expect(verdict.eligible && verdict.recipient.channels).toEqual(["email"]);

    const [user] = await db().select().from(users).where(eq(users.id, userId));
    const page = await loadTrainingPage(db(), { id: userId, email: user!.email } as never);
    if (page.kind !== "program") throw new Error("expected the holder's program");
    const texts = page.contacts[0]!.addresses.find((address) => address.channel === "sms")!;
    expect(texts.paused).toBe(TEXTS_UNDELIVERED_EXPLANATION);
    expect(page.contacts[0]!.addresses.find((address) => address.channel === "email")!.paused).toBeNull();
  });

  it("never moves a status back: 'sent' after 'delivered' is ignored", async () => {
    const { joe } = await grandpaFamily();
    const { outboxId } = await sendPracticeText(joe.id, smsScenarios[0]!);
    const sid = (await outboxRow(outboxId)).providerMessageId!;
    const params = { MessageSid: sid, SmsSid: sid, MessageStatus: "sent", AccountSid: twilio.accountSid };
    const response = await post(params, twilio.sign(`${appUrl}${TWILIO_STATUS_PATH}`, params));
    expect(response.status).toBe(200);
    expect((await outboxRow(outboxId)).providerStatus).toBe("delivered");
  });

  it("answers 403 to a wrong signature, 400 to a malformed status and 404 to an unknown message, changing nothing", async () => {
    const { joe } = await grandpaFamily();
    const { outboxId } = await sendPracticeText(joe.id, smsScenarios[0]!);
    const sid = (await outboxRow(outboxId)).providerMessageId!;
    const url = `${appUrl}${TWILIO_STATUS_PATH}`;
    const failed = { MessageSid: sid, MessageStatus: "failed", ErrorCode: "30008" };
    expect((await post(failed, twilio.sign(url, failed, "not-the-token"))).status).toBe(403);
    expect((await post(failed, null)).status).toBe(403);
    const malformed = { MessageSid: sid, MessageStatus: "exploded" };
    const answer = await post(malformed, twilio.sign(url, malformed));
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("MessageStatus");
    const unknown = { MessageSid: `SM${"0".repeat(32)}`, MessageStatus: "failed" };
    expect((await post(unknown, twilio.sign(url, unknown))).status).toBe(404);
    expect((await outboxRow(outboxId)).providerStatus).toBe("delivered");
  });

  async function post(params: Record<string, string>, signature: string | null) {
    return fetch(`${appUrl}${TWILIO_STATUS_PATH}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(signature === null ? {} : { "X-Twilio-Signature": signature }),
      },
      body: new URLSearchParams(params),
    });
  }
});
