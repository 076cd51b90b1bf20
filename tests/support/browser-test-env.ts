/** What every browser-test server is told besides its port and database (playwright.config.ts, spec-database.ts). */
export const BROWSER_TEST_SERVER_ENV = {
  LOG_LEVEL: process.env.E2E_SERVER_LOG ? "info" : "warn",
  TRUST_PROXY: "1",
  // A link opened this soon after delivery counts as a mail scanner's: one second instead of ten.
  PRACTICE_SCANNER_WINDOW_SECONDS: "1",
  // Specs send many practice emails on one day: no warm-start cap.
  PRACTICE_WARMUP_START: "0",
};
