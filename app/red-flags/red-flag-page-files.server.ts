import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import type { z } from "zod";
import { coursePageNumbersIn } from "~/course/course-page-files.server";
import type { Locale } from "~/i18n/locales";
import {
  britishSpellings,
  coursePagesOf,
  RED_FLAG_SLUG,
  redFlagPageBodyProblems,
  redFlagPageFrontMatterSchema,
  type RedFlagPageFrontMatter,
} from "./red-flag-page-schema";

/**
 * Reads and checks the public red-flag pages themselves (content/red-flags/*.md): the build's first
 * step (scripts/check-content.ts), the server start and the tests use this, so a malformed page
 * stops all three with the file name and every reason. The site serves the same files compiled
 * into the server bundle (red-flag-pages.server.tsx), whose front matter is checked again there.
 */

export const RED_FLAG_PAGES_DIRECTORY = "content/red-flags";
/** The Spanish edition: the same slugs, written in Spanish (issue 39). */
export const SPANISH_RED_FLAG_PAGES_DIRECTORY = "content/red-flags/es";

export class RedFlagPagesError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The red-flag pages have ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n${problems.map((p) => `  ${p}`).join("\n")}`,
    );
    this.name = "RedFlagPagesError";
  }
}

export interface RedFlagPageFile extends RedFlagPageFrontMatter {
  slug: string;
  /** Shown in messages: "content/red-flags/deadlines.md". */
  file: string;
  /** The markdown after the front matter. */
  body: string;
}

const FRONT_MATTER = /^---[ \t]*\n([\s\S]*?)\n---[ \t]*(?:\n|$)([\s\S]*)$/;

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") {
    return `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((key) => `"${key}"`).join(", ")}`;
  }
  return issue.message;
}

/** Front matter (validated with the shared schema) for the bundle, or the reasons it is not valid. */
export function redFlagFrontMatterProblems(
  value: unknown,
): { frontMatter: RedFlagPageFrontMatter; problems: [] } | { frontMatter: null; problems: string[] } {
  const parsed = redFlagPageFrontMatterSchema.safeParse(value);
  return parsed.success
    ? { frontMatter: parsed.data, problems: [] }
    : { frontMatter: null, problems: parsed.error.issues.map(describeIssue) };
}

/** One file's text to a page, or the reasons it is not one (without the file name). */
export function parseRedFlagPageSource(
  slug: string,
  text: string,
  locale: Locale = "en",
): { page: Omit<RedFlagPageFile, "file">; problems: [] } | { page: null; problems: string[] } {
  const slugProblems = RED_FLAG_SLUG.test(slug)
    ? []
    : [`the file name must be <slug>.md in lower-case words joined by hyphens, e.g. look-alike-links.md`];
  const match = FRONT_MATTER.exec(text.replace(/\r\n?/g, "\n"));
  if (!match) {
    return {
      page: null,
      problems: [...slugProblems, "the file must start with YAML front matter between two --- lines"],
    };
  }
  const document = parseDocument(match[1], { uniqueKeys: true });
  if (document.errors.length) {
    return {
      page: null,
      problems: [...slugProblems, `the front matter is not valid YAML: ${document.errors[0].message.split("\n")[0]}`],
    };
  }
  const { frontMatter, problems } = redFlagFrontMatterProblems(document.toJS());
  const body = match[2];
  // US spelling is a rule of the English pages.
  const spelling =
    locale === "en"
      ? britishSpellings([frontMatter?.title, frontMatter?.summary, body].join("\n")).map(
          (word) => `US spelling, please: ${word}`,
        )
      : [];
  const all = [...slugProblems, ...problems, ...redFlagPageBodyProblems(body, locale), ...spelling];
  if (!frontMatter || all.length > 0) return { page: null, problems: all };
  return { page: { ...frontMatter, slug, body }, problems: [] };
}

function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith("..") || path.isAbsolute(relative) ? file : relative.split(path.sep).join("/");
}

/**
 * Every page in the directory, by title, or RedFlagPagesError listing every problem: a malformed
 * file, or a course page that does not exist. Several pages may lead on to the same course page
 * (one course page teaches many kinds of red flag): a red flag names its page itself.
 */
export function loadRedFlagPageFiles(
  directory: string = RED_FLAG_PAGES_DIRECTORY,
  coursePages: ReadonlySet<number> = coursePageNumbersIn(),
  locale: Locale = "en",
): RedFlagPageFile[] {
  const problems: string[] = [];
  const pages: RedFlagPageFile[] = [];
  const names = existsSync(directory)
    ? readdirSync(directory)
        .filter((name) => name.endsWith(".md") && name !== "README.md")
        .sort()
    : [];
  if (names.length === 0) throw new RedFlagPagesError([`${displayPath(path.resolve(directory))}: no red-flag pages`]);
  for (const name of names) {
    const file = displayPath(path.resolve(directory, name));
    const report = (problem: string) => problems.push(`${file}: ${problem}`);
    const result = parseRedFlagPageSource(
      name.replace(/\.md$/, ""),
      readFileSync(path.join(directory, name), "utf8"),
      locale,
    );
    result.problems.forEach(report);
    if (!result.page) continue;
    for (const page of coursePagesOf(result.page)) {
      if (!coursePages.has(page)) report(`course page ${page} is not a page of the course (content/course/scam-free/)`);
    }
    pages.push({ ...result.page, file });
  }
  if (problems.length > 0) throw new RedFlagPagesError(problems);
  return byTitle(pages, locale);
}

export function byTitle<T extends { title: string; slug: string }>(pages: T[], locale: Locale = "en"): T[] {
  return [...pages].sort((a, b) => a.title.localeCompare(b.title, locale) || a.slug.localeCompare(b.slug));
}

/**
 * The Spanish pages (content/red-flags/es/): one for every English page, with the same slug and
 * the same course pages, each checked by the same rules with its own heading ("## Qué hacer").
 * Throws RedFlagPagesError listing every problem.
 */
export function loadSpanishRedFlagPageFiles(
  english: ReadonlyArray<RedFlagPageFile>,
  directory: string = SPANISH_RED_FLAG_PAGES_DIRECTORY,
  coursePages: ReadonlySet<number> = coursePageNumbersIn(),
): RedFlagPageFile[] {
  const spanish = loadRedFlagPageFiles(directory, coursePages, "es");
  const bySlug = new Map(spanish.map((page) => [page.slug, page]));
  const problems: string[] = [];
  for (const page of english) {
    const twin = bySlug.get(page.slug);
    if (!twin) problems.push(`${page.file}: its Spanish edition ${directory}/${page.slug}.md is missing`);
    else if (twin.coursePage !== page.coursePage)
      problems.push(`${twin.file}: coursePage must be ${page.coursePage}, as in ${page.file}`);
    bySlug.delete(page.slug);
  }
  for (const extra of bySlug.values()) problems.push(`${extra.file}: there is no English page ${extra.slug}.md`);
  if (problems.length > 0) throw new RedFlagPagesError(problems);
  return spanish;
}

/**
 * Red flags whose `page` is not a red-flag page, as "<file>: red flag 2 opens the red-flag page ...":
 * each red flag's "Learn more" must reach a public page of its kind. Used with the practice library
 * (and the tests use it with the marketing samples).
 */
export function redFlagsWithoutPage(
  pages: ReadonlyArray<{ slug: string }>,
  sources: ReadonlyArray<{ file: string; redFlags: ReadonlyArray<{ page: string }> }>,
): string[] {
  const slugs = new Set(pages.map((page) => page.slug));
  return sources.flatMap(({ file, redFlags }) =>
    redFlags.flatMap((flag, index) =>
      slugs.has(flag.page)
        ? []
        : [
            `${file}: red flag ${index + 1} opens the red-flag page "${flag.page}", which does not exist (write content/red-flags/${flag.page}.md, or name a page that exists)`,
          ],
    ),
  );
}

/**
 * The build's and the start's check: every page is valid, and every red flag of the practice
 * library names one of them. Returns the pages; throws RedFlagPagesError listing every problem.
 */
export function checkRedFlagPages(
  scenarios: ReadonlyArray<{ id: string; redFlags: ReadonlyArray<{ page: string }> }>,
  options: { directory?: string; practiceDirectory?: string } = {},
): RedFlagPageFile[] {
  const pages = loadRedFlagPageFiles(options.directory);
  loadSpanishRedFlagPageFiles(pages, options.directory && path.join(options.directory, "es"));
  const practiceDirectory = options.practiceDirectory ?? "content/practice";
  const missing = redFlagsWithoutPage(
    pages,
    scenarios.map((scenario) => ({
      file: displayPath(path.resolve(practiceDirectory, `${scenario.id}.md`)),
      redFlags: scenario.redFlags,
    })),
  );
  if (missing.length > 0) throw new RedFlagPagesError(missing);
  return pages;
}
