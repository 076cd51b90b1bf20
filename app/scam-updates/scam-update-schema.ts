import { z } from "zod";

/**
 * The rules every scam update (content/updates/<published>-<slug>.mdx) has to follow, shared by the
 * build check, the server start and the unit tests. Front matter is checked by the zod schema, the
 * body (the text after the second ---) by `scamUpdateBodyProblems`.
 */

export const SUMMARY_MAX_LENGTH = 200;
export const MIN_SOURCES = 1;
export const MAX_SOURCES = 4;
export const BODY_MIN_WORDS = 150;
export const BODY_MAX_WORDS = 400;
export const REQUIRED_HEADINGS = ["What is happening", "What to do"] as const;

/** Whether "YYYY-MM-DD" is a day of the calendar (2026-02-30 is not). */
export function isRealDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A real calendar date, "YYYY-MM-DD". */
const isoDay = (what: string) =>
  z
    .string({ error: `${what} is missing` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a date written YYYY-MM-DD`)
    .refine(isRealDay, `${what} is not a real date`);

/** A source's date: the page's publication or last update, to the month or the day. */
const sourceDate = z
  .string({ error: "date is missing" })
  .regex(/^\d{4}-\d{2}(-\d{2})?$/, "date must be written YYYY-MM or YYYY-MM-DD")
  .refine((value) => isRealDay(value.length === 7 ? `${value}-01` : value), "date is not a real date");

const text = (what: string, max = 300) =>
  z
    .string({ error: `${what} is missing` })
    .trim()
    .min(1, `${what} is empty`)
    .max(max, `${what} is longer than ${max} characters`);

export const scamUpdateSourceSchema = z.strictObject({
  publisher: text("publisher", 80),
  title: text("title", 200),
  url: z.url({ protocol: /^https$/, error: "url must be an https address" }),
  date: sourceDate,
});

export const scamUpdateFrontMatterSchema = z
  .strictObject({
    title: text("title", 120),
    summary: text("summary", SUMMARY_MAX_LENGTH),
    published: isoDay("published"),
    audience: text("audience", 120),
    lastReviewed: isoDay("lastReviewed"),
    sources: z
      .array(scamUpdateSourceSchema, { error: "sources must be a list" })
      .min(MIN_SOURCES, `sources must list ${MIN_SOURCES} to ${MAX_SOURCES} pages`)
      .max(MAX_SOURCES, `sources must list ${MIN_SOURCES} to ${MAX_SOURCES} pages`),
  })
  .refine((update) => update.lastReviewed >= update.published, {
    message: "lastReviewed cannot be before published",
    path: ["lastReviewed"],
  });

export type ScamUpdateFrontMatter = z.infer<typeof scamUpdateFrontMatterSchema>;
export type ScamUpdateSource = z.infer<typeof scamUpdateSourceSchema>;

/** What lists and emails show; `slug` is the file name without ".mdx". */
export interface ScamUpdateSummary {
  slug: string;
  title: string;
  summary: string;
  published: string;
  audience: string;
}

/** Words a reader sees: markdown markers and list bullets are not words. */
export function countWords(markdown: string): number {
  return markdown
    .replace(/^#+\s+/gm, "")
    .replace(/^\s*[-*+]\s+/gm, "")
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** The body's problems (without the file name): both headings, its length, nothing MDX would misread. */
export function scamUpdateBodyProblems(body: string): string[] {
  const problems: string[] = [];
  const headings = [...body.matchAll(/^##\s+(.+?)\s*$/gm)].map((match) => match[1]);
  for (const heading of REQUIRED_HEADINGS) {
    if (!headings.includes(heading)) problems.push(`the heading "## ${heading}" is missing`);
  }
  const words = countWords(body);
  if (words < BODY_MIN_WORDS || words > BODY_MAX_WORDS) {
    problems.push(`the body has ${words} words; it must have ${BODY_MIN_WORDS} to ${BODY_MAX_WORDS}`);
  }
  if (/[<{]/.test(body))
    problems.push('the body contains "<" or "{", which MDX reads as code; write them out in words');
  return problems;
}

/** "2026-11-20-toll-road-texts" for published "2026-11-20": the file name starts with the date. */
export const SLUG_PATTERN = /^\d{4}-\d{2}-\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function slugProblems(slug: string, published: string): string[] {
  if (!SLUG_PATTERN.test(slug)) {
    return [`the file name must be <published>-<slug>.mdx in lower case, e.g. 2026-11-20-toll-road-texts.mdx`];
  }
  return slug.startsWith(`${published}-`) ? [] : [`the file name must start with its published date ${published}`];
}
