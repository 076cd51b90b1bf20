import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { startFakeSmtpServer } from "../fakes/smtp-server";
import { waitFor } from "../support/wait";
import type { DatabaseHandle } from "~/db/client.server";
import { outboxMessages, users } from "~/db/schema";
import { deliverMessage, enqueueEmail } from "~/mail/outbox.server";
import { startMailWorker, type MailWorker } from "~/mail/mail-worker.server";
import { smtpTransport } from "~/mail/transports.server";
import { passwordResetEmail } from "~/mail/templates";

const FROM = "scam-free <no-reply@scam-free.test>";
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
    return { template: "password-reset", to, ...passwordResetEmail(brand, { resetUrl: "http://localhost:3000/reset?token=abc", expiresInMinutes: 60 }) };
  }

  async function status(id: string) {
    const [row] = await handle.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    return row;
  }

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
    const outcome = await deliverMessage(handle.db, smtpTransport(smtp.url), id, FROM);
    expect(outcome).toBe("sent");
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(["ann@example.com"]);
    expect(smtp.received[0].raw).toContain("Subject: Reset your scam-free password");
    expect(smtp.received[0].raw).toContain("text/plain");
    expect(smtp.received[0].raw).toContain("text/html");
    expect(smtp.received[0].raw).toContain(`Message-ID: <${id}@scam-free.test>`);
    const row = await status(id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, transport: "smtp" });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it("never sends a message twice, even when two workers race for it", async () => {
    const id = await enqueueEmail(handle.db, resetEmail("race@example.com"));
    const transport = smtpTransport(smtp.url);
    const outcomes = await Promise.all([
      deliverMessage(handle.db, transport, id, FROM),
      deliverMessage(handle.db, transport, id, FROM),
      deliverMessage(handle.db, transport, id, FROM),
    ]);
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(1);
    expect(await deliverMessage(handle.db, transport, id, FROM)).toBe("not-claimable");
    expect(smtp.received).toHaveLength(1);
  });

  describe("with the pg-boss worker", () => {
    let worker: MailWorker | undefined;
    afterAll(async () => worker?.stop());

    it("retries a transport failure with backoff and delivers the message once", async () => {
      worker = await startMailWorker({ handle, transport: smtpTransport(smtp.url), from: FROM, pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
      smtp.failNext(2);
      const id = await enqueueEmail(handle.db, resetEmail("retry@example.com"));
      await worker.notify([id]);
      const row = await waitFor(async () => {
        const current = await status(id);
        return current.status === "sent" ? current : undefined;
      }, 25_000, "retried delivery");
      expect(row.attempts).toBe(3);
      expect(smtp.received.filter((m) => m.to.includes("retry@example.com"))).toHaveLength(1);
    });

    it("picks up a message whose worker died mid-send, and delivers it exactly once", async () => {
      // A worker claimed the message and then died: its claim is still there, nothing was sent.
      const id = await enqueueEmail(handle.db, resetEmail("orphan@example.com"));
      await handle.db
        .update(outboxMessages)
        .set({ status: "sending", attempts: 1, claimedUntil: sql`now() - interval '1 second'` })
        .where(eq(outboxMessages.id, id));
      // A message committed while no worker was listening (never notified).
      const missed = await enqueueEmail(handle.db, resetEmail("missed@example.com"));
      const queued = await worker!.sweep();
      expect(queued).toBeGreaterThanOrEqual(2);
      await waitFor(async () => (await status(id)).status === "sent" && (await status(missed)).status === "sent", 15_000, "sweep delivery");
      // A second sweep finds nothing left and nothing is sent again.
      expect(await worker!.sweep()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(smtp.received.filter((m) => m.to.includes("orphan@example.com"))).toHaveLength(1);
      expect(smtp.received.filter((m) => m.to.includes("missed@example.com"))).toHaveLength(1);
    });

    it("does not take a message another live worker is still sending", async () => {
      const id = await enqueueEmail(handle.db, resetEmail("busy@example.com"));
      await handle.db
        .update(outboxMessages)
        .set({ status: "sending", attempts: 1, claimedUntil: sql`now() + interval '5 minutes'` })
        .where(eq(outboxMessages.id, id));
      expect(await deliverMessage(handle.db, smtpTransport(smtp.url), id, FROM)).toBe("not-claimable");
      expect(smtp.received).toHaveLength(0);
    });
  });

  it("keeps referential data intact (no users touched by mail)", async () => {
    const rows = await handle.db.select().from(users);
    expect(rows).toHaveLength(0);
  });
});
