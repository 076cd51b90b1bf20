import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { startFakeSmtpServer } from "../fakes/smtp-server";
import { startFakeTwilio, type FakeTwilio } from "../fakes/twilio-server";
import { createTestFamily } from "../support/training-family";
import { waitFor } from "../support/wait";
import type { DatabaseHandle } from "~/db/client.server";
import { outboxMessages } from "~/mail/tables";
import { practiceEvents, practiceMessages } from "~/training/tables";
import { localTime } from "~/family/quiet-hours";
import {
  dispatchDuePracticeMessages,
  planPracticeMessages,
  recordDeliveryEvents,
} from "~/training/sending/scheduler.server";

/**
 * A worker process (tests/support/site-process.ts: the real server runtime with its job runner)
 * is killed with SIGKILL while a batch of practice messages is being sent, then started again. Every
 * due message must arrive exactly once, counted where it arrives: the local SMTP server (by the
 * Message-ID, `<outbox id@practice domain>`) and the fake Twilio API (by the message's link token), among them
 * texts Twilio had taken when the worker died but whose answer it never read. Two processes cannot
 * share PGlite, so this runs on PostgreSQL (TEST_DATABASE_URL).
 */
const script = path.resolve("tests/support/site-process.ts");
const dataDir = mkdtempSync(path.join(tmpdir(), "scam-free-practice-crash-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A fixed-offset zone where it is now mid-day, so the real clock of the child allows sending. */
function daytimeZone(now: Date) {
  for (let offset = -12; offset <= 14; offset++) {
    const zone = offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
    const { hour } = localTime(now, zone);
    if (hour >= 10 && hour <= 17) return zone;
  }
  throw new Error("no day-time zone found");
}

interface WorkerProcess {
  child: ChildProcessWithoutNullStreams;
  output: string;
  errors: string;
}

function startWorker(env: Record<string, string>): WorkerProcess {
  const { DATABASE_URL: _unused, TEST_DATABASE_URL: _alsoUnused, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...inherited, NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, WORKERS: "on", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const worker: WorkerProcess = { child, output: "", errors: "" };
  child.stdout.on("data", (chunk: Buffer) => (worker.output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (worker.errors += chunk.toString()));
  return worker;
}

describe.each(DATABASE_TARGETS)("a dispatch that fails halfway on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => handle.close());

  it("rolls the claim back with the outbox row, keeps going with the others, and queues it once on the next run", async () => {
    const db = handle.db;
    const now = new Date("2026-11-18T15:00:00Z"); // a Wednesday, 15:00 in London
    const family = await createTestFamily(db, {
      holderName: "Fault",
      holderEmail: "fault@example.com",
      contacts: ["a", "b", "c"].map((name) => ({
        name: `Person ${name}`,
        ageBand: "adult" as const,
        email: `${name}@example.com`,
        timeZone: "Europe/London",
      })),
    });
    await planPracticeMessages(db, { now });
    await db.update(practiceMessages).set({ scheduledFor: now });
    // The database refuses the outbox row for b, as a full disk or a dropped connection would,
    // after the message was already claimed in the same transaction.
    await handle.executeSql(
      `CREATE FUNCTION refuse_b() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN IF NEW.recipient = 'b@example.com' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$`,
      [],
    );
    await handle.executeSql(
      `CREATE TRIGGER refuse_b BEFORE INSERT ON outbox_messages FOR EACH ROW EXECUTE FUNCTION refuse_b()`,
      [],
    );
    const outcomes = await dispatchDuePracticeMessages(db, { now });
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(["error", "queued", "queued"]);
    const b = family.contacts[1]!;
    const [stuck] = await db.select().from(practiceMessages).where(eq(practiceMessages.contactId, b.id));
    expect(stuck).toMatchObject({ status: "planned", outboxMessageId: null, queuedAt: null });
    expect((await db.select().from(outboxMessages)).map((row) => row.recipient).sort()).toEqual([
      "a@example.com",
      "c@example.com",
    ]);

    await handle.executeSql(`DROP TRIGGER refuse_b ON outbox_messages`, []);
    const retry = await dispatchDuePracticeMessages(db, { now: new Date(now.getTime() + 60_000) });
    expect(retry).toEqual([expect.objectContaining({ id: stuck!.id, outcome: "queued" })]);
    expect(await dispatchDuePracticeMessages(db, { now: new Date(now.getTime() + 120_000) })).toEqual([]);
    expect((await db.select().from(outboxMessages)).map((row) => row.recipient).sort()).toEqual([
      "a@example.com",
      "b@example.com",
      "c@example.com",
    ]);
  });
});

describe.each(DATABASE_TARGETS.filter((target) => target.name === "postgres"))(
  "practice messages survive a killed worker on $name",
  (target) => {
    let handle: DatabaseHandle & { url?: string };
    let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
    let twilio: FakeTwilio;
    const workers: WorkerProcess[] = [];

    beforeAll(async () => {
      handle = await target.open();
      [smtp, twilio] = await Promise.all([startFakeSmtpServer(), startFakeTwilio()]);
    });
    afterAll(async () => {
      for (const worker of workers) {
        if (worker.child.exitCode === null && worker.child.signalCode === null) {
          const exited = once(worker.child, "exit");
          worker.child.kill("SIGTERM");
          await exited;
        }
      }
      await Promise.all([smtp.close(), twilio.close()]);
      await handle.close();
    });

    it("a worker killed mid-batch and restarted sends each of 30 due messages exactly once, texts Twilio took unseen included, picking the stuck ones up within seconds", async () => {
      const db = handle.db;
      const now = new Date();
      const timeZone = daytimeZone(now);
      for (let family = 0; family < 6; family++) {
        await createTestFamily(db, {
          holderName: `Holder ${family}`,
          holderEmail: `holder${family}@example.com`,
          contacts: Array.from({ length: 5 }, (_, index) => {
            const n = family * 5 + index;
            return n % 2 === 0
              ? { name: `Email ${n}`, ageBand: "adult" as const, email: `person${n}@example.com`, timeZone }
              : {
                  name: `Text ${n}`,
                  ageBand: "adult" as const,
                  email: null,
                  phone: `+1555010${String(n).padStart(4, "0")}`,
                  timeZone,
                };
          }),
        });
      }
      expect(await planPracticeMessages(db, { now })).toHaveLength(30);
      // All of them due now.
      await db.update(practiceMessages).set({ scheduledFor: sql`now() - interval '1 minute'` });
      const messages = await db.select().from(practiceMessages);
      const emails = messages.filter((message) => message.channel === "email");
      const texts = messages.filter((message) => message.channel === "sms");
      expect([emails.length, texts.length]).toEqual([15, 15]);
      // Queued into the outbox here, all 30 at once, before any worker runs. Left to the worker's
      // scheduler they would reach the outbox ten at a time, and a first delivery batch of, say,
      // seven emails and three texts would hang on the held email with only one text taken
      // unanswered: the state this test kills the worker in would never come (ci10, about one run in
      // ten). With all 30 there, the first batch of 25 holds at least ten of each.
      const dispatched = await dispatchDuePracticeMessages(db, { now });
      expect(dispatched.filter((outcome) => outcome.outcome === "queued")).toHaveLength(30);

      const env = {
        DATABASE_URL: handle.url!,
        SMTP_URL: smtp.url,
        TWILIO_ACCOUNT_SID: twilio.accountSid,
        TWILIO_AUTH_TOKEN: twilio.authToken,
        TWILIO_FROM: "+15005550006",
        TWILIO_API_BASE: twilio.url,
      };
      // SMTP takes a few, then leaves every other send hanging. Twilio answers two texts, then
      // takes every other one without answering: those texts go out, and the worker cannot know.
      smtp.holdAfter(4);
      twilio.takeWithoutAnswerAfter(2);
      const first = startWorker(env);
      workers.push(first);
      const sentRows = async () =>
        (await db.select().from(outboxMessages).where(eq(outboxMessages.status, "sent"))).length;
      const answered = () => smtp.received.length + twilio.messages.length - twilio.unanswered;
      await waitFor(
        async () => {
          if (first.child.exitCode !== null) throw new Error(`worker exited: ${first.errors}`);
          return (
            smtp.received.length >= 4 && smtp.held >= 1 && twilio.unanswered >= 2 && (await sentRows()) === answered()
          );
        },
        // A worker starts through tsx, compiling the app as it loads: on a loaded CI machine that
        // alone once took most of a minute. This waits for the start; the timing that matters
        // (picking stuck messages up within seconds) is measured from readiness below.
        120_000,
        "the first worker to be mid-batch",
      );
      // Freeze SMTP: a message it accepted moments before the kill, but not yet recorded as sent,
      // would be sent again by the next worker (at least once is all SMTP can promise; the stable
      // Message-ID lets a receiving server drop the copy). Once nothing more is accepted, wait until
      // the worker has recorded everything that was answered.
      smtp.holdAfter(0);
      await waitFor(
        async () => (await sentRows()) === answered(),
        30_000,
        "the first worker to record every answered message",
      );
      // Let the scheduler's run finish (its rows are committed); the delivery batch is what hangs.
      await waitFor(
        async () => {
          const { rows } = await handle.executeSql(
            `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'practice-schedule' AND state = 'active'`,
            [],
          );
          return Number(rows[0]?.n) === 0;
        },
        30_000,
        "the practice schedule run to complete",
      );
      const exited = once(first.child, "exit");
      first.child.kill("SIGKILL");
      await exited;
      const killedAt = Date.now();

      const inFlight = await db.select().from(outboxMessages).where(eq(outboxMessages.status, "sending"));
      expect(inFlight.length).toBeGreaterThan(0);
      // Texts among them that Twilio has already taken: the worker died before it heard so.
      const takenUnseen = twilio.messages.filter((text) =>
        inFlight.some((row) => row.channel === "sms" && row.recipient === text.to && row.textBody === text.body),
      );
      expect(takenUnseen.length).toBeGreaterThanOrEqual(2);
      expect(smtp.received.length + twilio.messages.length).toBeLessThan(30);

      // From here on the servers answer new connections only. The dead worker's connections stay
      // unanswered even if the server is still parsing a message it wrote before it died: on a
      // loaded machine that message used to be accepted after the release and counted twice.
      smtp.release();
      twilio.release();
      // The dead worker's claims are left to run out on their own (CLAIM_SECONDS after its last
      // heartbeat); the restarted worker must pick them up then, not a long lease later.
      const second = startWorker(env);
      workers.push(second);
      await waitFor(
        () => {
          if (second.child.exitCode !== null) throw new Error(`restarted worker exited: ${second.errors}`);
          return second.output.includes("ready");
        },
        120_000,
        "the restarted worker to be ready",
      );
      const readyAt = Date.now();
      await waitFor(
        async () => {
          if (second.child.exitCode !== null) throw new Error(`restarted worker exited: ${second.errors}`);
          const queued = await db.select().from(practiceMessages).where(eq(practiceMessages.status, "queued"));
          return queued.length === 30 && (await sentRows()) === 30;
        },
        150_000,
        "every practice message to be sent after the restart",
      );
      // Each stuck message was dealt with within a few seconds of the restart, or of ten seconds
      // after the kill if the restart was quicker (a dead worker's claims outlive it by a few
      // seconds: CLAIM_SECONDS after its last heartbeat). The database and this process share the
      // machine's clock.
      const pickedUp = await db
        .select({ id: outboxMessages.id, sentAt: outboxMessages.sentAt, attempts: outboxMessages.attempts })
        .from(outboxMessages)
        .where(
          inArray(
            outboxMessages.id,
            inFlight.map((row) => row.id),
          ),
        );
      const earliest = Math.max(readyAt, killedAt + 10_000);
      for (const row of pickedUp) {
        expect(row.sentAt!.getTime() - earliest, `stuck message ${row.id}`).toBeLessThan(5_000);
        expect(row.attempts).toBeGreaterThanOrEqual(2);
      }
      // Texts Twilio had taken are recorded with the id Twilio gave them, not sent again.
      for (const text of takenUnseen) {
        const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.textBody, text.body));
        expect(row).toMatchObject({ status: "sent", providerMessageId: text.sid });
      }

      // Counted where they arrived: each message exactly once, nothing else. On a mismatch the
      // message lists every email that is not exactly one copy of one practice message: which,
      // to whom, over which connection, when (ms after the kill), and the state of its outbox row.
      // Each email's Message-ID is `<outbox id@domain>`: that is how it is told apart.
      const practiceIdOf = (raw: string) => /^Message-ID: <([^@>]+)@/im.exec(raw)?.[1] ?? null;
      const outboxRows = await db.select().from(outboxMessages);
      const story = smtp.received
        .filter((mail) => {
          const id = practiceIdOf(mail.raw);
          return !id || smtp.received.filter((other) => practiceIdOf(other.raw) === id).length > 1;
        })
        .map((mail) => ({
          practice: practiceIdOf(mail.raw),
          to: mail.to,
          subject: /^Subject: (.*)$/m.exec(mail.raw)?.[1],
          connection: mail.connection,
          at: mail.acceptedAt - killedAt,
          outbox: outboxRows
            .filter((row) => row.recipient === mail.to[0])
            .map((row) => ({ template: row.template, status: row.status, attempts: row.attempts, sentAt: row.sentAt })),
        }));
      expect(smtp.received, JSON.stringify(story)).toHaveLength(15);
      expect(twilio.messages).toHaveLength(15);
      const queuedEmails = await db.select().from(practiceMessages).where(eq(practiceMessages.channel, "email"));
      expect(queuedEmails.map((message) => message.outboxMessageId).filter(Boolean)).toHaveLength(15);
      for (const message of queuedEmails) {
        const copies = smtp.received.filter((mail) => practiceIdOf(mail.raw) === message.outboxMessageId);
        expect(copies, `email ${message.id}`).toHaveLength(1);
      }
      for (const message of texts) {
        const copies = twilio.messages.filter((text) => text.body.includes(`/${message.token}`));
        expect(copies, `text ${message.id}`).toHaveLength(1);
      }
      const rows = await db.select().from(practiceMessages);
      expect(new Set(rows.map((row) => row.outboxMessageId)).size).toBe(30);
      expect(await db.select().from(outboxMessages)).toHaveLength(30);

      // The "sent" event of each, once, however many runs record them.
      await recordDeliveryEvents(db);
      await recordDeliveryEvents(db);
      const events = await db.select().from(practiceEvents);
      expect(events.filter((event) => event.kind === "sent")).toHaveLength(30);
      expect(new Set(events.map((event) => event.messageId)).size).toBe(30);
    }, 360_000);
  },
);
