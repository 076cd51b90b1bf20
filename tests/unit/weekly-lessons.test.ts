import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkLessonSource, countWords, MIN_ADULT_WORDS } from "~/weekly/lesson-checks";

const DIRECTORY = path.resolve("content/weekly");
const files = readdirSync(DIRECTORY).filter((name) => name.endsWith(".mdx"));

describe("the weekly lessons in content/weekly", () => {
  it("there are at least twelve, one per publishing week", () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
    const days = files.map((name) => name.slice(0, 10));
    expect(new Set(days).size).toBe(days.length);
  });

  it.each(files)(
    "%s keeps every rule: sources with dates, a review date, the adult part and the family parts",
    (name) => {
      const result = checkLessonSource(name, readFileSync(path.join(DIRECTORY, name), "utf8"));
      expect(result.ok ? [] : result.problems).toEqual([]);
      if (!result.ok) return;
      const { frontmatter, adultWords } = result.lesson;
      expect(adultWords).toBeGreaterThanOrEqual(MIN_ADULT_WORDS);
      expect(frontmatter.sources.length).toBeGreaterThanOrEqual(3);
      for (const source of frontmatter.sources) {
        expect(source.url).toMatch(/^https:\/\//);
        expect(source.date).toMatch(/^\d{4}-\d{2}/);
      }
      expect(frontmatter.lastReviewed >= frontmatter.published).toBe(true);
    },
  );
});

const GOOD_BODY = `
<Example title="Leo's new game">

${"Leo found a game that promised free coins to anyone who typed in a password. ".repeat(60)}

</Example>

<ForChildren>

If a game asks for your password, stop and tell a grown-up you trust.

</ForChildren>

<ForTeens>

Nobody legit needs your login to give you something free.

</ForTeens>

<TalkTogether>

**What would you do?**

</TalkTogether>

<Activity title="Password hunt">

1. Find the settings together.

</Activity>

## Check what you learned

<SelfCheck questions={[]} />
`;
const GOOD_FRONTMATTER = `---
title: "Free coins are never free"
summary: "Why games never need your password."
published: "2026-09-07"
readingMinutes: 5
lastReviewed: "2026-11-23"
sources:
  - publisher: "FTC"
    title: "One"
    url: "https://consumer.ftc.gov/one"
    date: "2024-05"
  - publisher: "CISA"
    title: "Two"
    url: "https://www.cisa.gov/two"
    date: "2023-01-17"
  - publisher: "NCSC"
    title: "Three"
    url: "https://www.ncsc.gov.uk/three"
    date: "2025-02"
---
`;
const NAME = "2026-09-07-free-coins.mdx";

describe("the lesson check", () => {
  it("accepts a lesson that keeps the rules", () => {
    const result = checkLessonSource(NAME, GOOD_FRONTMATTER + GOOD_BODY);
    expect(result).toMatchObject({ ok: true, lesson: { frontmatter: { title: "Free coins are never free" } } });
  });

  const problemsOf = (name: string, raw: string) => {
    const result = checkLessonSource(name, raw);
    return result.ok ? [] : result.problems;
  };

  it("names the file and the missing sources", () => {
    const raw = GOOD_FRONTMATTER.replace(/sources:[\s\S]*?---\n$/, "---\n") + GOOD_BODY;
    expect(problemsOf(NAME, raw)).toEqual([expect.stringMatching(/^2026-09-07-free-coins\.mdx: sources: /)]);
  });

  it("refuses a source without a date or with an http address", () => {
    const undated = GOOD_FRONTMATTER.replace('    date: "2024-05"\n', "");
    expect(problemsOf(NAME, undated + GOOD_BODY).join()).toMatch(/sources\.0\.date/);
    const http = GOOD_FRONTMATTER.replace("https://consumer.ftc.gov/one", "http://consumer.ftc.gov/one");
    expect(problemsOf(NAME, http + GOOD_BODY).join()).toMatch(/https address/);
  });

  it("refuses a lesson without a review date", () => {
    const raw = GOOD_FRONTMATTER.replace('lastReviewed: "2026-11-23"\n', "") + GOOD_BODY;
    expect(problemsOf(NAME, raw).join()).toMatch(/lastReviewed/);
  });

  it("refuses a short adult part and says how many words it has", () => {
    const raw = GOOD_FRONTMATTER + GOOD_BODY.replace(/Leo found[\s\S]*?\n\n<\/Example>/, "Too short.\n\n</Example>");
    expect(problemsOf(NAME, raw)).toEqual([
      expect.stringMatching(/part for adults has \d+ words; it needs at least 700/),
    ]);
  });

  it("refuses a missing or repeated family part, and parts out of order", () => {
    const missing = GOOD_BODY.replace(/<ForTeens>[\s\S]*?<\/ForTeens>/, "");
    expect(problemsOf(NAME, GOOD_FRONTMATTER + missing).join()).toMatch(/exactly one <ForTeens> section \(found 0\)/);
    const twice = GOOD_BODY.replace("<TalkTogether>", "<ForChildren>\n\nAgain.\n\n</ForChildren>\n\n<TalkTogether>");
    expect(problemsOf(NAME, GOOD_FRONTMATTER + twice).join()).toMatch(/exactly one <ForChildren> section \(found 2\)/);
    const swapped = GOOD_BODY.replace(
      /(<ForChildren>[\s\S]*?<\/ForChildren>)\n\n(<ForTeens>[\s\S]*?<\/ForTeens>)/,
      "$2\n\n$1",
    );
    expect(problemsOf(NAME, GOOD_FRONTMATTER + swapped).join()).toMatch(/must come in this order/);
  });

  it("refuses an activity without a title, a file named for another day, and no front matter", () => {
    expect(
      problemsOf(NAME, GOOD_FRONTMATTER + GOOD_BODY.replace('<Activity title="Password hunt">', "<Activity>")).join(),
    ).toMatch(/<Activity> needs a title/);
    expect(problemsOf("2026-09-14-free-coins.mdx", GOOD_FRONTMATTER + GOOD_BODY).join()).toMatch(
      /must start with its published date \(2026-09-07-\)/,
    );
    expect(problemsOf(NAME, GOOD_BODY)).toEqual([`${NAME}: no front matter between --- lines at the top`]);
  });

  it("counts words of prose, not tags, markers or link targets", () => {
    expect(
      countWords('<Tip title="x">\n\n**Stop** and [check](https://example.com/a-b-c) — it is 2 minutes.\n\n</Tip>'),
    ).toBe(7);
  });
});
