import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { startFakeTwilio, type FakeTwilio } from "../fakes/twilio-server";
import { testChannels } from "../support/delivery";
import { serveRouteAction } from "../support/route-server";
import { postSignedText } from "../support/twilio-webhook";
import { createTestFamily } from "../support/training-family";
import { getEnv, resetEnvForTests } from "~/config/env.server";
import { useDatabaseForTests } from "~/db/database.server";
import { users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { deliverDueMessages } from "~/mail/outbox.server";
import { outboxMessages, smsSuppressions } from "~/mail/tables";
import { twilioTransport } from "~/mail/sms-transports.server";
import { TWILIO_STATUS_PATH } from "~/mail/text-delivery-status.server";
import { action as statusWebhook } from "~/routes/api.webhooks.twilio.status";
import { practiceLibrary } from "~/training/library/practice-library.server";
import type { PracticeScenario } from "~/training/library/practice-scenario-schema";
import {
  dispatchDuePracticeMessages,
  planPracticeMessages,
  recordDeliveryEvents,
} from "~/training/sending/scheduler.server";
import { practiceSendingSetup } from "~/training/library/practice-sending-setup.server";
import { contactEligibility } from "~/training/sending/practice-eligibility.server";
import { practiceEvents, practiceMessages, trainingContacts, trainingPrograms } from "~/training/tables";

/**
 * Practice texts from more than one number (issue #36): TWILIO_FROM lists several, each scenario
 * keeps one (every step of a scam told in steps comes from the same one), and a Twilio Messaging
 * Service with its own pool is the alternative. Status callbacks and a STOP sent to any of the
 * numbers reach the same handling. Everything goes through the Twilio SDK to the fake Twilio.
 */
const POOL = ["+15005550006", "+15005550007", "+15005550008"];
const SERVICE = `MG${"c".repeat(32)}`;
const JOE = "+15555550142";
const DAY = 86_400_000;
const START = new Date("2026-11-16T05:00:00Z");
const SETTINGS = ["APP_URL", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM", "TWILIO_MESSAGING_SERVICE_SID"];

describe.each(DATABASE_TARGETS)("practice texts from several numbers on $name", (target) => {
  const suite = databaseForSuite(target, [
    practiceEvents,
    practiceMessages,
    trainingContacts,
    trainingPrograms,
    outboxMessages,
    smsSuppressions,
    members,
    subscriptions,
    customers,
    users,
  ]);
  let twilio: FakeTwilio;
  let status: Awaited<ReturnType<typeof serveRouteAction>>;

  beforeAll(async () => {
    twilio = await startFakeTwilio({ servicePool: POOL });
    status = await serveRouteAction(statusWebhook as never);
  });
  afterAll(async () => {
    await Promise.all([twilio.close(), status.close()]);
    for (const key of SETTINGS) delete process.env[key];
    resetEnvForTests();
  });
  beforeEach(() => useDatabaseForTests(suite.handle));
  afterEach(() => twilio.reset());

  const db = () => suite.handle.db;

  function configure(settings: { TWILIO_FROM?: string; TWILIO_MESSAGING_SERVICE_SID?: string }) {
    for (const key of SETTINGS) delete process.env[key];
    Object.assign(process.env, {
      APP_URL: status.origin,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      ...settings,
    });
    resetEnvForTests();
    const env = getEnv();
    return testChannels({
      sms: twilioTransport({
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        from: env.TWILIO_FROM ?? SERVICE,
        messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID ?? null,
        apiBase: twilio.url,
        statusCallbackUrl: `${status.origin}${TWILIO_STATUS_PATH}`,
      }),
    });
  }

  async function joe() {
    const family = await createTestFamily(db(), {
      holderName: "Dana Rivera",
      holderEmail: "dana@example.com",
      contacts: [{ name: "Grandpa Joe", ageBand: "adult", email: null, phone: JOE, smsEnabled: true }],
    });
    await db().insert(trainingPrograms).values({ subscriptionId: family.subscription.id });
    return family.contacts[0]!;
  }

  /** A text scam told in steps for adults, and two other texts. */
  function library() {
    const all = practiceLibrary().scenarios;
    const steps = all
      .filter((s) => s.channel === "sms" && s.sequence && s.ageBands.includes("adult"))
      .filter((s, _, list) => list.filter((t) => t.sequence!.id === s.sequence!.id).length >= 2);
    const sequenceId = steps[0]!.sequence!.id;
    const sequence = steps
      .filter((s) => s.sequence!.id === sequenceId)
      .sort((a, b) => a.sequence!.step - b.sequence!.step);
    const others = all.filter((s) => s.channel === "sms" && !s.sequence && s.ageBands.includes("adult")).slice(0, 2);
    const scenarios: PracticeScenario[] = [sequence[0]!, sequence[1]!, ...others];
    return { scenarios, byId: (id: string) => scenarios.find((s) => s.id === id) };
  }

  /** Plans, queues at its moment and delivers one week's text; returns the practice message row. */
  async function sendWeek(week: number, channels: ReturnType<typeof configure>, lib: ReturnType<typeof library>) {
    const now = new Date(START.getTime() + week * 7 * DAY);
    const [planned] = await planPracticeMessages(db(), { now, library: lib, random: () => 0 });
    expect(planned, `a text planned in week ${week}`).toBeTruthy();
    await dispatchDuePracticeMessages(db(), { now: planned!.scheduledFor, library: lib });
    await deliverDueMessages(db(), channels);
    const [message] = await db().select().from(practiceMessages).where(eq(practiceMessages.id, planned!.id));
    return message!;
  }

  it("sends each scenario from one of the listed numbers, every step of a sequence from the same one", async () => {
    const channels = configure({ TWILIO_FROM: POOL.join(",") });
    expect(practiceSendingSetup()!.textSenders).toEqual(POOL);
    const contact = await joe();
    const lib = library();
    const sent: (typeof practiceMessages.$inferSelect)[] = [];
    for (let week = 0; week < 4; week++) sent.push(await sendWeek(week, channels, lib));
    expect(twilio.messages).toHaveLength(4);
    const fromOf = (scenarioId: string) => {
      const message = sent.find((m) => m.scenarioId === scenarioId)!;
      return twilio.messages.find((text) => text.body.includes(message.token))!.from;
    };
    for (const message of sent) {
      expect(POOL).toContain(fromOf(message.scenarioId));
      // What the feedback page shows is the number it really came from.
      expect(message.delivered!.from.address).toBe(fromOf(message.scenarioId));
    }
    const [first, second] = lib.scenarios;
    expect(fromOf(second!.id)).toBe(fromOf(first!.id));
    // The same scenario always keeps its number: asked again, the setup gives the same one.
    const setup = practiceSendingSetup()!;
    for (const scenario of lib.scenarios.slice(2)) {
      expect(setup.textSenderFor(scenario.id)).toBe(fromOf(scenario.id));
    }
    expect(new Set(POOL.map((_, i) => setup.textSenderFor(`scenario-${i}`))).size).toBeGreaterThanOrEqual(1);
    const rows = await db()
      .select()
      .from(practiceMessages)
      .where(eq(practiceMessages.contactId, contact.id))
      .orderBy(asc(practiceMessages.scheduledFor));
    expect(rows).toHaveLength(4);
  });

  it("sends through a Messaging Service, takes its status callbacks, and a STOP to a pool number stops practice texts", async () => {
    const channels = configure({ TWILIO_MESSAGING_SERVICE_SID: SERVICE, TWILIO_FROM: POOL.join(",") });
    const contact = await joe();
    const lib = library();
    // Real Twilio posts its callbacks seconds after answering; held until the send is recorded.
    twilio.holdCallbacks();
    const message = await sendWeek(0, channels, lib);
    twilio.releaseCallbacks();
    const [text] = twilio.messages;
    expect(text).toMatchObject({ messagingServiceSid: SERVICE, to: JOE });
    expect(POOL).toContain(text!.from);
    expect(message.delivered!.from.address).toBe("one of the Training Program's numbers");

    // Twilio's signed "sent" and "delivered" reach our status route, and the delivery is recorded.
    await twilio.callbacksPosted();
    const callbacks = twilio.statusCallbacks.filter((callback) => callback.params.MessageSid === text!.sid);
    expect(callbacks.map((callback) => [callback.params.MessageStatus, callback.answer])).toEqual([
      ["sent", 200],
      ["delivered", 200],
    ]);
    expect(callbacks[0]!.params).toMatchObject({ MessagingServiceSid: SERVICE, From: text!.from });
    const [outbox] = await db().select().from(outboxMessages).where(eq(outboxMessages.id, message.outboxMessageId!));
    expect(outbox).toMatchObject({ providerStatus: "delivered", senderAddress: null });
    await recordDeliveryEvents(db());
    const kinds = await db().select().from(practiceEvents).where(eq(practiceEvents.messageId, message.id));
    expect(kinds.map((event) => event.kind)).toContain("sent");

    // Joe answers STOP to the pool number the text came from (not the first one listed).
    const params = {
      MessageSid: "SM0000000000000000000000000000stop",
      AccountSid: twilio.accountSid,
      From: JOE,
      To: text!.from!,
      Body: "STOP",
      NumMedia: "0",
    };
    const url = `${status.origin}/api/webhooks/twilio`;
    expect((await postSignedText(twilio, url, params)).status).toBe(200);
    expect((await db().select().from(smsSuppressions)).map((row) => row.phone)).toEqual([JOE]);
    // Nothing more is planned for him.
    expect(await planPracticeMessages(db(), { now: new Date(START.getTime() + 7 * DAY), library: lib })).toEqual([]);
    const verdict = await contactEligibility(db(), contact.id, new Date(START.getTime() + 7 * DAY));
    expect(verdict?.eligible && verdict.recipient.channels).not.toContain("sms");
  });
});
