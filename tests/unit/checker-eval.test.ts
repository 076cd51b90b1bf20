import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  BUDGETS,
  budgetProblems,
  CheckerEvalSetError,
  evaluateChecker,
  loadCheckerEvalSet,
} from "../../scripts/checker-eval-set";

/**
 * The checker against its evaluation set (content/checker-eval/, written by people, not by the
 * checker's authors): it must find a sign in nearly every scam, two right signs in most, and stay
 * quiet on ordinary messages. `npm run checker:eval` prints the same figures with the details.
 */

describe("the checker on its evaluation set", () => {
  const report = evaluateChecker(loadCheckerEvalSet());

  it("has enough messages to mean something", () => {
    expect(report.overall.scams).toBeGreaterThanOrEqual(BUDGETS.minScams);
    expect(report.spanishScams).toBeGreaterThanOrEqual(BUDGETS.minSpanishScams);
    expect(report.overall.ordinary).toBeGreaterThanOrEqual(BUDGETS.minOrdinary);
  });

  it("meets its budgets for recall, two correct signs and false alarms", () => {
    const details = [
      ...budgetProblems(report),
      ...report.missed.map((o) => `missed ${o.message.id}`),
      ...report.falseAlarms.map((o) => `false alarm ${o.message.id}: ${o.found.join(", ")}`),
    ];
    expect(budgetProblems(report), details.join("\n")).toEqual([]);
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
