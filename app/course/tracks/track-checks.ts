import { READING_ORDER } from "../course-map";
import { COURSE_TRACK_LABELS, COURSE_TRACKS, READING_BUDGETS, type CourseTrack } from "./course-tracks";
import { readingLevelOf, type ReadingLevel } from "./reading-level";
import { frontMatterOf, trackPageFrontMatterSchema, type CourseTrackFile } from "./track-files.server";

/**
 * The course's tracks as a whole (issue #37), for `npm run content:check`: every page in every
 * track, each track's page built the same way (its own example, activity and self-check), nothing
 * on the Kids track that is not for children, and every page within its track's reading budget.
 */

/** Words a Kids page never uses: these subjects are taught to older readers only. */
const NOT_FOR_KIDS = [/sextortion/i, /\bnude/i, /social security/i, /credit (?:freeze|report|bureau)/i, /self-harm/i];

export interface TrackCheck {
  problems: string[];
  /** Page × track reading levels, in reading order; null where the page sends Kids elsewhere or is missing. */
  table: { page: number; levels: Record<CourseTrack, ReadingLevel | null> }[];
}

const count = (source: string, pattern: RegExp) => source.match(pattern)?.length ?? 0;

export function checkCourseTracks(files: readonly CourseTrackFile[], pages: readonly number[] = READING_ORDER) {
  const problems: string[] = [];
  const byKey = new Map(files.map((file) => [`${file.track}/${file.page}`, file]));
  const table: TrackCheck["table"] = [];
  for (const page of pages) {
    const levels = {} as Record<CourseTrack, ReadingLevel | null>;
    for (const track of COURSE_TRACKS) {
      levels[track] = null;
      const file = byKey.get(`${track}/${page}`);
      if (!file) {
        problems.push(`page ${page} has no ${COURSE_TRACK_LABELS[track]} version`);
        continue;
      }
      const own = (problem: string) => problems.push(`${file.path}: ${problem}`);
      const elsewhere = track === "adults" ? undefined : checkFrontMatter(file, own);
      if (elsewhere !== undefined) {
        if (track !== "kids") own("only a Kids page may send its reader elsewhere");
        if (!pages.includes(elsewhere) || elsewhere === page) own(`"elsewhere" must name another course page`);
        continue;
      }
      if (track !== "adults") checkBuilt(file.source, own);
      if (track === "kids") {
        for (const word of NOT_FOR_KIDS) if (word.test(file.source)) own(`not for the Kids track: ${word.source}`);
      }
      const level = readingLevelOf(file.source);
      levels[track] = level;
      const budget = READING_BUDGETS[track];
      if (level.grade > budget.grade)
        own(`reading grade ${level.grade} is above the ${track} budget of ${budget.grade}`);
      if (budget.wordsPerSentence !== undefined && level.wordsPerSentence > budget.wordsPerSentence) {
        own(`${level.wordsPerSentence} words per sentence is above the budget of ${budget.wordsPerSentence}`);
      }
    }
    table.push({ page, levels });
  }
  // Kids sent elsewhere must land on a page that is for them.
  for (const file of files.filter((f) => f.track === "kids")) {
    const target = elsewhereOf(file);
    if (target !== undefined && elsewhereOf(byKey.get(`kids/${target}`)) !== undefined) {
      problems.push(`${file.path}: sends Kids to page ${target}, which is not for Kids either`);
    }
  }
  return { problems, table } satisfies TrackCheck;
}

function elsewhereOf(file: CourseTrackFile | undefined): number | undefined {
  const parsed = file && trackPageFrontMatterSchema.safeParse(frontMatterOf(file.source));
  return parsed?.success ? parsed.data.elsewhere : undefined;
}

/** The front matter of a track page; returns its `elsewhere` page, if it has one. */
function checkFrontMatter(file: CourseTrackFile, own: (problem: string) => void): number | undefined {
  const parsed = trackPageFrontMatterSchema.safeParse(frontMatterOf(file.source));
  if (!parsed.success) {
    own(`front matter: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`);
    return undefined;
  }
  if (parsed.data.page !== file.page) own(`front matter says page ${parsed.data.page}, the file name ${file.page}`);
  if (parsed.data.track !== file.track) own(`front matter says track ${parsed.data.track}, the folder ${file.track}`);
  return parsed.data.elsewhere;
}

/** A track's page swaps the examples, the activity and the self-check: each must be there. */
function checkBuilt(source: string, own: (problem: string) => void) {
  if (count(source, /<Example\b/g) < 1) own("needs at least one <Example>");
  if (count(source, /<Activity\b/g) !== 1) own("needs exactly one <Activity>");
  if (count(source, /<SelfCheck\b/g) !== 1) own("needs exactly one <SelfCheck>");
  const questions = count(source, /question:\s*"/g);
  if (questions < 3 || questions > 5) own(`its self-check has ${questions} questions (3 to 5)`);
}

/** The table `npm run content:check` prints: one row per page, the grade in each track. */
export function readingTable(table: TrackCheck["table"]): string {
  const header = `page  ${COURSE_TRACKS.map((track) => COURSE_TRACK_LABELS[track].padStart(13)).join("")}`;
  const rows = table.map(
    ({ page, levels }) =>
      `${String(page).padStart(4)}  ${COURSE_TRACKS.map((track) => {
        const level = levels[track];
        return (level ? `${level.grade.toFixed(1)} / ${READING_BUDGETS[track].grade}` : "—").padStart(13);
      }).join("")}`,
  );
  return [header, ...rows].join("\n");
}
