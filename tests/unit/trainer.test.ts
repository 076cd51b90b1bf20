import { describe, expect, it } from "vitest";
import {
  CANDIDATE_ID,
  TEXT_LINK_STAND_IN,
  cutMessage,
  trainerMessageFromScenario,
  type Candidate,
  type TrainerMessage,
} from "~/red-flag-trainer/candidates";
import { SAMPLE_EMAILS, sampleTrainerMessage } from "~/marketing/sample-emails";
import { chooseTrainerScenario, currentLevel, nextLevel } from "~/red-flag-trainer/difficulty";
import { GOOD_INSTINCT_OPENING, goodInstinctWhy, roundFeedback } from "~/red-flag-trainer/feedback";
import { scoreSentence } from "~/red-flag-trainer/round-feedback";
import { scoreAttempt } from "~/red-flag-trainer/scoring";
import { kindMatches, kindsWithin } from "~/training/library/red-flag-kinds";
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
    expect(scored(["body-7", "address-0"])).toEqual({
      found: [0, 1],
      missed: [],
      goodInstincts: [],
      falseAlarms: [],
      score: 100,
    });
  });

  it("nothing marked: every red flag missed, 0", () => {
    expect(scored([])).toEqual({ found: [], missed: [0, 1], goodInstincts: [], falseAlarms: [], score: 0 });
  });

  it("only false alarms: 0, and each ordinary part marked is listed", () => {
    expect(scored(["body-31", "name-0"])).toEqual({
      found: [],
      missed: [0, 1],
      goodInstincts: [],
      falseAlarms: ["name-0", "body-31"],
      score: 0,
    });
  });

  it("mixed: one found, one missed, one false alarm scores found / (flags + false alarms)", () => {
    expect(scored(["body-0", "address-0"])).toEqual({
      found: [1],
      missed: [0],
      goodInstincts: [],
      falseAlarms: ["body-0"],
      score: 33,
    });
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
      {
        quote: "prize-now.example",
        in: "from" as const,
        why: "Odd sender.",
        coursePage: 27,
        page: "look-alike-senders-and-links",
      },
      { quote: "Pay the $9.99 fee", in: "body" as const, why: "A fee for a prize.", coursePage: 12, page: "prizes" },
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
      cutMessage({
        ...message,
        redFlags: [{ quote: "nowhere", in: "body", why: "x", coursePage: 1, page: "deadlines" }],
      }),
    ).toThrow(/nowhere/);
  });

  it("places every red flag of every library scenario as its own part, with a few ordinary parts too", () => {
    const library = loadPracticeLibrary();
    for (const scenario of library.scenarios) {
      const message = trainerMessageFromScenario(scenario);
      const { candidates, layout } = cutMessage(message);
      const flagged = candidates.filter((c) => c.redFlag !== null);
      // Numbered in reading order: the parts, top to bottom, carry red flags 1, 2, 3 …
      expect(
        flagged.map((c) => c.redFlag),
        scenario.id,
      ).toEqual(scenario.redFlags.map((_, i) => i));
      for (const c of flagged) expect(c.text, scenario.id).toBe(message.redFlags[c.redFlag!]!.quote);
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

describe("good instincts: partial credit for a part that shares a red flag's reason", () => {
  /** The hand-made parts again, with "Thank you" going with red flag 0 (as if in its sentence). */
  const related: Candidate[] = parts.map((part) =>
    part.id === "body-31" ? { ...part, related: { redFlag: 0, because: "same-sentence" } } : part,
  );
  const score = (ids: string[]) => {
    const outcome = scoreAttempt(related, ids);
    if (!outcome.ok) throw new Error(outcome.problem);
    return outcome.score;
  };

  it("a good instinct alone is half a red flag, never 0", () => {
    expect(score(["body-31"])).toEqual({
      found: [],
      missed: [0, 1],
      goodInstincts: ["body-31"],
      falseAlarms: [],
      // (0 + ½) / (2 red flags + 1 part marked that is not one)
      score: 17,
    });
  });

  it("costs half of what a false alarm costs next to every red flag, and marking everything still loses", () => {
    expect(score(["body-7", "address-0"]).score).toBe(100);
    expect(score(["body-7", "address-0", "body-31"]).score).toBe(83); // 2.5 / 3
    expect(score(["body-7", "address-0", "body-0"]).score).toBe(67); // 2 / 3
    expect(score(related.map((part) => part.id))).toMatchObject({
      goodInstincts: ["body-31"],
      falseAlarms: ["name-0", "body-0"],
      score: 50, // 2.5 / 5
    });
  });

  it("is deterministic: the same marks always give the same score", () => {
    const marks = ["body-31", "body-0", "address-0"];
    expect(score(marks)).toEqual(score([...marks].reverse()));
  });

  const prizeText = {
    channel: "sms" as const,
    from: { name: "+1 (202) 555-0100", address: "+1 (202) 555-0100" },
    body: "YOU WON!!! Ur number has WON a bike. To claim pay the $5 fee. Offer ends in 1 HOUR or prize go to next person!!! Thanks, Prize Team",
    links: [],
    redFlags: [
      {
        quote: "Ur number has WON",
        in: "body" as const,
        why: "You never entered a draw.",
        coursePage: 15,
        page: "prizes",
      },
      { quote: "pay the $5 fee", in: "body" as const, why: "Real prizes are free.", coursePage: 15, page: "prizes" },
      {
        quote: "Offer ends in 1 HOUR",
        in: "body" as const,
        why: "Rushing you is a trick.",
        coursePage: 11,
        page: "deadlines",
      },
    ],
  };

  it("relates an ordinary part to the red flag of the same kind, else to the red flag beside it in its sentence", () => {
    const { candidates, layout } = cutMessage(prizeText);
    expect(candidates.map((c) => [c.id, c.text, c.redFlag, c.related ?? null])).toEqual([
      ["name-0", "+1 (202) 555-0100", null, null],
      // A prize claim like red flag 1, in another sentence.
      ["body-0", "YOU WON!!!", null, { redFlag: 0, because: "prize" }],
      ["body-11", "Ur number has WON", 0, null],
      ["body-29", "a bike.", null, { redFlag: 0, because: "same-sentence" }],
      ["body-37", "To claim", null, { redFlag: 1, because: "same-sentence" }],
      ["body-46", "pay the $5 fee", 1, null],
      ["body-62", "Offer ends in 1 HOUR", 2, null],
      // The rest of the rush: the tester's "false alarm" (issue 23).
      ["body-83", "or prize go to next person!!!", null, { redFlag: 2, because: "rush" }],
      ["body-113", "Thanks, Prize Team", null, null],
    ]);
    // The page never learns which parts are red flags or go with one before Check.
    expect(JSON.stringify(layout)).not.toMatch(/redFlag|related/);
    expect(cutMessage(prizeText).candidates).toEqual(candidates);
  });

  it("explains a good instinct with the red flag that counts it, and says so in the score sentence", () => {
    const { candidates } = cutMessage(prizeText);
    const outcome = scoreAttempt(candidates, ["body-0", "body-83"]);
    if (!outcome.ok) throw new Error(outcome.problem);
    expect(outcome.score).toMatchObject({ found: [], goodInstincts: ["body-0", "body-83"], falseAlarms: [] });
    expect(outcome.score.score).toBe(20); // (½ + ½) / (3 + 2)
    const link = (page: number) => ({ title: `Page ${page}`, href: `/course/scam-free/${page}` });
    const feedback = roundFeedback(prizeText, candidates, outcome.score, ({ coursePage }) => ({
      learnMore: link(coursePage),
      course: link(coursePage),
    }));
    expect(feedback.falseAlarms).toEqual([]);
    expect(feedback.goodInstincts).toEqual([
      {
        candidateId: "body-0",
        text: "YOU WON!!!",
        where: "the text",
        number: 1,
        why: "Good instinct: here is why it is not counted. The prize claim in this message is counted once, as red flag 1 (“Ur number has WON”). You never entered a draw.",
      },
      {
        candidateId: "body-83",
        text: "or prize go to next person!!!",
        where: "the text",
        number: 3,
        why: "Good instinct: here is why it is not counted. The rush in this message is counted once, as red flag 3 (“Offer ends in 1 HOUR”). Rushing you is a trick.",
      },
    ]);
    expect(feedback.marks["body-0"]).toEqual({ mark: "good-instinct", number: 1 });
    expect(scoreSentence(feedback)).toBe(
      "You found 0 of 3 red flags, plus 2 good instincts for half points, and no false alarms. Score: 20 out of 100.",
    );
    expect(goodInstinctWhy({ redFlag: 1, because: "same-sentence" }, prizeText.redFlags[1]!)).toBe(
      `${GOOD_INSTINCT_OPENING} It is part of the same sentence as red flag 2 (“pay the $5 fee”), which is counted once. Real prizes are free.`,
    );
  });

  it('a child who marks only the subject\'s "Winner Notice!!" in the trampoline prize email scores more than 0', () => {
    const scenario = loadPracticeLibrary().byId("email-lawn-mower-prize")!;
    const { candidates } = cutMessage(trainerMessageFromScenario(scenario));
    const youWon = candidates.find((c) => c.part === "subject" && c.text === "Winner Notice!!")!;
    expect(youWon.redFlag).toBeNull();
    expect(youWon.related).toEqual({ redFlag: 1, because: "prize" });
    const outcome = scoreAttempt(candidates, [youWon.id]);
    if (!outcome.ok) throw new Error(outcome.problem);
    expect(outcome.score.goodInstincts).toEqual([youWon.id]);
    expect(outcome.score.score).toBe(Math.round(50 / (scenario.redFlags.length + 1)));
    expect(outcome.score.score).toBeGreaterThan(0);
  });

  it("never calls a part that shows a counted kind of red flag a plain false alarm, in any library message", () => {
    for (const scenario of loadPracticeLibrary().scenarios) {
      const message = trainerMessageFromScenario(scenario);
      const { candidates } = cutMessage(message);
      const texts = { name: message.from.name, address: message.from.address, subject: message.subject ?? "" };
      const textOf = (part: Candidate["part"]) => (part === "body" ? message.body : texts[part]);
      for (const candidate of candidates) {
        if (candidate.redFlag !== null) {
          expect(candidate.related, scenario.id).toBeUndefined();
          continue;
        }
        const kinds = kindsWithin(kindMatches(textOf(candidate.part)), candidate.start, candidate.end);
        if (kinds.length) expect(candidate.related, `${scenario.id}: ${candidate.text}`).toBeTruthy();
        if (candidate.related) expect(scenario.redFlags[candidate.related.redFlag], scenario.id).toBeDefined();
      }
    }
  });
});

describe("every red flag a learner marks counts as found (issue #35)", () => {
  /** Every message the trainer runs: the practice library's scenarios and the free taste's sample emails. */
  const messages = [
    ...loadPracticeLibrary().scenarios.map((scenario) => [scenario.id, trainerMessageFromScenario(scenario)] as const),
    ...SAMPLE_EMAILS.map((email) => [`sample ${email.id}`, sampleTrainerMessage(email)] as const),
  ];

  /**
   * The part a reader taps to mark a red flag: the one drawn over its quote, found from the text
   * itself (not from the part's own record of which red flag it is).
   */
  function partOver(message: TrainerMessage, candidates: Candidate[], index: number): Candidate | undefined {
    const flag = message.redFlags[index]!;
    const fields: [Candidate["part"], string][] =
      flag.in === "from"
        ? [
            ["name", message.from.name],
            ["address", message.from.address],
          ]
        : flag.in === "subject"
          ? [["subject", message.subject ?? ""]]
          : [["body", message.body]];
    for (const [part, text] of fields) {
      const start = text.indexOf(flag.quote);
      if (start < 0) continue;
      const end = start + flag.quote.length;
      return candidates.find((c) => c.part === part && c.start <= start && end <= c.end);
    }
    return undefined;
  }

  it.each(messages)("%s: marking each red flag alone counts it as found, never as a false alarm", (_id, message) => {
    const { candidates } = cutMessage(message);
    const marked: string[] = [];
    message.redFlags.forEach((flag, index) => {
      const part = partOver(message, candidates, index);
      expect(part, flag.quote).toBeDefined();
      const outcome = scoreAttempt(candidates, [part!.id]);
      if (!outcome.ok) throw new Error(outcome.problem);
      expect(outcome.score.found, flag.quote).toEqual([index]);
      expect(outcome.score.falseAlarms, flag.quote).toEqual([]);
      expect(outcome.score.goodInstincts, flag.quote).toEqual([]);
      marked.push(part!.id);
    });
    // All of them, and nothing else: every red flag found, a full score.
    const all = scoreAttempt(candidates, marked);
    if (!all.ok) throw new Error(all.problem);
    expect(all.score).toMatchObject({ missed: [], falseAlarms: [], goodInstincts: [], score: 100 });
  });

  it.each(messages.filter(([, message]) => message.redFlags.some((flag) => flag.in === "from")))(
    "%s: the other half of a sender that is a red flag is a good instinct, never a false alarm",
    (_id, message) => {
      const { candidates } = cutMessage(message);
      const flagged = candidates.filter((c) => c.redFlag !== null && (c.part === "name" || c.part === "address"));
      const others = candidates.filter((c) => c.redFlag === null && (c.part === "name" || c.part === "address"));
      for (const other of others) {
        expect(other.related, other.text).toBeTruthy();
        const outcome = scoreAttempt(candidates, [other.id]);
        if (!outcome.ok) throw new Error(outcome.problem);
        expect(outcome.score).toMatchObject({ found: [], goodInstincts: [other.id], falseAlarms: [] });
      }
      expect(flagged.length + others.length, "a sender part to mark").toBeGreaterThan(0);
    },
  );

  it("explains a good instinct on the tech-support sample's sender name with its address, red flag 1", () => {
    const email = SAMPLE_EMAILS.find((sample) => sample.id === "tech-support-call")!;
    const message = sampleTrainerMessage(email);
    const { candidates } = cutMessage(message);
    const name = candidates.find((c) => c.part === "name" && c.text === "Computer Care Desk")!;
    expect(name.related).toEqual({ redFlag: 0, because: "same-sender" });
    const outcome = scoreAttempt(candidates, [name.id]);
    if (!outcome.ok) throw new Error(outcome.problem);
    const feedback = roundFeedback(message, candidates, outcome.score, () => ({
      learnMore: { title: "Look-alike senders and links", href: "/red-flags/look-alike-senders-and-links" },
    }));
    expect(feedback.falseAlarms).toEqual([]);
    expect(feedback.goodInstincts.map((item) => [item.text, item.number])).toEqual([["Computer Care Desk", 1]]);
    expect(feedback.goodInstincts[0]!.why).toBe(
      `${GOOD_INSTINCT_OPENING} It is the same sender as red flag 1 (“pc-protect-helpline.example”), which is counted once. ${email.redFlags[0]!.why}`,
    );
  });

  it("counts the fake tech-support sender as a red flag in the sample emails", () => {
    const email = SAMPLE_EMAILS.find((sample) => sample.id === "tech-support-call")!;
    const { candidates } = cutMessage(sampleTrainerMessage(email));
    const sender = candidates.find((c) => c.part === "address" && c.text.includes("pc-protect-helpline.example"))!;
    const outcome = scoreAttempt(candidates, [sender.id]);
    if (!outcome.ok) throw new Error(outcome.problem);
    expect(outcome.score.found).toEqual([0]);
    expect(outcome.score.falseAlarms).toEqual([]);
  });
});
