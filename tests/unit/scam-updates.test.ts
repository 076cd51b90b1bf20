import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { loadScamUpdateFiles, SCAM_UPDATES_DIRECTORY, ScamUpdatesError } from "~/scam-updates/scam-update-files.server";
import { countWords, REQUIRED_HEADINGS } from "~/scam-updates/scam-update-schema";
import { listScamUpdates, renderScamUpdate } from "~/scam-updates/scam-updates.server";

describe("the real scam updates (content/updates/)", () => {
  const updates = loadScamUpdateFiles();
  const files = (() => {
    try {
      return readdirSync(SCAM_UPDATES_DIRECTORY).filter((name) => name.endsWith(".mdx"));
    } catch {
      return [];
    }
  })();

  it("are all valid, one per file, newest first; at least eight of them", () => {
    expect(updates.length).toBeGreaterThanOrEqual(8);
    expect(updates.map((update) => `${update.slug}.mdx`).sort()).toEqual([...files].sort());
    const dates = updates.map((update) => update.published);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it.each(updates.map((update) => [update.slug, update] as const))(
    "%s has 1-4 dated https sources, a review date and both headings",
    (_slug, update) => {
      expect(update.sources.length).toBeGreaterThanOrEqual(1);
      expect(update.sources.length).toBeLessThanOrEqual(4);
      for (const source of update.sources) {
        expect(source.url).toMatch(/^https:\/\//);
        expect(source.date).toMatch(/^\d{4}-\d{2}(-\d{2})?$/);
        expect(source.publisher.length).toBeGreaterThan(0);
      }
      expect(update.lastReviewed >= update.published).toBe(true);
      expect(update.summary.length).toBeLessThanOrEqual(200);
      for (const heading of REQUIRED_HEADINGS) expect(update.body).toContain(`## ${heading}`);
      const words = countWords(update.body);
      expect(words).toBeGreaterThanOrEqual(150);
      expect(words).toBeLessThanOrEqual(400);
    },
  );

  it("are what the site serves: the bundle lists the same updates and renders both headings", () => {
    expect(listScamUpdates().map((update) => update.slug)).toEqual(updates.map((update) => update.slug));
    for (const update of updates) {
      const rendered = renderScamUpdate(update.slug);
      expect(rendered?.update.title).toBe(update.title);
      for (const heading of REQUIRED_HEADINGS) expect(rendered?.html).toContain(`>${heading}</h2>`);
    }
    expect(renderScamUpdate("2026-01-01-no-such-update")).toBeNull();
  });
});

const temporaryDirectories: string[] = [];
afterEach(() => {
  for (const directory of temporaryDirectories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const WORDS = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(" ");

const validFrontMatter = () => ({
  title: "Toll-road texts ask for a small fee",
  summary: "Texts claim you owe a few dollars in tolls.",
  published: "2026-11-20",
  audience: "Everyone with a phone",
  lastReviewed: "2026-11-23",
  sources: [
    {
      publisher: "FBI IC3",
      title: "Smishing scam regarding debt for unpaid tolls",
      url: "https://www.ic3.gov/PSA/2024/PSA240412",
      date: "2024-04-12",
    },
  ],
});

const validBody = () => `\n## What is happening\n\n${WORDS(140)}\n\n## What to do\n\n- ${WORDS(10)}\n- ${WORDS(10)}\n`;

function updateFile(frontMatter: object, body = validBody()) {
  return `---\n${stringify(frontMatter)}---\n${body}`;
}

function writeUpdates(files: Record<string, string>) {
  const directory = mkdtempSync(path.join(tmpdir(), "updates-"));
  temporaryDirectories.push(directory);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(directory, name), text);
  return directory;
}

function problemsOf(directory: string): string[] {
  try {
    loadScamUpdateFiles(directory);
    return [];
  } catch (error) {
    if (error instanceof ScamUpdatesError) return error.problems;
    throw error;
  }
}

const NAME = "2026-11-20-toll-texts.mdx";

describe("the scam update format", () => {
  it("accepts a valid update and sorts newest first", () => {
    const directory = writeUpdates({
      [NAME]: updateFile(validFrontMatter()),
      "2026-11-21-later.mdx": updateFile({ ...validFrontMatter(), published: "2026-11-21" }),
    });
    expect(loadScamUpdateFiles(directory).map((update) => update.slug)).toEqual([
      "2026-11-21-later",
      "2026-11-20-toll-texts",
    ]);
  });

  it("treats a missing folder as no updates", () => {
    expect(loadScamUpdateFiles(path.join(tmpdir(), "no-such-updates-folder"))).toEqual([]);
  });

  it.each([
    ["a summary over 200 characters", { summary: "x".repeat(201) }, "summary is longer than 200 characters"],
    ["no sources", { sources: [] }, "sources must list 1 to 4 pages"],
    ["five sources", { sources: Array(5).fill(validFrontMatter().sources[0]) }, "sources must list 1 to 4 pages"],
    [
      "a source over http",
      { sources: [{ ...validFrontMatter().sources[0], url: "http://www.ic3.gov/" }] },
      "source 1: url must be an https address",
    ],
    [
      "a source without a date",
      { sources: [{ ...validFrontMatter().sources[0], date: undefined }] },
      "source 1: date is missing",
    ],
    [
      "a source dated in month 13",
      { sources: [{ ...validFrontMatter().sources[0], date: "2024-13" }] },
      "source 1: date is not a real date",
    ],
    ["no review date", { lastReviewed: undefined }, "lastReviewed is missing"],
    ["a review before publication", { lastReviewed: "2026-11-19" }, "lastReviewed cannot be before published"],
    ["February 30", { published: "2026-02-30" }, "published is not a real date"],
    ["an unknown field", { author: "Sam" }, 'unknown field "author"'],
  ])("refuses %s", (_case, change, problem) => {
    const directory = writeUpdates({ [NAME]: updateFile({ ...validFrontMatter(), ...change }) });
    expect(problemsOf(directory)).toContain(`${path.join(directory, NAME)}: ${problem}`);
  });

  it.each([
    ["a missing heading", `\n## What is happening\n\n${WORDS(200)}\n`, 'the heading "## What to do" is missing'],
    ["a short body", `\n## What is happening\n\n${WORDS(50)}\n\n## What to do\n\n- Report it.\n`, "the body has"],
    ["a long body", `\n## What is happening\n\n${WORDS(420)}\n\n## What to do\n\n- Report it.\n`, "the body has"],
    ["a raw brace", `${validBody()}\nCall {name} now.\n`, 'the body contains "<" or "{"'],
  ])("refuses %s", (_case, body, problem) => {
    const directory = writeUpdates({ [NAME]: updateFile(validFrontMatter(), body) });
    expect(problemsOf(directory).some((p) => p.startsWith(`${path.join(directory, NAME)}: ${problem}`))).toBe(true);
  });

  it("refuses a file name that does not start with the published date, and no front matter", () => {
    const directory = writeUpdates({
      "2026-11-19-toll-texts.mdx": updateFile(validFrontMatter()),
      "2026-11-18-plain.mdx": validBody(),
    });
    expect(problemsOf(directory)).toEqual([
      `${path.join(directory, "2026-11-18-plain.mdx")}: the file must start with YAML front matter between two --- lines`,
      `${path.join(directory, "2026-11-19-toll-texts.mdx")}: the file name must start with its published date 2026-11-20`,
    ]);
  });

  it("stops the build check with the file name and the reason", () => {
    const directory = writeUpdates({ [NAME]: updateFile({ ...validFrontMatter(), sources: [] }) });
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-scam-updates.ts", directory], {
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${path.join(directory, NAME)}: sources must list 1 to 4 pages`);
  });
});
