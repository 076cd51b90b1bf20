/**
 * The evaluation set of the "Is this a scam?" checker (content/checker-eval/): real-style scams
 * labelled with the signs a careful reader would name, and ordinary messages that should raise
 * none. Loads and checks the files, runs the checker on every message and works out the figures
 * the checker is held to. Used by `npm run checker:eval` (scripts/checker-eval.ts) and by
 * tests/unit/checker-eval.test.ts. It lives outside app/checker/ because it reads files, which
 * the checker itself must never do.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import { z } from "zod";
import { checkMessage, SIGN_IDS, type SignId, type Verdict, type WarningSign } from "../app/checker/check-message";

/**
 * Two sets, written apart: the tuning set is read while rules are written; the held-out set was
 * written by people who never saw the rules, and its misses are never read while changing them
 * (the script prints only its figures). The budgets are enforced on the held-out set.
 */
export const CHECKER_EVAL_SETS = {
  tuning: "content/checker-eval/tuning",
  "held-out": "content/checker-eval/held-out",
} as const;
export type EvalSetName = keyof typeof CHECKER_EVAL_SETS;

/** What the checker must reach on a set, and how big the set must be for that to mean something. */
export const BUDGETS = {
  /** Scams given an answer other than "no warning signs" (a warning or "be careful"). */
  minRecall: 0.97,
  /**
   * Scams given at least two correct signs (distinct ids the message is labelled with), or their
   * one sign when a scam shows only one (a "wrong number" opener has nothing else to find).
   */
  minTwoCorrect: 0.85,
  /** Ordinary messages given a warning (counts 1) or "be careful" (counts ½). */
  maxFalseAlarms: 0.03,
  minScams: 120,
  minSpanishScams: 20,
  minOrdinary: 80,
};

const entrySchema = z.strictObject({
  id: z.string().min(1),
  channel: z.string().min(1),
  language: z.string().regex(/^[a-z]{2}$/, 'language must be a two-letter code such as "en" or "es"'),
  sender: z.string().optional(),
  subject: z.string().optional(),
  text: z.string().min(1),
  links: z.array(z.string().min(1)).optional(),
  signs: z.array(z.enum(SIGN_IDS)).optional(),
  note: z.string().optional(),
});
type Entry = z.infer<typeof entrySchema>;

export type EvalKind = "scams" | "ordinary";
export interface EvalMessage extends Entry {
  kind: EvalKind;
  file: string;
}

export class CheckerEvalSetError extends Error {
  constructor(readonly problems: string[]) {
    super(`The checker evaluation set has ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.name = "CheckerEvalSetError";
  }
}

function entryName(raw: unknown, index: number): string {
  const id = typeof raw === "object" && raw !== null && "id" in raw ? (raw as { id: unknown }).id : undefined;
  return typeof id === "string" ? `entry "${id}"` : `entry ${index + 1}`;
}

/** Every message in content/checker-eval/{scams,ordinary}/*.yaml, or a CheckerEvalSetError naming each bad file and entry. */
export function loadCheckerEvalSet(directory: string = CHECKER_EVAL_SETS.tuning): EvalMessage[] {
  const problems: string[] = [];
  const messages: EvalMessage[] = [];
  const seen = new Map<string, string>();
  for (const kind of ["scams", "ordinary"] as const) {
    const folder = path.join(directory, kind);
    let names: string[] = [];
    try {
      names = readdirSync(folder)
        .filter((name) => /\.ya?ml$/.test(name))
        .sort();
    } catch {
      problems.push(`${folder}: folder missing`);
      continue;
    }
    for (const name of names) {
      const file = path.join(folder, name);
      const document = parseDocument(readFileSync(file, "utf8"), { uniqueKeys: true });
      if (document.errors.length) {
        problems.push(`${file}: not valid YAML: ${document.errors[0].message.split("\n")[0]}`);
        continue;
      }
      const entries: unknown = document.toJS();
      if (entries === null || entries === undefined) continue;
      if (!Array.isArray(entries)) {
        problems.push(`${file}: must be a list of messages ("- id: ...")`);
        continue;
      }
      entries.forEach((raw: unknown, index) => {
        const parsed = entrySchema.safeParse(raw);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const where = issue.path.join(".");
            problems.push(`${file}: ${entryName(raw, index)}: ${where ? `${where}: ` : ""}${issue.message}`);
          }
          return;
        }
        const entry = parsed.data;
        if (kind === "scams" && !entry.signs?.length) {
          problems.push(`${file}: entry "${entry.id}": a scam needs "signs", the warning signs it shows`);
        }
        const earlier = seen.get(entry.id);
        if (earlier) problems.push(`${file}: entry "${entry.id}": duplicate id (also in ${earlier})`);
        seen.set(entry.id, file);
        messages.push({ ...entry, kind, file });
      });
    }
  }
  if (problems.length) throw new CheckerEvalSetError(problems);
  return messages;
}

export interface MessageOutcome {
  message: EvalMessage;
  verdict: Verdict;
  signs: WarningSign[];
  /** Distinct sign ids found. */
  found: SignId[];
  /** Found ids the message is labelled with. */
  correct: SignId[];
}

export interface Figures {
  scams: number;
  ordinary: number;
  /** Scams given a warning or "be careful". */
  recall: number;
  /** Scams given the full warning. */
  warned: number;
  twoCorrect: number;
  /** Scams given at least two correct signs, counting one-sign scams as failures (the stricter figure). */
  twoCorrectStrict: number;
  /** Warnings on ordinary messages, "be careful" counting half. */
  falseAlarms: number;
  /** Ordinary messages given "be careful" (counted half in falseAlarms). */
  beCarefulOnOrdinary: number;
}

export interface SignCounts {
  /** Scams labelled with this sign. */
  labelled: number;
  /** ... and given it. */
  foundWhereLabelled: number;
  /** Scams given it without the label (often right anyway: the labels are not exhaustive). */
  foundUnlabelled: number;
  /** Ordinary messages given it. */
  onOrdinary: number;
}

export interface EvalReport {
  overall: Figures;
  byLanguage: Record<string, Figures>;
  bySign: Record<SignId, SignCounts>;
  spanishScams: number;
  /** Scams answered "no warning signs". */
  missed: MessageOutcome[];
  /** Scams given fewer than two correct signs (or not the one sign of a one-sign scam). */
  underTwoCorrect: MessageOutcome[];
  /** Ordinary messages given a warning or "be careful". */
  falseAlarms: MessageOutcome[];
  outcomes: MessageOutcome[];
}

export function runMessage(message: EvalMessage): MessageOutcome {
  const { signs, verdict } = checkMessage({
    text: message.text,
    ...(message.sender === undefined ? {} : { sender: message.sender }),
    ...(message.subject === undefined ? {} : { subject: message.subject }),
    ...(message.links === undefined ? {} : { links: message.links }),
  });
  const found = [...new Set(signs.map((sign) => sign.id))];
  const labelled = new Set(message.signs ?? []);
  return { message, verdict, signs, found, correct: found.filter((id) => labelled.has(id)) };
}

function share(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

/** Two correct signs, or the only one a one-sign scam has. */
function hasTwoCorrect(outcome: MessageOutcome): boolean {
  return outcome.correct.length >= Math.min(2, outcome.message.signs?.length ?? 0);
}

/** How much an answer counts as an alarm: a warning fully, "be careful" half. */
function alarm(outcome: MessageOutcome): number {
  return outcome.verdict === "warning-signs" ? 1 : outcome.verdict === "be-careful" ? 0.5 : 0;
}

function figures(outcomes: MessageOutcome[]): Figures {
  const scams = outcomes.filter((o) => o.message.kind === "scams");
  const ordinary = outcomes.filter((o) => o.message.kind === "ordinary");
  return {
    scams: scams.length,
    ordinary: ordinary.length,
    recall: share(scams.filter((o) => o.verdict !== "none-found").length, scams.length),
    warned: share(scams.filter((o) => o.verdict === "warning-signs").length, scams.length),
    twoCorrect: share(scams.filter(hasTwoCorrect).length, scams.length),
    twoCorrectStrict: share(scams.filter((o) => o.correct.length >= 2).length, scams.length),
    falseAlarms: share(
      ordinary.reduce((sum, o) => sum + alarm(o), 0),
      ordinary.length,
    ),
    beCarefulOnOrdinary: ordinary.filter((o) => o.verdict === "be-careful").length,
  };
}

export function evaluateChecker(messages: EvalMessage[]): EvalReport {
  const outcomes = messages.map(runMessage);
  const languages = [...new Set(messages.map((m) => m.language))].sort();
  const byLanguage = Object.fromEntries(
    languages.map((language) => [language, figures(outcomes.filter((o) => o.message.language === language))]),
  );
  const bySign = Object.fromEntries(
    SIGN_IDS.map((id): [SignId, SignCounts] => {
      const scams = outcomes.filter((o) => o.message.kind === "scams");
      const labelled = scams.filter((o) => o.message.signs?.includes(id));
      return [
        id,
        {
          labelled: labelled.length,
          foundWhereLabelled: labelled.filter((o) => o.found.includes(id)).length,
          foundUnlabelled: scams.filter((o) => !o.message.signs?.includes(id) && o.found.includes(id)).length,
          onOrdinary: outcomes.filter((o) => o.message.kind === "ordinary" && o.found.includes(id)).length,
        },
      ];
    }),
  ) as Record<SignId, SignCounts>;
  const scams = outcomes.filter((o) => o.message.kind === "scams");
  return {
    overall: figures(outcomes),
    byLanguage,
    bySign,
    spanishScams: scams.filter((o) => o.message.language === "es").length,
    missed: scams.filter((o) => o.verdict === "none-found"),
    underTwoCorrect: scams.filter((o) => !hasTwoCorrect(o)),
    falseAlarms: outcomes.filter((o) => o.message.kind === "ordinary" && o.verdict !== "none-found"),
    outcomes,
  };
}

/** The reasons the report is below budget; empty when it meets every one. */
export type Budget = typeof BUDGETS;

/**
 * What each set measured when issue 34's work was handed over (2026-11-27), kept as floors so no
 * later change makes the checker worse unnoticed. They are NOT the issue's budget: on the held-out
 * set the budget (BUDGETS) is not met yet, and `npm run checker:eval` says so. Raise a floor when
 * the checker improves; never lower one to make a change pass.
 */
export const HANDOVER_FLOORS: Record<EvalSetName, Budget> = {
  // Raised on 2026-12-07 after the batch-9 round (held-out 92.5% / 89.0% / 1.6%).
  "held-out": { ...BUDGETS, minRecall: 0.925, minTwoCorrect: 0.885, maxFalseAlarms: 0.02 },
  // Tuning after batch 9 (tuning 99.4% / 93.2% / 0.2% with its 190 scams and 95 ordinary messages).
  tuning: { ...BUDGETS, minRecall: 0.99, minTwoCorrect: 0.93, maxFalseAlarms: 0.004 },
};

export function budgetProblems(report: EvalReport, budget: Budget = BUDGETS): string[] {
  const problems: string[] = [];
  const { overall } = report;
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  if (overall.scams < budget.minScams) problems.push(`only ${overall.scams} scams (need ${budget.minScams})`);
  if (report.spanishScams < budget.minSpanishScams)
    problems.push(`only ${report.spanishScams} Spanish scams (need ${budget.minSpanishScams})`);
  if (overall.ordinary < budget.minOrdinary)
    problems.push(`only ${overall.ordinary} ordinary messages (need ${budget.minOrdinary})`);
  if (overall.recall < budget.minRecall)
    problems.push(`recall ${percent(overall.recall)} is below ${percent(budget.minRecall)}`);
  if (overall.twoCorrect < budget.minTwoCorrect)
    problems.push(
      `scams with 2+ correct signs ${percent(overall.twoCorrect)} is below ${percent(budget.minTwoCorrect)}`,
    );
  if (overall.falseAlarms > budget.maxFalseAlarms)
    problems.push(`false alarms ${percent(overall.falseAlarms)} is above ${percent(budget.maxFalseAlarms)}`);
  return problems;
}
