import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { COURSE_TRACKS, type CourseTrack } from "../tracks/course-tracks";
import { readableTextOf } from "../tracks/reading-level";
import { frontMatterOf, trackDirectory, trackPageFrontMatterSchema } from "../tracks/track-files.server";
import { hasSpanishCoursePage, SPANISH_COURSE_PAGES } from "~/i18n/spanish-course-pages";
import { SPANISH_COURSE_DIRECTORY, SPANISH_READING_BUDGETS } from "./spanish-course";
import { spanishReadingLevelOf, type SpanishReadingLevel } from "./spanish-reading-level";

/**
 * The Spanish course pages as a whole, for `npm run content:check` and the writers' own check:
 * every Spanish page of every track written, each the same page as its English one (front matter,
 * self-check answers, components), within its track's Spanish reading budget, and linking to the
 * Spanish edition where one exists and to English, marked "(en inglés)", where none does.
 */
export type SpanishCourseFile = { path: string; track: CourseTrack; page: number; source: string };

export function spanishCourseFiles(root = SPANISH_COURSE_DIRECTORY): SpanishCourseFile[] {
  return COURSE_TRACKS.flatMap((track) => {
    const directory = path.join(root, track);
    let names: string[];
    try {
      names = readdirSync(directory);
    } catch {
      return [];
    }
    return names
      .map((name) => ({ name, page: /^(\d{2})-[a-z0-9-]+\.mdx$/.exec(name)?.[1] }))
      .filter((file): file is { name: string; page: string } => file.page !== undefined)
      .map(({ name, page }) => {
        const filePath = path.join(directory, name);
        return { path: filePath, track, page: Number(page), source: readFileSync(filePath, "utf8") };
      });
  });
}

/** The English page a Spanish one is written from: the same file name in the track's English folder. */
export function englishSourceOf(file: SpanishCourseFile): string | null {
  try {
    return readFileSync(path.join(trackDirectory(file.track), path.basename(file.path)), "utf8");
  } catch {
    return null;
  }
}

/** Subjects the Kids track never raises, in Spanish (track-checks.ts has the English list). */
const NOT_FOR_KIDS_ES = [
  /sextorsi[oó]n/i,
  /desnud/i,
  /seguro social/i,
  /(?:informe|reporte|congela\w*) (?:de|el|su|tu) cr[eé]dito/i,
  /autolesi/i,
];

/** English words that give away an untranslated sentence. */
const ENGLISH_GIVEAWAYS = /\b(?:the|and|you|your|with|this|that|what|when|scammers?)\b/gi;

const count = (source: string, pattern: RegExp) => source.match(pattern)?.length ?? 0;
const answersOf = (source: string) => [...source.matchAll(/answer:\s*(\d+)/g)].map((match) => match[1]).join(",");
const componentsOf = (source: string) =>
  ["Example", "Activity", "SelfCheck", "RedFlags", "Tip", "Fact", "Collapsible", "GreatJob"]
    .map((name) => `${name}×${count(source, new RegExp(`<${name}\\b`, "g"))}`)
    .join(" ");

export interface SpanishCourseCheck {
  problems: string[];
  levels: { file: SpanishCourseFile; level: SpanishReadingLevel | null }[];
}

export function checkSpanishCourse(
  files: readonly SpanishCourseFile[],
  tracks: readonly CourseTrack[] = COURSE_TRACKS,
) {
  const problems: string[] = [];
  const levels: SpanishCourseCheck["levels"] = [];
  const byKey = new Map(files.map((file) => [`${file.track}/${file.page}`, file]));
  for (const track of tracks) {
    for (const page of SPANISH_COURSE_PAGES) {
      if (!byKey.has(`${track}/${page}`)) problems.push(`page ${page} has no Spanish ${track} version`);
    }
  }
  for (const file of files.filter((f) => tracks.includes(f.track))) {
    const own = (problem: string) => problems.push(`${file.path}: ${problem}`);
    if (!hasSpanishCoursePage(file.page)) own(`page ${file.page} is not in the Spanish edition's pages`);
    const parsed = trackPageFrontMatterSchema.safeParse(frontMatterOf(file.source));
    if (!parsed.success) {
      own(`front matter: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`);
    } else {
      if (parsed.data.page !== file.page) own(`front matter says page ${parsed.data.page}, the file name ${file.page}`);
      if (parsed.data.track !== file.track)
        own(`front matter says track ${parsed.data.track}, the folder ${file.track}`);
    }
    const english = englishSourceOf(file);
    if (english === null) {
      own("has no English page of the same file name in its track");
      levels.push({ file, level: null });
      continue;
    }
    const elsewhere = parsed.success ? parsed.data.elsewhere : undefined;
    if (elsewhere !== (frontMatterOf(english) as { elsewhere?: number } | undefined)?.elsewhere)
      own(`"elsewhere" differs from the English page's`);
    if (elsewhere !== undefined) {
      levels.push({ file, level: null });
      continue;
    }
    if (componentsOf(file.source) !== componentsOf(english))
      own(`components differ from the English page: ${componentsOf(file.source)} (English: ${componentsOf(english)})`);
    if (answersOf(file.source) !== answersOf(english))
      own(
        `self-check answers ${answersOf(file.source) || "none"} differ from the English page's ${answersOf(english) || "none"}`,
      );
    checkLinks(file.source, own);
    if (file.track === "kids") {
      for (const word of NOT_FOR_KIDS_ES) if (word.test(file.source)) own(`not for the Kids track: ${word.source}`);
    }
    const giveaways = count(readableTextOf(file.source), ENGLISH_GIVEAWAYS);
    if (giveaways > 3) own(`${giveaways} English words in its prose: is a sentence left in English?`);
    const level = spanishReadingLevelOf(file.source);
    levels.push({ file, level });
    const budget = SPANISH_READING_BUDGETS[file.track];
    if (level.words < 250) own(`${level.words} words of prose (at least 250)`);
    if (level.inflesz < budget.inflesz)
      own(`INFLESZ ${level.inflesz} is below the ${file.track} budget of ${budget.inflesz}`);
    if (level.wordsPerSentence > budget.wordsPerSentence)
      own(
        `${level.wordsPerSentence} words per sentence is above the ${file.track} budget of ${budget.wordsPerSentence}`,
      );
  }
  return { problems, levels } satisfies SpanishCourseCheck;
}

/** Course links go to the Spanish edition of a page that has one, else to English marked "(en inglés)". */
function checkLinks(source: string, own: (problem: string) => void) {
  for (const match of source.matchAll(/\]\((\/(?:es\/)?course\/scam-free\/(\d+))[^)]*\)(\s*\(en inglés\))?/g)) {
    const [, href, pageText, marked] = match;
    const page = Number(pageText);
    const spanish = href.startsWith("/es/");
    if (spanish && !hasSpanishCoursePage(page)) own(`links to ${href}, which has no Spanish edition`);
    if (!spanish && hasSpanishCoursePage(page)) own(`links to ${href}: its Spanish edition is /es${href}`);
    if (!spanish && !hasSpanishCoursePage(page) && !marked) own(`links to ${href} in English without "(en inglés)"`);
  }
  for (const match of source.matchAll(/\]\((\/(?:red-flags|check|pricing)\b[^)]*)\)/g))
    own(`links to ${match[1]}: its Spanish edition is /es${match[1]}`);
}
