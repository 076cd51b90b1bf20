/**
 * `npx tsx scripts/check-spanish-course.ts [track...]`: the Spanish course pages (issue #39)
 * compiled as MDX the way the build compiles them, then checked against their English pages and
 * their track's Spanish reading budget. Writers run it while they write; `npm run content:check`
 * runs the same checks.
 */
import { compile } from "@mdx-js/mdx";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkMdxFrontmatter from "remark-mdx-frontmatter";
import { COURSE_TRACKS, isCourseTrack } from "../app/course/tracks/course-tracks";
import { SPANISH_READING_BUDGETS } from "../app/course/spanish/spanish-course";
import { checkSpanishCourse, spanishCourseFiles } from "../app/course/spanish/spanish-course-checks";

const given = process.argv.slice(2);
const tracks = given.length ? given.filter(isCourseTrack) : [...COURSE_TRACKS];
if (tracks.length !== given.length && given.length) {
  console.error(`Tracks are: ${COURSE_TRACKS.join(", ")}`);
  process.exit(2);
}

const files = spanishCourseFiles().filter((file) => tracks.includes(file.track));
const problems: string[] = [];
for (const file of files) {
  try {
    await compile(file.source, {
      remarkPlugins: [remarkFrontmatter, [remarkMdxFrontmatter, { name: "frontmatter" }], remarkGfm],
    });
  } catch (error) {
    problems.push(`${file.path}: does not compile as MDX: ${(error as Error).message}`);
  }
}
const check = checkSpanishCourse(files, tracks);
for (const { file, level } of check.levels) {
  const budget = SPANISH_READING_BUDGETS[file.track];
  console.log(
    level
      ? `INFLESZ ${level.inflesz.toFixed(1)} (≥ ${budget.inflesz}) · ${level.wordsPerSentence} words/sentence (≤ ${budget.wordsPerSentence}) · ${level.words} words · ${file.path}`
      : `sends the reader elsewhere · ${file.path}`,
  );
}
problems.push(...check.problems);
if (problems.length) {
  console.error(`\n${problems.length} problems:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
  process.exit(1);
}
console.log(`\nNo problems: ${files.length} Spanish course pages in ${tracks.join(", ")}.`);
