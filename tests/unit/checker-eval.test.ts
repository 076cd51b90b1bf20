import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  BUDGETS,
  budgetProblems,
  CHECKER_EVAL_SETS,
  CheckerEvalSetError,
  evaluateChecker,
  HANDOVER_FLOORS,
  loadCheckerEvalSet,
} from "../../scripts/checker-eval-set";

/**
 * The checker against its two evaluation sets (content/checker-eval/): the tuning set, read
 * while writing the rules, and the held-out set, written apart by people who never saw them. Each
 * must stay at or above what it measured at handover (HANDOVER_FLOORS); issue 34's budget is
 * printed by `npm run checker:eval` and not met yet on the held-out set. A failure on the held-out
 * set names only the figures, never the messages: nobody reads its misses while changing rules.
 */

describe("the checker on the held-out set", () => {
  const report = evaluateChecker(loadCheckerEvalSet(CHECKER_EVAL_SETS["held-out"]));

  it("has enough messages to mean something", () => {
    expect(report.overall.scams).toBeGreaterThanOrEqual(BUDGETS.minScams);
    expect(report.spanishScams).toBeGreaterThanOrEqual(BUDGETS.minSpanishScams);
    expect(report.overall.ordinary).toBeGreaterThanOrEqual(BUDGETS.minOrdinary);
  });

  it("does not fall below what it measured at handover (issue 34's budget is not met yet: README)", () => {
    expect(budgetProblems(report, HANDOVER_FLOORS["held-out"])).toEqual([]);
  });
});

describe("the checker on the tuning set", () => {
  const report = evaluateChecker(loadCheckerEvalSet(CHECKER_EVAL_SETS.tuning));

  it("does not fall below what it measured at handover", () => {
    const details = [
      ...budgetProblems(report, HANDOVER_FLOORS.tuning),
      ...report.missed.map((o) => `missed ${o.message.id}`),
      ...report.falseAlarms.map((o) => `false alarm ${o.message.id}: ${o.verdict} ${o.found.join(", ")}`),
    ];
    expect(budgetProblems(report, HANDOVER_FLOORS.tuning), details.join("\n")).toEqual([]);
  });

  it("shares no message id with the held-out set", () => {
    const heldOut = new Set(loadCheckerEvalSet(CHECKER_EVAL_SETS["held-out"]).map((m) => m.id));
    expect(report.outcomes.filter((o) => heldOut.has(o.message.id)).map((o) => o.message.id)).toEqual([]);
  });
});

describe("loading the evaluation set", () => {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  function setWith(files: Record<string, string>): string {
    const directory = mkdtempSync(path.join(tmpdir(), "checker-eval-"));
    directories.push(directory);
    mkdirSync(path.join(directory, "scams"));
    mkdirSync(path.join(directory, "ordinary"));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(directory, name), text);
    return directory;
  }

  it("reads scams and ordinary messages", () => {
    const directory = setWith({
      "scams/a.yaml": `- id: s1\n  channel: sms\n  language: en\n  text: Pay with gift cards within 2 hours\n  signs: [unusual-payment, urgency]\n`,
      "ordinary/b.yaml": `- id: o1\n  channel: email\n  language: es\n  sender: "Ana <ana@example.com>"\n  text: Nos vemos el lunes\n`,
    });
    const messages = loadCheckerEvalSet(directory);
    expect(messages.map((m) => [m.id, m.kind])).toEqual([
      ["s1", "scams"],
      ["o1", "ordinary"],
    ]);
    const report = evaluateChecker(messages);
    expect(report.overall.recall).toBe(1);
    expect(report.overall.twoCorrect).toBe(1);
    expect(report.overall.falseAlarms).toBe(0);
  });

  it('counts a warning on an ordinary message fully and "be careful" half', () => {
    const directory = setWith({
      "scams/a.yaml": `- id: s1\n  channel: sms\n  language: en\n  text: Hi, is this Amy? We met at the gym.\n  signs: [wrong-number]\n`,
      "ordinary/b.yaml": [
        `- id: o1\n  channel: sms\n  language: en\n  text: Saw this and thought of you https://bit.ly/3xYzAbc`,
        `- id: o2\n  channel: sms\n  language: en\n  text: Buy two gift cards for the kids and send me the codes`,
        `- id: o3\n  channel: sms\n  language: en\n  text: See you at 6`,
        `- id: o4\n  channel: sms\n  language: en\n  text: URGENT call me when you land`,
      ].join("\n"),
    });
    const report = evaluateChecker(loadCheckerEvalSet(directory));
    expect(report.outcomes.map((o) => [o.message.id, o.verdict])).toEqual([
      ["s1", "be-careful"],
      ["o1", "be-careful"],
      ["o2", "warning-signs"],
      ["o3", "none-found"],
      ["o4", "none-found"],
    ]);
    // "Be careful" on a scam still counts as caught; on an ordinary message it is half an alarm.
    expect(report.overall.recall).toBe(1);
    expect(report.overall.warned).toBe(0);
    expect(report.overall.falseAlarms).toBe(1.5 / 4);
  });

  it("names the file and the entry of every bad entry", () => {
    const directory = setWith({
      "scams/bad.yaml": [
        `- id: no-text\n  channel: sms\n  language: en\n  signs: [urgency]`,
        `- id: unknown-sign\n  channel: sms\n  language: en\n  text: hi\n  signs: [panic]`,
        `- id: no-signs\n  channel: sms\n  language: en\n  text: hi`,
        `- id: typo\n  channel: sms\n  language: en\n  text: hi\n  signs: [urgency]\n  sign: [threat]`,
        `- id: twice\n  channel: sms\n  language: en\n  text: hi\n  signs: [urgency]`,
      ].join("\n"),
      "ordinary/dup.yaml": `- id: twice\n  channel: sms\n  language: en\n  text: hello\n`,
    });
    let error: unknown;
    try {
      loadCheckerEvalSet(directory);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CheckerEvalSetError);
    const problems = (error as CheckerEvalSetError).problems.join("\n");
    expect(problems).toMatch(/bad\.yaml: entry "no-text": text/);
    expect(problems).toMatch(/bad\.yaml: entry "unknown-sign": signs\.0/);
    expect(problems).toMatch(/bad\.yaml: entry "no-signs": a scam needs "signs"/);
    expect(problems).toMatch(/bad\.yaml: entry "typo": .*sign/);
    expect(problems).toMatch(/dup\.yaml: entry "twice": duplicate id \(also in .*bad\.yaml\)/);
  });

  it("refuses a file that is not a list", () => {
    const directory = setWith({ "scams/map.yaml": `id: x\ntext: y\n` });
    expect(() => loadCheckerEvalSet(directory)).toThrow(/map\.yaml: must be a list/);
  });
});
