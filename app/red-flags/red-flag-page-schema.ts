import { z } from "zod";
import { TOTAL_PAGES } from "~/course/course-map";
import type { Locale } from "~/i18n/locales";

/**
 * The rules every public red-flag page (content/red-flags/<slug>.md) follows, shared by the build
 * check, the server start and the tests. The front matter is checked by the zod schema, the body
 * (the markdown after the second ---) by `redFlagPageBodyProblems`. The file format is described
 * in content/red-flags/README.md.
 */

export const TITLE_MAX_LENGTH = 60;
export const SUMMARY_MAX_LENGTH = 160;
export const BODY_MIN_WORDS = 120;
export const BODY_MAX_WORDS = 400;
export const WHAT_TO_DO_HEADING = "What to do instead";
/** The steps' heading in each edition (the Spanish pages live in content/red-flags/es/). */
export const WHAT_TO_DO_HEADINGS: Record<Locale, string> = { en: WHAT_TO_DO_HEADING, es: "Qué hacer" };
export const MIN_STEPS = 3;
export const MAX_STEPS = 6;

export { RED_FLAG_SLUG } from "./red-flag-paths";

const text = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `missing field "${field}"` : `"${field}" must be text`) })
    .trim()
    .min(1, `"${field}" is empty`)
    .max(max, `"${field}" is longer than ${max} characters`);

const coursePageNumber = (field: string) =>
  z
    .number({ error: `"${field}" must be a course page number from 1 to ${TOTAL_PAGES}` })
    .int(`"${field}" must be a whole number`)
    .min(1, `"${field}" must be a course page number from 1 to ${TOTAL_PAGES}`)
    .max(TOTAL_PAGES, `"${field}" must be a course page number from 1 to ${TOTAL_PAGES}`);

export const redFlagPageFrontMatterSchema = z
  .strictObject({
    title: text("title", TITLE_MAX_LENGTH),
    /** One sentence: the index lists it and search engines show it (the page's meta description). */
    summary: text("summary", SUMMARY_MAX_LENGTH),
    /** The course page this page leads members on to. */
    coursePage: coursePageNumber("coursePage"),
    /**
     * Other course pages that teach the same thing (the checker's warning signs name one of them).
     * Which page a practice red flag opens is the red flag's own `page`, not its course page.
     */
    otherCoursePages: z
      .array(coursePageNumber("otherCoursePages"), { error: `"otherCoursePages" must be a list of page numbers` })
      .refine((pages) => new Set(pages).size === pages.length, `"otherCoursePages" lists a page twice`)
      .optional(),
  })
  .refine((page) => !(page.otherCoursePages ?? []).includes(page.coursePage), {
    message: `"otherCoursePages" repeats "coursePage"`,
    path: ["otherCoursePages"],
  });

export type RedFlagPageFrontMatter = z.infer<typeof redFlagPageFrontMatterSchema>;

/** What links, lists and the sitemap need of a page. */
export interface RedFlagPageSummary {
  slug: string;
  title: string;
  summary: string;
  coursePage: number;
}

/** Every course page that teaches what this page explains: its own first. */
export function coursePagesOf(page: Pick<RedFlagPageFrontMatter, "coursePage" | "otherCoursePages">): number[] {
  return [page.coursePage, ...(page.otherCoursePages ?? [])];
}

/** Words a reader sees: markdown markers and list bullets are not words. */
export function countWords(markdown: string): number {
  return markdown
    .replace(/^#+\s+/gm, "")
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, "")
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/**
 * British spellings the site's US English replaces (the course and the pages use US spelling).
 * Not a spelling checker: the words a writer from elsewhere is most likely to bring in.
 */
const BRITISH_SPELLINGS: ReadonlyArray<[RegExp, string]> = [
  [/\bcolours?\b/i, "color"],
  [/\bfavour(?:s|ed|ite|ites)?\b/i, "favor"],
  [/\bbehaviours?\b/i, "behavior"],
  [/\bneighbours?\b/i, "neighbor"],
  [/\bhonour(?:s|ed)?\b/i, "honor"],
  [/\b(?:organis|recognis|realis|apologis|emphasis)(?:e|es|ed|ing|ation|ations)\b/i, "-ize spellings"],
  [/\bcentres?\b/i, "center"],
  [/\bcheques?\b/i, "check"],
  [/\blicences?\b/i, "license"],
  [/\bprogrammes?\b/i, "program"],
  [/\bdefence\b/i, "defense"],
  [/\bpractis(?:e|es|ed|ing)\b/i, "practice"],
  [/\b(?:travell|cancell)(?:ed|ing)\b/i, "traveled, canceled"],
  [/\bmum\b/i, "mom"],
];

/** The British spellings found in a piece of text, as "colour (US: color)". */
export function britishSpellings(value: string): string[] {
  const found: string[] = [];
  for (const [pattern, us] of BRITISH_SPELLINGS) {
    const match = pattern.exec(value);
    if (match) found.push(`"${match[0]}" (US: ${us})`);
  }
  return found;
}

/** The body's problems (without the file name): its length, the steps list, nothing the page cannot show. */
export function redFlagPageBodyProblems(body: string, locale: Locale = "en"): string[] {
  const heading = WHAT_TO_DO_HEADINGS[locale];
  const problems: string[] = [];
  if (/^#\s/m.test(body))
    problems.push("the body must not have a # heading: the page's title comes from the front matter");
  if (/<[A-Za-z!/]/.test(body)) problems.push("the body contains HTML; write plain markdown");
  const words = countWords(body);
  if (words < BODY_MIN_WORDS || words > BODY_MAX_WORDS) {
    problems.push(`the body has ${words} words; it must have ${BODY_MIN_WORDS} to ${BODY_MAX_WORDS}`);
  }
  const sections = body.split(/^##\s+(.+?)\s*$/m);
  // split with a capture group: [before, heading 1, text 1, heading 2, text 2, ...]
  const index = sections.findIndex((part, i) => i % 2 === 1 && part === heading);
  if (index === -1) {
    problems.push(`the heading "## ${heading}" is missing`);
  } else {
    const steps = sections[index + 1]!.split("\n").filter((line) => /^\s*[-*+]\s+\S/.test(line)).length;
    if (steps < MIN_STEPS || steps > MAX_STEPS) {
      problems.push(`"## ${heading}" lists ${steps} steps; it must list ${MIN_STEPS} to ${MAX_STEPS}`);
    }
  }
  if (sections[0]!.trim().length === 0) problems.push("the body must start with the explanation, before any heading");
  return problems;
}
