import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seeded } from "../support/seeded-random";
import { and, eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { startFakeSmtpServer } from "../fakes/smtp-server";
import { startFakeTwilio, type FakeTwilio } from "../fakes/twilio-server";
import { createTestFamily } from "../support/training-family";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { getEnv, resetEnvForTests } from "~/config/env.server";
import { users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { outboxMessages, smsSuppressions } from "~/mail/tables";
import { deliverDueMessages } from "~/mail/outbox.server";
import { smtpTransport } from "~/mail/transports.server";
import { twilioTransport } from "~/mail/sms-transports.server";
import {
  practiceAddressConsents,
  practiceEvents,
  practiceMessages,
  practiceSuppressions,
  trainingContacts,
} from "~/training/tables";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { difficultyFor, type AgeBand } from "~/training/library/practice-scenario-schema";
import { isoWeekKey } from "~/family/quiet-hours";
import {
  dispatchDuePracticeMessages,
  dispatchPracticeMessage,
  planPracticeMessages,
  recordDeliveryEvents,
} from "~/training/sending/scheduler.server";
import { sendPracticeMessageNow } from "~/training/sending/practice-sends.server";
import { translatorFor } from "~/i18n/translate";
import { newPracticeToken } from "~/training/sending/practice-composer.server";

/** Local wall time straight from Intl (independent of app/training/people/quiet-hours.ts). */
function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", weekday: "short", hour: "numeric" })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { hour: Number(parts.hour), weekend: parts.weekday === "Sat" || parts.weekday === "Sun" };
}

function expectAllowed(instant: Date, timeZone: string, ageBand: AgeBand) {
  const { hour, weekend } = wallClock(instant, timeZone);
  const label = `${instant.toISOString()} in ${timeZone} (${hour}h, ${ageBand})`;
  expect(hour >= 8 && hour < 21, `${label}: never at night`).toBe(true);
  if ((ageBand === "child" || ageBand === "teen") && !weekend)
    expect(hour >= 15, `${label}: never in school hours`).toBe(true);
}

/** Monday 16 November 2026, 05:00 UTC: midnight in New York. */
const MONDAY = new Date("2026-11-16T05:00:00Z");
const minutes = (n: number) => n * 60_000;

describe.each(DATABASE_TARGETS)("practice scheduling on $name", (target) => {
  let handle: DatabaseHandle;
  let db: DatabaseHandle["db"];

  beforeAll(async () => {
    handle = await target.open();
    db = handle.db;
  });
  afterAll(async () => handle.close());
  beforeEach(async () => {
    useDatabaseForTests(handle);
    for (const table of [
      practiceEvents,
      practiceMessages,
      trainingContacts,
      members,
      subscriptions,
      customers,
      users,
      outboxMessages,
      smsSuppressions,
    ]) {
      await db.delete(table);
    }
  });

  const messagesOf = (contactId: string) =>
    db
      .select()
      .from(practiceMessages)
      .where(eq(practiceMessages.contactId, contactId))
      .orderBy(practiceMessages.scheduledFor);
  const outbox = () => db.select().from(outboxMessages);

  it("plans nothing before consent, then one message once consent is given, and queues it at its moment", async () => {
    const family = await createTestFamily(db, {
      holderName: "Dana Holder",
      holderEmail: "dana@example.com",
      contacts: [{ name: "Grandpa Joe", ageBand: "older-adult", consent: false }],
    });
    const [contact] = family.contacts;
    expect(await planPracticeMessages(db, { now: MONDAY })).toEqual([]);
    await dispatchDuePracticeMessages(db, { now: new Date(MONDAY.getTime() + 7 * 86_400_000) });
    expect(await messagesOf(contact!.id)).toEqual([]);
    expect(await outbox()).toEqual([]);

    await db
      .update(practiceAddressConsents)
      .set({ confirmedAt: MONDAY, confirmedHow: "notice-link" })
      .where(eq(practiceAddressConsents.subscriptionId, family.subscription.id));
    const [planned] = await planPracticeMessages(db, { now: MONDAY, random: seeded(1) });
    expect(planned).toMatchObject({ contactId: contact!.id, channel: "email", weekKey: "2026-W47" });
    const [row] = await messagesOf(contact!.id);
    expect(row).toMatchObject({ status: "planned", weekKey: "2026-W47", outboxMessageId: null });
    expect(row!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Not before its moment.
    expect(await dispatchDuePracticeMessages(db, { now: new Date(row!.scheduledFor.getTime() - 1000) })).toEqual([]);
    const outcomes = await dispatchDuePracticeMessages(db, { now: row!.scheduledFor });
    expect(outcomes).toEqual([expect.objectContaining({ id: row!.id, outcome: "queued" })]);
    const [queued] = await messagesOf(contact!.id);
    const [email] = await outbox();
    expect(queued).toMatchObject({ status: "queued", outboxMessageId: email!.id, queuedAt: row!.scheduledFor });
    expect(email).toMatchObject({
      channel: "email",
      template: "practice-email",
      recipient: contact!.email,
      status: "pending",
    });
    // Dispatching again changes nothing.
    expect(await dispatchDuePracticeMessages(db, { now: new Date(row!.scheduledFor.getTime() + minutes(5)) })).toEqual(
      [],
    );
    expect(await outbox()).toHaveLength(1);
  });

  it("plans nothing for people who opted out, paused, lost access, or cannot be reached", async () => {
    const past = new Date("2026-11-01T00:00:00Z");
    await createTestFamily(db, {
      holderName: "Ann",
      holderEmail: "ann@example.com",
      contacts: [
        { name: "Opted Out", ageBand: "adult", optedOutAt: past },
        { name: "Paused", ageBand: "adult", pausedAt: past },
        { name: "Texts Only Stopped", ageBand: "adult", email: null, phone: "+15550100001", smsEnabled: true },
        { name: "Nothing Enabled", ageBand: "adult", emailEnabled: false },
      ],
    });
    await db.insert(smsSuppressions).values({ phone: "+15550100001", reason: "STOP" });
    for (const [status, cancelAtPeriodEnd, currentPeriodEnd] of [
      ["canceled", false, new Date("2099-01-01T00:00:00Z")],
      ["past_due", false, new Date("2099-01-01T00:00:00Z")],
      ["active", true, new Date("2026-11-10T00:00:00Z")],
    ] as const) {
      await createTestFamily(db, {
        holderName: `Holder ${status}`,
        holderEmail: `${status}-${String(cancelAtPeriodEnd)}@example.com`,
        status,
        cancelAtPeriodEnd,
        currentPeriodEnd,
        contacts: [{ name: "Member", ageBand: "adult" }],
      });
    }
    expect(await planPracticeMessages(db, { now: MONDAY })).toEqual([]);
    expect(await db.select().from(practiceMessages)).toEqual([]);

    // The same subscription set to cancel at a later period end still plans until then.
    const later = await createTestFamily(db, {
      holderName: "Leaving Later",
      holderEmail: "later@example.com",
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date("2026-11-30T00:00:00Z"),
      contacts: [{ name: "Still In", ageBand: "adult" }],
    });
    expect((await planPracticeMessages(db, { now: MONDAY })).map((p) => p.contactId)).toEqual([later.contacts[0]!.id]);
  });

  it("cancels a planned message at its moment when the person opted out, paused, or the subscription ended meanwhile", async () => {
    const families = [];
    for (const name of ["optout", "pause", "cancel", "period", "fine"]) {
      families.push(
        await createTestFamily(db, {
          holderName: `Holder ${name}`,
          holderEmail: `${name}@example.com`,
          cancelAtPeriodEnd: name === "period",
          currentPeriodEnd: name === "period" ? new Date(MONDAY.getTime() + minutes(1)) : undefined,
          contacts: [{ name: `Contact ${name}`, ageBand: "adult", timeZone: "Europe/London" }],
        }),
      );
    }
    expect(await planPracticeMessages(db, { now: MONDAY, random: seeded(7) })).toHaveLength(5);
    const [optout, pause, cancel, period, fine] = families.map((family) => family.contacts[0]!);
    // Written straight into the table (as a stop in flight at that moment would be), so it is the
    // check at the moment of sending that cancels it.
    await db.insert(practiceSuppressions).values({ address: optout!.email!, channel: "email", reason: "stop-link" });
    // ...in answer to this family's own message, so the reason is "opted out" (not just "no consent").
    await db
      .update(practiceAddressConsents)
      .set({ refusedAt: MONDAY })
      .where(eq(practiceAddressConsents.subscriptionId, families[0]!.subscription.id));
    await db.update(trainingContacts).set({ pausedAt: MONDAY }).where(eq(trainingContacts.id, pause!.id));
    await db
      .update(subscriptions)
      .set({ status: "canceled" })
      .where(eq(subscriptions.id, families[2]!.subscription.id));

    const expected: Record<string, string> = {
      [optout!.id]: "opted out",
      [pause!.id]: "paused",
      [cancel!.id]: "no access",
      [period!.id]: "no access",
    };
    for (const contact of [optout, pause, cancel, period, fine]) {
      const [message] = await messagesOf(contact!.id);
      expect(message!.scheduledFor.getTime()).toBeGreaterThan(MONDAY.getTime() + minutes(1));
      const outcome = await dispatchPracticeMessage(db, message!.id, { now: message!.scheduledFor });
      const [after] = await messagesOf(contact!.id);
      if (contact === fine) {
        expect(outcome.outcome).toBe("queued");
        expect(after!.status).toBe("queued");
      } else {
        expect(outcome).toEqual({ id: message!.id, outcome: "cancelled", reason: expected[contact!.id] });
        expect(after).toMatchObject({
          status: "cancelled",
          cancelReason: expected[contact!.id],
          outboxMessageId: null,
          queuedAt: null,
        });
      }
    }
    expect((await outbox()).map((message) => message.recipient)).toEqual([fine!.email]);
    // None of them is planned again while the reason lasts.
    expect(await planPracticeMessages(db, { now: new Date(MONDAY.getTime() + 8 * 86_400_000) })).toEqual([
      expect.objectContaining({ contactId: fine!.id, weekKey: "2026-W48" }),
    ]);
  });

  it("keeps the quiet hours in four time zones across daylight-saving changes: one message a week, never a repeat", async () => {
    const family = await createTestFamily(db, {
      holderName: "Zones",
      holderEmail: "zones@example.com",
      contacts: [
        // US clocks go back on 1 November 2026, UK clocks on 25 October, Sydney's go forward on 4 October.
        {
          name: "New York Adult",
          ageBand: "adult",
          timeZone: "America/New_York",
          phone: "+15550100011",
          smsEnabled: true,
        },
        { name: "London Grandma", ageBand: "older-adult", timeZone: "Europe/London" },
        { name: "Sydney Teen", ageBand: "teen", timeZone: "Australia/Sydney", phone: "+61255501234", smsEnabled: true },
        { name: "Kolkata Child", ageBand: "child", timeZone: "Asia/Kolkata", phone: "+15550100031", smsEnabled: true },
      ],
    });
    const random = seeded(42);
    // Monday 28 September 2026 in every one of these zones; the clock then moves to the next
    // planned moment, or a day on when nothing is planned (the job runs every minute in reality).
    let now = new Date("2026-09-28T12:00:00Z");
    const end = new Date("2026-11-24T00:00:00Z");
    while (now < end) {
      await planPracticeMessages(db, { now, random });
      const [next] = await db
        .select()
        .from(practiceMessages)
        .where(eq(practiceMessages.status, "planned"))
        .orderBy(practiceMessages.scheduledFor)
        .limit(1);
      const tomorrow = new Date(now.getTime() + 86_400_000);
      now = next && next.scheduledFor < tomorrow ? next.scheduledFor : tomorrow;
      const outcomes = await dispatchDuePracticeMessages(db, { now, random });
      expect(outcomes.every((outcome) => outcome.outcome === "queued")).toBe(true);
    }
    const library = practiceLibrary();
    for (const contact of family.contacts) {
      const sent = (await messagesOf(contact.id)).filter((message) => message.status === "queued");
      const band = contact.ageBand as AgeBand;
      // Every ISO week from 28 September on: one message each, none skipped, none doubled.
      expect(sent.map((message) => message.weekKey).slice(0, 8)).toEqual([
        "2026-W40",
        "2026-W41",
        "2026-W42",
        "2026-W43",
        "2026-W44",
        "2026-W45",
        "2026-W46",
        "2026-W47",
      ]);
      expect(new Set(sent.map((message) => message.weekKey)).size).toBe(sent.length);
      expect(new Set(sent.map((message) => message.scenarioId)).size).toBe(sent.length);
      for (const message of sent) {
        expectAllowed(message.scheduledFor, contact.timeZone, band);
        expectAllowed(message.queuedAt!, contact.timeZone, band);
        expect(isoWeekKey(message.scheduledFor, contact.timeZone)).toBe(message.weekKey);
        const scenario = library.byId(message.scenarioId)!;
        expect(scenario.channel).toBe(message.channel);
        expect(difficultyFor(scenario, band)).toBe(message.level);
      }
      if (contact.smsEnabled)
        expect(new Set(sent.map((message) => message.channel))).toEqual(new Set(["email", "sms"]));
    }
    expect((await outbox()).length).toBeGreaterThanOrEqual(32);
  }, 60_000);

  it("re-plans at the moment of sending when the hours no longer allow it (zone changed, clocks changed, school hours)", async () => {
    const family = await createTestFamily(db, {
      holderName: "Mover",
      holderEmail: "mover@example.com",
      contacts: [
        { name: "Moved To Tokyo", ageBand: "adult", timeZone: "America/New_York" },
        { name: "Clock Change", ageBand: "adult", timeZone: "America/New_York" },
        { name: "Now A Teen", ageBand: "adult", timeZone: "Europe/Paris" },
      ],
    });
    const [moved, clocks, teen] = family.contacts;
    const plan = (
      contactId: string,
      scheduledFor: Date,
      weekKey: string,
      scenarioId = "email-antivirus-renewal-refund",
    ) =>
      db
        .insert(practiceMessages)
        .values({ contactId, scenarioId, channel: "email", level: 2, token: newPracticeToken(), weekKey, scheduledFor })
        .returning()
        .then((rows) => rows[0]!);

    // Planned for 14:00 in New York; the person then moved to Tokyo, where that is 04:00.
    const tokyo = await plan(moved!.id, new Date("2026-11-17T19:00:00Z"), "2026-W47");
    await db.update(trainingContacts).set({ timeZone: "Asia/Tokyo" }).where(eq(trainingContacts.id, moved!.id));
    const outcome = await dispatchPracticeMessage(db, tokyo.id, { now: tokyo.scheduledFor, random: seeded(3) });
    expect(outcome.outcome).toBe("replanned");
    const [replanned] = await messagesOf(moved!.id);
    expect(replanned).toMatchObject({ status: "planned", outboxMessageId: null, queuedAt: null });
    expectAllowed(replanned!.scheduledFor, "Asia/Tokyo", "adult");
    expect(replanned!.scheduledFor.getTime()).toBeGreaterThan(tokyo.scheduledFor.getTime());
    // At 08:00 in Tokyo (23:00 UTC), the first moment their hours allow: it keeps its place in line
    // (a message the warm start held back too), not a random moment later in the week.
    expect(replanned!.scheduledFor.getTime()).toBeGreaterThanOrEqual(new Date("2026-11-17T23:00:00Z").getTime());
    expect(replanned!.scheduledFor.getTime()).toBeLessThan(new Date("2026-11-17T23:15:00Z").getTime());
    expect(await dispatchPracticeMessage(db, tokyo.id, { now: replanned!.scheduledFor })).toMatchObject({
      outcome: "queued",
    });

    // 12:30 UTC is 08:30 in New York on Saturday 31 October (summer time), 07:30 on Sunday 1 November.
    const saturday = await plan(clocks!.id, new Date("2026-10-31T12:30:00Z"), "2026-W44");
    expect(await dispatchPracticeMessage(db, saturday.id, { now: saturday.scheduledFor })).toMatchObject({
      outcome: "queued",
    });
    // (The first one is cancelled so that the second may take its week.)
    await db.update(practiceMessages).set({ status: "cancelled" }).where(eq(practiceMessages.id, saturday.id));
    const sunday = await plan(clocks!.id, new Date("2026-11-01T12:30:00Z"), "2026-W44", "email-bank-kyc-suspended");
    expect(await dispatchPracticeMessage(db, sunday.id, { now: sunday.scheduledFor, random: seeded(4) })).toMatchObject(
      { outcome: "replanned" },
    );
    const [afterDst] = (await messagesOf(clocks!.id)).filter((message) => message.id === sunday.id);
    expectAllowed(afterDst!.scheduledFor, "America/New_York", "adult");

    // Planned for 10:00 on a Tuesday in Paris, but the person is now marked a teen: school hours.
    const school = await plan(teen!.id, new Date("2026-11-17T09:00:00Z"), "2026-W47", "email-already-friends-request");
    await db
      .update(trainingContacts)
      .set({ ageBand: "teen", guardianConfirmedAt: new Date("2026-11-01T00:00:00Z") })
      .where(eq(trainingContacts.id, teen!.id));
    expect(await dispatchPracticeMessage(db, school.id, { now: school.scheduledFor, random: seeded(5) })).toMatchObject(
      { outcome: "replanned" },
    );
    const [afterSchool] = await messagesOf(teen!.id);
    expectAllowed(afterSchool!.scheduledFor, "Europe/Paris", "teen");

    expect((await outbox()).map((message) => message.recipient).sort()).toEqual([moved!.email, clocks!.email].sort());
  });

  it("plans once per week even when two plans run at once, and a stale week's plan is not repeated", async () => {
    await createTestFamily(db, {
      holderName: "Twice",
      holderEmail: "twice@example.com",
      contacts: [
        { name: "One", ageBand: "adult" },
        { name: "Two", ageBand: "older-adult", timeZone: "Europe/Berlin" },
      ],
    });
    const [a, b] = await Promise.all([
      planPracticeMessages(db, { now: MONDAY }),
      planPracticeMessages(db, { now: MONDAY }),
    ]);
    expect(a.length + b.length).toBe(2);
    expect(await planPracticeMessages(db, { now: new Date(MONDAY.getTime() + minutes(60)) })).toEqual([]);
    const rows = await db.select().from(practiceMessages);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.contactId)).size).toBe(2);
  });

  it("picks the scenario by the person's level: the easiest at 1, the hardest at 3, the nearest when the exact level is missing", async () => {
    const family = await createTestFamily(db, {
      holderName: "Levels",
      holderEmail: "levels@example.com",
      contacts: [
        { name: "Beginner", ageBand: "adult", level: 1 },
        { name: "Expert", ageBand: "adult", level: 3 },
        { name: "Child Expert", ageBand: "child", level: 3, timeZone: "America/Chicago" },
      ],
    });
    const library = practiceLibrary();
    const levels = (band: AgeBand) =>
      library.scenarios
        .filter((s) => s.channel === "email")
        .flatMap((s) => (difficultyFor(s, band) ? [difficultyFor(s, band)!] : []));
    await planPracticeMessages(db, { now: MONDAY, random: seeded(9) });
    const [beginner, expert, child] = family.contacts;
    // A person's first practice message is never level 1, even at level 1 (issue #40): level 2.
    expect(Math.min(...levels("adult"))).toBe(1);
    expect((await messagesOf(beginner!.id))[0]!.level).toBe(2);
    expect((await messagesOf(expert!.id))[0]!.level).toBe(Math.max(...levels("adult")));
    expect((await messagesOf(child!.id))[0]!.level).toBe(Math.max(...levels("child")));

    // A library without level-2 adult emails: a level-2 person gets the nearest, the easier first.
    await db.delete(practiceMessages);
    await db.update(trainingContacts).set({ level: 2 }).where(eq(trainingContacts.id, beginner!.id));
    const withoutLevelTwo = library.scenarios.filter((s) => s.channel === "email" && difficultyFor(s, "adult") !== 2);
    const partial = { scenarios: withoutLevelTwo, byId: (id: string) => withoutLevelTwo.find((s) => s.id === id) };
    await planPracticeMessages(db, { now: MONDAY, library: partial });
    expect((await messagesOf(beginner!.id))[0]!.level).toBe(1);
  });

  describe("composition and delivery", () => {
    let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
    let twilio: FakeTwilio;
    beforeAll(async () => {
      [smtp, twilio] = await Promise.all([startFakeSmtpServer(), startFakeTwilio()]);
    });
    afterAll(async () => Promise.all([smtp.close(), twilio.close()]));
    afterEach(() => {
      smtp.received.length = 0;
      twilio.reset();
    });

    const channels = () => ({
      email: smtpTransport(smtp.url),
      sms: twilioTransport({
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        from: "+15005550006",
        apiBase: twilio.url,
      }),
      emailFrom: getEnv().MAIL_FROM,
    });
    const headersOf = (raw: string) => raw.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " ");

    it("a family member who reads Spanish gets Spanish practice messages, stop words included; the others stay in English (issue #39)", async () => {
      const family = await createTestFamily(db, {
        holderName: "Dana Ortiz",
        holderEmail: "dana.es@example.com",
        contacts: [
          {
            name: "Abuela Rosa",
            ageBand: "older-adult",
            email: "rosa.es@example.com",
            timeZone: "Europe/London",
            language: "es",
          },
          {
            name: "Tío Memo",
            ageBand: "adult",
            email: null,
            phone: "+15550100031",
            smsEnabled: true,
            timeZone: "Europe/London",
            language: "es",
          },
          { name: "Dana Ortiz", ageBand: "adult", email: "dana.en@example.com", timeZone: "Europe/London" },
        ],
      });
      await planPracticeMessages(db, { now: MONDAY, random: seeded(5) });
      const library = practiceLibrary();
      const planned = await db.select().from(practiceMessages);
      expect(planned).toHaveLength(3);
      const languageOf = (contactId: string) =>
        library.byId(planned.find((message) => message.contactId === contactId)!.scenarioId)!.language;
      expect(family.contacts.map((contact) => languageOf(contact.id))).toEqual(["es", "es", "en"]);
      for (const message of planned)
        expect((await dispatchPracticeMessage(db, message.id, { now: message.scheduledFor })).outcome).toBe("queued");
      const rows = await db.select().from(outboxMessages);
      const email = rows.find((row) => row.recipient === "rosa.es@example.com")!;
      const text = rows.find((row) => row.recipient === "+15550100031")!;
      const english = rows.find((row) => row.recipient === "dana.en@example.com")!;
      expect(email.htmlBody).toContain('<html lang="es">');
      expect(email.htmlBody).toContain(">Cancelar suscripción</a>");
      expect(email.textBody).toContain("Cancelar suscripción: ");
      expect(text.textBody.endsWith("\nResponda STOP para terminar")).toBe(true);
      expect(english.htmlBody).toContain(">Unsubscribe</a>");
    });

    it("sends the email from our address under the scenario's name, with the practice headers, link and footer; the text ends with Reply STOP to end", async () => {
      const first = await createTestFamily(db, {
        holderName: "Dana Ortiz",
        holderEmail: "dana.ortiz@example.com",
        contacts: [
          { name: "Grandma Rose", ageBand: "older-adult", email: "rose@example.com", timeZone: "Europe/London" },
          {
            name: "Uncle Sam",
            ageBand: "adult",
            email: null,
            phone: "+15550100021",
            smsEnabled: true,
            timeZone: "Europe/London",
          },
          { name: "Bounce", ageBand: "adult", email: "bounce@example.com", timeZone: "Europe/London" },
        ],
      });
      const second = await createTestFamily(db, {
        holderName: "Other Family Holder",
        holderEmail: "other.holder@example.com",
        contacts: [
          { name: "Other Person", ageBand: "adult", email: "other.person@example.com", timeZone: "Europe/London" },
        ],
      });
      smtp.rejectRecipient("bounce@example.com");
      await planPracticeMessages(db, { now: MONDAY, random: seeded(11) });
      const planned = await db.select().from(practiceMessages);
      expect(planned).toHaveLength(4);
      const latest = new Date(Math.max(...planned.map((message) => message.scheduledFor.getTime())));
      // Each message at its own moment: all are allowed for these adults in London.
      for (const message of planned)
        expect((await dispatchPracticeMessage(db, message.id, { now: message.scheduledFor })).outcome).toBe("queued");
      expect(latest.getTime()).toBeGreaterThan(MONDAY.getTime());

      const delivery = channels();
      const results = await deliverDueMessages(db, delivery);
      delivery.email.close?.();
      expect(results.map((result) => result.outcome).sort()).toEqual(["failed", "sent", "sent", "sent"]);

      const { linkOrigin, mailDomain } = getEnv().practice!;
      const appUrl = getEnv().APP_URL;
      // Practice links are on the practice origin, never on the site's own.
      expect(new URL(linkOrigin).host).not.toBe(new URL(appUrl).host);
      const library = practiceLibrary();
      const byContact = async (contactId: string) => {
        const [message] = await messagesOf(contactId);
        const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, message!.outboxMessageId!));
        return { message: message!, row: row!, scenario: library.byId(message!.scenarioId)! };
      };

      // The email to Grandma Rose, as the SMTP server received it: from the scenario's sender at
      // the practice domain, nothing in it saying it is practice.
      const rose = await byContact(first.contacts[0]!.id);
      const mail = smtp.received.find((received) => received.to.includes("rose@example.com"))!;
      const headers = headersOf(mail.raw);
      const sender = `${rose.scenario.from.address}@${mailDomain}`;
      expect(mail.from).toBe(sender);
      // Nodemailer leaves out the quotes when the name needs none.
      expect(headers).toMatch(
        new RegExp(`^From: "?${rose.scenario.from.name}"? <${sender.replaceAll(".", "\\.")}>$`, "m"),
      );
      // Found again by its Message-ID; no header of ours says what it is (issue #40).
      expect(headers).toMatch(new RegExp(`^Message-ID: <${rose.row.id}@${mailDomain.replaceAll(".", "\\.")}>$`, "im"));
      expect(headers).not.toMatch(/^X-Scam-Free/im);
      expect(headers).toContain(`List-Unsubscribe: <${linkOrigin}/unsubscribe/${rose.message.token}>`);
      expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(rose.row.subject).toBe(rose.scenario.subject);
      const marker = /\[\[([^[\]]*)\]\]/.exec(rose.scenario.body)![1]!;
      expect(rose.row.htmlBody).toContain(
        `<a href="${linkOrigin}${rose.scenario.landing.path}/${rose.message.token}" style="color:#1a56db">${marker.replaceAll("&", "&amp;")}</a>`,
      );
      expect(rose.row.htmlBody).toContain(`href="${linkOrigin}/unsubscribe/${rose.message.token}"`);
      expect(rose.row.htmlBody).toContain(">Unsubscribe</a>");
      // Not even in a link's path (issue #36): the host is the practice origin's, nothing else says it.
      for (const giveaway of ["practice", "scam-free", "Dana Ortiz", appUrl]) {
        expect(`${rose.row.htmlBody}${rose.row.textBody}`.replaceAll(linkOrigin, "https://origin")).not.toContain(
          giveaway,
        );
      }
      expect(rose.row.htmlBody).not.toContain("[[");
      expect(rose.row.textBody).toContain(
        `${marker} (${linkOrigin}${rose.scenario.landing.path}/${rose.message.token})`,
      );
      expect(rose.row.textBody.trim().endsWith(`Unsubscribe: ${linkOrigin}/unsubscribe/${rose.message.token}`)).toBe(
        true,
      );
      // What left is stored as it left, for the feedback page.
      const [stored] = await db.select().from(practiceMessages).where(eq(practiceMessages.id, rose.message.id));
      expect(stored!.delivered).toMatchObject({
        channel: "email",
        from: { name: rose.scenario.from.name, address: sender },
        to: "rose@example.com",
        subject: rose.row.subject,
      });
      // The outgoing HTML escapes every piece of scenario text: the only tags are the document's own.
      expect(rose.row.htmlBody).not.toMatch(/<(?!\/?(?:p|a|br|html|head|meta|title|body)\b|!doctype)/i);

      // The text to Uncle Sam, as the fake Twilio received it.
      const sam = await byContact(first.contacts[1]!.id);
      expect(twilio.messages).toHaveLength(1);
      expect(twilio.messages[0]).toMatchObject({ to: "+15550100021", body: sam.row.textBody });
      expect(sam.row.textBody.endsWith("\nReply STOP to end")).toBe(true);
      expect(sam.row.textBody).toContain(`${linkOrigin}${sam.scenario.landing.path}/${sam.message.token}`);
      expect(sam.row.textBody.replaceAll(linkOrigin, "https://origin")).not.toMatch(/practi|training|scam/i);
      expect(sam.row.textBody).not.toContain("[[");

      // Nothing of one family is in the other's messages.
      const other = await byContact(second.contacts[0]!.id);
      const firstFamilyText = [rose, sam]
        .map((m) => `${m.row.textBody}${m.row.htmlBody ?? ""}${JSON.stringify(m.row.headers)}`)
        .join("");
      for (const secret of [
        "Other Family Holder",
        "Other Person",
        "other.person@example.com",
        other.message.token,
        other.message.id,
      ]) {
        expect(firstFamilyText).not.toContain(secret);
      }
      const otherText = `${other.row.textBody}${other.row.htmlBody}${JSON.stringify(other.row.headers)}`;
      for (const secret of ["Dana Ortiz", "Grandma Rose", "rose@example.com", rose.message.token, sam.message.token])
        expect(otherText).not.toContain(secret);
      expect(smtp.received.find((received) => received.to.includes("other.person@example.com"))!.raw).not.toContain(
        "Dana Ortiz",
      );

      // Sent and failed events, from the outbox's result, once.
      expect(await recordDeliveryEvents(db)).toBe(4);
      expect(await recordDeliveryEvents(db)).toBe(0);
      const events = await db.select().from(practiceEvents);
      expect(events).toHaveLength(4);
      for (const contact of [...first.contacts, ...second.contacts]) {
        const { message, row } = await byContact(contact.id);
        const [event] = events.filter((e) => e.messageId === message.id);
        if (contact.name === "Bounce") {
          expect(event).toMatchObject({ kind: "failed" });
          expect(event!.detail).toContain("refused the address");
        } else {
          expect(event).toMatchObject({ kind: "sent", occurredAt: row.sentAt });
        }
      }
    });
  });

  describe("send a practice message now", () => {
    afterEach(() => {
      delete process.env.APP_ENV;
      resetEnvForTests();
    });

    it("queues one at once for the holder's own active contact, even at night, and does not count it as the week's", async () => {
      const family = await createTestFamily(db, {
        holderName: "Night Owl",
        holderEmail: "owl@example.com",
        contacts: [{ name: "Kid", ageBand: "child", timeZone: "America/New_York" }],
      });
      const contact = family.contacts[0]!;
      // 03:00 in New York on a school day.
      const night = new Date("2026-11-17T08:00:00Z");
      const result = await sendPracticeMessageNow(
        db,
        { userId: family.userId, contactId: contact.id, now: night },
        translatorFor("en"),
      );
      expect(result).toMatchObject({ ok: true, status: 200, title: "Practice message sent" });
      expect(result.message).toContain("Kid");
      const [message] = await messagesOf(contact.id);
      expect(message).toMatchObject({
        id: result.messageId,
        status: "queued",
        weekKey: null,
        scheduledFor: night,
        queuedAt: night,
      });
      const [row] = await outbox();
      expect(row).toMatchObject({ id: message!.outboxMessageId, recipient: contact.email, template: "practice-email" });
      expect(Object.keys(row!.headers)).not.toContain("X-Scam-Free-Practice");
      // The week's own message is still planned, and never the same scenario.
      const [weekly] = await planPracticeMessages(db, { now: night });
      expect(weekly).toMatchObject({ contactId: contact.id, weekKey: "2026-W47" });
      expect(weekly!.scenarioId).not.toBe(message!.scenarioId);
    });

    it("refuses another family's contact (404), people without consent, paused, opted out or without access, bad ids, and production", async () => {
      const mine = await createTestFamily(db, {
        holderName: "Mine",
        holderEmail: "mine@example.com",
        contacts: [
          { name: "Waiting", ageBand: "adult", consent: false },
          { name: "Resting", ageBand: "adult", pausedAt: MONDAY },
          { name: "Stopped", ageBand: "adult", optedOutAt: MONDAY },
          { name: "Fine", ageBand: "adult" },
        ],
      });
      const theirs = await createTestFamily(db, {
        holderName: "Theirs",
        holderEmail: "theirs@example.com",
        contacts: [{ name: "Their Kid", ageBand: "teen" }],
      });
      const ended = await createTestFamily(db, {
        holderName: "Ended",
        holderEmail: "ended@example.com",
        status: "canceled",
        contacts: [{ name: "Former", ageBand: "adult" }],
      });
      const send = (userId: string, contactId: unknown) =>
        sendPracticeMessageNow(db, { userId, contactId, now: MONDAY }, translatorFor("en"));
      const [waiting, resting, stopped, fine] = mine.contacts;

      expect(await send(mine.userId, theirs.contacts[0]!.id)).toMatchObject({
        ok: false,
        status: 404,
        title: "Not found",
      });
      expect(await send(theirs.userId, fine!.id)).toMatchObject({ ok: false, status: 404 });
      expect(await send(mine.userId, waiting!.id)).toMatchObject({
        ok: false,
        status: 409,
        title: "Waiting for consent",
      });
      expect(await send(mine.userId, resting!.id)).toMatchObject({ ok: false, status: 409, title: "Paused" });
      expect(await send(mine.userId, stopped!.id)).toMatchObject({ ok: false, status: 409, title: "Opted out" });
      expect(await send(ended.userId, ended.contacts[0]!.id)).toMatchObject({ ok: false, status: 403 });
      for (const bad of ["not-a-uuid", "", 42, undefined, "<script>", "00000000-0000-4000-8000-000000000000"]) {
        const result = await send(mine.userId, bad);
        expect(result.ok).toBe(false);
        expect([400, 404]).toContain(result.status);
      }

      process.env.APP_ENV = "production";
      resetEnvForTests();
      expect(await send(mine.userId, fine!.id)).toMatchObject({ ok: false, status: 404, title: "Not available" });

      expect(await db.select().from(practiceMessages)).toEqual([]);
      expect(await outbox()).toEqual([]);
      expect(
        await db
          .select()
          .from(practiceMessages)
          .where(and(eq(practiceMessages.contactId, fine!.id))),
      ).toEqual([]);
    });
  });
});
