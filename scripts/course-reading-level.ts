/**
 * `npm run content:reading-level -- [files...]`: the reading grade (Flesch–Kincaid, by the
 * text-readability library) and words per sentence of course pages, against their track's budget.
 * Without files it measures every page of every track. Writers run it while they write.
 */
import { readFileSync } from "node:fs";
import { courseTrackFiles } from "../app/course/tracks/track-files.server";
import { isCourseTrack, READING_BUDGETS, type CourseTrack } from "../app/course/tracks/course-tracks";
import { readingLevelOf } from "../app/course/tracks/reading-level";

const given = process.argv.slice(2);
const files = given.length
  ? given.map((path) => ({ path, track: trackOfPath(path) }))
  : courseTrackFiles().map(({ path, track }) => ({ path, track }));

let over = 0;
for (const { path, track } of files) {
  const level = readingLevelOf(readFileSync(path, "utf8"));
  const budget = READING_BUDGETS[track];
  const tooHard =
    level.grade > budget.grade ||
    (budget.wordsPerSentence !== undefined && level.wordsPerSentence > budget.wordsPerSentence);
  if (tooHard) over++;
  console.log(
    `${tooHard ? "OVER" : "ok  "} grade ${level.grade.toFixed(1)} (≤ ${budget.grade}) · ${level.wordsPerSentence} words/sentence · ${level.words} words · ${path}`,
  );
}
console.log(
  over
    ? `${over} of ${files.length} pages are above their track's reading budget.`
    : `All ${files.length} pages are within budget.`,
);
process.exitCode = over ? 1 : 0;

function trackOfPath(path: string): CourseTrack {
  const folder = /tracks\/([a-z-]+)\//.exec(path)?.[1];
  return isCourseTrack(folder) ? folder : "adults";
}
