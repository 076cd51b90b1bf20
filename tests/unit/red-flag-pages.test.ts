import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { SAMPLE_EMAILS, SAMPLE_RED_FLAG_PAGES } from "~/marketing/sample-emails";
import { coursePageNumbersIn } from "~/course/course-page-files.server";
import {
  checkRedFlagPages,
  loadRedFlagPageFiles,
  loadSpanishRedFlagPageFiles,
  RED_FLAG_PAGES_DIRECTORY,
  RedFlagPagesError,
  redFlagsWithoutPage,
} from "~/red-flags/red-flag-page-files.server";
import { countWords, WHAT_TO_DO_HEADING } from "~/red-flags/red-flag-page-schema";
import { listRedFlagPages, redFlagPageLink, renderRedFlagPage } from "~/red-flags/red-flag-pages.server";
import { loadPracticeLibrary } from "~/training/library/practice-library.server";
import type { RedFlag } from "~/training/library/practice-scenario-schema";
import { kindMatches } from "~/training/library/red-flag-kinds";

/**
 * The public red-flag pages (content/red-flags/*.md): the real pages pass the check and are what
 * the site serves, every red flag names the page of its kind and that page exists, and a malformed
 * page stops the check (and the build) with the file name and the reason.
 */

describe("the real red-flag pages (content/red-flags/)", () => {
  const pages = loadRedFlagPageFiles();

  it("are all valid, one per file, with 3 to 6 steps under 'What to do instead'", () => {
    const files = readdirSync(RED_FLAG_PAGES_DIRECTORY).filter((name) => name.endsWith(".md") && name !== "README.md");
    expect(pages.map((page) => `${page.slug}.md`).sort()).toEqual(files.sort());
    expect(pages.length).toBeGreaterThanOrEqual(8);
    for (const page of pages) {
      const words = countWords(page.body);
      expect(words, page.slug).toBeGreaterThanOrEqual(120);
      expect(words, page.slug).toBeLessThanOrEqual(400);
      const steps = page.body.split(`## ${WHAT_TO_DO_HEADING}`)[1]!.match(/^- /gm) ?? [];
      expect(steps.length, page.slug).toBeGreaterThanOrEqual(3);
      expect(steps.length, page.slug).toBeLessThanOrEqual(6);
    }
  });

  it("give every red flag of the practice library its page, so no 'Learn more' needs an account", () => {
    const library = loadPracticeLibrary();
    expect(() => checkRedFlagPages(library.scenarios)).not.toThrow();
    const slugs = new Set(pages.map((page) => page.slug));
    for (const scenario of library.scenarios) {
      for (const flag of scenario.redFlags) {
        expect(slugs.has(flag.page), `${scenario.id}: ${flag.page}`).toBe(true);
        expect(redFlagPageLink(flag.page).href).toBe(`/red-flags/${flag.page}`);
      }
    }
  });

  it("give the free taste's sample emails the pages written out for the browser", () => {
    for (const email of SAMPLE_EMAILS) {
      for (const flag of email.redFlags) {
        const page = pages.find((candidate) => candidate.slug === flag.page);
        expect(page, `${email.id}: ${flag.page}`).toBeDefined();
        expect(SAMPLE_RED_FLAG_PAGES[flag.page]).toBe(page!.title);
      }
    }
  });

  it("are what the site serves: the bundle lists the same pages and renders their steps", () => {
    expect(listRedFlagPages().map((page) => page.slug)).toEqual(pages.map((page) => page.slug));
    for (const page of pages) {
      const rendered = renderRedFlagPage(page.slug);
      expect(rendered?.page.title).toBe(page.title);
      expect(rendered?.page.courseTitle, page.slug).not.toMatch(/^Course page \d+$/);
      expect(rendered?.html).toContain(`<h2>${WHAT_TO_DO_HEADING}</h2>`);
      expect(rendered?.html).toContain("<li>");
      expect(rendered?.html).not.toContain("---");
      expect(redFlagPageLink(page.slug)).toEqual({
        slug: page.slug,
        title: page.title,
        href: `/red-flags/${page.slug}`,
      });
    }
    // Should a page ever be missing, "Learn more" opens the public index rather than nothing.
    expect(redFlagPageLink("no-such-red-flag")).toEqual({
      slug: "",
      title: "Red flags: how to spot a scam",
      href: "/red-flags",
    });
    expect(renderRedFlagPage("no-such-red-flag")).toBeNull();
    expect(renderRedFlagPage("../README")).toBeNull();
    expect(renderRedFlagPage("README")).toBeNull();
  });
});

/**
 * A few kinds of red flag that can be told from their words, each with the page of its kind. The
 * first kind a red flag shows decides (a shouted "Dear Lucky Costumer, CONGRATULATION!!!" is
 * shouting first). A red flag of none of these kinds may open any page that exists.
 */
const KINDS: { page: string; shows: (flag: Pick<RedFlag, "quote" | "why">) => boolean }[] = [
  { page: "qr-codes", shows: ({ quote }) => /\bQR code/i.test(quote) },
  {
    // The library's own "shouting capitals" pattern (red-flag-kinds.ts), where the why is about it.
    page: "shouting-capitals",
    shows: ({ quote, why }) =>
      kindMatches(quote).some((match) => match.kind === "shouting") && /capital|shout/i.test(why),
  },
  {
    page: "generic-greetings",
    shows: ({ quote }) =>
      /^(?:Dear|Hi|Hello|Hey) (?:Valued |Lucky |Email )?(?:Customer|Costumer|User|Member|Friend|Beneficiary|Taxpayer|Reciever|Receiver|Creator|Student|Kid|there)\b/i.test(
        quote,
      ),
  },
  {
    page: "unusual-payment",
    shows: ({ quote }) =>
      /\bwire\b|payment app|courier|cashier's check|\b(?:paid|overpaid|sent you)\b[^.]*by mistake|\$[\d,.]+[^.]*by mistake|the extra \$/i.test(
        quote,
      ),
  },
  { page: "gift-cards-and-crypto", shows: ({ quote }) => /\bgift cards?\b|\bcrypto/i.test(quote) },
];

const kindOf = (flag: Pick<RedFlag, "quote" | "why">) => KINDS.find((kind) => kind.shows(flag))?.page;

describe("the Spanish red-flag pages (content/red-flags/es/, issue 39)", () => {
  const english = loadRedFlagPageFiles();
  const spanish = loadSpanishRedFlagPageFiles(english);

  it("give every English page a Spanish edition with the same slug and course page, valid by the same rules", () => {
    expect(spanish.map((page) => page.slug).sort()).toEqual(english.map((page) => page.slug).sort());
    for (const page of spanish) {
      const twin = english.find((candidate) => candidate.slug === page.slug)!;
      expect(page.coursePage, page.slug).toBe(twin.coursePage);
      const steps = page.body.split("## Qué hacer")[1]?.match(/^- /gm) ?? [];
      expect(steps.length, page.slug).toBeGreaterThanOrEqual(3);
      // Written in Spanish: its own heading, and no English steps heading left behind.
      expect(page.body, page.slug).not.toContain(WHAT_TO_DO_HEADING);
      expect(`${page.title} ${page.summary} ${page.body}`, page.slug).toMatch(/[áéíóúñ¿¡]/);
    }
  });

  it("are what /es/red-flags serves, each with its Spanish title", () => {
    expect(
      listRedFlagPages("es")
        .map((page) => page.slug)
        .sort(),
    ).toEqual(spanish.map((page) => page.slug).sort());
    const rendered = renderRedFlagPage("deadlines", "es");
    expect(rendered?.page.title).toBe(spanish.find((page) => page.slug === "deadlines")!.title);
    expect(rendered?.html).toContain("<h2>Qué hacer</h2>");
  });

  it("refuse a Spanish page whose English twin is missing, or that leads to another course page", () => {
    const directory = writePages({ [NAME]: pageFile(validFrontMatter(), `${WORDS(130)}\n\n## Qué hacer\n\n${STEPS}`) });
    expect(() => loadSpanishRedFlagPageFiles([], directory)).toThrow(/there is no English page/);
    expect(() =>
      loadSpanishRedFlagPageFiles(
        [{ ...loadRedFlagPageFiles(directory, coursePageNumbersIn(), "es")[0]!, coursePage: 2 }],
        directory,
      ),
    ).toThrow(/coursePage must be 2/);
  });
});

describe("every red flag opens the page of its kind (issue #35)", () => {
  const library = loadPracticeLibrary();
  const flags = [
    ...library.scenarios.flatMap((scenario) =>
      scenario.redFlags.map((flag, index) => ({ where: `${scenario.id} red flag ${index + 1}`, flag })),
    ),
    ...SAMPLE_EMAILS.flatMap((email) =>
      email.redFlags.map((flag, index) => ({ where: `sample ${email.id} red flag ${index + 1}`, flag })),
    ),
  ];

  it("tells the kinds apart on hand-made red flags", () => {
    const examples: [string, string, string | undefined][] = [
      ["CONGRATS WINNER!!!", "Shouting capital letters are a clue.", "shouting-capitals"],
      ["Ends TONITE!!!", "A deadline tonight is there to hurry you.", undefined],
      ["Dear Customer", "A real company knows your name.", "generic-greetings"],
      ["Hello friend", "It does not know your name.", "generic-greetings"],
      ["Hi Mark", "A wrong-number text.", undefined],
      ["send it by wire transfer", "Money sent this way is gone.", "unusual-payment"],
      ["send it through your payment app", "Like cash.", "unusual-payment"],
      ["a courier will collect the cash", "No court does that.", "unusual-payment"],
      ["I paid $300 by mistake", "The overpayment trick.", "unusual-payment"],
      ["my code went to your number by mistake", "A friend's account taken over.", undefined],
      ["pay with a gift card", "Only scammers ask for them.", "gift-cards-and-crypto"],
      ["scan the QR code on the flyer", "A hidden link.", "qr-codes"],
      ["within 24 hours", "A rush.", undefined],
    ];
    for (const [quote, why, page] of examples) expect(kindOf({ quote, why }), quote).toBe(page);
  });

  it("maps every red flag of a kind (library and samples) to the page of that kind, and each kind has red flags", () => {
    const wrong = flags
      .filter(({ flag }) => kindOf(flag) !== undefined && kindOf(flag) !== flag.page)
      .map(({ where, flag }) => `${where} (“${flag.quote}”) opens ${flag.page}, not ${kindOf(flag)}`);
    expect(wrong).toEqual([]);
    for (const kind of KINDS) {
      expect(
        flags.filter(({ flag }) => kind.shows(flag)).length,
        `red flags of the kind of ${kind.page}`,
      ).toBeGreaterThan(0);
    }
  });

  it("no longer sends capitals, 'Dear Customer', a wire transfer or a QR code to 'Look-alike senders and links'", () => {
    const page = (id: string, quote: string) => library.byId(id)!.redFlags.find((flag) => flag.quote === quote)!.page;
    expect(page("sms-mobile-lotto-winner", "CONGRATULATION!!!")).toBe("shouting-capitals");
    expect(page("email-hosting-invoice-overdue", "Dear Customer")).toBe("generic-greetings");
    expect(page("email-hosting-invoice-overdue", "by wire transfer or cryptocurrency")).toBe("unusual-payment");
    expect(page("email-parking-penalty-qr", "scan the QR code in the attached notice with your phone")).toBe(
      "qr-codes",
    );
  });

  it("has a page for every kind, and every page a red flag names exists", () => {
    const slugs = new Set(loadRedFlagPageFiles().map((page) => page.slug));
    for (const kind of KINDS) expect(slugs.has(kind.page), kind.page).toBe(true);
    expect(flags.filter(({ flag }) => !slugs.has(flag.page)).map(({ where }) => where)).toEqual([]);
  });
});

const temporaryDirectories: string[] = [];
afterEach(() => {
  for (const directory of temporaryDirectories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const WORDS = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(" ");

const validFrontMatter = (): Record<string, unknown> => ({
  title: "Deadlines and countdowns",
  summary: "A rush is a trick to stop you thinking.",
  coursePage: 11,
});

const STEPS = "- Pause before you tap.\n- Check in the real app.\n- Ask someone you trust.\n";
const validBody = () => `${WORDS(130)}\n\n## What to do instead\n\n${STEPS}`;

function pageFile(frontMatter: Record<string, unknown>, body = validBody()) {
  return `---\n${stringify(frontMatter)}---\n${body}`;
}

function writePages(files: Record<string, string>) {
  const directory = mkdtempSync(path.join(tmpdir(), "red-flags-"));
  temporaryDirectories.push(directory);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(directory, name), text);
  return directory;
}

const COURSE_PAGES = new Set(Array.from({ length: 46 }, (_, i) => i + 1));

function problemsOf(directory: string, coursePages: ReadonlySet<number> = COURSE_PAGES): string[] {
  try {
    loadRedFlagPageFiles(directory, coursePages);
    return [];
  } catch (error) {
    if (error instanceof RedFlagPagesError) return error.problems;
    throw error;
  }
}

const NAME = "deadlines.md";

describe("the red-flag page format", () => {
  it("accepts a valid page (and a README beside it), sorted by title", () => {
    const directory = writePages({
      [NAME]: pageFile(validFrontMatter()),
      "attachments.md": pageFile({ title: "Surprise attachments", summary: "Files.", coursePage: 5 }),
      "README.md": "# How to write these\n",
    });
    const pages = loadRedFlagPageFiles(directory, COURSE_PAGES);
    expect(pages.map((page) => page.slug)).toEqual(["deadlines", "attachments"]);
    expect(pages[0]).toMatchObject({
      title: "Deadlines and countdowns",
      coursePage: 11,
      file: path.join(directory, NAME),
    });
  });

  it.each([
    ["no title", { title: undefined }, 'missing field "title"'],
    ["a long title", { title: "x".repeat(61) }, '"title" is longer than 60 characters'],
    ["an empty summary", { summary: " " }, '"summary" is empty'],
    ["a long summary", { summary: "x".repeat(161) }, '"summary" is longer than 160 characters'],
    ["no course page", { coursePage: undefined }, '"coursePage" must be a course page number from 1 to 46'],
    ["course page 47", { coursePage: 47 }, '"coursePage" must be a course page number from 1 to 46'],
    ["course page 2.5", { coursePage: 2.5 }, '"coursePage" must be a whole number'],
    ["a course page given as text", { coursePage: "11" }, '"coursePage" must be a course page number from 1 to 46'],
    [
      "other pages that repeat the course page",
      { otherCoursePages: [8, 11] },
      '"otherCoursePages" repeats "coursePage"',
    ],
    ["other pages listed twice", { otherCoursePages: [8, 8] }, '"otherCoursePages" lists a page twice'],
    ["an unknown field", { author: "Sam" }, 'unknown field "author"'],
    ["a British spelling", { summary: "Scammers love the colour red." }, 'US spelling, please: "colour" (US: color)'],
  ])("refuses %s, naming the file", (_case, change, problem) => {
    const directory = writePages({ [NAME]: pageFile({ ...validFrontMatter(), ...change }) });
    expect(problemsOf(directory)).toContain(`${path.join(directory, NAME)}: ${problem}`);
  });

  it.each([
    ["no steps heading", `${WORDS(150)}\n`, 'the heading "## What to do instead" is missing'],
    ["two steps", `${WORDS(130)}\n\n## What to do instead\n\n- One.\n- Two.\n`, "lists 2 steps; it must list 3 to 6"],
    ["a short body", `${WORDS(40)}\n\n## What to do instead\n\n${STEPS}`, "the body has"],
    ["a long body", `${WORDS(420)}\n\n## What to do instead\n\n${STEPS}`, "the body has"],
    ["a # heading", `# Deadlines\n\n${validBody()}`, "the body must not have a # heading"],
    ["HTML", `${validBody()}\n<script>alert(1)</script>\n`, "the body contains HTML"],
    ["a heading first", `## Why\n\n${validBody()}`, "the body must start with the explanation"],
    ["a British spelling", `${validBody()}\nAsk your mum first.\n`, 'US spelling, please: "mum" (US: mom)'],
  ])("refuses a body with %s", (_case, body, problem) => {
    const directory = writePages({ [NAME]: pageFile(validFrontMatter(), body) });
    const problems = problemsOf(directory);
    expect(
      problems.some((p) => p.startsWith(`${path.join(directory, NAME)}: `) && p.includes(problem)),
      problems.join("\n"),
    ).toBe(true);
  });

  it("refuses a file without front matter, broken YAML and a file name that is not a slug", () => {
    const directory = writePages({
      "plain.md": validBody(),
      "broken.md": `---\ntitle: [unclosed\n---\n${validBody()}`,
      "Bad_Name.md": pageFile(validFrontMatter()),
    });
    const problems = problemsOf(directory);
    expect(problems).toContain(
      `${path.join(directory, "plain.md")}: the file must start with YAML front matter between two --- lines`,
    );
    expect(
      problems.some((p) => p.startsWith(`${path.join(directory, "broken.md")}: the front matter is not valid YAML`)),
    ).toBe(true);
    expect(problems.some((p) => p.startsWith(`${path.join(directory, "Bad_Name.md")}: the file name must be`))).toBe(
      true,
    );
  });

  it("refuses a course page that does not exist, and lets two pages lead on to the same course page", () => {
    const directory = writePages({
      "attachments.md": pageFile({
        title: "Surprise attachments",
        summary: "Files.",
        coursePage: 5,
        otherCoursePages: [11],
      }),
      [NAME]: pageFile({ ...validFrontMatter(), otherCoursePages: [12] }),
    });
    expect(problemsOf(directory, new Set([5, 11]))).toEqual([
      `${path.join(directory, NAME)}: course page 12 is not a page of the course (content/course/scam-free/)`,
    ]);
    expect(problemsOf(directory, new Set([5, 11, 12]))).toEqual([]);
  });

  it("refuses an empty folder", () => {
    expect(problemsOf(writePages({ "README.md": "# Notes\n" }))[0]).toMatch(/: no red-flag pages$/);
  });

  it("names every red flag whose page does not exist", () => {
    const pages = [{ slug: "deadlines" }, { slug: "prizes" }];
    expect(
      redFlagsWithoutPage(pages, [
        {
          file: "content/practice/sms-a.md",
          redFlags: [{ page: "deadlines" }, { page: "qr-code" }, { page: "prizes" }],
        },
      ]),
    ).toEqual([
      `content/practice/sms-a.md: red flag 2 opens the red-flag page "qr-code", which does not exist (write content/red-flags/qr-code.md, or name a page that exists)`,
    ]);
  });

  it("reads the course pages that exist from the course folder", () => {
    const pages = coursePageNumbersIn();
    expect(pages.size).toBe(46);
    expect(pages.has(1) && pages.has(46) && !pages.has(0) && !pages.has(47)).toBe(true);
  });
});

describe("the build check (scripts/check-content.ts)", () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/check-content.ts", ...args], { encoding: "utf8" });

  it("stops with the file name and the reason for a broken page", () => {
    const directory = writePages({ [NAME]: pageFile({ ...validFrontMatter(), coursePage: 0 }) });
    const result = run("content/practice", directory);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `${path.join(directory, NAME)}: "coursePage" must be a course page number from 1 to 46`,
    );
  });

  it("stops with the scenario's file name when a red flag's page does not exist, and passes the real content", () => {
    // A real scenario, copied, whose first red flag now names a page that was never written.
    const practice = mkdtempSync(path.join(tmpdir(), "practice-"));
    temporaryDirectories.push(practice);
    const source = "content/practice/sms-parcel-redelivery-fee.md";
    const text = readFileSync(source, "utf8");
    writeFileSync(
      path.join(practice, "sms-parcel-redelivery-fee.md"),
      text.replace(/page: [a-z-]+/, "page: parcels-that-never-came"),
    );
    const result = run(practice);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `${path.join(practice, "sms-parcel-redelivery-fee.md")}: red flag 1 opens the red-flag page "parcels-that-never-came", which does not exist`,
    );

    const real = run();
    expect(real.status, real.stderr).toBe(0);
    expect(real.stdout).toMatch(/Red-flag pages: \d+ valid; every practice red flag's page exists\./);
  });
});
