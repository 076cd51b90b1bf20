import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { at } from "../support/clock";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { callAction, callLoader } from "../support/route-calls";
import { signedInCookie } from "../support/users";
import { createTestFamily } from "../support/training-family";
import { accounts, sessions, users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { outboxMessages } from "~/mail/tables";
import { requestLimits } from "~/security/tables";
import {
  practiceAddressConsents,
  practiceEvents,
  practiceMessages,
  trainingContacts,
  trainingPrograms,
  weeklySummaries,
} from "~/training/tables";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { isoWeekKey } from "~/family/quiet-hours";
import { loadFamilyResults } from "~/training/results/family-results.server";
import type { FamilyResults, PersonResults } from "~/training/results/family-results-view";
import type { PracticeEventKind } from "~/training/tables";
import type { TrainingPageView } from "~/training/people/contact-view";
import { action as trainingAction, loader as trainingLoader } from "~/routes/account.training";
import { loader as exportLoader } from "~/routes/account.training.export";

/**
 * Four weeks of practice for a family of three, written straight into the tables on a clock the
 * test controls (messages, their outbox rows with the moment they were sent, and events, mail
 * scanners and link previews included), then read back through the dashboard.
 *
 * Timeline (Tuesdays, ISO weeks 44-47 of 2026); "now" is Wednesday 18 November, 13:00 in New York:
 * - Dana (adult, New York, level 2): scanner then report (30 min) · fell · spot (2 h) · spot (10 min)
 * - Sam (child, New York): nothing · preview agent only (flagged) · fell · spot (20 h); plus one
 *   that failed to send
 * - Grandpa Joe (older adult, Los Angeles, texts, level 3): SCAM reply (3 min) · preview then
 *   report (15 min) · preview only; plus one queued but not yet sent and one planned
 * Every message that went out is older than the 3-day response window, or answered: none waits.
 */
const NOW = new Date("2026-11-18T18:00:00Z");
const TUESDAYS = ["2026-10-27", "2026-11-03", "2026-11-10", "2026-11-17"];

type Step = [kind: PracticeEventKind, secondsAfterSending: number, flagged?: boolean];

describe.each(DATABASE_TARGETS)("the family dashboard on $name", (target) => {
  const suite = databaseForSuite(target, [
    practiceEvents,
    practiceMessages,
    trainingContacts,
    trainingPrograms,
    outboxMessages,
    requestLimits,
    members,
    subscriptions,
    customers,
    sessions,
    accounts,
    users,
  ]);

  const library = practiceLibrary();
  const scenarios = (channel: "email" | "sms", ageBand: "adult" | "child" | "older-adult") =>
    library.scenariosFor({ channel, ageBand }).map((scenario) => scenario.id);

  /** A practice message that went out at `sentAt` (outbox row sent then), and what followed. */
  async function practice(
    contact: { id: string; timeZone: string; email: string | null; phone: string | null },
    scenarioId: string,
    sentAt: Date,
    steps: Step[],
    options: { outboxStatus?: "sent" | "failed" | "pending"; weekly?: boolean } = {},
  ) {
    const channel = scenarioId.startsWith("sms-") ? "sms" : "email";
    const status = options.outboxStatus ?? "sent";
    const [outbox] = await suite.handle.db
      .insert(outboxMessages)
      .values({
        channel,
        template: "practice-message",
        recipient: channel === "sms" ? contact.phone! : contact.email!,
        subject: channel === "email" ? "A practice message" : null,
        textBody: "practice",
        status,
        sentAt: status === "sent" ? sentAt : null,
        lastError: status === "failed" ? "550 mailbox unavailable" : null,
      })
      .returning();
    const token = randomBytes(32).toString("base64url");
    const [message] = await suite.handle.db
      .insert(practiceMessages)
      .values({
        contactId: contact.id,
        scenarioId,
        channel,
        level: 1,
        token,
        weekKey: options.weekly === false ? null : isoWeekKey(sentAt, contact.timeZone),
        status: "queued",
        scheduledFor: sentAt,
        outboxMessageId: outbox!.id,
        queuedAt: sentAt,
      })
      .returning();
    const events: Step[] = status === "sent" ? [["sent", 0], ...steps] : status === "failed" ? [["failed", 0]] : [];
    for (const [kind, seconds, flagged] of events) {
      await suite.handle.db.insert(practiceEvents).values({
        messageId: message!.id,
        kind,
        occurredAt: new Date(sentAt.getTime() + seconds * 1000),
        secondsSinceDelivery: seconds,
        flagged: flagged ?? false,
        userAgent: flagged
          ? "Mozilla/5.0 (compatible; Microsoft Office Protocol Discovery) Safe Links"
          : "Mozilla/5.0 (iPhone)",
        detail: flagged ? "preview-agent" : null,
      });
    }
    return { id: message!.id, token, scenarioId };
  }

  async function simulateFourWeeks(userId?: string) {
    const family = await createTestFamily(suite.handle.db, {
      holderName: "Dana Rivera",
      holderEmail: "dana@example.com",
      userId,
      contacts: [
        { name: "Dana Rivera", ageBand: "adult", email: "dana@example.com", level: 2 },
        { name: "Sam Rivera", ageBand: "child", email: "sam@example.com" },
        {
          name: "Grandpa Joe",
          ageBand: "older-adult",
          email: null,
          phone: "+15555550123",
          smsEnabled: true,
          timeZone: "America/Los_Angeles",
          level: 3,
        },
      ],
    });
    // Its checkout people were copied in already (as the page does on the first visit).
    await suite.handle.db.insert(trainingPrograms).values({ subscriptionId: family.subscription.id });
    const [dana, sam, joe] = family.contacts as [
      (typeof family.contacts)[number],
      (typeof family.contacts)[number],
      (typeof family.contacts)[number],
    ];
    const danaIds = scenarios("email", "adult");
    const samIds = scenarios("email", "child");
    const joeIds = scenarios("sms", "older-adult");
    const sent = {
      dana: [
        await practice(dana, danaIds[0]!, at(TUESDAYS[0]!, 15), [
          ["link_fetched", 2, true],
          ["reported", 1800],
        ]),
        await practice(dana, danaIds[1]!, at(TUESDAYS[1]!, 15), [
          ["link_fetched", 300],
          ["clicked", 320],
        ]),
        await practice(dana, danaIds[2]!, at(TUESDAYS[2]!, 15), [
          ["spotted", 7200],
          ["link_fetched", 7300],
          ["clicked", 7310],
        ]),
        await practice(dana, danaIds[3]!, at(TUESDAYS[3]!, 15), [["spotted", 600]]),
      ],
      sam: [
        await practice(sam, samIds[0]!, at(TUESDAYS[0]!, 21), []),
        // An iMessage-style preview fetching and "clicking" within seconds: never a fall.
        await practice(sam, samIds[1]!, at(TUESDAYS[1]!, 21), [
          ["link_fetched", 1, true],
          ["clicked", 2, true],
        ]),
        await practice(sam, samIds[2]!, at(TUESDAYS[2]!, 21), [
          ["link_fetched", 3600],
          ["clicked", 3610],
        ]),
        await practice(sam, samIds[3]!, at(TUESDAYS[3]!, 21), [["spotted", 72_000]]),
      ],
      joe: [
        await practice(joe, joeIds[0]!, at(TUESDAYS[0]!, 19), [["reported", 180]]),
        await practice(joe, joeIds[1]!, at(TUESDAYS[1]!, 19), [
          ["link_fetched", 1, true],
          ["reported", 900],
        ]),
        // Reported by someone it was not sent to: kept, flagged, decides nothing.
        await practice(joe, joeIds[2]!, at(TUESDAYS[2]!, 19), [
          ["link_fetched", 4, true],
          ["reported", 60, true],
        ]),
      ],
    };
    // Not counted: a "send now" message that failed, one still waiting in the outbox, one planned.
    await practice(sam, samIds[4]!, at("2026-11-12", 22), [], { outboxStatus: "failed", weekly: false });
    await practice(joe, joeIds[3]!, at(TUESDAYS[3]!, 19), [], { outboxStatus: "pending" });
    await suite.handle.db.insert(practiceMessages).values({
      contactId: joe.id,
      scenarioId: joeIds[4]!,
      channel: "sms",
      level: 3,
      token: randomBytes(32).toString("base64url"),
      weekKey: "2026-W48",
      status: "planned",
      scheduledFor: new Date("2026-11-24T19:00:00Z"),
    });
    return { family, dana, sam, joe, sent };
  }

  const byName = (results: FamilyResults, name: string) => results.people.find((person) => person.name === name)!;
  const titleOf = (id: string) => library.byId(id)!.title;

  it("counts four weeks of a family of three exactly, machines never as a fall", async () => {
    const { family, sent } = await simulateFourWeeks();
    const results = (await loadFamilyResults(suite.handle.db, family.userId, { now: NOW }))!;

    // November in New York: Dana 3 (1 fall, 2 spots), Sam 3 (scanner, fall, spot), Joe 2 (report, scanner).
    expect(results.summaryLine).toBe("This month your family spotted 4 of 8 practice messages");
    // Half of them: good news, in green.
    expect(results.summaryTone).toBe("good");
    expect([results.monthSent, results.monthWaiting, results.responseWindowDays]).toEqual([8, 0, 3]);
    expect(results.people.map((person) => person.name)).toEqual(["Dana Rivera", "Sam Rivera", "Grandpa Joe"]);

    const dana = byName(results, "Dana Rivera");
    expect(dana.figures).toEqual({
      sent: 4,
      decided: 4,
      waiting: 0,
      notDelivered: 0,
      deliveryUnknown: 0,
      reported: 1,
      spotted: 2,
      checkedFirst: 0,
      fell: 1,
      openedNotPressed: 0,
      scannerOrPreview: 0,
      noResponse: 0,
      reportRate: 0.25,
      fallRate: 0.25,
      medianSecondsToReport: 1800,
    });
    expect([dana.reportRate, dana.fallRate, dana.medianTimeToReport]).toEqual(["25%", "25%", "30 min"]);
    expect(dana.ratesNote).toBeNull();
    expect(dana.levelLabel).toBe("Level 2 of 3: messages with fewer clues");
    expect(dana.weeksWithoutAFall).toBe(2);
    expect(dana.streakLabel).toBe("2 weeks in a row without a fall");

    const sam = byName(results, "Sam Rivera");
    expect(sam.figures).toEqual({
      sent: 4,
      decided: 4,
      waiting: 0,
      // The "send now" message that failed: never "no response", and not in any rate.
      notDelivered: 1,
      deliveryUnknown: 0,
      reported: 0,
      spotted: 1,
      checkedFirst: 0,
      fell: 1,
      openedNotPressed: 0,
      // The preview agent's fetch and "click": neither a fall nor the person opening it.
      scannerOrPreview: 1,
      noResponse: 1,
      reportRate: 0,
      fallRate: 0.25,
      medianSecondsToReport: null,
    });
    expect([sam.reportRate, sam.fallRate, sam.medianTimeToReport, sam.levelLabel]).toEqual([
      "0%",
      "25%",
      "—",
      "Level 1 of 3: messages with plenty of clues",
    ]);
    expect(sam.weeksWithoutAFall).toBe(1);

    const joe = byName(results, "Grandpa Joe");
    expect(joe.figures).toEqual({
      sent: 3,
      decided: 3,
      waiting: 0,
      notDelivered: 0,
      deliveryUnknown: 0,
      reported: 2,
      spotted: 0,
      checkedFirst: 0,
      fell: 0,
      openedNotPressed: 0,
      scannerOrPreview: 1,
      noResponse: 0,
      reportRate: 2 / 3,
      fallRate: 0,
      medianSecondsToReport: 540,
    });
    expect([joe.reportRate, joe.fallRate, joe.medianTimeToReport, joe.levelLabel]).toEqual([
      "67%",
      "0%",
      "9 min",
      "Level 3 of 3: messages with few clues that fit their life",
    ]);
    expect(joe.streakLabel).toBe("3 weeks in a row without a fall");

    // The trend: twelve ISO weeks up to this one (W47), spotted against sent.
    const trendOf = (person: PersonResults) => person.trend.map((week) => [week.weekKey, week.sent, week.spotted]);
    expect(dana.trend).toHaveLength(12);
    expect(dana.trend[0]).toEqual({
      weekKey: "2026-W36",
      label: "Aug 31",
      sent: 0,
      spotted: 0,
      checkedFirst: 0,
      waiting: 0,
    });
    expect(trendOf(dana).slice(-5)).toEqual([
      ["2026-W43", 0, 0],
      ["2026-W44", 1, 1],
      ["2026-W45", 1, 0],
      ["2026-W46", 1, 1],
      ["2026-W47", 1, 1],
    ]);
    expect(trendOf(sam).slice(-4)).toEqual([
      ["2026-W44", 1, 0],
      ["2026-W45", 1, 0],
      ["2026-W46", 1, 0],
      ["2026-W47", 1, 1],
    ]);
    expect(trendOf(joe).slice(-4)).toEqual([
      ["2026-W44", 1, 1],
      ["2026-W45", 1, 1],
      ["2026-W46", 1, 0],
      ["2026-W47", 0, 0],
    ]);

    // The list: newest first, with the scenario's title, the outcome and the holder's read-only view.
    expect(dana.messages.map((row) => [row.dateLabel, row.scenarioTitle, row.outcomeLabel, row.feedbackHref])).toEqual(
      [...sent.dana]
        .reverse()
        .map((message, index) => [
          ["Nov 17, 2026", "Nov 10, 2026", "Nov 3, 2026", "Oct 27, 2026"][index],
          titleOf(message.scenarioId),
          ["Spotted", "Spotted", "Fell for", "Reported"][index],
          `/account/training/messages/${message.id}`,
        ]),
    );
    // The "send now" email of 12 November that failed shows, as "Not delivered", on the day it was meant to go.
    expect(sam.messages.map((row) => row.outcomeLabel)).toEqual([
      "Spotted",
      "Not delivered",
      "Fell for",
      "Scanner or preview",
      "No response",
    ]);
    expect(joe.messages.map((row) => [row.channel, row.outcomeLabel])).toEqual([
      ["sms", "Scanner or preview"],
      ["sms", "Reported"],
      ["sms", "Reported"],
    ]);
    // Joe lives in Los Angeles: his dates are his own.
    expect(joe.messages.at(-1)!.dateLabel).toBe("Oct 27, 2026");

    // This month's lines, person by person, and the family's: the sum of theirs, figure by figure.
    // Joe's two text reports (SCAM replies) are his spots and the family's; the October ones are not this month's.
    const lineOf = (person: PersonResults) => {
      const { sent, spotted, reported, checkedFirst, fell, noActionYet } = person.monthLine;
      return [sent, spotted, reported, checkedFirst, fell, noActionYet];
    };
    expect(results.people.map(lineOf)).toEqual([
      [3, 2, 0, 0, 1, 0],
      [3, 1, 0, 0, 1, 1],
      [2, 1, 1, 0, 0, 1],
    ]);
    expect(joe.monthLine).toMatchObject({ reportedByText: 1, reportedByEmail: 0 });
    expect(sam.monthLine.notDelivered).toBe(1);
    const { sent: monthSent, spotted, reported, checkedFirst, fell, noActionYet } = results.monthLine;
    expect([monthSent, spotted, reported, checkedFirst, fell, noActionYet]).toEqual(
      results.people.map(lineOf).reduce((sum, line) => sum.map((value, index) => value + line[index]!)),
    );
    for (const channel of ["email", "sms"] as const) {
      for (const [outcome, count] of Object.entries(results.month[channel])) {
        const people = results.people.reduce(
          (sum, person) => sum + person.month[channel][outcome as keyof typeof person.month.email],
          0,
        );
        expect(count, `${channel} ${outcome}`).toBe(people);
      }
    }
    // The headline says the same: 4 of 8, the sum of 2 + 1 + 1 of 3 + 3 + 2.
    expect([results.monthSpotted, results.monthSent]).toEqual([spotted, monthSent]);
    // At a glance: each person's newest message, and their level in words.
    expect(dana.lastMessage).toMatchObject({ dateLabel: "Nov 17, 2026", outcomeLabel: "Spotted", channel: "email" });
    expect(joe.lastMessage).toMatchObject({ dateLabel: "Nov 10, 2026", outcomeLabel: "Scanner or preview" });
  });

  it("starts the month afresh: on 1 December only December's messages count", async () => {
    const { family, dana } = await simulateFourWeeks();
    const december = new Date("2026-12-01T17:00:00Z");
    expect((await loadFamilyResults(suite.handle.db, family.userId, { now: december }))!.summaryLine).toBe(
      "No practice messages have gone out this month yet.",
    );
    await practice(dana, scenarios("email", "adult")[5]!, new Date("2026-12-01T15:00:00Z"), [
      ["link_fetched", 1, true],
      ["spotted", 90],
    ]);
    const results = (await loadFamilyResults(suite.handle.db, family.userId, { now: december }))!;
    expect(results.summaryLine).toBe("This month your family spotted 1 of 1 practice message");
    expect(byName(results, "Dana Rivera").trend.at(-1)).toMatchObject({ weekKey: "2026-W49", sent: 1, spotted: 1 });

    // A second one that morning ("send now"), not answered two hours later: waiting, not a miss.
    await practice(dana, scenarios("email", "adult")[6]!, new Date("2026-12-01T15:00:00Z"), [], { weekly: false });
    const waiting = (await loadFamilyResults(suite.handle.db, family.userId, { now: december }))!;
    expect(waiting.summaryLine).toBe(
      "This month your family spotted 1 of 2 practice messages; 1 is still waiting for an answer",
    );
    expect(waiting.summaryTone).toBe("good");
    expect(byName(waiting, "Dana Rivera").trend.at(-1)).toMatchObject({ sent: 2, spotted: 1, waiting: 1 });
    // Both went out at 15:00, in no particular order between them.
    expect(
      byName(waiting, "Dana Rivera")
        .messages.slice(0, 2)
        .map((row) => row.outcomeLabel)
        .sort(),
    ).toEqual(["Spotted", "Waiting"]);
    expect(byName(waiting, "Dana Rivera").figures).toMatchObject({ sent: 6, decided: 5, waiting: 1 });
  });

  it("waits the response window before counting silence, shows rates only from 3 messages, and is green only for good news", async () => {
    const family = await createTestFamily(suite.handle.db, {
      holderName: "Dana Rivera",
      holderEmail: "dana@example.com",
      contacts: [
        { name: "Dana Rivera", ageBand: "adult", email: "dana@example.com" },
        { name: "Sam Rivera", ageBand: "child", email: "sam@example.com" },
      ],
    });
    await suite.handle.db.insert(trainingPrograms).values({ subscriptionId: family.subscription.id });
    const dana = family.contacts[0]!;
    const ids = scenarios("email", "adult");
    // Three minutes before NOW, nothing yet; five days before, opened by Dana (not a scanner) and not pressed.
    const fresh = await practice(dana, ids[0]!, new Date(NOW.getTime() - 180_000), [], { weekly: false });
    await practice(dana, ids[1]!, new Date(NOW.getTime() - 5 * 86_400_000), [["link_fetched", 3600]], {
      weekly: false,
    });

    const now = (await loadFamilyResults(suite.handle.db, family.userId, { now: NOW }))!;
    const person = byName(now, "Dana Rivera");
    expect(person.messages.map((row) => row.outcomeLabel)).toEqual(["Waiting", "Opened, did not press"]);
    expect(person.figures).toMatchObject({ sent: 2, decided: 1, waiting: 1, openedNotPressed: 1, noResponse: 0 });
    // One decided message: no percentage, and a note saying why.
    expect([person.reportRate, person.fallRate]).toEqual(["—", "—"]);
    expect(person.ratesNote).toBe("Rates show after 3 messages with an outcome (1 so far).");
    // "Spotted 0 of 2" is not good news: not green.
    expect(now.summaryLine).toBe(
      "This month your family spotted 0 of 2 practice messages; 1 is still waiting for an answer",
    );
    expect(now.summaryTone).toBe("neutral");
    // Sam has had nothing yet: no messages, so the page shows one line for him instead of a card.
    const sam = byName(now, "Sam Rivera");
    expect([sam.messages, sam.figures.sent, sam.ratesNote]).toEqual([[], 0, null]);

    // Four days on, the fresh one had its chance: "No response"; a longer window still waits.
    const later = new Date(NOW.getTime() + 4 * 86_400_000);
    const decided = byName((await loadFamilyResults(suite.handle.db, family.userId, { now: later }))!, "Dana Rivera");
    expect(decided.messages.map((row) => [row.id, row.outcomeLabel])[0]).toEqual([fresh.id, "No response"]);
    expect(decided.figures).toMatchObject({ decided: 2, waiting: 0, noResponse: 1 });
    const longer = await loadFamilyResults(suite.handle.db, family.userId, { now: later, responseWindowDays: 7 });
    expect(byName(longer!, "Dana Rivera").messages[0]!.outcomeLabel).toBe("Waiting");

    // A third decided message (a spot): the rates show, out of the three decided.
    await practice(dana, ids[2]!, new Date(NOW.getTime() - 86_400_000), [["spotted", 600]], { weekly: false });
    const three = byName((await loadFamilyResults(suite.handle.db, family.userId, { now: later }))!, "Dana Rivera");
    expect([three.reportRate, three.fallRate, three.ratesNote]).toEqual(["0%", "0%", null]);
  });

  it("shows the dashboard to the account holder only; another account sees none of this family", async () => {
    const holderCookie = await signedInCookie(suite.handle, "dana@example.com");
    const [holderUser] = await suite.handle.db.select().from(users).where(eq(users.email, "dana@example.com"));
    const { sent } = await simulateFourWeeks(holderUser!.id);

    type LoaderData = { view: TrainingPageView; results: FamilyResults | null };
    const own = await callLoader<LoaderData>(trainingLoader, "/account/training", { Cookie: holderCookie });
    expect(own.status).toBe(200);
    expect(
      own.data.results!.people.map((person) => [
        person.name,
        person.figures.sent,
        person.figures.reported,
        person.figures.spotted,
        person.figures.fell,
      ]),
    ).toEqual([
      ["Dana Rivera", 4, 1, 2, 1],
      ["Sam Rivera", 4, 0, 1, 1],
      ["Grandpa Joe", 3, 2, 0, 0],
    ]);

    // Another family on the same site: its own dashboard holds only its own person.
    const otherCookie = await signedInCookie(suite.handle, "lee@example.com");
    const [otherUser] = await suite.handle.db.select().from(users).where(eq(users.email, "lee@example.com"));
    const other = await createTestFamily(suite.handle.db, {
      holderName: "Lee Park",
      holderEmail: "lee@example.com",
      userId: otherUser!.id,
      contacts: [{ name: "Lee Park", ageBand: "adult", email: "lee@example.com" }],
    });
    await suite.handle.db.insert(trainingPrograms).values({ subscriptionId: other.subscription.id });
    await practice(other.contacts[0]!, scenarios("email", "adult")[0]!, at(TUESDAYS[3]!, 15), [["spotted", 60]]);
    const theirs = await callLoader<LoaderData>(trainingLoader, "/account/training", { Cookie: otherCookie });
    expect(theirs.status).toBe(200);
    expect(
      theirs.data.results!.people.map((person) => [person.name, person.figures.sent, person.figures.spotted]),
    ).toEqual([["Lee Park", 1, 1]]);
    // One message: no rates yet.
    expect(theirs.data.results!.people[0]!.reportRate).toBe("—");
    const seen = JSON.stringify(theirs.data);
    for (const message of [...sent.dana, ...sent.sam, ...sent.joe]) expect(seen).not.toContain(message.token);
    expect(seen).not.toContain("Grandpa Joe");

    // An account without a plan gets no dashboard at all; signed out is sent to sign in.
    const strangerCookie = await signedInCookie(suite.handle, "stranger@example.com");
    const stranger = await callLoader<LoaderData>(trainingLoader, "/account/training", { Cookie: strangerCookie });
    expect(stranger.data.view.kind).toBe("not-member");
    expect(stranger.data.results).toBeNull();
    const signedOut = await callLoader<LoaderData>(trainingLoader, "/account/training");
    expect(signedOut.status).toBe(302);
  });

  it("lets the holder download everything about one person and delete them with all of it; nobody else can", async () => {
    const holderCookie = await signedInCookie(suite.handle, "dana@example.com");
    const [holderUser] = await suite.handle.db.select().from(users).where(eq(users.email, "dana@example.com"));
    const { family, sam, joe, sent } = await simulateFourWeeks(holderUser!.id);
    const exportOf = async (contactId: string, cookie: string) => {
      const answer = await callLoader<unknown>(
        (args: never) => exportLoader({ ...(args as object), params: { contactId } } as never),
        `/account/training/export/${contactId}`,
        { Cookie: cookie },
      );
      return answer.response!;
    };

    const download = await exportOf(sam.id, holderCookie);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(download.headers.get("Content-Disposition")).toBe('attachment; filename="scam-free-sam-rivera.json"');
    const body = await download.text();
    const data = JSON.parse(body);
    expect(data.person).toMatchObject({ name: "Sam Rivera", ageBand: "child", email: "sam@example.com" });
    expect(data.consent).toMatchObject({
      guardianUserId: holderUser!.id,
      addresses: [{ address: "sam@example.com", channel: "email", how: "notice-link" }],
    });
    // Whether the address refused is not the family's to know (a refusal counts for every family).
    expect(data.consent.addresses[0]).not.toHaveProperty("optedOut");
    expect(data.practiceMessages).toHaveLength(5);
    expect(data.practiceMessages.map((message: { outcome: string | null }) => message.outcome)).toEqual([
      "no-response",
      "scanner-or-preview",
      "fell",
      "not-delivered",
      "spotted",
    ]);
    expect(
      data.practiceMessages[1].events.map((event: { kind: string; flagged: boolean }) => [event.kind, event.flagged]),
    ).toEqual([
      ["sent", false],
      ["link_fetched", true],
      ["clicked", true],
    ]);
    expect(data.messagesSentToThem).toHaveLength(5);
    // Nothing a relative would not expect the holder to hold: no device or browser details.
    expect(body).not.toContain("userAgent");
    expect(body).not.toContain("Mozilla");
    // Joe's: the three texts that went out, not the one waiting in the outbox or the one planned.
    const joeData = await (await exportOf(joe.id, holderCookie)).json();
    expect(joeData.practiceMessages).toHaveLength(3);
    expect(joeData.messagesSentToThem).toHaveLength(3);
    expect(JSON.stringify(joeData)).not.toContain("scheduledFor");
    // Tokens are keys to pages, not information about Sam: none is in the download.
    for (const message of sent.sam) expect(body).not.toContain(message.token);
    for (const consent of await suite.handle.db.select().from(practiceAddressConsents))
      expect(body).not.toContain(consent.token);

    // Another account, a malformed id: the same plain 404.
    const otherCookie = await signedInCookie(suite.handle, "lee@example.com");
    expect((await exportOf(sam.id, otherCookie)).status).toBe(404);
    expect((await exportOf("not-a-uuid", holderCookie)).status).toBe(404);
    const removeByOther = await callAction(
      trainingAction,
      "/account/training",
      { intent: "remove", contactId: sam.id, confirm: "yes" },
      { headers: { Cookie: otherCookie } },
    );
    expect(removeByOther.status).toBe(404);

    // The holder removes Sam: the contact, messages, events and their outbox rows all go.
    const samMessages = await suite.handle.db
      .select()
      .from(practiceMessages)
      .where(eq(practiceMessages.contactId, sam.id));
    const outboxIds = samMessages.map((message) => message.outboxMessageId!);
    const removed = await callAction(
      trainingAction,
      "/account/training",
      { intent: "remove", contactId: sam.id, confirm: "yes" },
      { headers: { Cookie: holderCookie } },
    );
    expect(removed.status).toBe(200);
    expect(await suite.handle.db.select().from(trainingContacts).where(eq(trainingContacts.id, sam.id))).toEqual([]);
    expect(await suite.handle.db.select().from(practiceMessages).where(eq(practiceMessages.contactId, sam.id))).toEqual(
      [],
    );
    const remainingEvents = await suite.handle.db.select().from(practiceEvents);
    expect(remainingEvents.some((event) => samMessages.some((message) => message.id === event.messageId))).toBe(false);
    const outbox = await suite.handle.db.select().from(outboxMessages);
    expect(outbox.filter((row) => outboxIds.includes(row.id))).toEqual([]);
    expect(outbox.filter((row) => row.recipient === "sam@example.com")).toEqual([]);
    expect(await suite.handle.db.select().from(weeklySummaries).where(eq(weeklySummaries.contactId, sam.id))).toEqual(
      [],
    );
    // Everyone else's history stays.
    const after = (await loadFamilyResults(suite.handle.db, family.userId, { now: NOW }))!;
    expect(after.people.map((person) => [person.name, person.figures.sent])).toEqual([
      ["Dana Rivera", 4],
      ["Grandpa Joe", 3],
    ]);
    expect(
      await suite.handle.db.select().from(practiceMessages).where(eq(practiceMessages.contactId, joe.id)),
    ).toHaveLength(5);
  });
});
