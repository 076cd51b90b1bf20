/**
 * `npm run content:check` (and the first step of `npm run build`): checks the content the site
 * serves from files, the practice scenarios in content/practice/ (or the folder given as the first
 * argument), the weekly lessons in content/weekly/, the scam updates in content/updates/ and the
 * public red-flag pages in content/red-flags/ (or the folder given as the second argument; the page
 * each practice red flag names must exist), and stops with the file name and the reason for each
 * problem. The server runs the same checks when it starts.
 */
import { checkRedFlagPages, RedFlagPagesError } from "../app/red-flags/red-flag-page-files.server";
import {
  loadPracticeLibrary,
  PRACTICE_DIRECTORY,
  PracticeLibraryError,
  type PracticeLibrary,
} from "../app/training/library/practice-library.server";
import { libraryCoverageProblems, spanishLibraryCoverageProblems } from "../app/training/library/library-coverage";
import { loadScamUpdateFiles, ScamUpdatesError } from "../app/scam-updates/scam-update-files.server";
import { checkWeeklyLessons, WeeklyLessonError } from "../app/weekly/lesson-files.server";
import { COURSE_TRACKS } from "../app/course/tracks/course-tracks";
import { checkCourseTracks, readingTable } from "../app/course/tracks/track-checks";
import { courseTrackFiles } from "../app/course/tracks/track-files.server";
import { checkSpanishCourse, spanishCourseFiles } from "../app/course/spanish/spanish-course-checks";

let failed = false;
let library: PracticeLibrary | undefined;
try {
  library = loadPracticeLibrary(process.argv[2]);
  for (const [language, name] of [
    ["en", "English"],
    ["es", "Spanish"],
  ] as const) {
    const scenarios = library.scenariosIn(language);
    const count = (channel: string) => scenarios.filter((scenario) => scenario.channel === channel).length;
    const total = scenarios.length === 1 ? "1 scenario is" : `${scenarios.length} scenarios are`;
    console.log(`Practice library, ${name}: ${total} valid (${count("email")} email, ${count("sms")} text).`);
  }
  // The site's own library as a whole (not a folder given to check a few files): a year for every
  // band, the kinds that take the most money, sources about each kind, what each scam asks for;
  // and the Spanish library's own targets.
  const coverage =
    process.argv[2] === undefined
      ? [
          ...libraryCoverageProblems(library.scenariosIn("en")),
          ...spanishLibraryCoverageProblems(library.scenariosIn("es")),
        ]
      : [];
  if (coverage.length) {
    console.error(
      `The practice library as a whole falls short (issue #36):\n${coverage.map((p) => `  ${p}`).join("\n")}`,
    );
    failed = true;
  }
} catch (error) {
  if (!(error instanceof PracticeLibraryError)) throw error;
  console.error(error.message);
  failed = true;
}
try {
  console.log(`Weekly lessons: ${checkWeeklyLessons()} valid.`);
} catch (error) {
  if (!(error instanceof WeeklyLessonError)) throw error;
  console.error(error.message);
  failed = true;
}
try {
  console.log(`Scam updates: ${loadScamUpdateFiles().length} valid.`);
} catch (error) {
  if (!(error instanceof ScamUpdatesError)) throw error;
  console.error(error.message);
  failed = true;
}
try {
  // Without a valid practice library, only the pages themselves are checked.
  const pages = checkRedFlagPages(library?.scenarios ?? [], {
    directory: process.argv[3],
    practiceDirectory: process.argv[2] ?? PRACTICE_DIRECTORY,
  });
  console.log(`Red-flag pages: ${pages.length} valid${library ? "; every practice red flag's page exists" : ""}.`);
} catch (error) {
  if (!(error instanceof RedFlagPagesError)) throw error;
  console.error(error.message);
  failed = true;
}
try {
  // The free course in every track (issue #37): each page's reading grade against its track's budget.
  const tracks = checkCourseTracks(courseTrackFiles());
  console.log(`Course reading grades (Flesch–Kincaid; "—": the page sends that track elsewhere or is missing):`);
  console.log(readingTable(tracks.table));
  if (tracks.problems.length) {
    console.error(`The course's tracks fall short (issue #37):\n${tracks.problems.map((p) => `  ${p}`).join("\n")}`);
    failed = true;
  } else {
    console.log(`Course tracks: ${tracks.table.length} pages in ${COURSE_TRACKS.length} tracks, all within budget.`);
  }
} catch (error) {
  console.error(`The course's track pages could not be read: ${(error as Error).message}`);
  failed = true;
}
try {
  // The course's Spanish edition (issue #39): every page of it in every track, the same page as its
  // English one, within its track's Spanish reading budget (INFLESZ).
  const spanish = checkSpanishCourse(spanishCourseFiles());
  if (spanish.problems.length) {
    console.error(
      `The course's Spanish pages fall short (issue #39):\n${spanish.problems.map((p) => `  ${p}`).join("\n")}`,
    );
    failed = true;
  } else {
    const scores = spanish.levels.flatMap(({ level }) => (level ? [level.inflesz] : []));
    console.log(
      `Course in Spanish: ${spanish.levels.length} pages in ${COURSE_TRACKS.length} tracks, all within budget (INFLESZ ${Math.min(...scores)} to ${Math.max(...scores)}).`,
    );
  }
} catch (error) {
  console.error(`The course's Spanish pages could not be read: ${(error as Error).message}`);
  failed = true;
}
if (failed) process.exit(1);
