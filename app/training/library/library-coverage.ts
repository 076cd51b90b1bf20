import {
  AGE_BANDS,
  difficultyFor,
  type AgeBand,
  type DifficultyLevel,
  type PracticeScenario,
  type ScamType,
} from "./practice-scenario-schema";

/**
 * The library as a whole (issue #36): enough for a year of weekly practice for every person in the
 * family, at every level and on texts as well as email, teaching the scams that take the most money
 * now, citing pages about each scam's own kind, and asking for what each scam really asks for.
 * Checked by `npm run content:check` and its unit test, beside the checks of each file; a small
 * library (a test's fixtures) is not held to it.
 */

export interface LibraryTargets {
  scenarios: number;
  perBand: number;
  textsPerBand: number;
  perLevelPerBand: number;
  sourceShare: number;
  giftCardShare: number;
  /** The kinds each band must have a scenario of. */
  kindsByBand: Partial<Record<ScamType, readonly AgeBand[]>>;
}

export const LIBRARY_TARGETS = {
  scenarios: 200,
  perBand: 52,
  textsPerBand: 15,
  perLevelPerBand: 12,
  /** No single source address in more than this share of scenarios. */
  sourceShare: 0.15,
  /** Gift cards asked for by at most this share. */
  giftCardShare: 0.1,
} as const;

/**
 * The kinds that take the most money now, and the bands each targets: every pair needs at least
 * one scenario. From the FTC's Consumer Sentinel Data Book 2024 and the FBI IC3 2024 report
 * (investment the largest loss; government, toll and job scams rising), and for the young, what
 * the FTC and NCSC describe for games and feeds.
 */
export const KINDS_BY_BAND: Partial<Record<ScamType, readonly AgeBand[]>> = {
  "investment-crypto": ["adult", "older-adult"],
  "disaster-charity": ["adult", "older-adult"],
  "rental-deposit": ["adult"],
  "student-loan": ["adult"],
  "traffic-ticket": ["adult", "older-adult"],
  "sign-in-approval": ["teen", "adult", "older-adult"],
  "hacked-friend": ["teen", "adult"],
  "benefits-card": ["older-adult"],
  "jury-duty": ["adult", "older-adult"],
  "utility-shutoff": ["adult", "older-adult"],
  "reshipping-job": ["adult"],
  "fake-check-job": ["teen", "adult"],
  "gaming-currency": ["child", "teen"],
  "skins-trading": ["child", "teen"],
  "streamer-giveaway": ["child", "teen"],
  "account-ban": ["child", "teen"],
};

const ENGLISH_TARGETS: LibraryTargets = { ...LIBRARY_TARGETS, kindsByBand: KINDS_BY_BAND };

/**
 * The Spanish library (content/practice/es/, issue #39): at least 60 scenarios, 20 of them texts,
 * for all four bands at every level, with the kinds that reach Spanish speakers in the US most
 * (the FTC's and the FBI's Spanish alerts): a relative in trouble or on a new number, government
 * and immigration impostors, tolls and parcels, the bank's "fraud department", the power cut off
 * today, jobs, prizes and lotteries, romance, and game currency for children.
 */
export const SPANISH_LIBRARY_TARGETS: LibraryTargets = {
  scenarios: 60,
  perBand: 12,
  textsPerBand: 4,
  perLevelPerBand: 2,
  sourceShare: LIBRARY_TARGETS.sourceShare,
  giftCardShare: LIBRARY_TARGETS.giftCardShare,
  kindsByBand: {
    "family-emergency": ["older-adult"],
    "government-impersonation": ["adult", "older-adult"],
    "toll-road": ["adult"],
    delivery: ["adult"],
    bank: ["adult", "older-adult"],
    "utility-shutoff": ["adult", "older-adult"],
    "fake-prize": ["older-adult"],
    "gaming-currency": ["child", "teen"],
  },
};
/** Texts in the whole Spanish library, beside the per-band figure. */
export const SPANISH_TEXTS = 20;

/**
 * Pages about phishing in general: fine beside a page about the scam's own kind, never alone
 * (34 scenarios once cited only the first), except for a phishing scam itself (a login page, a
 * shared document, an invoice), whose own kind they are about.
 */
export const GENERAL_SOURCES: ReadonlySet<string> = new Set([
  "https://consumer.ftc.gov/articles/how-recognize-and-avoid-phishing-scams",
  "https://www.cisa.gov/news-events/news/avoiding-social-engineering-and-phishing-attacks",
]);

/** Kinds whose real scam takes a card number on a page: they ask for card details, never gift cards. */
const CARD_ON_A_PAGE: readonly ScamType[] = ["toll-road", "traffic-ticket"];
/** Kinds whose real scam never asks for gift cards (the FTC's and IC3's descriptions). */
const NEVER_GIFT_CARDS: readonly ScamType[] = [
  "toll-road",
  "traffic-ticket",
  "delivery",
  "investment-crypto",
  "student-loan",
  "rental-deposit",
  "sign-in-approval",
  "gaming-currency",
  "skins-trading",
  "streamer-giveaway",
  "account-ban",
];

const percent = (share: number) => `${Math.round(share * 100)}%`;

function bandProblems(scenarios: readonly PracticeScenario[], targets: LibraryTargets): string[] {
  const problems: string[] = [];
  for (const band of AGE_BANDS) {
    const inBand = scenarios.filter((scenario) => difficultyFor(scenario, band) !== undefined);
    const texts = inBand.filter((scenario) => scenario.channel === "sms").length;
    if (inBand.length < targets.perBand) {
      problems.push(`the ${band} band has ${inBand.length} scenarios; it needs at least ${targets.perBand}`);
    }
    if (texts < targets.textsPerBand) {
      problems.push(`the ${band} band has ${texts} text messages; it needs at least ${targets.textsPerBand}`);
    }
    for (const level of [1, 2, 3] as DifficultyLevel[]) {
      const atLevel = inBand.filter((scenario) => difficultyFor(scenario, band) === level).length;
      if (atLevel < targets.perLevelPerBand) {
        problems.push(
          `the ${band} band has ${atLevel} scenarios at level ${level}; it needs at least ${targets.perLevelPerBand}`,
        );
      }
    }
  }
  for (const [kind, bands] of Object.entries(targets.kindsByBand)) {
    for (const band of bands) {
      if (!scenarios.some((scenario) => scenario.scamType === kind && scenario.ageBands.includes(band))) {
        problems.push(`no ${kind} scenario for the ${band} band`);
      }
    }
  }
  return problems;
}

function sourceProblems(scenarios: readonly PracticeScenario[], targets: LibraryTargets): string[] {
  const problems: string[] = [];
  const uses = new Map<string, number>();
  for (const scenario of scenarios) {
    const urls = new Set(scenario.sources.map((source) => source.url));
    for (const url of urls) uses.set(url, (uses.get(url) ?? 0) + 1);
    const phishing = scenario.scamType.startsWith("phishing-");
    if (!phishing && [...urls].every((url) => GENERAL_SOURCES.has(url))) {
      problems.push(`${scenario.id} cites only a page about phishing in general; cite one about its own kind`);
    }
  }
  const most = Math.floor(scenarios.length * targets.sourceShare);
  for (const [url, count] of uses) {
    if (count > most) {
      problems.push(
        `${url} is cited by ${count} scenarios (${percent(count / scenarios.length)}); at most ${most} (${percent(targets.sourceShare)})`,
      );
    }
  }
  return problems;
}

function askProblems(scenarios: readonly PracticeScenario[], targets: LibraryTargets): string[] {
  const problems: string[] = [];
  const giftCards = scenarios.filter((scenario) => scenario.asks.includes("gift-cards"));
  const most = Math.floor(scenarios.length * targets.giftCardShare);
  if (giftCards.length > most) {
    problems.push(
      `${giftCards.length} scenarios ask for gift cards (${percent(giftCards.length / scenarios.length)}); at most ${most} (${percent(targets.giftCardShare)})`,
    );
  }
  for (const scenario of scenarios) {
    if (NEVER_GIFT_CARDS.includes(scenario.scamType) && scenario.asks.includes("gift-cards")) {
      problems.push(`${scenario.id}: a ${scenario.scamType} scam does not ask for gift cards`);
    }
    if (CARD_ON_A_PAGE.includes(scenario.scamType) && !scenario.asks.includes("card-details")) {
      problems.push(`${scenario.id}: a ${scenario.scamType} scam asks for card details on a page`);
    }
  }
  return problems;
}

/** Every step of a sequence: numbered 1..n (2 to 4) and told by one sender to the same bands. */
export function sequenceProblems(scenarios: readonly PracticeScenario[]): string[] {
  const problems: string[] = [];
  const sequences = new Map<string, PracticeScenario[]>();
  for (const scenario of scenarios) {
    if (!scenario.sequence) continue;
    sequences.set(scenario.sequence.id, [...(sequences.get(scenario.sequence.id) ?? []), scenario]);
  }
  for (const [id, steps] of sequences) {
    const numbers = steps.map((step) => step.sequence!.step).sort((a, b) => a - b);
    if (steps.length < 2 || numbers.some((number, index) => number !== index + 1)) {
      problems.push(`sequence ${id} must have steps 1 to n (2 to 4), each once; it has ${numbers.join(", ")}`);
    }
    const [first] = steps;
    const same = (pick: (step: PracticeScenario) => string) => steps.every((step) => pick(step) === pick(first!));
    if (!same((step) => step.channel)) problems.push(`sequence ${id}: every step must be on the same channel`);
    if (!same((step) => step.from.name)) problems.push(`sequence ${id}: every step must come from the same sender`);
    if (!same((step) => step.scamType)) problems.push(`sequence ${id}: every step must be the same scamType`);
    if (!same((step) => [...step.ageBands].sort().join())) {
      problems.push(`sequence ${id}: every step must list the same ageBands`);
    }
  }
  return problems;
}

/**
 * What a library as a whole lacks, one sentence each; empty when it meets every target. The
 * English library by default; the Spanish one with SPANISH_LIBRARY_TARGETS.
 */
export function libraryCoverageProblems(
  scenarios: readonly PracticeScenario[],
  targets: LibraryTargets = ENGLISH_TARGETS,
): string[] {
  const problems: string[] = [];
  if (scenarios.length < targets.scenarios) {
    problems.push(`the library has ${scenarios.length} scenarios; it needs at least ${targets.scenarios}`);
  }
  return [
    ...problems,
    ...bandProblems(scenarios, targets),
    ...sourceProblems(scenarios, targets),
    ...askProblems(scenarios, targets),
    ...sequenceProblems(scenarios),
  ];
}

/** The Spanish library's shortfalls, each starting "the Spanish library". */
export function spanishLibraryCoverageProblems(scenarios: readonly PracticeScenario[]): string[] {
  const texts = scenarios.filter((scenario) => scenario.channel === "sms").length;
  return [
    ...(texts < SPANISH_TEXTS ? [`has ${texts} text messages; it needs at least ${SPANISH_TEXTS}`] : []),
    ...libraryCoverageProblems(scenarios, SPANISH_LIBRARY_TARGETS).map((problem) =>
      problem.replace(/^the library /, ""),
    ),
  ].map((problem) => `the Spanish library: ${problem}`);
}
