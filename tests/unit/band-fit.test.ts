import { describe, expect, it } from "vitest";
import { bandFitProblems, bandMisfits, STORY_TRAITS, storyTraits } from "~/training/library/band-fit";
import { loadPracticeLibrary } from "~/training/library/practice-library.server";
import type { AgeBand, PracticeScenario } from "~/training/library/practice-scenario-schema";

/**
 * Band fit (issue #35): a scenario is only chosen for the bands whose lives its story fits. A few
 * story traits, found from the scam type or the message's words, each say which bands they suit
 * and why; the library check fails on a band a trait does not suit.
 */

type Story = Parameters<typeof bandMisfits>[0];

/** A made-up scenario: only what the rule reads. */
function story(
  body: string,
  ageBands: AgeBand[],
  extra: Partial<Pick<PracticeScenario, "scamType" | "title" | "subject">> = {},
): Story {
  return {
    scamType: extra.scamType ?? "fake-prize",
    title: extra.title ?? "A practice message",
    from: { name: "Prize Desk" },
    subject: extra.subject,
    body,
    landing: { heading: "Claim it", button: "Claim", colour: "#5b2a86", path: "/claim", mark: "gift" },
    ageBands,
  };
}

const misfits = (s: Story) => bandMisfits(s).map(({ band, trait }) => `${band}: ${trait.id}`);

describe("the band-fit rule", () => {
  it("keeps website and business stories for adults", () => {
    expect(misfits(story("Your web hosting plan is overdue.", ["adult", "older-adult"]))).toEqual([
      "older-adult: runs-a-website-or-business",
    ]);
    expect(misfits(story("Please pay our supplier today.", ["adult"]))).toEqual([]);
    expect(misfits(story("The domain renewal failed.", ["teen"]))).toEqual(["teen: runs-a-website-or-business"]);
  });

  it("keeps grown-up prizes, money and work out of children's stories", () => {
    for (const words of [
      "FREE coffee for 1 YEAR",
      "1 YEAR of FREE fuel 4 ur car",
      "a brand new family car",
      "a new lawn mower",
      "our International E-mail Lottery",
      "a new credit card was opened",
      "log in to your bank",
      "you are owed a tax refund",
      "your benefits are paused",
      "your boss needs a favor",
    ]) {
      expect(misfits(story(`Hi! ${words}.`, ["child", "teen"])), words).toEqual(["child: grown-up-world"]);
    }
    expect(misfits(story("Hi!", ["child"], { scamType: "bank" }))).toEqual(["child: grown-up-world"]);
  });

  it("keeps game coins, skins, follower boosts and fan art out of older adults' stories", () => {
    for (const words of ["5,000 free coins", "a FREE Frost Fox skin", "10,000 followers", "your fan art won"]) {
      expect(misfits(story(`Hi! ${words}.`, ["teen", "older-adult"])), words).toEqual([
        "older-adult: young-peoples-games-and-feeds",
      ]);
    }
    expect(misfits(story("Hi!", ["adult", "older-adult"], { scamType: "gaming-currency" }))).toEqual([
      "older-adult: young-peoples-games-and-feeds",
    ]);
  });

  it("leaves stories that fit alone: a child's toy prize, a grandparent's parcel, look-alike words", () => {
    expect(misfits(story("You won a giant trampoline! Ask your mom or dad's bank card.", ["child"]))).toEqual([]);
    expect(misfits(story("Your parcel is waiting. Pay the fee.", ["adult", "older-adult"]))).toEqual([]);
    // Whole words only: a card is not a car, a coinage is not a coin, a taxi is not a tax.
    expect(misfits(story("Send the card in a taxi to a careful skinny coinage collector.", ["child"]))).toEqual([]);
    expect(storyTraits(story("Hello", ["child"]))).toEqual([]);
  });

  it("reads the message, not our explanations, and names the scenario's band, the reason and the words", () => {
    expect(misfits(story("Hi!", ["child"], { title: "A year of free coffee" }))).toEqual(["child: grown-up-world"]);
    expect(misfits(story("Hi!", ["child"], { subject: "FREE fuel!!!" }))).toEqual(["child: grown-up-world"]);
    const [problem] = bandFitProblems(story("Your web hosting plan is overdue.", ["adult", "older-adult"]));
    expect(problem).toBe(
      `the story does not fit the band older-adult: ${STORY_TRAITS[0]!.reason} (found "web hosting"); remove older-adult from ageBands and difficulty.premise, or change the story`,
    );
  });
});

describe("the real library", () => {
  const library = loadPracticeLibrary();

  it("fits every scenario's story to every band it lists", () => {
    expect(
      library.scenarios.flatMap((s) => bandMisfits(s).map(({ band, trait }) => `${s.id} ${band} ${trait.id}`)),
    ).toEqual([]);
  });

  it("no longer sends a web-hosting invoice to older adults or a free-coffee prize to children", () => {
    expect(library.byId("email-hosting-invoice-overdue")!.ageBands).not.toContain("older-adult");
    for (const id of ["email-free-coffee-qr-flyer", "email-new-car-prize-winner", "sms-free-fuel-year-prize"]) {
      expect(library.byId(id)!.ageBands, id).not.toContain("child");
    }
  });

  it("still gives every band email and text scenarios at more than one level, so the scheduler has a choice", () => {
    for (const ageBand of ["child", "teen", "adult", "older-adult"] as const) {
      for (const channel of ["email", "sms"] as const) {
        const scenarios = library.scenariosFor({ channel, ageBand });
        expect(scenarios.length, `${channel} for ${ageBand}`).toBeGreaterThanOrEqual(5);
        const levels = new Set(scenarios.map((s) => s.difficulty.premise[ageBand]));
        expect(levels.size, `${channel} for ${ageBand}`).toBeGreaterThan(1);
      }
    }
  });
});
