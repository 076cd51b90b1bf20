import { describe, expect, it } from "vitest";
import { loadPracticeLibrary } from "~/training/library/practice-library.server";
import {
  difficultyFor,
  type AgeBand,
  type Channel,
  type DifficultyLevel,
  type PracticeScenario,
} from "~/training/library/practice-scenario-schema";
import {
  channelOrder,
  choosePracticeMessage,
  chooseScenario,
  type PastMessage,
  REVIEW_AFTER_DAYS,
} from "~/training/library/scenario-choice";

const library = loadPracticeLibrary();

/** Only the fields the choice reads; cues 20 + premise low/medium/high give levels 1/2/2, cues 5 gives 2/3/3. */
function scenario(
  id: string,
  channel: Channel,
  premise: Partial<Record<AgeBand, "low" | "medium" | "high">>,
  cues = 20,
): PracticeScenario {
  return { id, channel, difficulty: { cues, premise } } as unknown as PracticeScenario;
}

const levelsOf = (band: AgeBand, channel: Channel) =>
  library.scenarios
    .filter((s) => s.channel === channel)
    .flatMap((s) => (difficultyFor(s, band) ? [difficultyFor(s, band)!] : []));

describe("scenario choice", () => {
  it("with level 1 picks the easiest scenario available, with level 3 the hardest", () => {
    for (const band of ["child", "teen", "adult", "older-adult"] as const) {
      for (const channel of ["email", "sms"] as const) {
        const levels = levelsOf(band, channel);
        for (let seed = 0; seed < 5; seed++) {
          const random = () => seed / 5;
          const easy = chooseScenario({
            scenarios: library.scenarios,
            ageBand: band,
            level: 1,
            channel,
            history: [],
            random,
          })!;
          const hard = chooseScenario({
            scenarios: library.scenarios,
            ageBand: band,
            level: 3,
            channel,
            history: [],
            random,
          })!;
          expect(easy.level).toBe(Math.min(...levels));
          expect(hard.level).toBe(Math.max(...levels));
          expect(difficultyFor(easy.scenario, band)).toBe(easy.level);
          expect(easy.scenario.channel).toBe(channel);
          expect(hard.scenario.ageBands).toContain(band);
        }
      }
    }
  });

  it("takes the nearest level when the exact one is missing, the easier one on a tie", () => {
    const onlyOneAndThree = [
      scenario("email-easy", "email", { adult: "low" }),
      scenario("email-hard", "email", { adult: "high" }, 5),
    ];
    expect(difficultyFor(onlyOneAndThree[0]!, "adult")).toBe(1);
    expect(difficultyFor(onlyOneAndThree[1]!, "adult")).toBe(3);
    // Level 2 is missing: both are one step away, and the easier one wins.
    expect(
      chooseScenario({ scenarios: onlyOneAndThree, ageBand: "adult", level: 2, channel: "email", history: [] })!
        .scenario.id,
    ).toBe("email-easy");
    // Level 2 is missing and level 1 was already sent: the level-3 one is the nearest left.
    expect(
      chooseScenario({
        scenarios: onlyOneAndThree,
        ageBand: "adult",
        level: 2,
        channel: "email",
        history: [{ scenarioId: "email-easy", channel: "email" }],
      })!.scenario.id,
    ).toBe("email-hard");
    // Level 3 wanted, only levels 1 and 2 exist: level 2.
    const oneAndTwo = [scenario("email-a", "email", { teen: "low" }), scenario("email-b", "email", { teen: "medium" })];
    expect(
      chooseScenario({ scenarios: oneAndTwo, ageBand: "teen", level: 3, channel: "email", history: [] }),
    ).toMatchObject({ level: 2 });
  });

  it("never offers a scenario twice, nor one for another age band or channel", () => {
    const history: PastMessage[] = [];
    const seen = new Set<string>();
    for (;;) {
      const choice = choosePracticeMessage({
        scenarios: library.scenarios,
        ageBand: "child",
        level: 2,
        channels: ["email", "sms"],
        history,
      });
      if (!choice) break;
      expect(seen.has(choice.scenario.id)).toBe(false);
      expect(choice.scenario.ageBands).toContain("child");
      expect(choice.scenario.channel).toBe(choice.channel);
      seen.add(choice.scenario.id);
      history.push({ scenarioId: choice.scenario.id, channel: choice.channel });
    }
    // Every English child scenario, once; a Spanish one only for a child who reads Spanish.
    const childScenarios = library.scenariosIn("en").filter((s) => s.ageBands.includes("child"));
    expect(seen.size).toBe(childScenarios.length);
  });

  it("alternates between the person's channels, and uses the other one when one has nothing left", () => {
    const history: PastMessage[] = [];
    const channels: Channel[] = [];
    for (let week = 0; week < 6; week++) {
      const choice = choosePracticeMessage({
        scenarios: library.scenarios,
        ageBand: "adult",
        level: 1,
        channels: ["email", "sms"],
        history,
        random: () => 0,
      })!;
      channels.push(choice.channel);
      history.push({ scenarioId: choice.scenario.id, channel: choice.channel });
    }
    for (let week = 1; week < 6; week++) expect(channels[week]).not.toBe(channels[week - 1]);
    expect(
      channelOrder(
        ["email", "sms"],
        [
          { scenarioId: "x", channel: "email" },
          { scenarioId: "y", channel: "email" },
        ],
      ),
    ).toEqual(["sms", "email"]);

    const smsOnly = [scenario("sms-one", "sms", { adult: "low" })];
    const first = choosePracticeMessage({
      scenarios: smsOnly,
      ageBand: "adult",
      level: 1 as DifficultyLevel,
      channels: ["email", "sms"],
      history: [],
    });
    expect(first).toMatchObject({ channel: "sms" });
    expect(
      choosePracticeMessage({
        scenarios: smsOnly,
        ageBand: "adult",
        level: 1,
        channels: ["email", "sms"],
        history: [{ scenarioId: "sms-one", channel: "sms" }],
      }),
    ).toBeNull();
    expect(
      choosePracticeMessage({ scenarios: library.scenarios, ageBand: "adult", level: 1, channels: [], history: [] }),
    ).toBeNull();
  });
});

describe("a year of practice (issue #36)", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const now = new Date("2026-12-01T12:00:00Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
  const kind = (s: PracticeScenario, scamType: string, sequence?: { id: string; step: number }) =>
    ({ ...s, scamType, ...(sequence ? { sequence } : {}) }) as PracticeScenario;

  it("carries a sequence on step by step while the person has not acted, and ends it when they do", () => {
    const steps = [1, 2, 3].map((step) =>
      kind(scenario(`sms-wrong-number-${step}`, "sms", { adult: "high" }, 5), "investment-crypto", {
        id: "wrong-number",
        step,
      }),
    );
    const other = kind(scenario("sms-other", "sms", { adult: "high" }, 5), "toll-road");
    const scenarios = [...steps, other];
    const base = { scenarios, ageBand: "adult" as const, level: 3 as DifficultyLevel, channels: ["sms"] as Channel[] };
    // A later step is never chosen on its own.
    const opening = [0, 0.5, 0.99].map(
      (r) => choosePracticeMessage({ ...base, history: [], random: () => r })!.scenario.id,
    );
    expect(opening.every((id) => id === "sms-wrong-number-1" || id === "sms-other")).toBe(true);
    const after = (history: PastMessage[]) => choosePracticeMessage({ ...base, history, now });
    expect(after([{ scenarioId: "sms-wrong-number-1", channel: "sms" }])).toMatchObject({
      scenario: { id: "sms-wrong-number-2" },
      reason: "next-step",
    });
    expect(
      after([
        { scenarioId: "sms-wrong-number-1", channel: "sms" },
        { scenarioId: "sms-wrong-number-2", channel: "sms" },
      ]),
    ).toMatchObject({ scenario: { id: "sms-wrong-number-3" } });
    // Reported, spotted or pressed: the story is over for them.
    expect(after([{ scenarioId: "sms-wrong-number-1", channel: "sms", acted: true }])).toMatchObject({
      scenario: { id: "sms-other" },
      reason: "new",
    });
  });

  it("never repeats until the band's pool is used up, then brings back what they fell for first, eight weeks on", () => {
    const pool = ["a", "b", "c"].map((id) => kind(scenario(`email-${id}`, "email", { teen: "low" }), `kind-${id}`));
    const base = {
      scenarios: pool,
      ageBand: "teen" as const,
      level: 1 as DifficultyLevel,
      channels: ["email"] as Channel[],
    };
    const seen: string[] = [];
    for (let week = 0; week < 3; week++) {
      const history = seen.map((id, index) => ({
        scenarioId: id,
        channel: "email" as const,
        sentAt: daysAgo(100 - index),
      }));
      const choice = choosePracticeMessage({ ...base, history, now })!;
      expect(choice.reason).toBe("new");
      expect(seen).not.toContain(choice.scenario.id);
      seen.push(choice.scenario.id);
    }
    const history: PastMessage[] = [
      { scenarioId: "email-a", channel: "email", sentAt: daysAgo(90) },
      { scenarioId: "email-b", channel: "email", sentAt: daysAgo(70), fell: true, acted: true },
      { scenarioId: "email-c", channel: "email", sentAt: daysAgo(60) },
    ];
    expect(choosePracticeMessage({ ...base, history, now })).toMatchObject({
      scenario: { id: "email-b" },
      reason: "review",
    });
    // Nothing comes back before eight weeks.
    const recent = history.map((message) => ({ ...message, sentAt: daysAgo(REVIEW_AFTER_DAYS - 1) }));
    expect(choosePracticeMessage({ ...base, history: recent, now })).toBeNull();
    // With no fall, the one sent longest ago.
    const noFalls = history.map((message) => ({ ...message, fell: false }));
    expect(choosePracticeMessage({ ...base, history: noFalls, now })!.scenario.id).toBe("email-a");
  });

  it("prefers a kind not met in the last few messages, at the same level", () => {
    const pool = [
      kind(scenario("email-toll-1", "email", { adult: "low" }), "toll-road"),
      kind(scenario("email-toll-2", "email", { adult: "low" }), "toll-road"),
      kind(scenario("email-job", "email", { adult: "low" }), "employment"),
    ];
    for (const r of [0, 0.4, 0.99]) {
      const choice = chooseScenario({
        scenarios: pool,
        ageBand: "adult",
        level: 1,
        channel: "email",
        history: [{ scenarioId: "email-toll-1", channel: "email" }],
        random: () => r,
      });
      expect(choice!.scenario.id).toBe("email-job");
    }
  });

  it("gives two in three messages to the channel the person answers on most", () => {
    const history: PastMessage[] = [
      { scenarioId: "x", channel: "sms", acted: true },
      { scenarioId: "y", channel: "email" },
      { scenarioId: "z", channel: "sms", acted: true },
    ];
    // 2 texts against a share of 2, 1 email against 1: even, and the last was a text.
    expect(channelOrder(["email", "sms"], history)).toEqual(["email", "sms"]);
    expect(channelOrder(["email", "sms"], [...history, { scenarioId: "w", channel: "email" }])).toEqual([
      "sms",
      "email",
    ]);
    // Without answers, they alternate.
    expect(channelOrder(["email", "sms"], [{ scenarioId: "x", channel: "sms" }])).toEqual(["email", "sms"]);
  });
});
