import {
  difficultyFor,
  type AgeBand,
  type Channel,
  type DifficultyLevel,
  type PracticeScenario,
} from "./practice-scenario-schema";

/**
 * Which practice message a person gets next: pure, so the rules are tested without a database.
 *
 * - Channel: among the person's usable channels, the one used least so far; on a tie, not the one
 *   used last (so email and text alternate); a channel with nothing new left is skipped.
 * - Scenario: suits the channel and the person's age band, was never sent to them before (any
 *   message not cancelled counts), and is at their level, or else at the nearest level, the
 *   easier one first when two are equally near (a person who is struggling should not jump up).
 *   Among equals, a random one.
 */

export interface PastMessage {
  scenarioId: string;
  channel: Channel;
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
  random?: () => number;
}

export interface ScenarioChoice {
  scenario: PracticeScenario;
  channel: Channel;
  /** The scenario's NIST Phish Scale level for this person's age band. */
  level: DifficultyLevel;
}

export function channelOrder(channels: readonly Channel[], history: readonly PastMessage[]): Channel[] {
  const used = (channel: Channel) => history.filter((message) => message.channel === channel).length;
  const last = history.at(-1)?.channel;
  return [...new Set(channels)].sort((a, b) => used(a) - used(b) || Number(a === last) - Number(b === last));
}

/** The scenario closest to `level` among those that suit the band and were not sent yet. */
export function chooseScenario(
  input: Omit<ScenarioChoiceInput, "channels"> & { channel: Channel },
): ScenarioChoice | null {
  const sent = new Set(input.history.map((message) => message.scenarioId));
  let best: { distance: number; level: DifficultyLevel; scenarios: PracticeScenario[] } | null = null;
  for (const scenario of input.scenarios) {
    if (scenario.channel !== input.channel || sent.has(scenario.id)) continue;
    const level = difficultyFor(scenario, input.ageBand);
    if (level === undefined) continue;
    const distance = Math.abs(level - input.level);
    const better = !best || distance < best.distance || (distance === best.distance && level < best.level);
    if (better) best = { distance, level, scenarios: [scenario] };
    else if (best && distance === best.distance && level === best.level) best.scenarios.push(scenario);
  }
  if (!best) return null;
  const random = input.random ?? Math.random;
  const scenario = best.scenarios[Math.min(best.scenarios.length - 1, Math.floor(random() * best.scenarios.length))]!;
  return { scenario, channel: input.channel, level: best.level };
}

/** The next message for a person, or null when no usable channel has a scenario left for them. */
export function choosePracticeMessage(input: ScenarioChoiceInput): ScenarioChoice | null {
  for (const channel of channelOrder(input.channels, input.history)) {
    const choice = chooseScenario({ ...input, channel });
    if (choice) return choice;
  }
  return null;
}
