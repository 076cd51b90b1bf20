/** Types for scripts/test-failures.mjs (a plain script `npm test` runs without a build step). */
export interface TestFailure {
  name: string;
  error: string | undefined;
  /** For a browser test: the toasts, alerts and status messages on its page when it failed. */
  page?: string[];
}
export function pageAtFailure(snapshot: unknown): string[];
export function errorExcerpt(error: unknown): string[];
export function vitestFailures(result: unknown): TestFailure[];
export function playwrightFailures(report: unknown): TestFailure[];
