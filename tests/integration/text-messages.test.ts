import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { startFakeTwilio, type FakeTwilio } from "../fakes/twilio-server";
import { testChannels } from "../support/delivery";
import { callLoader } from "../support/route-calls";
import { waitFor } from "../support/wait";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { resetEnvForTests } from "~/config/env.server";
import { outboxMessages, smsSuppressions } from "~/mail/tables";
import { deliverMessage, enqueueText } from "~/mail/outbox.server";
import { registerMessageDelivery, wakeDelivery } from "~/mail/delivery-queue.server";
import { JobRunner } from "~/jobs/job-runner.server";
import { twilioTransport } from "~/mail/sms-transports.server";
import { onInboundText, type InboundText } from "~/mail/inbound-texts.server";
import { action as twilioWebhook } from "~/routes/api.webhooks.twilio";
import { action as twilioStatusWebhook } from "~/routes/api.webhooks.twilio.status";
import { loader as mailboxLoader } from "~/routes/dev.mailbox";

const FROM_NUMBER = "+15005550006";
const WEBHOOK_URL = "http://localhost:3000/api/webhooks/twilio";

describe.each(DATABASE_TARGETS)("text messages on $name", (target) => {
  let handle: DatabaseHandle;
  let twilio: FakeTwilio;
  let runners: JobRunner[] = [];

  beforeAll(async () => {
    handle = await target.open();
    twilio = await startFakeTwilio();
  });
  afterAll(async () => {
    await twilio.close();
    await handle.close();
  });
  beforeEach(async () => {
    twilio.reset();
    await handle.db.delete(outboxMessages);
    await handle.db.delete(smsSuppressions);
  });
  afterEach(async () => {
    for (const runner of runners) await runner.stop();
    runners = [];
  });

  const sms = (timeoutMs = 15_000) =>
    twilioTransport({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: FROM_NUMBER,
      apiBase: twilio.url,
      timeoutMs,
    });
  const text = (to: string, extra: { sendAt?: Date } = {}) =>
    enqueueText(handle.db, { template: "practice-text", to, body: `Your parcel is waiting, reply to ${to}`, ...extra });
  const row = async (id: string) => (await handle.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];
  const sentTo = (to: string) => twilio.messages.filter((m) => m.to === to);

  async function startRunner(timeoutMs?: number) {
    const runner = new JobRunner(handle, { workers: true, pollingIntervalSeconds: 0.5 });
    registerMessageDelivery(runner, handle, { channels: testChannels({ sms: sms(timeoutMs) }), retryBaseSeconds: 1 });
    await runner.start();
    runners.push(runner);
    return runner;
  }

  it("sends a text through the Twilio SDK to the fake Twilio API, with basic auth, and records Twilio's message SID", async () => {
    const id = await text("+15551230001");
    expect(await deliverMessage(handle.db, testChannels({ sms: sms() }), id)).toBe("sent");
    expect(twilio.messages).toEqual([
      expect.objectContaining({
        to: "+15551230001",
        from: FROM_NUMBER,
        body: "Your parcel is waiting, reply to +15551230001",
      }),
    ]);
    const request = twilio.requests[0];
    expect(request.path).toBe(`/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`);
    expect(request.authorization).toBe(
      `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString("base64")}`,
    );
    expect(await row(id)).toMatchObject({
      status: "sent",
      channel: "sms",
      attempts: 1,
      transport: "twilio",
      providerMessageId: twilio.messages[0].sid,
      subject: null,
    });
  });

  it("refuses to queue a number that is not E.164", async () => {
    await expect(text("555-123-0002")).rejects.toThrow("not an E.164 phone number");
    expect(await handle.db.select().from(outboxMessages)).toHaveLength(0);
  });

  it("retries a Twilio 5xx with backoff and sends the text once it answers", async () => {
    const runner = await startRunner();
    twilio.failNext(2, 503);
    const id = await text("+15551230003");
    await wakeDelivery(runner, handle.db, [id]);
    const sent = await waitFor(
      async () => ((await row(id)).status === "sent" ? row(id) : undefined),
      20_000,
      "delivery after the outage",
    );
    expect(sent.attempts).toBe(3);
    await runner.idle();
    expect(twilio.attemptsTo("+15551230003")).toBe(3);
    expect(sentTo("+15551230003")).toHaveLength(1);
  });

  it("retries a Twilio request that never answers (timeout), then sends once", async () => {
    const runner = await startRunner(1_000);
    twilio.hangNext(1);
    const id = await text("+15551230004");
    await wakeDelivery(runner, handle.db, [id]);
    const sent = await waitFor(
      async () => ((await row(id)).status === "sent" ? row(id) : undefined),
      20_000,
      "delivery after the timeout",
    );
    expect(sent.attempts).toBe(2);
    expect(sentTo("+15551230004")).toHaveLength(1);
  });

  it("records 21610 (opted out) as failed with the reason, never retries it, and suppresses the number", async () => {
    const runner = await startRunner();
    twilio.refuse("+15551230005", 21610);
    const id = await text("+15551230005");
    await wakeDelivery(runner, handle.db, [id]);
    const failed = await waitFor(
      async () => ((await row(id)).status === "failed" ? row(id) : undefined),
      15_000,
      "the refusal",
    );
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain("Twilio 21610");
    expect(failed.lastError).toContain("opted out");
    await runner.idle();
    expect(twilio.attemptsTo("+15551230005")).toBe(1);
    expect(await handle.db.select().from(smsSuppressions)).toEqual([
      expect.objectContaining({ phone: "+15551230005", reason: "twilio-21610" }),
    ]);

    // A later text to that number is stopped here, before Twilio.
    const later = await text("+15551230005");
    expect(await deliverMessage(handle.db, testChannels({ sms: sms() }), later)).toBe("failed");
    expect(twilio.attemptsTo("+15551230005")).toBe(1);
  });

  it("records 21211 (invalid number) as failed without retrying", async () => {
    twilio.refuse("+15551230006", 21211);
    const id = await text("+15551230006");
    expect(await deliverMessage(handle.db, testChannels({ sms: sms() }), id)).toBe("failed");
    expect((await row(id)).lastError).toContain("Twilio 21211");
    expect(await deliverMessage(handle.db, testChannels({ sms: sms() }), id)).toBe("not-claimable");
    expect(twilio.attemptsTo("+15551230006")).toBe(1);
  });

  it("sends a scheduled text at its time, not before, and once, across a restart of the worker", async () => {
    const sendAt = new Date(Date.now() + 4_000);
    const id = await text("+15551230007", { sendAt });
    const first = await startRunner();
    await wakeDelivery(first, handle.db, [id]);
    // Not due yet: even a direct attempt cannot claim it.
    expect(await deliverMessage(handle.db, testChannels({ sms: sms() }), id)).toBe("not-claimable");
    await first.idle();
    expect(sentTo("+15551230007")).toHaveLength(0);
    // The process stops before the time and another one starts.
    await first.stop();
    const second = await startRunner();
    const sent = await waitFor(
      async () => ((await row(id)).status === "sent" ? row(id) : undefined),
      20_000,
      "the scheduled text",
    );
    expect(sent.sentAt!.getTime()).toBeGreaterThanOrEqual(sendAt.getTime());
    expect((await row(id)).sendAt).toEqual(sendAt);
    await second.idle();
    expect(sentTo("+15551230007")).toHaveLength(1);
  });

  it("never sends one message twice when two workers deliver the same backlog", async () => {
    const numbers = Array.from({ length: 40 }, (_, i) => `+1555124${String(i).padStart(4, "0")}`);
    const ids = [];
    for (const number of numbers) ids.push(await text(number));
    const [a, b] = await Promise.all([startRunner(), startRunner()]);
    await Promise.all([wakeDelivery(a, handle.db, ids), wakeDelivery(b, handle.db, ids)]);
    await waitFor(
      async () =>
        (await handle.db.select().from(outboxMessages).where(eq(outboxMessages.status, "sent"))).length === 40,
      30_000,
      "all 40 texts",
    );
    await Promise.all([a.idle(), b.idle()]);
    expect(twilio.messages).toHaveLength(40);
    expect(new Set(twilio.messages.map((m) => m.to)).size).toBe(40);
  });

  describe("inbound texts at /api/webhooks/twilio", () => {
    beforeAll(() => {
      useDatabaseForTests(handle);
      Object.assign(process.env, {
        TWILIO_ACCOUNT_SID: twilio.accountSid,
        TWILIO_AUTH_TOKEN: twilio.authToken,
        TWILIO_FROM: FROM_NUMBER,
      });
      resetEnvForTests();
    });
    afterAll(() => {
      for (const key of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"]) delete process.env[key];
      resetEnvForTests();
    });
    beforeEach(() => useDatabaseForTests(handle));

    const inbound = (from: string, body: string) => ({
      MessageSid: `SM${from.slice(1)}`,
      AccountSid: twilio.accountSid,
      From: from,
      To: FROM_NUMBER,
      Body: body,
      NumMedia: "0",
    });
    async function post(params: Record<string, string>, signature: string | null) {
      const request = new Request(WEBHOOK_URL, {
        method: "POST",
        body: new URLSearchParams(params),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          ...(signature === null ? {} : { "X-Twilio-Signature": signature }),
        },
      });
      return (await twilioWebhook({ request, params: {}, context: {} } as never)) as Response;
    }
    const suppressed = async () => (await handle.db.select().from(smsSuppressions)).map((s) => s.phone);

    it("stores STOP (and Twilio's other opt-out words) as a suppression and answers empty TwiML", async () => {
      const params = inbound("+15551230010", "Stop ");
      const response = await post(params, twilio.sign(WEBHOOK_URL, params));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toContain("text/xml");
      expect(await response.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
      expect(await suppressed()).toEqual(["+15551230010"]);

      for (const [index, word] of ["STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"].entries()) {
        const other = inbound(`+1555123002${index}`, word.toLowerCase());
        expect((await post(other, twilio.sign(WEBHOOK_URL, other))).status).toBe(200);
      }
      expect(await suppressed()).toHaveLength(8);

      // Nothing is sent to a suppressed number, even a text queued before the STOP.
      const id = await text("+15551230010");
      expect(await deliverMessage(handle.db, testChannels({ sms: sms() }), id)).toBe("failed");
      expect((await row(id)).lastError).toContain("replied STOP");
      expect(twilio.requests).toHaveLength(0);
    });

    it("a status callback for a text whose answer was lost names its row by ?ref=, and the retry records it without sending it again", async () => {
      // Twilio takes the text but its answer never arrives: the request times out.
      twilio.takeWithoutAnswerAfter(0);
      const channels = testChannels({
        sms: twilioTransport({
          accountSid: twilio.accountSid,
          authToken: twilio.authToken,
          from: FROM_NUMBER,
          apiBase: twilio.url,
          timeoutMs: 1_000,
          // Nothing listens here: the test posts the callback itself, as Twilio would.
          statusCallbackUrl: "http://127.0.0.1:9/api/webhooks/twilio/status",
        }),
      });
      const id = await text("+15551230014");
      expect(await deliverMessage(handle.db, channels, id, { retryBaseSeconds: 0 })).toBe("retry");
      const [taken] = twilio.messages;
      expect(taken!.statusCallback).toBe(`http://127.0.0.1:9/api/webhooks/twilio/status?ref=${id}`);

      const statusUrl = `http://localhost:3000/api/webhooks/twilio/status?ref=${id}`;
      const params = { MessageSid: taken!.sid, MessageStatus: "sent", To: "+15551230014", From: FROM_NUMBER };
      const forged = { ...params, MessageSid: `SM${"0".repeat(32)}` };
      const callback = (body: Record<string, string>, url = statusUrl) =>
        twilioStatusWebhook({
          request: new Request(statusUrl, {
            method: "POST",
            body: new URLSearchParams(body),
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              "X-Twilio-Signature": twilio.sign(url, body),
            },
          }),
          params: {},
          context: {},
        } as never) as Promise<Response>;
      // The reference is part of what Twilio signs: a signature over the address without it fails.
      expect((await callback(forged, "http://localhost:3000/api/webhooks/twilio/status")).status).toBe(403);
      expect((await callback(params)).status).toBe(200);
      expect(await row(id)).toMatchObject({ status: "pending", providerMessageId: taken!.sid, providerStatus: "sent" });

      twilio.release();
      expect(await deliverMessage(handle.db, channels, id)).toBe("sent");
      expect(twilio.lookups()).toHaveLength(0);
      expect(twilio.attemptsTo("+15551230014")).toBe(1);
      expect(await row(id)).toMatchObject({ status: "sent", providerMessageId: taken!.sid, transport: "twilio" });
    });

    it("lets a number opt back in with START", async () => {
      const stop = inbound("+15551230011", "STOP");
      await post(stop, twilio.sign(WEBHOOK_URL, stop));
      expect(await suppressed()).toEqual(["+15551230011"]);
      const start = inbound("+15551230011", "START");
      expect((await post(start, twilio.sign(WEBHOOK_URL, start))).status).toBe(200);
      expect(await suppressed()).toEqual([]);
      const id = await text("+15551230011");
      expect(await deliverMessage(handle.db, testChannels({ sms: sms() }), id)).toBe("sent");
    });

    it("answers 403 to a wrong or missing signature and changes nothing", async () => {
      const params = inbound("+15551230012", "STOP");
      const forged = twilio.sign(WEBHOOK_URL, params, "not-the-auth-token");
      for (const signature of [
        forged,
        null,
        "",
        twilio.sign("http://localhost:3000/elsewhere", params),
        twilio.sign(WEBHOOK_URL, { ...params, Body: "HELLO" }),
      ]) {
        const response = await post(params, signature);
        expect(response.status).toBe(403);
      }
      expect(await suppressed()).toEqual([]);
    });

    it("hands any other text to the inbound-text listeners, with the parsed keyword", async () => {
      const heard: InboundText[] = [];
      const stop = onInboundText((_db, text) => {
        heard.push(text);
      });
      try {
        const params = inbound("+15551230013", "  report ");
        expect((await post(params, twilio.sign(WEBHOOK_URL, params))).status).toBe(200);
        const sentence = inbound("+15551230013", "Was that a scam?");
        await post(sentence, twilio.sign(WEBHOOK_URL, sentence));
        const optOut = inbound("+15551230013", "STOP");
        await post(optOut, twilio.sign(WEBHOOK_URL, optOut));
      } finally {
        stop();
      }
      expect(heard).toEqual([
        expect.objectContaining({
          from: "+15551230013",
          to: FROM_NUMBER,
          body: "  report ",
          keyword: "REPORT",
          messageSid: "SM15551230013",
        }),
        expect.objectContaining({ body: "Was that a scam?", keyword: null }),
      ]);
    });
  });

  describe("the local mailbox at /dev/mailbox", () => {
    beforeEach(() => useDatabaseForTests(handle));

    it("lists a text with the phone number as recipient and shows its body", async () => {
      const id = await text("+15551230020");
      await deliverMessage(handle.db, testChannels(), id);
      const { status, data } = await callLoader<{
        messages: { id: string; channel: string; to: string; subject: string }[];
        selected: { channel: string; to: string; text: string; status: string };
      }>(mailboxLoader, "/dev/mailbox?to=+15551230020");
      expect(status).toBe(200);
      expect(data.messages).toEqual([
        expect.objectContaining({ id, channel: "sms", to: "+15551230020", subject: "Text message" }),
      ]);
      expect(data.selected).toMatchObject({
        channel: "sms",
        to: "+15551230020",
        status: "sent",
        text: "Your parcel is waiting, reply to +15551230020",
      });
      expect((await row(id)).transport).toBe("local");
    });
  });
});
