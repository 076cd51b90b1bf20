import type { AgeBand, PracticeScenario } from "./practice-scenario-schema";

/**
 * Does a scenario's story fit every age band it lists? A short, explainable rule set (issue #35):
 * a few story traits, each found from the scam type or from words in what the reader sees (title,
 * sender, subject, message, landing page), each with the bands it suits and the reason. A web
 * hosting invoice is for adults who run a website, not for older adults who do not; a free coffee
 * prize is a grown-up's prize, not a child's; free game coins are not a grandparent's world.
 *
 * The library check (practice-scenario-checks.ts) fails on a scenario that lists a band one of its
 * traits does not suit, naming the scenario, the band and the reason; the fix is to change
 * `ageBands` (and the matching `difficulty.premise` keys), or the story.
 *
 * Only the message is read, never our own explanations (`why`, `nextTime`), which may well say
 * "a car is a grown-up prize" to a child.
 */

export interface StoryTrait {
  id: string;
  /** The bands a story with this trait suits; any other band it lists is a problem. */
  bands: readonly AgeBand[];
  /** Why, in one clause: "a grown-up's world (coffee, fuel, a car, a bank, taxes, a boss)". */
  reason: string;
  /** Words in what the reader sees that show the trait. */
  words: RegExp;
  /** Scam types that always show the trait, whatever the words. */
  scamTypes?: readonly PracticeScenario["scamType"][];
}

export const STORY_TRAITS: readonly StoryTrait[] = [
  {
    id: "runs-a-website-or-business",
    bands: ["adult"],
    reason:
      "it is about running a website or a business (hosting, a domain, a supplier, clients), which children, teenagers and most older adults do not do",
    words:
      /\bweb ?hosting\b|\bhosting (?:plan|account|service|invoice)\b|\bdomain (?:name|renewal)\b|\bwebsites? (?:will go|goes) offline\b|\bsuppliers?\b|\byour (?:business|company's) (?:account|page|website)\b|\bfor (?:a|our|your) clients?\b/i,
  },
  {
    id: "grown-up-world",
    bands: ["teen", "adult", "older-adult"],
    reason:
      "it is set in a grown-up's world (coffee, fuel, a car, a lawn mower, a lottery, a credit card, a bank, taxes, benefits, a pension, a boss), not a child's",
    words:
      /\bcoffee\b|\bfuel\b|\bgas station\b|\bcars?\b|\blawn ?mowers?\b|\blotter(?:y|ies)\b|\blotto\b|\bcredit cards?\b|\byour bank\b|\bbank account\b|\btax(?:es)?\b|\bbenefits?\b|\bpension\b|\bmortgage\b|\bboss\b|\byour manager\b|\binvoice\b/i,
    scamTypes: ["bank", "tax-refund", "government-impersonation", "phishing-invoice", "gift-card-request"],
  },
  {
    id: "young-peoples-games-and-feeds",
    bands: ["child", "teen", "adult"],
    reason:
      "it is about game coins, skins or gems, follower boosts or fan art, which belong to children's and teenagers' games and feeds, not an older adult's",
    words:
      /\b(?:game |gold |free )?coins?\b|\bskins?\b|\bgems\b|\bcrystals\b|\bfollowers?\b|\bfan art\b|\bgamer\b|\bplayer ID\b|\binvite code\b/i,
    scamTypes: ["gaming-currency"],
  },
];

export interface BandMisfit {
  band: AgeBand;
  trait: StoryTrait;
  /** What showed the trait: the words found, or the scam type. */
  evidence: string;
}

/** What the reader of the message sees, where a story's traits show. */
function storyText(scenario: Pick<PracticeScenario, "title" | "from" | "subject" | "body" | "landing">): string {
  return [
    scenario.title,
    scenario.from.name,
    scenario.subject ?? "",
    scenario.body,
    scenario.landing.heading,
    scenario.landing.organisation ?? "",
  ].join("\n");
}

/** The traits a story shows, each with what showed it. */
export function storyTraits(
  scenario: Pick<PracticeScenario, "scamType" | "title" | "from" | "subject" | "body" | "landing">,
): { trait: StoryTrait; evidence: string }[] {
  const text = storyText(scenario);
  return STORY_TRAITS.flatMap((trait) => {
    const word = trait.words.exec(text)?.[0];
    if (word) return [{ trait, evidence: `"${word}"` }];
    if (trait.scamTypes?.includes(scenario.scamType)) return [{ trait, evidence: `scamType ${scenario.scamType}` }];
    return [];
  });
}

/** Every band the scenario lists that one of its story's traits does not suit. */
export function bandMisfits(
  scenario: Pick<PracticeScenario, "scamType" | "title" | "from" | "subject" | "body" | "landing" | "ageBands">,
): BandMisfit[] {
  const traits = storyTraits(scenario);
  return scenario.ageBands.flatMap((band) =>
    traits.filter(({ trait }) => !trait.bands.includes(band)).map(({ trait, evidence }) => ({ band, trait, evidence })),
  );
}

/** "the story does not fit older-adult: ..." , one sentence per misfit, for the library check. */
export function bandFitProblems(scenario: Parameters<typeof bandMisfits>[0]): string[] {
  return bandMisfits(scenario).map(
    ({ band, trait, evidence }) =>
      `the story does not fit the band ${band}: ${trait.reason} (found ${evidence}); remove ${band} from ageBands and difficulty.premise, or change the story`,
  );
}
