/**
 * `npm run checker:eval`: runs the "Is this a scam?" checker (app/checker/) on the evaluation set
 * in content/checker-eval/ (or the folder given as the first argument) and prints how it did
 * against its budgets: overall and per language, per sign, the scams it missed and the ordinary
 * messages it raised a false alarm on. Exits 1 when below budget.
 */
import {
  BUDGETS,
  budgetProblems,
  CheckerEvalSetError,
  evaluateChecker,
  loadCheckerEvalSet,
  type EvalMessage,
  type Figures,
  type MessageOutcome,
} from "./checker-eval-set";

let messages: EvalMessage[];
try {
  messages = loadCheckerEvalSet(process.argv[2]);
} catch (error) {
  if (!(error instanceof CheckerEvalSetError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const report = evaluateChecker(messages);
const percent = (value: number) => `${(value * 100).toFixed(1)}%`.padStart(6);
const verbose = process.argv.includes("--verbose");

function line(label: string, figures: Figures) {
  return `${label.padEnd(10)} scams ${String(figures.scams).padStart(4)}  ordinary ${String(figures.ordinary).padStart(4)}  recall ${percent(figures.recall)}  2+ correct ${percent(figures.twoCorrect)}  false alarms ${percent(figures.falseAlarms)}`;
}

function fired(outcome: MessageOutcome) {
  return outcome.signs.map((sign) => `${sign.id} "${sign.quote.replace(/\s+/g, " ")}"`).join("; ");
}

console.log("Is this a scam? checker: evaluation\n");
console.log(
  `Budgets: recall >= ${percent(BUDGETS.minRecall).trim()}, 2+ correct >= ${percent(BUDGETS.minTwoCorrect).trim()}, false alarms <= ${percent(BUDGETS.maxFalseAlarms).trim()}\n`,
);
console.log(line("overall", report.overall));
for (const [language, figures] of Object.entries(report.byLanguage)) console.log(line(language, figures));

console.log("\nPer sign: labelled scams found / labelled, found on unlabelled scams, found on ordinary messages");
for (const [id, counts] of Object.entries(report.bySign)) {
  console.log(
    `  ${id.padEnd(26)} ${`${counts.foundWhereLabelled}/${counts.labelled}`.padStart(8)}   +${String(counts.foundUnlabelled).padEnd(4)} ordinary ${counts.onOrdinary}`,
  );
}

console.log(`\nMissed scams (no sign): ${report.missed.length}`);
for (const outcome of report.missed)
  console.log(`  ${outcome.message.id} (labelled ${outcome.message.signs?.join(", ")})`);

console.log(`\nFalse alarms (ordinary messages given a sign): ${report.falseAlarms.length}`);
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

const problems = budgetProblems(report);
if (problems.length) {
  console.error(`\nBelow budget:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
console.log("\nWithin budget.");
