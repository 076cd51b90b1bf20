import { describe, expect, it } from "vitest";
import {
  CANDIDATE_ID,
  TEXT_LINK_STAND_IN,
  cutMessage,
  trainerMessageFromScenario,
  type Candidate,
} from "~/red-flag-trainer/candidates";
import { chooseTrainerScenario, currentLevel, nextLevel } from "~/red-flag-trainer/difficulty";
import { scoreAttempt } from "~/red-flag-trainer/scoring";
import { loadPracticeLibrary } from "~/training/library/practice-library.server";
import { difficultyFor } from "~/training/library/practice-scenario-schema";

/** Hand-made parts: two red flags (indexes 0 and 1) and three ordinary parts. */
const parts: Candidate[] = [
  { id: "name-0", part: "name", start: 0, end: 9, text: "Prize Desk", redFlag: null },
  { id: "address-0", part: "address", start: 0, end: 20, text: "win@prize-now.example", redFlag: 1 },
  { id: "body-0", part: "body", start: 0, end: 6, text: "Hello.", redFlag: null },
  { id: "body-7", part: "body", start: 7, end: 30, text: "Pay a fee to collect it", redFlag: 0 },
  { id: "body-31", part: "body", start: 31, end: 40, text: "Thank you", redFlag: null },
];

const scored = (ids: string[]) => {
  const outcome = scoreAttempt(parts, ids);
  if (!outcome.ok) throw new Error(outcome.problem);
  return outcome.score;
};

describe("trainer scoring", () => {
  it("all red flags found and nothing else: 100", () => {
    expect(scored(["body-7", "address-0"])).toEqual({ found: [0, 1], missed: [], falseAlarms: [], score: 100 });
  });

  it("nothing marked: every red flag missed, 0", () => {
    expect(scored([])).toEqual({ found: [], missed: [0, 1], falseAlarms: [], score: 0 });
  });

  it("only false alarms: 0, and each ordinary part marked is listed", () => {
    expect(scored(["body-31", "name-0"])).toEqual({
      found: [],
      missed: [0, 1],
      falseAlarms: ["name-0", "body-31"],
      score: 0,
    });
  });

  it("mixed: one found, one missed, one false alarm scores found / (flags + false alarms)", () => {
    expect(scored(["body-0", "address-0"])).toEqual({ found: [1], missed: [0], falseAlarms: ["body-0"], score: 33 });
  });

  it("marking every part is not a good score", () => {
    expect(scored(parts.map((part) => part.id)).score).toBe(40);
  });

  it("rejects an unknown id and a duplicated id", () => {
    expect(scoreAttempt(parts, ["body-999"])).toEqual({
      ok: false,
      problem: '"body-999" is not a part of this message.',
    });
    expect(scoreAttempt(parts, ["body-7", "body-7"])).toEqual({ ok: false, problem: '"body-7" was marked twice.' });
  });
});

describe("cutting a message into parts", () => {
  const message = {
    channel: "email" as const,
    from: { name: "Prize Team", address: "win@prize-now.example" },
    subject: "You won!",
    body: "Hi there. You won a car, and it is waiting for you today. Pay the $9.99 fee at prize-now.example/pay now.\n\nThanks, Prize Team",
    links: [],
    redFlags: [
      { quote: "prize-now.example", in: "from" as const, why: "Odd sender.", coursePage: 27 },
      { quote: "Pay the $9.99 fee", in: "body" as const, why: "A fee for a prize.", coursePage: 12 },
    ],
  };

  it("makes each red flag's quote one part and cuts the rest into sentences (fragments of an address stay plain), without cutting at dots inside words", () => {
    const { candidates, layout } = cutMessage(message);
    expect(candidates.map((c) => [c.id, c.text, c.redFlag])).toEqual([
      ["name-0", "Prize Team", null],
      ["address-4", "prize-now.example", 0],
      ["subject-0", "You won!", null],
      ["body-0", "Hi there.", null],
      ["body-10", "You won a car, and it is waiting for you today.", null],
      ["body-58", "Pay the $9.99 fee", 1],
      ["body-76", "at prize-now.example/pay now.", null],
      ["body-107", "Thanks, Prize Team", null],
    ]);
    for (const candidate of candidates) expect(candidate.id).toMatch(CANDIDATE_ID);
    expect(layout.paragraphs).toHaveLength(2);
    // The layout holds the whole text, and never which part is a red flag.
    const bodyText = layout.paragraphs.map((p) => p.flatMap((piece) => piece.runs.map((r) => r.text)).join(""));
    expect(bodyText.join("\n\n")).toBe(message.body);
    expect(JSON.stringify(layout)).not.toContain("redFlag");
  });

  it("gives the same ids every time", () => {
    expect(cutMessage(message).candidates.map((c) => c.id)).toEqual(cutMessage(message).candidates.map((c) => c.id));
  });

  it("refuses a red flag whose quote is not in its part", () => {
    expect(() =>
      cutMessage({ ...message, redFlags: [{ quote: "nowhere", in: "body", why: "x", coursePage: 1 }] }),
    ).toThrow(/nowhere/);
  });

  it("places every red flag of every library scenario as its own part, with a few ordinary parts too", () => {
    const library = loadPracticeLibrary();
    for (const scenario of library.scenarios) {
      const { candidates, layout } = cutMessage(trainerMessageFromScenario(scenario));
      const flagged = candidates.filter((c) => c.redFlag !== null);
      expect(flagged.map((c) => c.redFlag).sort(), scenario.id).toEqual(scenario.redFlags.map((_, i) => i));
      for (const c of flagged) expect(c.text, scenario.id).toBe(scenario.redFlags[c.redFlag!]!.quote);
      expect(candidates.length - flagged.length, scenario.id).toBeGreaterThanOrEqual(2);
      expect(new Set(candidates.map((c) => c.id)).size, scenario.id).toBe(candidates.length);
      if (scenario.channel === "sms") expect(layout.subject, scenario.id).toBeNull();
      // The call-to-action link is never an "ordinary" part the learner could be wrong to mark.
      expect(
        candidates.some((c) => c.redFlag === null && c.text === TEXT_LINK_STAND_IN),
        scenario.id,
      ).toBe(false);
    }
  });
});

describe("difficulty follows the learner", () => {
  it("moves up after a good round, down after a poor one, within 1 to 3", () => {
    expect(nextLevel(1, 80)).toBe(2);
    expect(nextLevel(3, 100)).toBe(3);
    expect(nextLevel(2, 65)).toBe(2);
    expect(nextLevel(2, 49)).toBe(1);
    expect(nextLevel(1, 0)).toBe(1);
    expect(currentLevel(undefined)).toBe(1);
    expect(currentLevel({ level: 2, score: 90 })).toBe(3);
  });

  const library = loadPracticeLibrary();

  it("gives the child band only child-suitable scenarios, and none of the recent ones", () => {
    const recent: { scenarioId: string; channel: "email" | "sms" }[] = [];
    for (let round = 0; round < 30; round++) {
      const choice = chooseTrainerScenario({
        scenarios: library.scenarios,
        ageBand: "child",
        level: 2,
        recent,
        random: () => 0.5,
      })!;
      expect(choice.scenario.ageBands).toContain("child");
      expect(recent.slice(-8).map((r) => r.scenarioId)).not.toContain(choice.scenario.id);
      recent.push({ scenarioId: choice.scenario.id, channel: choice.channel });
    }
  });

  it("picks at the learner's level when one is there", () => {
    for (const level of [1, 2, 3] as const) {
      const choice = chooseTrainerScenario({ scenarios: library.scenarios, ageBand: "adult", level, recent: [] })!;
      const available = library.scenarios.some((s) => difficultyFor(s, "adult") === level);
      if (available) expect(difficultyFor(choice.scenario, "adult")).toBe(level);
    }
  });
});
