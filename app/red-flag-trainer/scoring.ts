import type { Candidate } from "./candidates";

/**
 * Scores one round of the trainer: which red flags the learner marked (found), which they did not
 * (missed), which ordinary parts they marked that share a red flag's reason (good instincts, see
 * `Relation` in candidates.ts) and which other ordinary parts they marked (false alarms). Pure, so
 * the members' trainer (on the server) and the free taste (in the browser) score the same way.
 *
 * The score is the overlap of what was marked with what is a red flag, 0-100:
 * (found + ½ × good instincts) / (red flags + false alarms + good instincts). All found and nothing
 * else marked is 100. A good instinct is half right: it earns half a red flag, and like any part
 * that is not a red flag it widens what was marked, so it costs half of what a false alarm costs.
 * Marking every part is never a good score, because each ordinary part marked counts against it.
 */

/** What a good instinct earns, as a share of one red flag found. */
const GOOD_INSTINCT_CREDIT = 0.5;

export interface TrainerScore {
  /** Red flag indexes (the scenario's order) that were marked. */
  found: number[];
  missed: number[];
  /** Ids of ordinary parts that were marked and share a red flag's reason, in message order. */
  goodInstincts: string[];
  /** Ids of the other ordinary parts that were marked, in message order. */
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
  const goodInstincts: string[] = [];
  const falseAlarms: string[] = [];
  for (const candidate of candidates) {
    const marked = selected.has(candidate.id);
    if (candidate.redFlag === null) {
      if (marked) (candidate.related ? goodInstincts : falseAlarms).push(candidate.id);
    } else (marked ? found : missed).push(candidate.redFlag);
  }
  const flags = found.length + missed.length;
  const marks = flags + falseAlarms.length + goodInstincts.length;
  const hits = found.length + GOOD_INSTINCT_CREDIT * goodInstincts.length;
  const score = marks === 0 ? 0 : Math.round((100 * hits) / marks);
  return {
    ok: true,
    score: {
      found: found.sort((a, b) => a - b),
      missed: missed.sort((a, b) => a - b),
      goodInstincts,
      falseAlarms,
      score,
    },
  };
}
