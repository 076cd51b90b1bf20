/** Types for scripts/test-failures.mjs (a plain script `npm test` runs without a build step). */
export interface TestFailure {
  name: string;
  error: string | undefined;
}
export function errorExcerpt(error: unknown): string[];
export function vitestFailures(result: unknown): TestFailure[];
export function playwrightFailures(report: unknown): TestFailure[];
