import { parseDocument } from "yaml";
import { lessonFrontmatterSchema, type LessonFrontmatter } from "./lesson-schema";

/**
 * The rules every weekly lesson file keeps, checked from the raw file when the site builds and
 * starts (and by a unit test): valid front matter, an adult part of at least 700 words, then one
 * section each for children and for teens, a family discussion prompt and a 10-minute activity,
 * in that order, and a short self-check. Problems name the file so a writer can fix it.
 */

export const MIN_ADULT_WORDS = 700;
export const SECTION_ORDER = ["ForChildren", "ForTeens", "TalkTogether", "Activity"] as const;

export interface CheckedLesson {
  frontmatter: LessonFrontmatter;
  adultWords: number;
}

export type LessonCheck = { ok: true; lesson: CheckedLesson } | { ok: false; problems: string[] };

/** Words of prose: MDX tags, markdown markers and link targets do not count. */
export function countWords(markdown: string): number {
  const prose = markdown
    .replace(/<[^>]*>/g, " ")
    .replace(/\]\([^)]*\)/g, "] ")
    .replace(/[#*_>`[\]|-]/g, " ");
  return prose.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export function checkLessonSource(fileName: string, raw: string): LessonCheck {
  const problems: string[] = [];
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(raw.replace(/\r\n/g, "\n"));
  if (!match) return { ok: false, problems: [`${fileName}: no front matter between --- lines at the top`] };
  const [, yamlText, body] = match as unknown as [string, string, string];

  const document = parseDocument(yamlText);
  if (document.errors.length > 0) return { ok: false, problems: [`${fileName}: ${document.errors[0]!.message}`] };
  const parsed = lessonFrontmatterSchema.safeParse(document.toJSON());
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push(`${fileName}: ${issue.path.join(".") || "front matter"}: ${issue.message}`);
  } else if (!fileName.startsWith(`${parsed.data.published}-`)) {
    problems.push(`${fileName}: the file name must start with its published date (${parsed.data.published}-)`);
  }

  const positions = SECTION_ORDER.map((tag) => {
    const opening = new RegExp(`^<${tag}(\\s[^>]*)?>\\s*$`, "gm");
    const found = [...body.matchAll(opening)];
    if (found.length !== 1) problems.push(`${fileName}: needs exactly one <${tag}> section (found ${found.length})`);
    if (!new RegExp(`^</${tag}>\\s*$`, "m").test(body)) problems.push(`${fileName}: <${tag}> is not closed`);
    return found[0]?.index ?? -1;
  });
  if (positions.every((position) => position >= 0) && positions.some((p, i) => i > 0 && p < positions[i - 1]!)) {
    problems.push(`${fileName}: the sections must come in this order: ${SECTION_ORDER.join(", ")}`);
  }
  if (!/^<Activity title="[^"]+">\s*$/m.test(body)) problems.push(`${fileName}: <Activity> needs a title="..."`);

  const adultPart = positions[0]! >= 0 ? body.slice(0, positions[0]) : body;
  const adultWords = countWords(adultPart);
  if (adultWords < MIN_ADULT_WORDS) {
    problems.push(`${fileName}: the part for adults has ${adultWords} words; it needs at least ${MIN_ADULT_WORDS}`);
  }
  if (!/<SelfCheck\b/.test(body)) problems.push(`${fileName}: needs a <SelfCheck> at the end`);

  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  return { ok: true, lesson: { frontmatter: parsed.data, adultWords } };
}
