import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seeded } from "../support/seeded-random";
import { asc, eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { createTestFamily } from "../support/training-family";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { outboxMessages } from "~/mail/tables";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { difficultyFor, type PracticeScenario } from "~/training/library/practice-scenario-schema";
import { REVIEW_AFTER_DAYS } from "~/training/library/scenario-choice";
import { dispatchDuePracticeMessages, planPracticeMessages } from "~/training/sending/scheduler.server";
import { findPracticeMessageByToken, recordSpotted } from "~/training/tracking/tracking.server";
import { feedbackFor } from "~/training/tracking/practice-feedback.server";
import { loadFamilyResults } from "~/training/results/family-results.server";
import { practiceEvents, practiceMessages, trainingContacts } from "~/training/tables";

/**
 * A year of practice (issue #36), week by week with the clock moved: no scenario comes twice
 * until the person's pool is used up, then the one they fell for comes back first, eight weeks
 * after it went out; a scam told in steps goes out step by step and ends when the person acts.
 */

const DAY = 86_400_000;
/** Monday 16 November 2026, 05:00 UTC: midnight in New York. */
const START = new Date("2026-11-16T05:00:00Z");
const week = (n: number) => new Date(START.getTime() + n * 7 * DAY);

const asLibrary = (scenarios: PracticeScenario[]) => ({
  scenarios,
  byId: (id: string) => scenarios.find((scenario) => scenario.id === id),
});

describe.each(DATABASE_TARGETS)("a year of practice on $name", (target) => {
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
    ]) {
      await db.delete(table);
    }
    await db.delete(outboxMessages);
  });

  /** Plans this week's message and queues it at its own moment (the job's run at that minute). */
  async function runWeek(n: number, library: ReturnType<typeof asLibrary>, random: () => number) {
    const planned = await planPracticeMessages(db, { now: week(n), library, random });
    for (const message of planned) await dispatchDuePracticeMessages(db, { now: message.scheduledFor, library });
  }

  const sentTo = (contactId: string) =>
    db
      .select()
      .from(practiceMessages)
      .where(eq(practiceMessages.contactId, contactId))
      .orderBy(asc(practiceMessages.scheduledFor));

  it("sends no repeat until the pool is used up, then the one they fell for, eight weeks on", async () => {
    const pool = practiceLibrary()
      .scenarios.filter((s) => s.channel === "email" && !s.sequence && difficultyFor(s, "adult") !== undefined)
      .slice(0, 3);
    const library = asLibrary(pool);
    const family = await createTestFamily(db, {
      holderName: "Dana Holder",
      holderEmail: "dana@example.com",
      contacts: [{ name: "Maria Alvarez", ageBand: "adult", email: "maria@example.com", phone: null }],
    });
    const contact = family.contacts[0]!;
    const random = seeded(7);
    for (let n = 0; n < 3; n++) await runWeek(n, library, random);
    const firstRound = await sentTo(contact.id);
    expect(firstRound.map((m) => m.status)).toEqual(["queued", "queued", "queued"]);
    expect(new Set(firstRound.map((m) => m.scenarioId)).size).toBe(3);
    expect(firstRound.every((m) => m.repeat === 0)).toBe(true);

    // She fell for the second one (a person's press, not a scanner's).
    const fell = firstRound[1]!;
    await db.insert(practiceEvents).values({ messageId: fell.id, kind: "clicked", occurredAt: week(1) });

    // The pool is used up and nothing is eight weeks old yet: no message, and no repeat.
    for (let n = 3; n < 8; n++) await runWeek(n, library, random);
    expect(await sentTo(contact.id)).toHaveLength(3);

    // Week by week, until something comes back: the one she fell for, at least eight weeks after it went out.
    let review: (typeof firstRound)[number] | undefined;
    for (let n = 8; n < 14 && !review; n++) {
      await runWeek(n, library, random);
      review = (await sentTo(contact.id))[3];
    }
    expect(review).toMatchObject({ scenarioId: fell.scenarioId, repeat: 1, status: "queued" });
    expect(review!.scheduledFor.getTime() - fell.scheduledFor.getTime()).toBeGreaterThanOrEqual(
      REVIEW_AFTER_DAYS * DAY,
    );
  });

  it("sends a scam told in steps one step a week, and ends it when the person spots a step", async () => {
    const all = practiceLibrary().scenarios;
    const opener = all.find(
      (s) => s.sequence?.step === 1 && all.some((t) => t.sequence?.id === s.sequence!.id && t.sequence.step === 3),
    )!;
    const band = opener.ageBands[0]!;
    const steps = all
      .filter((s) => s.sequence?.id === opener.sequence!.id)
      .sort((a, b) => a.sequence!.step - b.sequence!.step);
    const filler = all
      .filter((s) => s.channel === opener.channel && !s.sequence && s.ageBands.includes(band))
      .slice(0, 2);
    const library = asLibrary([...steps, ...filler]);
    const family = await createTestFamily(db, {
      holderName: "Dana Holder",
      holderEmail: "dana@example.com",
      contacts: [
        {
          name: "Jorge Alvarez",
          ageBand: band,
          email: opener.channel === "email" ? "jorge@example.com" : null,
          phone: opener.channel === "sms" ? "+15550100031" : null,
          emailEnabled: opener.channel === "email",
          smsEnabled: opener.channel === "sms",
        },
      ],
    });
    const contact = family.contacts[0]!;
    // Whatever the random pick, step 1 or a filler comes first; run until step 1 went out.
    const random = () => 0;
    let n = 0;
    while (!(await sentTo(contact.id)).some((m) => m.scenarioId === steps[0]!.id) && n < 3)
      await runWeek(n++, library, random);
    await runWeek(n++, library, random);
    const sent = await sentTo(contact.id);
    const at = sent.findIndex((m) => m.scenarioId === steps[0]!.id);
    expect(sent[at + 1]).toMatchObject({ scenarioId: steps[1]!.id, status: "queued" });

    // Jorge spots step 2: step 3 never comes.
    const stepTwo = (await findPracticeMessageByToken(db, sent[at + 1]!.token))!;
    await recordSpotted(db, stepTwo);
    await runWeek(n++, library, random);
    const after = await sentTo(contact.id);
    expect(after).toHaveLength(sent.length + 1);
    expect(after.map((m) => m.scenarioId)).not.toContain(steps[2]!.id);

    // Every message left at its planned minute, as the outbox's delivery would record it.
    for (const message of after) {
      await db
        .update(outboxMessages)
        .set({ status: "sent", sentAt: message.scheduledFor })
        .where(eq(outboxMessages.id, message.outboxMessageId!));
    }
    // The results show the scam as one item, spotted at step 2, in the week of that step.
    const results = (await loadFamilyResults(db, family.userId, { now: week(n), library }))!;
    const jorge = results.people[0]!;
    const sequenceRows = jorge.messages.filter((row) => row.sequenceLine !== null);
    expect(sequenceRows).toHaveLength(1);
    expect(sequenceRows[0]).toMatchObject({
      outcome: "spotted",
      outcomeLabel: "Spotted",
      scenarioTitle: steps[0]!.title,
      sequenceLine: "A scam told in 3 steps: steps 1–2 sent; stopped it at step 2",
      // The holder's view opens on step 2, which shows step 1 above it.
      feedbackHref: `/account/training/messages/${stepTwo.id}`,
    });
    // Two steps and one other message went out before the filler of the last week: three items, not four.
    expect(jorge.messages).toHaveLength(after.length - 1);
    expect(jorge.figures).toMatchObject({ spotted: 1, sent: after.length - 1 });
    const weekOfStepTwo = jorge.trend.find((w) => w.sent > 0 && w.spotted === 1);
    expect(weekOfStepTwo).toBeDefined();
    expect(jorge.trend.reduce((sum, w) => sum + w.sent, 0)).toBe(after.length - 1);

    // Step 2's feedback shows the story so far: step 1 as it arrived, with its own red flags.
    const feedback = (await feedbackFor(db, stepTwo, () => "https://example.test/link"))!;
    expect(feedback.sequence).toMatchObject({ step: 2, steps: 3 });
    expect(feedback.sequence!.earlier.map((e) => e.step)).toEqual([1]);
    expect(feedback.sequence!.earlier[0]!.redFlags.length).toBe(steps[0]!.redFlags.length);
    const stepOne = (await findPracticeMessageByToken(db, sent[at]!.token))!;
    expect((await feedbackFor(db, stepOne, () => ""))!.sequence).toEqual({ step: 1, steps: 3, earlier: [] });
  });
});
