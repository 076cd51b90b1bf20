import {
  difficultyFor,
  type AgeBand,
  type Channel,
  type DifficultyLevel,
  type PracticeScenario,
  type ScenarioLanguage,
} from "./practice-scenario-schema";

/**
 * Which practice message a person gets next: pure, so the rules are tested without a database.
 *
 * - A scam told in steps carries on: after step k of a sequence the next message is step k+1, on
 *   the same channel, unless the person already acted on step k (pressed its button, reported it
 *   or said they spotted it: the story is over for them).
 * - Channel: the person's usable channels share the messages; the channel they answer on most
 *   (presses, reports, "I spotted it") gets two in three, otherwise they alternate. A channel with
 *   nothing left is skipped.
 * - A new scenario first: it suits the channel and the person's age band, was never sent to them
 *   (any message not cancelled counts), opens its sequence if it has one, and is at their level,
 *   or else at the nearest level, the easier one first when two are equally near (a person who is
 *   struggling should not jump up). Among those, a kind they have not met in their last few
 *   messages; among equals, a random one.
 * - A person's very first practice message (after the delivery test they confirmed) is at level 2
 *   at least: a level-1 message first would teach them practice is easy to spot, and a level-2
 *   one is what the research's baseline measures.
 * - Once every scenario for their band is used up on every channel, spaced review: the ones they
 *   fell for come back first, each eight weeks after it went out; then any sent at least eight
 *   weeks ago, the longest ago first.
 */

export interface PastMessage {
  scenarioId: string;
  channel: Channel;
  /** When it was planned to go out; review waits from here. */
  sentAt?: Date;
  /** The person pressed the message's button (not a scanner). */
  fell?: boolean;
  /** The person pressed, reported or said they spotted it. */
  acted?: boolean;
}

export interface ScenarioChoiceInput {
  scenarios: readonly PracticeScenario[];
  ageBand: AgeBand;
  /** The person's current level (1 easiest to spot … 3 hardest); moved by the tracking code. */
  level: DifficultyLevel;
  /** Usable channels (enabled, with an address, not suppressed). */
  channels: readonly Channel[];
  /** Every message of this person that was not cancelled, oldest first. */
  history: readonly PastMessage[];
  /** The clock, for spaced review; tests pass their own. */
  now?: Date;
  random?: () => number;
  /** The language the person reads (issue #39); only scenarios written in it are chosen. English when left out. */
  language?: ScenarioLanguage;
}

export interface ScenarioChoice {
  scenario: PracticeScenario;
  channel: Channel;
  /** The scenario's NIST Phish Scale level for this person's age band. */
  level: DifficultyLevel;
  /** Why this one: a new scenario, the next step of a sequence, or a review of an old one. */
  reason: "new" | "next-step" | "review";
}

/** A scenario sent this long ago may come back once nothing new is left (issue #36). */
export const REVIEW_AFTER_DAYS = 56;
/** Kinds met in this many latest messages are passed over while another kind is as near. */
const RECENT_KINDS = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Messages sent on a channel, against that channel's share; the furthest behind its share first. */
export function channelOrder(channels: readonly Channel[], history: readonly PastMessage[]): Channel[] {
  const distinct = [...new Set(channels)];
  const used = (channel: Channel) => history.filter((message) => message.channel === channel).length;
  const answered = (channel: Channel) => history.filter((m) => m.channel === channel && m.acted).length;
  const most = Math.max(...distinct.map(answered));
  const favourite = distinct.filter((channel) => answered(channel) === most);
  // Two in three to the one channel they answer on most; even shares otherwise.
  const weight = (channel: Channel) => (most > 0 && favourite.length === 1 && favourite[0] === channel ? 2 : 1);
  const behind = (channel: Channel) => used(channel) / weight(channel);
  const last = history.at(-1)?.channel;
  return distinct.sort((a, b) => behind(a) - behind(b) || Number(a === last) - Number(b === last));
}

/** A sequence's later steps are only ever sent after the one before. */
const opensItself = (scenario: PracticeScenario) => (scenario.sequence?.step ?? 1) === 1;

/** The scenarios nearest `level` among `candidates` for this band: [level, scenarios]. */
function nearestLevel(candidates: readonly PracticeScenario[], band: AgeBand, level: DifficultyLevel) {
  let best: { distance: number; level: DifficultyLevel; scenarios: PracticeScenario[] } | null = null;
  for (const scenario of candidates) {
    const own = difficultyFor(scenario, band);
    if (own === undefined) continue;
    const distance = Math.abs(own - level);
    const better = !best || distance < best.distance || (distance === best.distance && own < best.level);
    if (better) best = { distance, level: own, scenarios: [scenario] };
    else if (best && distance === best.distance && own === best.level) best.scenarios.push(scenario);
  }
  return best;
}

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.min(list.length - 1, Math.floor(random() * list.length))]!;
}

/** The new scenario closest to `level` among those that suit the band and were not sent yet. */
export function chooseScenario(
  input: Omit<ScenarioChoiceInput, "channels"> & { channel: Channel },
): ScenarioChoice | null {
  const sent = new Set(input.history.map((message) => message.scenarioId));
  const fresh = input.scenarios.filter(
    (scenario) => scenario.channel === input.channel && !sent.has(scenario.id) && opensItself(scenario),
  );
  const best = nearestLevel(fresh, input.ageBand, input.level);
  if (!best) return null;
  const byId = new Map(input.scenarios.map((scenario) => [scenario.id, scenario]));
  const recentKinds = new Set(
    input.history.slice(-RECENT_KINDS).flatMap((message) => byId.get(message.scenarioId)?.scamType ?? []),
  );
  const unseenKinds = best.scenarios.filter((scenario) => !recentKinds.has(scenario.scamType));
  const scenario = pick(unseenKinds.length ? unseenKinds : best.scenarios, input.random ?? Math.random);
  return { scenario, channel: input.channel, level: best.level, reason: "new" };
}

/** Step k+1 of the sequence the person's latest message belongs to, while they have not acted on it. */
function nextStep(input: ScenarioChoiceInput): ScenarioChoice | null {
  const latest = input.history.at(-1);
  if (!latest || latest.acted) return null;
  const current = input.scenarios.find((scenario) => scenario.id === latest.scenarioId)?.sequence;
  if (!current) return null;
  const next = input.scenarios.find(
    (scenario) => scenario.sequence?.id === current.id && scenario.sequence.step === current.step + 1,
  );
  if (!next || !input.channels.includes(next.channel)) return null;
  const level = difficultyFor(next, input.ageBand);
  return level === undefined ? null : { scenario: next, channel: next.channel, level, reason: "next-step" };
}

/**
 * Once nothing new is left: spaced review. Scenarios the person fell for the last time they had
 * them come back first, each once eight weeks have passed (until then, nothing else comes back in
 * their place); with none of those, any scenario sent at least eight weeks ago, the longest ago first.
 */
function review(input: ScenarioChoiceInput): ScenarioChoice | null {
  const now = (input.now ?? new Date()).getTime();
  const latest = new Map<string, { sentAt: number; fell: boolean }>();
  for (const message of input.history) {
    latest.set(message.scenarioId, { sentAt: message.sentAt?.getTime() ?? now, fell: Boolean(message.fell) });
  }
  const reviewable = input.scenarios.flatMap((scenario) => {
    const past = latest.get(scenario.id);
    const suits =
      input.channels.includes(scenario.channel) &&
      opensItself(scenario) &&
      difficultyFor(scenario, input.ageBand) !== undefined;
    return past && suits ? [{ scenario, ...past, due: now - past.sentAt >= REVIEW_AFTER_DAYS * DAY_MS }] : [];
  });
  const fallen = reviewable.filter((entry) => entry.fell);
  const due = (fallen.length ? fallen : reviewable).filter((entry) => entry.due).sort((a, b) => a.sentAt - b.sentAt);
  const first = due[0];
  if (!first) return null;
  return {
    scenario: first.scenario,
    channel: first.scenario.channel,
    level: difficultyFor(first.scenario, input.ageBand)!,
    reason: "review",
  };
}

/** A new person's first practice message is never at level 1 (see the file comment). */
export const FIRST_MESSAGE_MIN_LEVEL: DifficultyLevel = 2;

/** The next message for a person, or null when nothing suits them now. */
export function choosePracticeMessage(choiceInput: ScenarioChoiceInput): ScenarioChoice | null {
  const language = choiceInput.language ?? "en";
  const input = { ...choiceInput, scenarios: choiceInput.scenarios.filter((s) => (s.language ?? "en") === language) };
  const step = nextStep(input);
  if (step) return step;
  const level =
    input.history.length === 0 ? (Math.max(input.level, FIRST_MESSAGE_MIN_LEVEL) as DifficultyLevel) : input.level;
  for (const channel of channelOrder(input.channels, input.history)) {
    const choice = chooseScenario({ ...input, level, channel });
    if (choice) return choice;
  }
  return review(input);
}
