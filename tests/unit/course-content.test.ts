import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LESSONS, lessonForPage, TOTAL_PAGES } from "~/course/course-map";
import { readingLevelOf } from "~/course/tracks/reading-level";

const dir = path.resolve("content/course/scam-free");
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".mdx"))
  .sort();

function frontMatter(source: string) {
  const block = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? "";
  return Object.fromEntries(
    block.split("\n").map((line) => {
      const [key, ...rest] = line.split(":");
      return [key.trim(), rest.join(":").trim().replace(/^"|"$/g, "")];
    }),
  );
}

/** Prose only: no front matter, self-check, tags or Markdown marks. */
function prose(source: string) {
  return source
    .replace(/^---[\s\S]*?---/, "")
    .replace(/<SelfCheck[\s\S]*?\/>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/[#*`|>]/g, " ");
}

describe("course content files", () => {
  it("has exactly one file per page, numbered 01 to 46", () => {
    expect(files.map((f) => Number(f.slice(0, 2)))).toEqual(Array.from({ length: TOTAL_PAGES }, (_, i) => i + 1));
  });

  it.each(files)("%s has front matter that matches the course map", (file) => {
    const fm = frontMatter(readFileSync(path.join(dir, file), "utf8"));
    const page = Number(file.slice(0, 2));
    const lesson = lessonForPage(page);
    expect(fm.title?.length).toBeGreaterThan(3);
    expect(fm.description?.length).toBeGreaterThan(20);
    expect(fm.description?.length).toBeLessThanOrEqual(160);
    expect(Number(fm.page)).toBe(page);
    expect(Number(fm.lesson)).toBe(lesson.number);
    expect(Number(fm.module)).toBe(lesson.module);
  });

  it.each(files)("%s is written at reading grade 8 or lower, with at least 250 words", (file) => {
    const source = readFileSync(path.join(dir, file), "utf8");
    expect(
      prose(source)
        .split(/\s+/)
        .filter((w) => /[a-zA-Z]/.test(w)).length,
    ).toBeGreaterThanOrEqual(250);
    // Measured by the text-readability library, as `npm run content:check` does (issue #37).
    expect(readingLevelOf(source).grade).toBeLessThanOrEqual(8);
  });

  it("ends every lesson with a self-check of 3 to 5 questions", () => {
    const lastPages = new Set(LESSONS.map((l) => l.pages.at(-1)!));
    for (const file of files) {
      const source = readFileSync(path.join(dir, file), "utf8");
      const page = Number(file.slice(0, 2));
      const questions = source.match(/question:\s*"/g)?.length ?? 0;
      // The pages added later (44–46) have one each too, as every track's page does.
      if (lastPages.has(page) || source.includes("<SelfCheck")) {
        expect(source, file).toContain("<SelfCheck");
        expect(questions, file).toBeGreaterThanOrEqual(3);
        expect(questions, file).toBeLessThanOrEqual(5);
      }
    }
  });

  it("gives every scam page the three teaching sections", () => {
    // Pages that each teach one kind of scam (common scams, phishing, social media, gaming).
    for (const page of [15, 16, 17, 18, 19, 27, 29, 30, 44, 45, 46]) {
      const file = files.find((f) => Number(f.slice(0, 2)) === page)!;
      const source = readFileSync(path.join(dir, file), "utf8");
      for (const heading of ["## How it works", "## Red flags", "## How to protect yourself"]) {
        expect(source, `${file} ${heading}`).toContain(heading);
      }
    }
  });
});
