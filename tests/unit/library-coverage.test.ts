import { describe, expect, it } from "vitest";
import { libraryCoverageProblems, LIBRARY_TARGETS, sequenceProblems } from "~/training/library/library-coverage";
import { loadPracticeLibrary } from "~/training/library/practice-library.server";
import { AGE_BANDS, difficultyFor, type PracticeScenario } from "~/training/library/practice-scenario-schema";
import { britishWords } from "~/training/library/us-english";

/**
 * The library as a whole (issue #36): a year of practice for every band, the kinds that take the
 * most money, sources about each kind, gift cards kept rare, and scams told in steps that fit.
 */

const library = loadPracticeLibrary();

describe("the practice library as a whole", () => {
  it("meets every target: per band, per channel, per level, kinds, sources, asks and sequences", () => {
    expect(libraryCoverageProblems(library.scenariosIn("en"))).toEqual([]);
    expect(library.scenariosIn("en").length).toBeGreaterThanOrEqual(LIBRARY_TARGETS.scenarios);
    for (const band of AGE_BANDS) {
      const inBand = library.scenariosIn("en").filter((scenario) => difficultyFor(scenario, band) !== undefined);
      expect(inBand.length, band).toBeGreaterThanOrEqual(52);
      expect(inBand.filter((scenario) => scenario.channel === "sms").length, `${band} texts`).toBeGreaterThanOrEqual(
        15,
      );
    }
  });

  it("has scams told over several messages, each step a message of its own", () => {
    const sequences = new Set(library.scenariosIn("en").flatMap((scenario) => scenario.sequence?.id ?? []));
    expect(sequences.size).toBeGreaterThanOrEqual(3);
  });

  it("fails on a library that is too small, too British in its sources, or asks for gift cards too often", () => {
    const few = library.scenariosIn("en").slice(0, 75);
    const problems = libraryCoverageProblems(few);
    expect(problems).toContain(`the library has 75 scenarios; it needs at least ${LIBRARY_TARGETS.scenarios}`);
    expect(problems.some((problem) => /^the child band has \d+ scenarios; it needs at least 52$/.test(problem))).toBe(
      true,
    );

    const giftCards = library
      .scenariosIn("en")
      .map((scenario, index): PracticeScenario => (index % 5 === 0 ? { ...scenario, asks: ["gift-cards"] } : scenario));
    expect(
      libraryCoverageProblems(giftCards).some((problem) => /scenarios ask for gift cards \(\d+%\)/.test(problem)),
    ).toBe(true);

    const oneSource = library.scenariosIn("en").map((scenario, index): PracticeScenario =>
      index % 4 === 0
        ? {
            ...scenario,
            sources: [
              {
                publisher: "Federal Trade Commission",
                title: "How To Recognize and Avoid Phishing Scams",
                url: "https://consumer.ftc.gov/articles/how-recognize-and-avoid-phishing-scams",
                date: "2022-09",
              },
            ],
          }
        : scenario,
    );
    const sourceProblems = libraryCoverageProblems(oneSource);
    expect(sourceProblems.some((problem) => problem.includes("cites only a page about phishing in general"))).toBe(
      true,
    );
    expect(
      sourceProblems.some((problem) =>
        problem.startsWith("https://consumer.ftc.gov/articles/how-recognize-and-avoid-phishing-scams is cited by"),
      ),
    ).toBe(true);

    const toll = library.scenariosIn("en").find((scenario) => scenario.scamType === "toll-road")!;
    expect(libraryCoverageProblems([{ ...toll, asks: ["gift-cards"] }])).toEqual(
      expect.arrayContaining([
        `${toll.id}: a toll-road scam does not ask for gift cards`,
        `${toll.id}: a toll-road scam asks for card details on a page`,
      ]),
    );
  });

  it("refuses a sequence with a gap, another sender or another channel", () => {
    const [first] = library.scenariosIn("en").filter((scenario) => scenario.channel === "sms");
    const step = (number: number, change: Partial<PracticeScenario> = {}): PracticeScenario => ({
      ...first!,
      id: `sms-step-${number}`,
      sequence: { id: "wrong-number-crypto", step: number },
      ...change,
    });
    expect(sequenceProblems([step(1), step(2), step(3)])).toEqual([]);
    expect(sequenceProblems([step(1), step(3)])).toEqual([
      "sequence wrong-number-crypto must have steps 1 to n (2 to 4), each once; it has 1, 3",
    ]);
    expect(sequenceProblems([step(1), step(2, { from: { name: "Someone else" } })])).toEqual([
      "sequence wrong-number-crypto: every step must come from the same sender",
    ]);
    expect(sequenceProblems([step(1), step(2, { channel: "email" })])).toEqual([
      "sequence wrong-number-crypto: every step must be on the same channel",
    ]);
  });
});

describe("US English", () => {
  it("names British words and spellings with the US word to use", () => {
    expect(britishWords("Pay your Parking Charge Notice at the car park")).toEqual([
      `"car park" (parking lot)`,
      `"Parking Charge Notice" (parking ticket, license plate)`,
    ]);
    expect(britishWords("Dear pensioner, your mobile number and postcode")).toHaveLength(3);
    expect(britishWords("Do me a favour and pick a colour at the centre")).toHaveLength(3);
    expect(britishWords("Send the cheque for the programme whilst we organise it")).toHaveLength(4);
  });

  it("lets US English through, including words that only look British", () => {
    expect(
      britishWords(
        "Do me a favor: check the color at the center. Text your cell phone's ZIP code. A flat fee, a mobile app, the holiday season, programmed.",
      ),
    ).toEqual([]);
  });
});
