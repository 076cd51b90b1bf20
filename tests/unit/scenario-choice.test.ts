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
    const childScenarios = library.scenarios.filter((s) => s.ageBands.includes("child"));
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
