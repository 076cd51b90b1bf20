import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { callAction, callLoader } from "../support/route-calls";
import { signedInCookie } from "../support/users";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { users } from "~/account/tables";
import { customers, subscriptions } from "~/billing/tables";
import { trainerAttempts } from "~/red-flag-trainer/tables";
import { cutMessage, trainerMessageFromScenario } from "~/red-flag-trainer/candidates";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { action, loader } from "~/routes/weekly-lessons.practice";

type ActionResult = {
  ok: boolean;
  message?: string;
  feedback?: {
    score: number;
    found: unknown[];
    missed: unknown[];
    goodInstincts: { text: string; why: string }[];
    falseAlarms: unknown[];
  };
};
type LoaderResult = Awaited<ReturnType<typeof loader>>;

const SCENARIO = "email-free-coins-generator";

describe.each(DATABASE_TARGETS)("the red flag trainer's action on $name", (target) => {
  let handle: DatabaseHandle;
  let member: string;
  let memberId: string;
  let otherMember: string;
  let nonMember: string;

  async function makeMember(email: string) {
    const cookie = await signedInCookie(handle, email);
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    const [customer] = await handle.db
      .insert(customers)
      .values({ name: "Dana Rivera", email, userId: user!.id })
      .returning();
    await handle.db.insert(subscriptions).values({
      customerId: customer!.id,
      provider: "demo",
      providerSubscriptionId: `sub_${Math.random().toString(36).slice(2)}`,
      plan: "premium",
      status: "active",
    });
    return { cookie, id: user!.id };
  }

  beforeAll(async () => {
    handle = await target.open();
    useDatabaseForTests(handle);
    ({ cookie: member, id: memberId } = await makeMember("trainer-member@example.com"));
    ({ cookie: otherMember } = await makeMember("trainer-other@example.com"));
    nonMember = await signedInCookie(handle, "trainer-visitor@example.com");
  });
  afterAll(async () => handle.close());
  beforeEach(async () => {
    useDatabaseForTests(handle);
    await handle.db.delete(trainerAttempts);
  });

  const parts = () => cutMessage(trainerMessageFromScenario(practiceLibrary().byId(SCENARIO)!)).candidates;
  const check = (cookie: string, fields: Record<string, string | string[]>) =>
    callAction<ActionResult>(action, "/weekly-lessons/practice", fields, { headers: { Cookie: cookie } });

  it("scores the round, stores one attempt for the member and explains it", async () => {
    const flags = parts().filter((part) => part.redFlag !== null);
    // A plain ordinary part: not one that goes with a red flag (a good instinct, worth half).
    const decoy = parts().find((part) => part.redFlag === null && !part.related)!;
    const { status, data } = await check(member, {
      scenarioId: SCENARIO,
      ageBand: "child",
      selected: [flags[0]!.id, flags[1]!.id, decoy.id],
    });
    expect(status).toBe(200);
    expect(data.ok).toBe(true);
    expect(data.feedback!.found).toHaveLength(2);
    expect(data.feedback!.missed).toHaveLength(flags.length - 2);
    const rows = await handle.db.select().from(trainerAttempts);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: memberId,
      scenarioId: SCENARIO,
      ageBand: "child",
      level: 1,
      found: 2,
      missed: flags.length - 2,
      falseAlarms: 1,
      score: Math.round((100 * 2) / (flags.length + 1)),
    });
  });

  it('gives a child half a red flag for a good instinct: only the subject\'s "Winner Notice!!" is never 0', async () => {
    const prize = "email-lawn-mower-prize";
    const candidates = cutMessage(trainerMessageFromScenario(practiceLibrary().byId(prize)!)).candidates;
    const youWon = candidates.find((part) => part.part === "subject" && part.text === "Winner Notice!!")!;
    const flagCount = candidates.filter((part) => part.redFlag !== null).length;
    const { status, data } = await check(member, { scenarioId: prize, ageBand: "child", selected: youWon.id });
    expect(status).toBe(200);
    expect(data.feedback!.score).toBe(Math.round(50 / (flagCount + 1)));
    expect(data.feedback!.score).toBeGreaterThan(0);
    expect(data.feedback!.falseAlarms).toEqual([]);
    expect(data.feedback!.goodInstincts).toHaveLength(1);
    expect(data.feedback!.goodInstincts[0]!.text).toBe("Winner Notice!!");
    expect(data.feedback!.goodInstincts[0]!.why).toMatch(/^Good instinct: here is why it is not counted\. /);
    const [row] = await handle.db.select().from(trainerAttempts);
    expect(row).toMatchObject({ scenarioId: prize, found: 0, missed: flagCount, falseAlarms: 0 });
    expect(row!.score).toBe(data.feedback!.score);
  });

  it.each([
    ["an unknown scenario", { scenarioId: "email-no-such-message", ageBand: "adult" }, /not a practice message/],
    ["a scenario not for the band", { scenarioId: "sms-grandchild-new-number", ageBand: "child" }, /not one for/],
    [
      "an unknown part",
      { scenarioId: SCENARIO, ageBand: "child", selected: "body-9999" },
      /not a part of this message/,
    ],
    ["a part twice", { scenarioId: SCENARIO, ageBand: "child", selected: ["body-0", "body-0"] }, /marked twice/],
    ["a malformed part", { scenarioId: SCENARIO, ageBand: "child", selected: "<script>" }, /not a part/],
    ["no age band", { scenarioId: SCENARIO }, /who is practicing/],
  ])("answers 400 for %s and stores nothing", async (_label, fields, message) => {
    const { status, data } = await check(member, fields as Record<string, string | string[]>);
    expect(status).toBe(400);
    expect(data.ok).toBe(false);
    expect(data.message).toMatch(message);
    expect(await handle.db.select().from(trainerAttempts)).toHaveLength(0);
  });

  it("sends a non-member away from the loader and the action, storing nothing", async () => {
    const page = await callLoader(loader, "/weekly-lessons/practice", { Cookie: nonMember });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/weekly-lessons");
    const posted = await check(nonMember, { scenarioId: SCENARIO, ageBand: "child" });
    expect(posted.status).toBe(302);
    const signedOut = await callLoader(loader, "/weekly-lessons/practice");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/auth/);
    expect(await handle.db.select().from(trainerAttempts)).toHaveLength(0);
  });

  it("never shows one member's rounds to another, and moves the level after a good round", async () => {
    const flags = parts().filter((part) => part.redFlag !== null);
    await check(member, { scenarioId: SCENARIO, ageBand: "child", selected: flags.map((flag) => flag.id) });
    const mine = await callLoader<LoaderResult>(loader, "/weekly-lessons/practice?who=child", { Cookie: member });
    expect(mine.data.progress.totals.rounds).toBe(1);
    expect(mine.data.progress.recent.map((round) => round.score)).toEqual([100]);
    expect(mine.data.progress.level).toBe(2);
    expect(mine.data.round!.level).toBe(2);
    // The next message is a different one, suitable for a child.
    expect(mine.data.round!.scenarioId).not.toBe(SCENARIO);
    expect(practiceLibrary().byId(mine.data.round!.scenarioId)!.ageBands).toContain("child");

    const theirs = await callLoader<LoaderResult>(loader, "/weekly-lessons/practice?who=child", {
      Cookie: otherMember,
    });
    expect(theirs.data.progress.totals.rounds).toBe(0);
    expect(theirs.data.progress.recent).toEqual([]);
    expect(theirs.data.progress.level).toBe(1);
  });

  it("shows a requested message when it suits who is practising, and never one that does not", async () => {
    const asked = await callLoader<LoaderResult>(loader, `/weekly-lessons/practice?who=child&scenario=${SCENARIO}`, {
      Cookie: member,
    });
    expect(asked.data.round!.scenarioId).toBe(SCENARIO);
    const refused = await callLoader<LoaderResult>(
      loader,
      "/weekly-lessons/practice?who=child&scenario=sms-grandchild-new-number",
      { Cookie: member },
    );
    expect(practiceLibrary().byId(refused.data.round!.scenarioId)!.ageBands).toContain("child");
    // The page never carries which parts are red flags before Check.
    expect(JSON.stringify(asked.data)).not.toMatch(/redFlag|"why"/);
  });
  it("goes with the account: deleting the user removes their rounds (ON DELETE CASCADE)", async () => {
    const leaving = await makeMember("trainer-leaving@example.com");
    await check(leaving.cookie, { scenarioId: SCENARIO, ageBand: "teen" });
    await check(member, { scenarioId: SCENARIO, ageBand: "teen" });
    expect(await handle.db.select().from(trainerAttempts).where(eq(trainerAttempts.userId, leaving.id))).toHaveLength(
      1,
    );
    await handle.db.delete(users).where(eq(users.id, leaving.id));
    expect(await handle.db.select().from(trainerAttempts).where(eq(trainerAttempts.userId, leaving.id))).toHaveLength(
      0,
    );
    expect(await handle.db.select().from(trainerAttempts).where(eq(trainerAttempts.userId, memberId))).toHaveLength(1);
  });
});
