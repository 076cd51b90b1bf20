import {
  channelOrder,
  chooseScenario,
  type PastMessage,
  type ScenarioChoice,
} from "~/training/library/scenario-choice";
import type { AgeBand, DifficultyLevel, PracticeScenario } from "~/training/library/practice-scenario-schema";

/**
 * Difficulty follows the learner, with the Training Program's rules
 * (training/library/scenario-choice.ts): the next message is at their NIST Phish Scale level for the
 * age band practising, or the nearest level (the easier one first), alternating email and text,
 * never one of the recent ones.
 */

export const START_LEVEL: DifficultyLevel = 1;
/** A round at or above this score moves the learner up a level. */
export const LEVEL_UP_SCORE = 80;
/** A round below this score moves the learner down a level. */
export const LEVEL_DOWN_SCORE = 50;
/** How many of the latest rounds are not repeated. */
export const RECENT_ROUNDS = 8;

export function nextLevel(level: DifficultyLevel, score: number): DifficultyLevel {
  if (score >= LEVEL_UP_SCORE) return Math.min(3, level + 1) as DifficultyLevel;
  if (score < LEVEL_DOWN_SCORE) return Math.max(1, level - 1) as DifficultyLevel;
  return level;
}

/** The learner's level for a band: moved by their last round in that band, or the start level. */
export function currentLevel(last: { level: number; score: number } | undefined): DifficultyLevel {
  if (!last) return START_LEVEL;
  const level = Math.min(3, Math.max(1, last.level)) as DifficultyLevel;
  return nextLevel(level, last.score);
}

export function chooseTrainerScenario(input: {
  scenarios: readonly PracticeScenario[];
  ageBand: AgeBand;
  level: DifficultyLevel;
  /** This band's rounds, newest last. */
  recent: readonly PastMessage[];
  random?: () => number;
}): ScenarioChoice | null {
  const recent = input.recent.slice(-RECENT_ROUNDS);
  // A band with few scenarios left after the recent ones starts again, still skipping the last one.
  for (const history of [recent, recent.slice(-1), []]) {
    for (const channel of channelOrder(["email", "sms"], history)) {
      const choice = chooseScenario({ ...input, history, channel });
      if (choice) return choice;
    }
  }
  return null;
}
