import { and, desc, eq, sql } from "drizzle-orm";
import { coursePagePath } from "~/course/course-map";
import { pageInfo } from "~/course/page-titles.server";
import type { Database } from "~/db/client.server";
import { practiceLibrary, type PracticeLibrary } from "~/training/library/practice-library.server";
import {
  AGE_BANDS,
  difficultyFor,
  type AgeBand,
  type DifficultyLevel,
} from "~/training/library/practice-scenario-schema";
import { cutMessage, trainerMessageFromScenario, type MessageLayout } from "./candidates";
import { chooseTrainerScenario, currentLevel, RECENT_ROUNDS } from "./difficulty";
import { redFlagPageLink } from "~/red-flags/red-flag-pages.server";
import type { RedFlag } from "~/training/library/practice-scenario-schema";
import { roundFeedback, type FlagLinks, type RoundFeedback } from "./feedback";
import { scoreAttempt } from "./scoring";
import { trainerAttempts } from "./tables";
import { CheckRoundSchema } from "./trainer-schema";

/**
 * The members' spot-the-red-flags trainer: which message comes next, checking a round (score,
 * store, explain) and the learner's progress. Every function takes the user id from the session
 * (never from the form), so a member only ever sees and adds to their own rounds.
 */

/** Rounds shown in the chart. */
export const CHART_ROUNDS = 20;

export function parseAgeBand(value: string | null): AgeBand {
  return (AGE_BANDS as readonly string[]).includes(value ?? "") ? (value as AgeBand) : "adult";
}

/**
 * A red flag's links: the public page of its kind, which the red flag names (the content check
 * makes sure it exists; the index stands in otherwise), and the course page that teaches it (the
 * trainer is for members, who can open it).
 */
export function flagLinks(redFlag: Pick<RedFlag, "page" | "coursePage">): FlagLinks {
  const { title, href } = redFlagPageLink(redFlag.page);
  const page = redFlag.coursePage;
  return {
    learnMore: { title, href },
    course: { title: pageInfo(page)?.title ?? `Course page ${page}`, href: coursePagePath(page) },
  };
}

async function lastRounds(db: Database, userId: string, ageBand: AgeBand, limit: number) {
  return db
    .select()
    .from(trainerAttempts)
    .where(and(eq(trainerAttempts.userId, userId), eq(trainerAttempts.ageBand, ageBand)))
    .orderBy(desc(trainerAttempts.id))
    .limit(limit);
}

async function levelFor(db: Database, userId: string, ageBand: AgeBand): Promise<DifficultyLevel> {
  const [last] = await lastRounds(db, userId, ageBand, 1);
  return currentLevel(last);
}

export interface TrainerRound {
  scenarioId: string;
  ageBand: AgeBand;
  level: DifficultyLevel;
  layout: MessageLayout;
}

/**
 * The next round for this learner and band. `requested` (a "try this message" link) is used
 * when it names a scenario that suits the band; otherwise the choice follows the level.
 */
export async function nextRound(
  db: Database,
  input: { userId: string; ageBand: AgeBand; requested?: string | null; library?: PracticeLibrary },
): Promise<TrainerRound | null> {
  const library = input.library ?? practiceLibrary();
  const level = await levelFor(db, input.userId, input.ageBand);
  const requested = input.requested ? library.byId(input.requested) : undefined;
  // The trainer is in English: a Spanish scenario's id in a "try this message" link is not used here.
  let scenario =
    requested && requested.language === "en" && difficultyFor(requested, input.ageBand) !== undefined
      ? requested
      : undefined;
  if (!scenario) {
    const recent = (await lastRounds(db, input.userId, input.ageBand, RECENT_ROUNDS)).reverse().map((round) => ({
      scenarioId: round.scenarioId,
      channel: library.byId(round.scenarioId)?.channel ?? ("email" as const),
    }));
    scenario = chooseTrainerScenario({
      scenarios: library.scenariosIn("en"),
      ageBand: input.ageBand,
      level,
      recent,
    })?.scenario;
  }
  if (!scenario) return null;
  return {
    scenarioId: scenario.id,
    ageBand: input.ageBand,
    level,
    layout: cutMessage(trainerMessageFromScenario(scenario)).layout,
  };
}

export type CheckOutcome =
  | {
      status: 200;
      result: {
        ok: true;
        scenarioId: string;
        ageBand: AgeBand;
        channel: "email" | "sms";
        nextTime: string;
        layout: MessageLayout;
        feedback: RoundFeedback;
      };
    }
  | { status: 400; result: { ok: false; title: string; message: string } };

const refused = (message: string): CheckOutcome => ({
  status: 400,
  result: { ok: false, title: "That round was not checked", message },
});

/** Checks a posted round: validates, scores, stores one attempt and explains. Nothing is stored on a 400. */
export async function checkRound(
  db: Database,
  input: { userId: string; form: Record<string, unknown>; library?: PracticeLibrary },
): Promise<CheckOutcome> {
  const parsed = CheckRoundSchema.safeParse(input.form);
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Please check the message from its page.");
  const { scenarioId, ageBand, selected } = parsed.data;
  const library = input.library ?? practiceLibrary();
  const scenario = library.byId(scenarioId);
  if (!scenario) return refused("That is not a practice message of ours. Please start a new round.");
  if (difficultyFor(scenario, ageBand) === undefined)
    return refused("That message is not one for the person practicing. Please start a new round.");
  const message = trainerMessageFromScenario(scenario);
  const cut = cutMessage(message);
  const scored = scoreAttempt(cut.candidates, selected);
  if (!scored.ok) return refused(`${scored.problem} Please start a new round.`);

  const level = await levelFor(db, input.userId, ageBand);
  await db.insert(trainerAttempts).values({
    userId: input.userId,
    scenarioId,
    ageBand,
    level,
    found: scored.score.found.length,
    missed: scored.score.missed.length,
    falseAlarms: scored.score.falseAlarms.length,
    score: scored.score.score,
  });
  return {
    status: 200,
    result: {
      ok: true,
      scenarioId,
      ageBand,
      channel: scenario.channel,
      nextTime: scenario.nextTime,
      layout: cut.layout,
      feedback: roundFeedback(message, cut.candidates, scored.score, flagLinks),
    },
  };
}

export interface TrainerProgress {
  ageBand: AgeBand;
  level: DifficultyLevel;
  /** The last CHART_ROUNDS rounds in this band, oldest first. */
  recent: { id: number; score: number; createdAt: string }[];
  totals: { rounds: number; found: number; flags: number; falseAlarms: number; averageScore: number };
}

export async function trainerProgress(db: Database, userId: string, ageBand: AgeBand): Promise<TrainerProgress> {
  const rounds = await lastRounds(db, userId, ageBand, CHART_ROUNDS);
  const [totals] = await db
    .select({
      rounds: sql<number>`count(*)::int`,
      found: sql<number>`coalesce(sum(${trainerAttempts.found}), 0)::int`,
      flags: sql<number>`coalesce(sum(${trainerAttempts.found} + ${trainerAttempts.missed}), 0)::int`,
      falseAlarms: sql<number>`coalesce(sum(${trainerAttempts.falseAlarms}), 0)::int`,
      averageScore: sql<number>`coalesce(round(avg(${trainerAttempts.score})), 0)::int`,
    })
    .from(trainerAttempts)
    .where(and(eq(trainerAttempts.userId, userId), eq(trainerAttempts.ageBand, ageBand)));
  return {
    ageBand,
    level: currentLevel(rounds[0]),
    recent: rounds
      .reverse()
      .map((round) => ({ id: round.id, score: round.score, createdAt: round.createdAt.toISOString() })),
    totals: totals ?? { rounds: 0, found: 0, flags: 0, falseAlarms: 0, averageScore: 0 },
  };
}
