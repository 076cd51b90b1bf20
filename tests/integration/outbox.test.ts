import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { startFakeSmtpServer } from "../fakes/smtp-server";
import { startFakeTwilio, type FakeTwilio } from "../fakes/twilio-server";
import { testChannels } from "../support/delivery";
import { waitFor } from "../support/wait";
import type { DatabaseHandle } from "~/db/client.server";
import { outboxMessages } from "~/mail/tables";
import { users } from "~/account/tables";
import { deliverMessage, enqueueEmail, enqueueText, type DeliveryTuning } from "~/mail/outbox.server";
import { twilioTransport } from "~/mail/sms-transports.server";
import { registerMessageDelivery, SWEEP_QUEUE, wakeDelivery } from "~/mail/delivery-queue.server";
import { JobRunner } from "~/jobs/job-runner.server";
import { smtpTransport, type MailTransport } from "~/mail/transports.server";
import { passwordResetEmail, welcomeEmail } from "~/mail/templates";

const brand = { productName: "scam-free", siteUrl: "http://localhost:3000", supportEmail: "help@scam-free.test" };

describe.each(DATABASE_TARGETS)("outgoing mail on $name", (target) => {
  let handle: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;

  beforeAll(async () => {
    handle = await target.open();
    smtp = await startFakeSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    await handle.close();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    smtp.failNext(0);
    await handle.db.delete(outboxMessages);
  });

  function resetEmail(to: string) {
    return {
      template: "password-reset",
      to,
      ...passwordResetEmail(brand, { resetUrl: "http://localhost:3000/reset?token=abc", expiresInMinutes: 60 }),
    };
  }
  function bulkEmail(to: string) {
    return { template: "newsletter-welcome", to, ...welcomeEmail(brand) };
  }

  async function status(id: string) {
    const [row] = await handle.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    return row;
  }
  const receivedBy = (address: string) => smtp.received.filter((m) => m.to.includes(address));

  it("writes the message in the caller's transaction: a rolled-back change leaves no email", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await enqueueEmail(tx, resetEmail("rollback@example.com"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const rows = await handle.db.select().from(outboxMessages);
    expect(rows).toHaveLength(0);
  });

  it("delivers over SMTP to a real server, with text and HTML parts and a stable Message-ID", async () => {
    const id = await enqueueEmail(handle.db, resetEmail("ann@example.com"));
    const outcome = await deliverMessage(handle.db, testChannels({ email: smtpTransport(smtp.url) }), id);
    expect(outcome).toBe("sent");
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(["ann@example.com"]);
    expect(smtp.received[0].raw).toContain("Subject: Reset your scam-free password");
    expect(smtp.received[0].raw).toContain("text/plain");
    expect(smtp.received[0].raw).toContain("text/html");
    expect(smtp.received[0].raw).toContain(`Message-ID: <${id}@scam-free.test>`);
    // Every site email names its stream for receivers' complaint figures (issue #40), and its HTML
    // is a complete document.
    expect(smtp.received[0].raw).toMatch(/^Feedback-ID: password-reset:site:scamfree$/m);
    const row = await status(id);
    expect(row.htmlBody).toContain('<html lang="en"><head><meta charset="utf-8">');
    expect(row.htmlBody).toContain("<title>Reset your scam-free password</title>");
    expect(row).toMatchObject({ status: "sent", attempts: 1, transport: "smtp", channel: "email", priority: 10 });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it("never sends a message twice, even when two workers race for it", async () => {
    const id = await enqueueEmail(handle.db, resetEmail("race@example.com"));
    const channels = testChannels({ email: smtpTransport(smtp.url) });
    const outcomes = await Promise.all([
      deliverMessage(handle.db, channels, id),
      deliverMessage(handle.db, channels, id),
      deliverMessage(handle.db, channels, id),
    ]);
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(1);
    expect(await deliverMessage(handle.db, channels, id)).toBe("not-claimable");
    expect(smtp.received).toHaveLength(1);
  });

  it("records a permanent refusal (invalid address, mailbox the server refuses) as failed with the reason, tried once", async () => {
    const channels = testChannels({ email: smtpTransport(smtp.url) });
    const invalid = await enqueueEmail(handle.db, resetEmail("not an address"));
    expect(await deliverMessage(handle.db, channels, invalid)).toBe("failed");
    expect(await status(invalid)).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "Not a valid email address: not an address",
    });

    smtp.rejectRecipient("gone@example.com");
    const refused = await enqueueEmail(handle.db, resetEmail("gone@example.com"));
    expect(await deliverMessage(handle.db, channels, refused)).toBe("failed");
    const row = await status(refused);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row.lastError).toContain("The mail server refused the address");
    expect(row.lastError).toContain("550");
    expect(await deliverMessage(handle.db, channels, refused)).toBe("not-claimable");
    expect(smtp.received).toHaveLength(0);
  });

  it("does not take a message another live worker is still sending", async () => {
    const id = await enqueueEmail(handle.db, resetEmail("busy@example.com"));
    await handle.db
      .update(outboxMessages)
      .set({ status: "sending", attempts: 1, claimedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(outboxMessages.id, id));
    expect(await deliverMessage(handle.db, testChannels({ email: smtpTransport(smtp.url) }), id)).toBe("not-claimable");
    expect(smtp.received).toHaveLength(0);
  });

  it("keeps a slow send's claim alive with a heartbeat, so no other worker takes it meanwhile", async () => {
    const slow: MailTransport = {
      name: "smtp",
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, 2500));
        return smtpTransport(smtp.url).send(message);
      },
    };
    const id = await enqueueEmail(handle.db, resetEmail("slow@example.com"));
    const tuning: DeliveryTuning = { claimSeconds: 1 };
    const sending = deliverMessage(handle.db, testChannels({ email: slow }), id, tuning);
    // Well past the 1-second claim: only the heartbeat keeps it.
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(await deliverMessage(handle.db, testChannels({ email: smtpTransport(smtp.url) }), id, tuning)).toBe(
      "not-claimable",
    );
    expect(await sending).toBe("sent");
    expect(receivedBy("slow@example.com")).toHaveLength(1);
  });

  describe("with the job runner", () => {
    let runner: JobRunner | undefined;
    async function startRunner(tuning: DeliveryTuning = {}) {
      runner = new JobRunner(handle, { workers: true, pollingIntervalSeconds: 0.5 });
      registerMessageDelivery(runner, handle, {
        channels: testChannels({ email: smtpTransport(smtp.url) }),
        retryBaseSeconds: 1,
        ...tuning,
      });
      await runner.start();
      return runner;
    }
    afterEach(async () => {
      await runner?.stop();
      runner = undefined;
    });

    it("retries a transport failure with backoff and delivers the message once", async () => {
      const jobs = await startRunner();
      smtp.failNext(2);
      const id = await enqueueEmail(handle.db, resetEmail("retry@example.com"));
      await wakeDelivery(jobs, handle.db, [id]);
      const row = await waitFor(
        async () => {
          const current = await status(id);
          return current.status === "sent" ? current : undefined;
        },
        25_000,
        "retried delivery",
      );
      expect(row.attempts).toBe(3);
      expect(row.lastError).toBeNull();
      await jobs.idle();
      expect(receivedBy("retry@example.com")).toHaveLength(1);
    });

    it("delivers what it finds at start and in its sweep (a lapsed claim, a message nobody woke it for), each once", async () => {
      // A worker claimed this message and then died: its claim ran out, nothing was sent.
      const orphan = await enqueueEmail(handle.db, resetEmail("orphan@example.com"));
      await handle.db
        .update(outboxMessages)
        .set({ status: "sending", attempts: 1, claimedUntil: sql`now() - interval '1 second'` })
        .where(eq(outboxMessages.id, orphan));
      const jobs = await startRunner();
      await waitFor(async () => (await status(orphan)).status === "sent", 15_000, "start-up delivery");

      // Committed while no worker was told about it; the sweep finds it.
      const missed = await enqueueEmail(handle.db, resetEmail("missed@example.com"));
      await jobs.send(SWEEP_QUEUE, {});
      await waitFor(async () => (await status(missed)).status === "sent", 15_000, "sweep delivery");

      // Another sweep, then the worker has nothing left to do: nothing went out twice.
      await jobs.send(SWEEP_QUEUE, {});
      await jobs.idle();
      expect(receivedBy("orphan@example.com")).toHaveLength(1);
      expect(receivedBy("missed@example.com")).toHaveLength(1);
      expect((await status(orphan)).attempts).toBe(2);
    });

    it("retries a message whose worker crashed mid-send as soon as its short claim runs out, not minutes later", async () => {
      // What a crash mid-SMTP leaves: the message claimed, its claim still running, nothing sent.
      const id = await enqueueEmail(handle.db, resetEmail("crash@example.com"));
      const [{ claimedUntil }] = await handle.db
        .update(outboxMessages)
        .set({ status: "sending", attempts: 1, claimedUntil: sql`now() + interval '3 seconds'` })
        .where(eq(outboxMessages.id, id))
        .returning({ claimedUntil: outboxMessages.claimedUntil });
      // The restarted process: its start-up sweep books a wake-up for when that claim runs out.
      const started = Date.now();
      await startRunner();
      const row = await waitFor(
        async () => {
          const current = await status(id);
          return current.status === "sent" ? current : undefined;
        },
        20_000,
        "delivery after the claim ran out",
      );
      expect(row.sentAt!.getTime()).toBeGreaterThanOrEqual(claimedUntil!.getTime());
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(receivedBy("crash@example.com")).toHaveLength(1);
    });

    it("picks up a dead process's message within seconds even when that process died mid-sweep", async () => {
      // What a process killed during its sweep leaves: the sweep job active, a message claimed.
      const queueOnly = new JobRunner(handle, { workers: false });
      registerMessageDelivery(queueOnly, handle, { channels: testChannels() });
      await queueOnly.start();
      await queueOnly.send(SWEEP_QUEUE, {});
      await queueOnly.stop();
      await handle.executeSql(
        `UPDATE pgboss.job SET state = 'active', started_on = now() WHERE name = $1 AND state = 'created'`,
        [SWEEP_QUEUE],
      );
      const id = await enqueueEmail(handle.db, resetEmail("mid-sweep@example.com"));
      const [{ claimedUntil }] = await handle.db
        .update(outboxMessages)
        .set({ status: "sending", attempts: 1, claimedUntil: sql`now() + interval '2 seconds'` })
        .where(eq(outboxMessages.id, id))
        .returning({ claimedUntil: outboxMessages.claimedUntil });
      try {
        await startRunner();
        const row = await waitFor(
          async () => {
            const current = await status(id);
            return current.status === "sent" ? current : undefined;
          },
          15_000,
          "delivery after the dead process's claim ran out",
        );
        expect(row.sentAt!.getTime() - claimedUntil!.getTime()).toBeLessThan(5_000);
        expect(receivedBy("mid-sweep@example.com")).toHaveLength(1);
      } finally {
        await handle.executeSql(`DELETE FROM pgboss.job WHERE name = $1 AND state = 'active'`, [SWEEP_QUEUE]);
      }
    });

    it("delivers a burst of 300 in parallel batches, and a password reset queued behind it goes ahead of the backlog", async () => {
      const jobs = await startRunner();
      const bulk: string[] = [];
      for (let i = 0; i < 300; i++) bulk.push(await enqueueEmail(handle.db, bulkEmail(`reader${i}@example.com`)));
      const began = Date.now();
      await wakeDelivery(jobs, handle.db, bulk);
      // The burst is going out; now someone asks for a password reset.
      await waitFor(() => smtp.received.length >= 20, 30_000, "the burst to start");
      const reset = await enqueueEmail(handle.db, resetEmail("urgent@example.com"));
      const deliveredBeforeReset = smtp.received.length;
      await wakeDelivery(jobs, handle.db, [reset]);
      await waitFor(() => smtp.received.length >= 301, 60_000, "all 301 messages at the SMTP server");
      const elapsed = Date.now() - began;

      const order = smtp.received.map((m) => m.to[0]);
      const resetPosition = order.indexOf("urgent@example.com");
      // It waits for the batches already in flight at most (25 each), not for the rest of the burst.
      expect(resetPosition - deliveredBeforeReset).toBeLessThanOrEqual(50);
      expect(resetPosition).toBeLessThan(250);
      expect(new Set(order).size).toBe(301);
      expect(elapsed).toBeLessThan(30_000);
      await jobs.idle();
      expect(smtp.received).toHaveLength(301);
    }, 90_000);
  });

  it("keeps referential data intact (no users touched by mail)", async () => {
    const rows = await handle.db.select().from(users);
    expect(rows).toHaveLength(0);
  });

  describe("a text whose earlier attempt's outcome is unknown", () => {
    const FROM_NUMBER = "+15005550006";
    let twilio: FakeTwilio;
    beforeAll(async () => {
      twilio = await startFakeTwilio();
    });
    afterAll(async () => twilio.close());
    beforeEach(() => twilio.reset());

    const sms = (timeoutMs = 15_000, from = FROM_NUMBER) =>
      twilioTransport({
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        from,
        apiBase: twilio.url,
        timeoutMs,
        statusCallbackUrl: "http://127.0.0.1:9/api/webhooks/twilio/status",
      });
    const sends = () => twilio.requests.filter((request) => request.method === "POST");

    /** A text queued, then claimed by a worker that died: 'sending', one attempt, its claim run out. */
    async function leftSending(to: string, body = `Your parcel for ${to} is held: reply 1 to rebook`) {
      const id = await enqueueText(handle.db, { template: "practice-sms", to, body });
      await handle.db
        .update(outboxMessages)
        .set({ status: "sending", attempts: 1, claimedUntil: sql`now() - interval '1 second'` })
        .where(eq(outboxMessages.id, id));
      return { id, body };
    }

    it.each([
      ["a phone number", FROM_NUMBER],
      ["a Messaging Service", `MG${"5".repeat(32)}`],
    ])(
      "records a text Twilio already took (sent from %s) with Twilio's id, and does not send it again",
      async (_, from) => {
        const { id, body } = await leftSending("+15551240001");
        // The dead worker's request had reached Twilio: Twilio took the text, the answer was lost.
        await sms(15_000, from).send({ id, to: "+15551240001", body });
        expect(twilio.messages).toHaveLength(1);

        const outcome = await deliverMessage(handle.db, testChannels({ sms: sms(15_000, from) }), id);
        expect(outcome).toBe("sent");
        expect(twilio.messages).toHaveLength(1);
        expect(sends()).toHaveLength(1);
        const [lookup] = twilio.lookups();
        expect(lookup!.path).toBe(`/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`);
        expect(lookup!.query).toMatchObject({ To: "+15551240001", "DateSent>": expect.stringMatching(/T00:00:00Z$/) });
        // A Messaging Service's texts leave from one of its numbers: no From filter then.
        expect(lookup!.query.From).toBe(from.startsWith("MG") ? undefined : from);
        expect(await status(id)).toMatchObject({
          status: "sent",
          attempts: 2,
          transport: "twilio",
          providerMessageId: twilio.messages[0]!.sid,
        });
      },
    );

    it("sends once a text Twilio does not have, after looking", async () => {
      const { id } = await leftSending("+15551240002");
      expect(await deliverMessage(handle.db, testChannels({ sms: sms() }), id)).toBe("sent");
      expect(twilio.lookups().length).toBeGreaterThanOrEqual(1);
      expect(twilio.messages.map((text) => text.to)).toEqual(["+15551240002"]);
      expect(await status(id)).toMatchObject({ status: "sent", providerMessageId: twilio.messages[0]!.sid });
      expect(await deliverMessage(handle.db, testChannels({ sms: sms() }), id)).toBe("not-claimable");
      expect(twilio.messages).toHaveLength(1);
    });

    it("finds a text whose request timed out after Twilio took it, instead of sending a second copy", async () => {
      twilio.takeWithoutAnswerAfter(0);
      const id = await enqueueText(handle.db, { template: "practice-sms", to: "+15551240003", body: "Reply 1 now" });
      expect(await deliverMessage(handle.db, testChannels({ sms: sms(1_000) }), id, { retryBaseSeconds: 0 })).toBe(
        "retry",
      );
      expect(twilio.messages).toHaveLength(1);
      twilio.release();
      expect(await deliverMessage(handle.db, testChannels({ sms: sms() }), id)).toBe("sent");
      expect(twilio.messages).toHaveLength(1);
      expect(sends()).toHaveLength(1);
      expect((await status(id)).providerMessageId).toBe(twilio.messages[0]!.sid);
    });

    it("does not take another row's text, or one Twilio took before this row existed, for this one", async () => {
      const body = "Your code is 1234. Reply STOP to end.";
      // The same words to the same number, sent and recorded for another row a moment ago.
      const other = await enqueueText(handle.db, { template: "practice-sms", to: "+15551240004", body });
      expect(await deliverMessage(handle.db, testChannels({ sms: sms() }), other)).toBe("sent");
      const { id } = await leftSending("+15551240004", body);
      expect(await deliverMessage(handle.db, testChannels({ sms: sms() }), id)).toBe("sent");
      expect(twilio.messages).toHaveLength(2);
      expect((await status(id)).providerMessageId).toBe(twilio.messages[1]!.sid);

      // A text Twilio took an hour before this row was written is not this row's either.
      const { id: later, body: laterBody } = await leftSending("+15551240005");
      await sms().send({ id: later, to: "+15551240005", body: laterBody });
      await handle.db
        .update(outboxMessages)
        .set({ createdAt: sql`now() + interval '1 hour'` })
        .where(eq(outboxMessages.id, later));
      expect(await deliverMessage(handle.db, testChannels({ sms: sms() }), later)).toBe("sent");
      expect(twilio.messages.filter((text) => text.to === "+15551240005")).toHaveLength(2);
    });

    it("two rows with the same words to one number, Twilio having one: each row ends with its own text, none lost or doubled", async () => {
      const body = "We could not read your reply: send the code from the notice you mean.";
      const first = await leftSending("+15551240007", body);
      const second = await leftSending("+15551240007", body);
      await sms().send({ id: first.id, to: "+15551240007", body });
      const [taken] = twilio.messages;
      const channels = testChannels({ sms: sms() });
      const outcomes = await Promise.all(
        [first.id, second.id].map((id) => deliverMessage(handle.db, channels, id, { retryBaseSeconds: 0 })),
      );
      // If both found the same text at once, the unique provider id lets one row have it; the other
      // tries again, finds it taken, and sends its own.
      for (const [index, outcome] of outcomes.entries()) {
        if (outcome === "retry") {
          expect(await deliverMessage(handle.db, channels, [first.id, second.id][index]!)).toBe("sent");
        } else {
          expect(outcome).toBe("sent");
        }
      }
      const rows = [await status(first.id), await status(second.id)];
      expect(rows.map((row) => row.status)).toEqual(["sent", "sent"]);
      expect(rows.map((row) => row.providerMessageId)).toContain(taken!.sid);
      expect(new Set(rows.map((row) => row.providerMessageId)).size).toBe(2);
      expect(twilio.messages).toHaveLength(2);
    });

    it("does not send blind when Twilio cannot be asked: it waits for a retry", async () => {
      const { id } = await leftSending("+15551240006");
      twilio.failLookups(1);
      expect(await deliverMessage(handle.db, testChannels({ sms: sms() }), id)).toBe("retry");
      expect(sends()).toHaveLength(0);
      expect(await status(id)).toMatchObject({ status: "pending" });
      expect((await status(id)).lastError).toContain("internal server error");
    });
  });
});
