import type { Candidate } from "./candidates";

/**
 * Scores one round of the trainer: which red flags the learner marked (found), which they did not
 * (missed), and which ordinary parts they marked (false alarms). Pure, so the members' trainer
 * (on the server) and the free taste (in the browser) score the same way.
 *
 * The score is the overlap of what was marked with what is a red flag, 0-100:
 * found / (red flags + false alarms). All found and nothing else marked is 100; marking every
 * part is never a good score, because each ordinary part marked counts against it.
 */

export interface TrainerScore {
  /** Red flag indexes (the scenario's order) that were marked. */
  found: number[];
  missed: number[];
  /** Ids of ordinary parts that were marked, in message order. */
  falseAlarms: string[];
  score: number;
}

export type ScoreOutcome = { ok: true; score: TrainerScore } | { ok: false; problem: string };

export function scoreAttempt(candidates: readonly Candidate[], selectedIds: readonly string[]): ScoreOutcome {
  const known = new Map(candidates.map((candidate) => [candidate.id, candidate]));
  const selected = new Set<string>();
  for (const id of selectedIds) {
    if (!known.has(id)) return { ok: false, problem: `"${id}" is not a part of this message.` };
    if (selected.has(id)) return { ok: false, problem: `"${id}" was marked twice.` };
    selected.add(id);
  }
  const found: number[] = [];
  const missed: number[] = [];
  const falseAlarms: string[] = [];
  for (const candidate of candidates) {
    const marked = selected.has(candidate.id);
    if (candidate.redFlag === null) {
      if (marked) falseAlarms.push(candidate.id);
    } else (marked ? found : missed).push(candidate.redFlag);
  }
  const flags = found.length + missed.length;
  const score = flags + falseAlarms.length === 0 ? 0 : Math.round((100 * found.length) / (flags + falseAlarms.length));
  return {
    ok: true,
    score: { found: found.sort((a, b) => a - b), missed: missed.sort((a, b) => a - b), falseAlarms, score },
  };
}
