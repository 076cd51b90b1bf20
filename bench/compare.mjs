#!/usr/bin/env node
/**
 * Compares two `npm run bench` results files figure by figure:
 *
 *   node bench/compare.mjs bench/results/2026-11-20.json bench/results/latest.json
 *
 * For each figure both runs measured: the two values, the change as a ratio (b ÷ a), and whether
 * each run met its budget. Figures only one run has are listed at the end.
 */
import { readFileSync } from "node:fs";

const [fileA, fileB] = process.argv.slice(2);
if (!fileA || !fileB) {
  console.error("usage: node bench/compare.mjs <a.json> <b.json>");
  process.exit(2);
}
const read = (file) => JSON.parse(readFileSync(file, "utf8"));
const a = read(fileA);
const b = read(fileB);
const byName = (run) => new Map((run.figures ?? []).filter((f) => "value" in f).map((f) => [f.name, f]));
const figuresA = byName(a);
const figuresB = byName(b);

const met = (f) => (f.met === undefined ? "" : f.met ? "ok" : "over");
console.log(`a: ${fileA} (${a.commit ?? "?"}, ${a.measuredAt})`);
console.log(`b: ${fileB} (${b.commit ?? "?"}, ${b.measuredAt})\n`);
console.log(`${"figure".padEnd(52)} ${"a".padStart(10)} ${"b".padStart(10)}  b÷a    budget`);
for (const [name, fa] of figuresA) {
  const fb = figuresB.get(name);
  if (!fb) continue;
  const ratio = fa.value === 0 ? (fb.value === 0 ? "1" : "—") : (fb.value / fa.value).toFixed(2);
  const budget = fb.budget ? `${fb.budget} (${met(fa)} → ${met(fb)})` : "";
  console.log(
    `${name.padEnd(52)} ${String(fa.value).padStart(10)} ${String(fb.value).padStart(10)}  ${ratio.padEnd(6)} ${budget}`,
  );
}
const onlyA = [...figuresA.keys()].filter((n) => !figuresB.has(n));
const onlyB = [...figuresB.keys()].filter((n) => !figuresA.has(n));
if (onlyA.length) console.log(`\nonly in a: ${onlyA.join("; ")}`);
if (onlyB.length) console.log(`only in b: ${onlyB.join("; ")}`);
