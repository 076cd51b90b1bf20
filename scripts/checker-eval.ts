/**
 * `npm run checker:eval`: runs the "Is this a scam?" checker (app/checker/) on both evaluation
 * sets in content/checker-eval/ and prints how it did: the tuning set (read while writing rules)
 * with its details, and the held-out set (written apart, never read while changing rules) with
 * its figures only. Exits 1 when the held-out set is below budget. A folder given as the first
 * argument is evaluated alone, with details.
 */
import {
  BUDGETS,
  budgetProblems,
  CHECKER_EVAL_SETS,
  CheckerEvalSetError,
  evaluateChecker,
  loadCheckerEvalSet,
  type EvalReport,
  type Figures,
  type MessageOutcome,
} from "./checker-eval-set";

const percent = (value: number) => `${(value * 100).toFixed(1)}%`.padStart(6);
const verbose = process.argv.includes("--verbose");
const folderArgument = process.argv.slice(2).find((argument) => !argument.startsWith("--"));

function load(directory: string): EvalReport {
  try {
    return evaluateChecker(loadCheckerEvalSet(directory));
  } catch (error) {
    if (!(error instanceof CheckerEvalSetError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

function line(label: string, figures: Figures) {
  return [
    `${label.padEnd(10)} scams ${String(figures.scams).padStart(4)}  ordinary ${String(figures.ordinary).padStart(4)}`,
    `recall ${percent(figures.recall)} (warned ${percent(figures.warned).trim()})`,
    `2+ correct ${percent(figures.twoCorrect)} (strictly ${percent(figures.twoCorrectStrict).trim()})`,
    `false alarms ${percent(figures.falseAlarms)} (${figures.beCarefulOnOrdinary} "be careful")`,
  ].join("  ");
}

function fired(outcome: MessageOutcome) {
  return `[${outcome.verdict}] ${outcome.signs.map((sign) => `${sign.id} "${sign.quote.replace(/\s+/g, " ")}"`).join("; ")}`;
}

function printFigures(report: EvalReport) {
  console.log(line("overall", report.overall));
  for (const [language, figures] of Object.entries(report.byLanguage)) console.log(line(language, figures));
}

function printDetails(report: EvalReport) {
  console.log("\nPer sign: labelled scams found / labelled, found on unlabelled scams, found on ordinary messages");
  for (const [id, counts] of Object.entries(report.bySign)) {
    console.log(
      `  ${id.padEnd(26)} ${`${counts.foundWhereLabelled}/${counts.labelled}`.padStart(8)}   +${String(counts.foundUnlabelled).padEnd(4)} ordinary ${counts.onOrdinary}`,
    );
  }
  console.log(`\nMissed scams ("no warning signs"): ${report.missed.length}`);
  for (const outcome of report.missed)
    console.log(`  ${outcome.message.id} (labelled ${outcome.message.signs?.join(", ")})`);
  const careful = report.outcomes.filter((o) => o.message.kind === "scams" && o.verdict === "be-careful");
  console.log(`\nScams answered "be careful" only: ${careful.length}`);
  for (const outcome of careful) console.log(`  ${outcome.message.id}: ${fired(outcome)}`);
  console.log(`\nFalse alarms (ordinary messages given a warning or "be careful"): ${report.falseAlarms.length}`);
  for (const outcome of report.falseAlarms) console.log(`  ${outcome.message.id}: ${fired(outcome)}`);
  if (verbose) {
    console.log(`\nScams with fewer than 2 correct signs: ${report.underTwoCorrect.length}`);
    for (const outcome of report.underTwoCorrect) {
      console.log(
        `  ${outcome.message.id}: labelled [${outcome.message.signs?.join(", ")}], found [${outcome.found.join(", ")}]`,
      );
    }
  } else {
    console.log(`\nScams with fewer than 2 correct signs: ${report.underTwoCorrect.length} (--verbose lists them)`);
  }
}

console.log("Is this a scam? checker: evaluation\n");
console.log(
  `Budgets: recall >= ${percent(BUDGETS.minRecall).trim()}, 2+ correct >= ${percent(BUDGETS.minTwoCorrect).trim()}, false alarms <= ${percent(BUDGETS.maxFalseAlarms).trim()} ("be careful" counts half)\n`,
);

if (folderArgument) {
  const report = load(folderArgument);
  printFigures(report);
  printDetails(report);
  const problems = budgetProblems(report);
  if (problems.length) console.log(`\nBelow budget:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(problems.length ? 1 : 0);
}

const tuning = load(CHECKER_EVAL_SETS.tuning);
console.log(`Tuning set (${CHECKER_EVAL_SETS.tuning}): read while writing the rules`);
printFigures(tuning);
printDetails(tuning);

const heldOut = load(CHECKER_EVAL_SETS["held-out"]);
console.log(`\nHeld-out set (${CHECKER_EVAL_SETS["held-out"]}): written apart; only its figures are shown`);
printFigures(heldOut);
const problems = budgetProblems(heldOut);
if (problems.length) {
  console.error(`\nHeld-out set below budget:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
console.log("\nHeld-out set within budget.");
