import mdx from "@mdx-js/rollup";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkMdxFrontmatter from "remark-mdx-frontmatter";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { fileURLToPath } from "node:url";
import { inlineScripts } from "./vite-inline-scripts.ts";

/**
 * Vitest starts the files that take longest first, so that on two cores no long file starts last
 * and runs alone at the end. Vitest does this by itself from the durations it cached on an earlier
 * run, but a fresh clone (CI) has no cache, and then it keeps the plain order: a 30-second file
 * started last kept one core idle for half a minute. These are the files that wait on outside
 * things (child processes, real clocks, claim expiry), longest first; the rest follow as usual.
 */
const SLOWEST = [
  "tests/integration/http-server.test.ts",
  "tests/integration/job-runner.test.ts",
  "tests/integration/outbox.test.ts",
  "tests/integration/text-messages.test.ts",
  "tests/integration/consent-bypasses.test.ts",
  "tests/integration/accounts.test.ts",
  "tests/integration/practice-crash-recovery.test.ts",
  "tests/integration/checkout.test.ts",
  "tests/integration/staff.test.ts",
  "tests/integration/newsletter-sync.test.ts",
  "tests/integration/auth-endpoints.test.ts",
];

function rank(file: TestSpecification) {
  const index = SLOWEST.findIndex((slow) => file.moduleId.endsWith(slow));
  return index === -1 ? SLOWEST.length : index;
}

class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const usual = await super.sort(files);
    // Array.prototype.sort is stable: files outside the list keep Vitest's own order.
    return usual.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  // The same MDX pipeline as vite.config.ts, for server modules that render content (weekly lessons).
  // The same inline scripts (*.inline.ts as text), for the components that render them.
  plugins: [
    mdx({ remarkPlugins: [remarkFrontmatter, [remarkMdxFrontmatter, { name: "frontmatter" }], remarkGfm] }),
    inlineScripts(),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
    environment: "node",
    // Migrates one embedded database for the whole run; each suite's PGlite starts from a copy.
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    env: {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      // Tests send many practice emails on one day; the warm start's own test turns it on.
      PRACTICE_WARMUP_START: "0",
      AUTH_SECRET: "test-secret-that-is-at-least-32-characters-long",
      APP_URL: "http://localhost:3000",
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: keep PGlite instances from fighting over them.
    maxWorkers: 2,
    sequence: { sequencer: SlowFilesFirst },
  },
});
