import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { checkLessonSource } from "./lesson-checks";

/**
 * The lesson files on disk, checked. Kept apart from weekly-lessons.server.tsx (which imports the
 * compiled MDX through Vite) so the build's first step can run it with plain tsx.
 */
export const WEEKLY_LESSONS_DIRECTORY = "content/weekly";

export class WeeklyLessonError extends Error {
  constructor(readonly problems: string[]) {
    super(`Weekly lessons have problems:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

/**
 * Reads every lesson file from disk and applies the rules in lesson-checks.ts; throws with each
 * file's problems. Runs when the site builds and starts, so a broken lesson never ships.
 */
export function checkWeeklyLessons(directory: string = WEEKLY_LESSONS_DIRECTORY): number {
  const files = readdirSync(directory).filter((name) => name.endsWith(".mdx"));
  const problems = files.flatMap((name) => {
    const result = checkLessonSource(name, readFileSync(path.join(directory, name), "utf8"));
    return result.ok ? [] : result.problems;
  });
  if (problems.length > 0) throw new WeeklyLessonError(problems);
  return files.length;
}
