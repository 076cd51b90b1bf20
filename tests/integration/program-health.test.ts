import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, asc, eq, inArray } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { callAction, callLoader } from "../support/route-calls";
import { signedInCookie } from "../support/users";
import { createTestFamily } from "../support/training-family";
import { seedContact, seedPracticeMessage, newPracticeToken } from "../support/practice-seeds";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { outboxMessages } from "~/mail/tables";
import { practiceBrakes, practiceEvents, practiceMessages, trainingContacts } from "~/training/tables";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { difficultyFor, type PracticeScenario } from "~/training/library/practice-scenario-schema";
import {
  BRAKE_EMAIL_TEMPLATE,
  checkPracticeBrakes,
  DOMAIN_MIN_SENDS,
  SCENARIO_WINDOW,
} from "~/training/sending/practice-brakes.server";
import type { ProgramFigures } from "~/training/program-health/program-figures.server";
import { warmStartCap } from "~/training/sending/warm-start.server";
import { dispatchDuePracticeMessages, planPracticeMessages } from "~/training/sending/scheduler.server";
import { sendPracticeMessageNow } from "~/training/sending/practice-sends.server";
import { translatorFor } from "~/i18n/translate";
import { action as programAction, loader as programLoader } from "~/routes/staff.program";

/** Wednesday 18 November 2026, 15:00 UTC: 10:00 in New York, inside everyone's sending hours. */
const NOW = new Date("2026-11-18T15:00:00Z");
const DAY = 86_400_000;

type Figures = ProgramFigures;
type Loaded = Omit<Figures, "brakes" | "totals"> & {
  brakes: { id: string; scope: string; scenarioId: string | null; reason: string; appliedAt: string }[];
};

const library = practiceLibrary();
/** An adult email scenario at level 2 that opens itself: the brake's subject. */
const braked = library.scenarios.find((s) => s.channel === "email" && !s.sequence && difficultyFor(s, "adult") === 2)!;
const only = (scenarios: PracticeScenario[]) => ({
  scenarios,
  byId: (id: string) => scenarios.find((s) => s.id === id),
});

describe.each(DATABASE_TARGETS)("program health on $name", (target) => {
  let handle: DatabaseHandle;
  let db: DatabaseHandle["db"];
  let staff: string;
  let member: string;

  beforeAll(async () => {
    handle = await target.open();
    db = handle.db;
    useDatabaseForTests(handle);
    staff = await signedInCookie(handle, "staff-health@example.com", { role: "staff" });
    member = await signedInCookie(handle, "member-health@example.com");
  });
  afterAll(async () => handle.close());
  beforeEach(async () => {
    useDatabaseForTests(handle);
    for (const table of [practiceBrakes, practiceEvents, practiceMessages, trainingContacts, members, outboxMessages])
      await db.delete(table);
    await db.delete(subscriptions);
    await db.delete(customers);
  });

  /**
   * `count` practice emails of one scenario written as the outbox left them, one second apart
   * ending at `at`: the first `complaints` drew a complaint, the next `bounced` bounced later, the
   * next `failed` were refused at sending.
   */
  async function sends(options: {
    scenarioId: string;
    count: number;
    at: Date;
    complaints?: number;
    bounced?: number;
    failed?: number;
  }) {
    const { contactId } = await seedContact(db);
    const [{ top } = { top: -1 }] = (await db
      .select({ top: practiceMessages.repeat })
      .from(practiceMessages)
      .where(eq(practiceMessages.contactId, contactId))) as { top: number }[];
    const complaints = options.complaints ?? 0;
    const bounced = options.bounced ?? 0;
    const failed = options.failed ?? 0;
    const rows = Array.from({ length: options.count }, (_, i) => {
      const sentAt = new Date(options.at.getTime() - (options.count - i) * 1000);
      const isFailed = i >= complaints + bounced && i < complaints + bounced + failed;
      return {
        channel: "email",
        template: "practice-email",
        recipient: "sam@example.com",
        subject: "Practice",
        textBody: "A practice message.",
        status: isFailed ? "failed" : "sent",
        sentAt: isFailed ? null : sentAt,
        complainedAt: i < complaints ? sentAt : null,
        bouncedAt: i >= complaints && i < complaints + bounced ? sentAt : null,
      };
    });
    const outbox = await db.insert(outboxMessages).values(rows).returning({ id: outboxMessages.id });
    await db.insert(practiceMessages).values(
      outbox.map((row, i) => ({
        contactId,
        scenarioId: options.scenarioId,
        channel: "email",
        level: 2,
        repeat: top + 1 + i,
        token: newPracticeToken(),
        status: "queued",
        scheduledFor: new Date(options.at.getTime() - (options.count - i) * 1000 - 60_000),
        queuedAt: new Date(options.at.getTime() - (options.count - i) * 1000 - 60_000),
        outboxMessageId: row.id,
      })),
    );
  }

  const brakes = () => db.select().from(practiceBrakes).orderBy(asc(practiceBrakes.appliedAt));
  const newcomer = async (email: string, phone?: string) =>
    (
      await createTestFamily(db, {
        holderName: "Holder",
        holderEmail: `holder-${email}`,
        contacts: [{ name: "New Person", ageBand: "adult", level: 2, email, phone }],
      })
    ).contacts[0]!;

  it("brakes a scenario at 0.3% complaints over its last 200 emails, never before 200, until staff resume it", async () => {
    // Ten days ago: outside the domain rule's 7 days, so only the scenario rule is at work.
    const then = new Date(NOW.getTime() - 10 * DAY);
    await sends({ scenarioId: braked.id, count: SCENARIO_WINDOW - 1, at: then, complaints: 1 });
    expect(await checkPracticeBrakes(db, { now: NOW })).toEqual({ scenarios: [], practiceEmail: null });
    expect(await brakes()).toEqual([]);

    // The 200th send: 1 complaint in 200 is 0.5%.
    await sends({ scenarioId: braked.id, count: 1, at: new Date(then.getTime() + 5000) });
    expect(await checkPracticeBrakes(db, { now: NOW })).toEqual({ scenarios: [braked.id], practiceEmail: null });
    // Applying it again changes nothing (one holding brake per scenario).
    expect(await checkPracticeBrakes(db, { now: NOW })).toEqual({ scenarios: [], practiceEmail: null });
    const [brake] = await brakes();
    expect(await brakes()).toHaveLength(1);
    expect(brake).toMatchObject({ scope: "scenario", scenarioId: braked.id, liftedAt: null });
    expect(brake!.reason).toContain("0.50%");
    expect(brake!.reason).toContain("1 of the last 200");

    // A braked scenario is never chosen: with it as the only one, nothing is planned.
    const person = await newcomer("new.person@example.com");
    expect(await planPracticeMessages(db, { now: NOW, library: only([braked]) })).toEqual([]);

    // The page lists it with its reason; a member and a visitor get 404; bad input changes nothing.
    const page = await callLoader<Loaded>(programLoader, "/staff/program", { cookie: staff });
    expect(page.status).toBe(200);
    expect(page.data.brakes).toEqual([expect.objectContaining({ id: brake!.id, reason: brake!.reason })]);
    expect((await callLoader(programLoader, "/staff/program", { cookie: member })).status).toBe(404);
    expect((await callLoader(programLoader, "/staff/program")).status).toBe(404);
    expect(
      (
        await callAction(
          programAction,
          "/staff/program",
          { intent: "resume", id: brake!.id },
          { headers: { cookie: member } },
        )
      ).status,
    ).toBe(404);
    const refusals: Record<string, string>[] = [
      { intent: "resume", id: "not-a-uuid" },
      { intent: "delete", id: brake!.id },
      {},
    ];
    for (const fields of refusals) {
      const refused = await callAction(programAction, "/staff/program", fields, { headers: { cookie: staff } });
      expect(refused.status).toBe(400);
    }
    expect(
      (
        await callAction(
          programAction,
          "/staff/program",
          { intent: "resume", id: "00000000-0000-4000-8000-000000000000" },
          { headers: { cookie: staff } },
        )
      ).status,
    ).toBe(404);
    expect((await brakes())[0]!.liftedAt).toBeNull();

    // Staff resume it: lifted, by whom, and chosen again; the old complaint does not brake it again.
    const resumed = await callAction<{ ok: boolean }>(
      programAction,
      "/staff/program",
      { intent: "resume", id: brake!.id },
      { headers: { cookie: staff } },
    );
    expect(resumed).toMatchObject({ status: 200, data: { ok: true } });
    const [lifted] = await brakes();
    const [staffUser] = await db.select().from(users).where(eq(users.email, "staff-health@example.com"));
    expect(lifted).toMatchObject({ liftedBy: staffUser!.id });
    expect(lifted!.liftedAt).toBeInstanceOf(Date);
    expect(await checkPracticeBrakes(db, { now: NOW })).toEqual({ scenarios: [], practiceEmail: null });
    const planned = await planPracticeMessages(db, { now: NOW, library: only([braked]) });
    expect(planned).toEqual([expect.objectContaining({ contactId: person.id, scenarioId: braked.id })]);
  });

  it("cancels a planned message of a scenario braked since, so the person gets another", async () => {
    const person = await newcomer("planned.person@example.com");
    const [row] = await db
      .insert(practiceMessages)
      .values({
        contactId: person.id,
        scenarioId: braked.id,
        channel: "email",
        level: 2,
        token: newPracticeToken(),
        weekKey: null,
        status: "planned",
        scheduledFor: new Date(NOW.getTime() - 60_000),
      })
      .returning();
    await db
      .insert(practiceBrakes)
      .values({ scope: "scenario", scenarioId: braked.id, reason: "test", appliedAt: NOW });
    const outcomes = await dispatchDuePracticeMessages(db, { now: NOW, warmupStart: 0 });
    expect(outcomes).toEqual([expect.objectContaining({ id: row!.id, outcome: "cancelled" })]);
  });

  it("pauses all practice email when the domain's 7-day complaint or bounce rate passes its limit; texts go on; staff are emailed once", async () => {
    const recent = new Date(NOW.getTime() - DAY);
    const other = library.scenarios.find((s) => s.channel === "email" && s.id !== braked.id)!;
    // Below the minimum, a complaint in 99 (1%) is noise: no brake.
    await sends({ scenarioId: other.id, count: DOMAIN_MIN_SENDS - 1, at: recent, complaints: 1 });
    // And sends older than 7 days do not count toward the minimum.
    await sends({ scenarioId: braked.id, count: 50, at: new Date(NOW.getTime() - 8 * DAY) });
    expect(await checkPracticeBrakes(db, { now: NOW })).toEqual({ scenarios: [], practiceEmail: null });

    await sends({ scenarioId: other.id, count: 1, at: recent });
    const check = await checkPracticeBrakes(db, { now: NOW });
    expect(check.practiceEmail).toContain("complaints 1.00% (1 of 100 sent)");
    expect(await checkPracticeBrakes(db, { now: NOW })).toEqual({ scenarios: [], practiceEmail: null });
    expect(await brakes()).toEqual([expect.objectContaining({ scope: "practice-email", scenarioId: null })]);
    const staffMail = await db.select().from(outboxMessages).where(eq(outboxMessages.template, BRAKE_EMAIL_TEMPLATE));
    expect(staffMail.map((mail) => mail.recipient)).toEqual(["staff-health@example.com"]);
    expect(staffMail[0]!.subject).toBe("Practice email is paused on scam-free");
    expect(staffMail[0]!.textBody).toContain("complaints 1.00%");
    expect(staffMail[0]!.textBody).toContain("/staff/program");

    // No practice email is queued while it holds; the text is.
    const person = await newcomer("both.channels@example.com", "+15555550142");
    const due = new Date(NOW.getTime() - 60_000);
    const [email, text] = await db
      .insert(practiceMessages)
      .values(
        (["email", "sms"] as const).map((channel, i) => ({
          contactId: person.id,
          scenarioId: library.scenarios.find((s) => s.channel === channel && !s.sequence)!.id,
          channel,
          level: 2,
          token: newPracticeToken(),
          weekKey: null,
          status: "planned",
          scheduledFor: new Date(due.getTime() + i),
        })),
      )
      .returning();
    const outcomes = await dispatchDuePracticeMessages(db, { now: NOW, warmupStart: 0 });
    expect(outcomes).toEqual([expect.objectContaining({ id: text!.id, outcome: "queued" })]);
    const [stillPlanned] = await db.select().from(practiceMessages).where(eq(practiceMessages.id, email!.id));
    expect(stillPlanned).toMatchObject({ status: "planned", outboxMessageId: null });

    // Resumed, the email goes; 5 bounces in the next 100 tried (5%) brake it again, for bounces.
    await callAction(
      programAction,
      "/staff/program",
      { intent: "resume", id: (await brakes())[0]!.id },
      { headers: { cookie: staff } },
    );
    expect(await dispatchDuePracticeMessages(db, { now: NOW, warmupStart: 0 })).toEqual([
      expect.objectContaining({ id: email!.id, outcome: "queued" }),
    ]);
    // Only sends after the lift count (the action lifts it on the real clock).
    const later = new Date((await brakes())[0]!.liftedAt!.getTime() + DAY);
    await sends({ scenarioId: other.id, count: 100, at: later, bounced: 2, failed: 3 });
    const again = await checkPracticeBrakes(db, { now: new Date(later.getTime() + 1000) });
    expect(again.practiceEmail).toContain("bounces 5.00% (5 of 100 tried)");
    expect(again.practiceEmail).not.toContain("complaints");
    expect(
      await db.select().from(outboxMessages).where(eq(outboxMessages.template, BRAKE_EMAIL_TEMPLATE)),
    ).toHaveLength(2);
  });

  it("warm start: day 1 allows START practice emails, day 2 twice that, the rest wait in order", async () => {
    expect([0, 1, 2, 3].map((day) => warmStartCap(20, day))).toEqual([20, 40, 80, 160]);
    expect(warmStartCap(0, 0)).toBeNull();
    const START = 2;
    const people = [];
    for (let i = 0; i < 7; i += 1) people.push(await newcomer(`warm.${i}@example.com`));
    const scenario = library.scenarios.find((s) => s.channel === "email" && !s.sequence)!;
    const planned = await db
      .insert(practiceMessages)
      .values(
        people.map((person, i) => ({
          contactId: person.id,
          scenarioId: scenario.id,
          channel: "email",
          level: 2,
          token: newPracticeToken(),
          weekKey: null,
          status: "planned",
          scheduledFor: new Date(NOW.getTime() - 3_600_000 + i * 60_000),
        })),
      )
      .returning();
    const ids = planned.map((row) => row.id);
    const queuedIds = async () =>
      (
        await db
          .select({ id: practiceMessages.id })
          .from(practiceMessages)
          .where(and(inArray(practiceMessages.id, ids), eq(practiceMessages.status, "queued")))
      )
        .map((row) => row.id)
        .sort((a, b) => ids.indexOf(a) - ids.indexOf(b));

    const day1 = await dispatchDuePracticeMessages(db, { now: NOW, warmupStart: START });
    expect(day1.map((outcome) => [outcome.id, outcome.outcome])).toEqual(ids.slice(0, 2).map((id) => [id, "queued"]));
    // A later run the same day queues nothing more.
    expect(
      await dispatchDuePracticeMessages(db, { now: new Date(NOW.getTime() + 3_600_000), warmupStart: START }),
    ).toEqual([]);
    expect(await queuedIds()).toEqual(ids.slice(0, 2));

    const day2 = await dispatchDuePracticeMessages(db, { now: new Date(NOW.getTime() + DAY), warmupStart: START });
    expect(day2.map((outcome) => [outcome.id, outcome.outcome])).toEqual(ids.slice(2, 6).map((id) => [id, "queued"]));
    expect(await queuedIds()).toEqual(ids.slice(0, 6));
    const [waiting] = await db.select().from(practiceMessages).where(eq(practiceMessages.id, ids[6]!));
    expect(waiting).toMatchObject({ status: "planned", scheduledFor: planned[6]!.scheduledFor });

    const day3 = await dispatchDuePracticeMessages(db, { now: new Date(NOW.getTime() + 2 * DAY), warmupStart: START });
    expect(day3.map((outcome) => [outcome.id, outcome.outcome])).toEqual([[ids[6], "queued"]]);
  });

  it("'Send a practice message now' keeps to the brakes and the warm start: only texts while email is held, never a braked scenario", async () => {
    const holder = async (email: string, phone?: string) => {
      const family = await createTestFamily(db, {
        holderName: "Holder",
        holderEmail: `holder-${email}`,
        contacts: [{ name: "Sam", ageBand: "adult", level: 2, email, phone }],
      });
      return { userId: family.userId, contactId: family.contacts[0]!.id };
    };
    const emailOnly = await holder("send.now.email@example.com");
    const both = await holder("send.now.both@example.com", "+15555550143");
    const texts = library.scenarios.filter((s) => s.channel === "sms" && !s.sequence);

    // A scenario braked by complaints is never the one chosen.
    await db
      .insert(practiceBrakes)
      .values({ scope: "scenario", scenarioId: braked.id, reason: "test", appliedAt: NOW });
    expect(
      await sendPracticeMessageNow(
        db,
        { ...emailOnly, now: NOW, warmupStart: 0, library: only([braked]) },
        translatorFor("en"),
      ),
    ).toMatchObject({ ok: false, status: 409, title: "Nothing new to send" });

    // All practice email braked: an email-only person gets nothing, a person with a phone a text.
    await db.insert(practiceBrakes).values({ scope: "practice-email", reason: "test", appliedAt: NOW });
    expect(
      await sendPracticeMessageNow(db, { ...emailOnly, now: NOW, warmupStart: 0 }, translatorFor("en")),
    ).toMatchObject({
      ok: false,
      status: 409,
      title: "Practice email is held",
      message: expect.stringContaining("stopped for everyone"),
    });
    expect(
      await sendPracticeMessageNow(
        db,
        { ...both, now: NOW, warmupStart: 0, library: only([braked, ...texts]) },
        translatorFor("en"),
      ),
    ).toMatchObject({ ok: true });
    const queued = () => db.select().from(practiceMessages).orderBy(asc(practiceMessages.queuedAt));
    expect((await queued()).map((row) => row.channel)).toEqual(["sms"]);

    // Lifted, but today's warm-start cap (1) is spent by one email: held again, with its own reason.
    await db.delete(practiceBrakes);
    expect(
      await sendPracticeMessageNow(db, { ...emailOnly, now: NOW, warmupStart: 1 }, translatorFor("en")),
    ).toMatchObject({ ok: true });
    expect(
      await sendPracticeMessageNow(db, { ...emailOnly, now: NOW, warmupStart: 1 }, translatorFor("en")),
    ).toMatchObject({
      ok: false,
      status: 409,
      title: "Practice email is held",
      message: expect.stringContaining("try again tomorrow"),
    });
    expect((await queued()).map((row) => row.channel)).toEqual(["sms", "email"]);
  });

  it("a new person's first practice message is level 2, never level 1", async () => {
    const family = await createTestFamily(db, {
      holderName: "Levels",
      holderEmail: "levels-health@example.com",
      contacts: [{ name: "Beginner", ageBand: "adult", level: 1 }],
    });
    const [first] = await planPracticeMessages(db, { now: NOW });
    const [row] = await db.select().from(practiceMessages).where(eq(practiceMessages.id, first!.id));
    expect(row).toMatchObject({ contactId: family.contacts[0]!.id, level: 2 });
  });

  it("the staff page's figures: per day and per scenario, falls counted as the results count them", async () => {
    const email = braked.id;
    const sms = library.scenarios.find((s) => s.channel === "sms" && !s.sequence)!.id;
    const a = await seedPracticeMessage(db, { scenarioId: email, sentSecondsAgo: 600 });
    const b = await seedPracticeMessage(db, { scenarioId: email, sentSecondsAgo: 600 });
    const c = await seedPracticeMessage(db, { scenarioId: email, sentSecondsAgo: 600 });
    const d = await seedPracticeMessage(db, { scenarioId: email, sentSecondsAgo: 600 });
    const t = await seedPracticeMessage(db, { scenarioId: sms, sentSecondsAgo: 600, phone: "+15555550177" });
    const sentAt = new Date(Date.now() - 600_000);
    // b bounced later, c drew a complaint (and the complaint's report), d was refused at sending.
    await db.update(outboxMessages).set({ bouncedAt: new Date() }).where(eq(outboxMessages.id, b.outboxMessageId));
    await db.update(outboxMessages).set({ complainedAt: new Date() }).where(eq(outboxMessages.id, c.outboxMessageId));
    await db
      .update(outboxMessages)
      .set({ status: "failed", sentAt: null })
      .where(eq(outboxMessages.id, d.outboxMessageId));
    const at = (seconds: number) => new Date(sentAt.getTime() + seconds * 1000);
    await db.insert(practiceEvents).values([
      // a: a scanner's click (flagged) first, then the person's: one fall.
      { messageId: a.messageId, kind: "clicked", occurredAt: at(1), flagged: true },
      { messageId: a.messageId, kind: "clicked", occurredAt: at(120) },
      { messageId: c.messageId, kind: "reported", occurredAt: at(60) },
      { messageId: t.messageId, kind: "opted_out", occurredAt: at(30) },
      // A scanner alone is never a fall.
      { messageId: b.messageId, kind: "clicked", occurredAt: at(2), flagged: true },
    ]);
    const page = await callLoader<Loaded>(programLoader, "/staff/program", { cookie: staff });
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.data.days).toHaveLength(30);
    const today = page.data.days.find((day) => day.day === sentAt.toISOString().slice(0, 10))!;
    expect(page.data.days.at(-1)!.day >= today.day).toBe(true);
    expect(today).toMatchObject({
      sent: 4,
      delivered: 3,
      bounced: 2,
      complained: 1,
      optedOut: 1,
      reported: 1,
      fell: 1,
      emailsSent: 3,
      emailsTried: 4,
      complaintRate: 1 / 3,
      bounceRate: 2 / 4,
    });
    expect(page.data.days.filter((day) => day.sent > 0)).toHaveLength(1);
    expect(page.data.scenarios).toEqual(
      [
        expect.objectContaining({ scenarioId: email, sent: 3, bounced: 2, complained: 1, fell: 1, optedOut: 0 }),
        expect.objectContaining({ scenarioId: sms, sent: 1, delivered: 1, optedOut: 1, complaintRate: null }),
      ].sort(() => (email < sms ? 0 : -1)),
    );
  });
});
