import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { translate } from "~/i18n/translate";
import { Testimonials, WhyTraining } from "~/marketing/home-sections";
import { STATISTIC_SOURCES, STATISTICS } from "~/marketing/home-statistics";

/**
 * The findings of the content accuracy review (issue 14): each test pins one corrected fact so an
 * edit cannot quietly bring the old, wrong wording back.
 */
function coursePage(page: number): string {
  const dir = path.resolve("content/course/scam-free");
  const file = readdirSync(dir).find((f) => f.startsWith(`${String(page).padStart(2, "0")}-`));
  return readFileSync(path.join(dir, file!), "utf8");
}

/** The text under one `##` heading, up to the next `##` heading. */
function section(source: string, heading: string): string {
  const start = source.indexOf(`## ${heading}`);
  expect(start, `section "${heading}"`).toBeGreaterThanOrEqual(0);
  const rest = source.slice(start + heading.length + 3);
  const end = rest.search(/^## /m);
  return end === -1 ? rest : rest.slice(0, end);
}

describe("content accuracy findings", () => {
  it("page 6 uses the FBI IC3 2024 report's figures and names the report", () => {
    const source = coursePage(6);
    for (const figure of ["859,532", "$16.6 billion", "33%", "147,127", "$4.885 billion", "193,407", "$6.57 billion"]) {
      expect(source).toContain(figure);
    }
    expect(source).toContain("FBI IC3, 2024 Internet Crime Report, April 2025");
    expect(source).not.toMatch(/in 2023, more than \$4\.5 billion/);
  });

  it("page 17 presents weekly free credit reports as permanent, on top of the yearly legal right", () => {
    const source = coursePage(17);
    expect(source).not.toMatch(/right now/i);
    expect(source).toMatch(/at least one free report a year from each bureau/);
    expect(source).toMatch(/every week, for good, at AnnualCreditReport\.com/);
  });

  it("page 23 gives the AAP's real advice and calls the 2-hour limit our own house rule", () => {
    const source = coursePage(23);
    const doctors = section(source, "What children's doctors say");
    expect(doctors).toMatch(/younger than 18 months/);
    expect(doctors).toMatch(/video chat/);
    expect(doctors).toMatch(/family media plan/);
    expect(doctors).not.toMatch(/2 hours/);
    expect(source).not.toMatch(/under 2, doctors/);
    const ours = section(source, "Our house rules");
    expect(ours).toMatch(/our own house rules, not an AAP rule/);
    expect(ours).toMatch(/no more than 2 hours a day of screen time for fun/);
  });

  it("page 25's self-check asks about the 2-hour limit as this course's house rule", () => {
    const source = coursePage(25);
    expect(source).toMatch(/this course's house rule for fun screen time for kids aged 6 and older/);
    expect(source).toMatch(/Our house rule is no more than 2 hours/);
  });

  it("page 27 gives CISA's real advice instead of a slogan CISA does not use", () => {
    const source = coursePage(27);
    expect(source).not.toMatch(/think before you click/i);
    expect(source).toContain("Secure Our World");
    for (const habit of ["password manager", "multi-factor authentication", "report phishing", "software up to date"]) {
      expect(source).toContain(habit);
    }
  });

  it("page 39 ranks passkeys, then security keys, then authenticator apps, then text codes", () => {
    const ranking = section(coursePage(39), "Which second step is strongest?");
    const order = ["**Passkeys.**", "**Security keys.**", "**Authenticator apps.**", "**Codes by text message.**"].map(
      (label) => ranking.indexOf(label),
    );
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(ranking).toMatch(/cannot be phished/);
    expect(coursePage(39)).not.toMatch(/authenticator app\*\* on your phone is usually the safest/);
    expect(section(coursePage(39), "How to turn on a passkey")).toMatch(/fingerprint, face or screen PIN/);
  });

  it("page 40's stop-the-damage step covers payment apps, wire transfers and crypto exchanges", () => {
    const stop = section(coursePage(40), "Step 2: Stop the damage");
    expect(stop).toMatch(/payment app, wire transfer company or crypto exchange/);
    expect(stop).toMatch(/stop or reverse the payment/);
    expect(stop).toMatch(/bank or card company/);
  });

  it("the 16 November weekly lesson tells a child not to go with a stranger and to find a trusted adult", () => {
    const lesson = readFileSync(path.resolve("content/weekly/2026-11-16-ai-voices-and-images.mdx"), "utf8");
    const kids = /<ForChildren>([\s\S]*?)<\/ForChildren>/.exec(lesson)![1]!;
    expect(kids).toMatch(/\*\*Do not go with them\.\*\* Not even if they know the safe word/);
    expect(kids).toMatch(/trusted adult/);
    expect(kids).toMatch(/teacher, a parent you know well, or a worker in a shop/);
    expect(kids).toMatch(/never a reason to leave with someone you do not know/);
  });

  it("the terms let families and classrooms print and copy the Activities and Quizzes", () => {
    const license = section(readFileSync(path.resolve("content/legal/terms.mdx"), "utf8"), "Use License");
    expect(license).toMatch(
      /Families and classrooms may print and copy the course's \*\*Activities\*\* and \*\*Quizzes\*\*/,
    );
    expect(license).toMatch(/at home or in class/);
    // SPEC.md's Use License terms stay.
    for (const term of [
      "personal, non-commercial viewing",
      "reverse engineer",
      "copyright notice",
      "mirror",
      "this license ends at once",
    ]) {
      expect(license).toContain(term);
    }
  });
});

/** The cast of content/CAST.md: "- **Hana Park**, 41, mum, ..." becomes Hana Park and Hana, both 41. */
function castAges(): Map<string, number> {
  const ages = new Map<string, number>();
  const cast = readFileSync(path.resolve("content/CAST.md"), "utf8");
  for (const [, name, age] of cast.matchAll(/^- \*\*([^*]+)\*\*, (\d+),/gm)) {
    ages.set(name, Number(age));
    // Stories use the short form too: "Hana, 41" for Hana Park, "Joe, 76" for Grandpa Joe.
    const short = /^(?:Grandma|Grandpa|Uncle|Aunt) (\w+)$/.exec(name)?.[1] ?? name.split(" ")[0];
    ages.set(short, Number(age));
  }
  return ages;
}

function coursePages(): Array<{ file: string; source: string }> {
  const dir = path.resolve("content/course/scam-free");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".mdx"))
    .sort()
    .map((file) => ({ file, source: readFileSync(path.join(dir, file), "utf8") }));
}

/** Every `<Example>` story in the course, with its title. */
function courseStories(): Array<{ file: string; title: string; text: string }> {
  return coursePages().flatMap(({ file, source }) =>
    [...source.matchAll(/<Example title="([^"]*)">([\s\S]*?)<\/Example>/g)].map(([, title, text]) => ({
      file,
      title,
      text: `${title} ${text}`,
    })),
  );
}

describe("one cast of characters across the course", () => {
  const ages = castAges();

  it("reads the whole cast from content/CAST.md", () => {
    for (const [name, age] of [
      ["Hana Park", 41],
      ["Grandpa Joe", 76],
      ["Zoe", 16],
      ["Uncle Mark", 45],
    ] as const) {
      expect(ages.get(name), name).toBe(age);
    }
  });

  it("gives every named character with an age the age CAST.md gives them", () => {
    const found: string[] = [];
    for (const { file, source } of coursePages()) {
      // "Leo, 9", "Zoe Okafor, 16", "Grandpa Joe (76)"; a capitalised word before the name may
      // just start the sentence, so the name is either both words or the last one.
      for (const [, words, age] of source.matchAll(/\b([A-Z][a-z]+(?: [A-Z][a-z]+)?)(?:, | \()(\d{1,3})\b/g)) {
        const name = ages.has(words) ? words : words.split(" ").at(-1)!;
        expect(ages.has(name), `${file}: "${words}, ${age}" is not in content/CAST.md`).toBe(true);
        expect(Number(age), `${file}: ${name}'s age`).toBe(ages.get(name));
        found.push(name);
      }
    }
    // The check above has something to check: the stories do give ages.
    expect(found.length).toBeGreaterThan(20);
  });

  it("names only the cast's grandparents, uncles and aunts", () => {
    for (const { file, source } of coursePages()) {
      for (const [relative] of source.matchAll(
        /\b(?:Grandma|Grandpa|Granny|Nana|Uncle|Aunt|Auntie|Aunty) [A-Z][a-z]+/g,
      )) {
        expect(ages.has(relative), `${file}: "${relative}" is not in content/CAST.md`).toBe(true);
      }
    }
  });

  it("spreads the stories so no character appears in more than about a fifth of them", () => {
    const stories = courseStories();
    expect(stories.length).toBeGreaterThan(25);
    const firstNames = [...ages.keys()].filter((name) => !name.includes(" "));
    for (const name of firstNames) {
      const appearances = stories.filter(({ text }) => new RegExp(`\\b${name}\\b`).test(text));
      expect(appearances.length, `${name} appears in ${appearances.map((s) => s.file).join(", ")}`).toBeLessThanOrEqual(
        Math.ceil(stories.length / 5),
      );
    }
  });

  it("tells each story once: no two pages share a story title", () => {
    const titles = courseStories().map(({ title }) => title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe("the home page's statistics and testimonials", () => {
  const statistics = renderToStaticMarkup(createElement(WhyTraining));
  const testimonials = renderToStaticMarkup(createElement(Testimonials));
  const figureOf = (stat: (typeof STATISTICS)[number]) =>
    "written" in stat.figure ? stat.figure.written : translate("en", stat.figure.words);

  it("gives every statistic a numbered source with a publisher, a title, a date and a link", () => {
    expect(STATISTICS).toHaveLength(5);
    for (const stat of STATISTICS) {
      const source = STATISTIC_SOURCES[stat.source];
      expect(source, figureOf(stat)).toBeDefined();
      expect(source.href).toMatch(/^https:\/\//);
      expect(source.publisher.length).toBeGreaterThan(2);
      expect(source.title.length).toBeGreaterThan(5);
      expect(source.published.year).toBeGreaterThanOrEqual(2020);
      expect(source.published.month).toBeGreaterThanOrEqual(1);
      expect(source.published.month).toBeLessThanOrEqual(12);
    }
    // Every source is used, so the notes are numbered without gaps.
    expect(new Set(STATISTICS.map((stat) => stat.source)).size).toBe(STATISTIC_SOURCES.length);
  });

  it("links each figure to its note with an accessible superscript marker, and lists the notes in order", () => {
    for (const stat of STATISTICS) {
      const note = stat.source + 1;
      const figure = figureOf(stat);
      const row = statistics.slice(statistics.indexOf(figure), statistics.indexOf("</li>", statistics.indexOf(figure)));
      expect(row).toContain(`<sup class="ml-0.5"><a href="#statistic-source-${note}" aria-label="Source ${note}"`);
    }
    const notes = /<ol[^>]*aria-labelledby="statistic-sources"[^>]*>([\s\S]*?)<\/ol>/.exec(statistics)?.[1] ?? "";
    STATISTIC_SOURCES.forEach((source, index) => {
      expect(notes).toContain(`<li id="statistic-source-${index + 1}">`);
      expect(notes).toContain(`href="${source.href}"`);
      expect(notes).toContain(source.publisher.replace(/&/g, "&amp;"));
    });
    expect(notes).toContain("April 2025");
  });

  it("no longer shows the figures that had no solid source", () => {
    for (const unsourced of ["300,000", "Over $500", "350%", "95%"]) {
      expect(statistics).not.toContain(unsourced);
    }
    expect(statistics).toContain("Age 8");
  });

  it("labels the three testimonials and their stars plainly as examples and claims no real customers", () => {
    expect(testimonials).toContain(
      "These are examples, not real reviews: made-up families showing how the Training Program is used, and the stars are part of the example.",
    );
    expect(testimonials.match(/aria-label="Example rating: 5 out of 5 stars"/g)).toHaveLength(3);
    expect(testimonials).toContain('aria-describedby="testimonials-note"');
    expect(testimonials.match(/<figure/g)).toHaveLength(3);
    expect(testimonials.match(/\(example, not a real member\)/g)).toHaveLength(3);
    expect(testimonials).not.toMatch(/real (members|customers|families) say|verified|What families say/i);
    // The storytellers are the site's invented cast, not people who look like real customers.
    for (const name of ["Grace Okafor", "Grandpa Joe", "The Park family"]) {
      expect(testimonials).toContain(name);
    }
  });
});
