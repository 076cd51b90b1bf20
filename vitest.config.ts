import mdx from "@mdx-js/rollup";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkMdxFrontmatter from "remark-mdx-frontmatter";
import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  // The same MDX pipeline as vite.config.ts, for server modules that render content (weekly lessons).
  plugins: [mdx({ remarkPlugins: [remarkFrontmatter, [remarkMdxFrontmatter, { name: "frontmatter" }], remarkGfm] })],
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
      AUTH_SECRET: "test-secret-that-is-at-least-32-characters-long",
      APP_URL: "http://localhost:3000",
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: keep PGlite instances from fighting over them.
    maxWorkers: 2,
  },
});
