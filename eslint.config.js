// @ts-check
/**
 * Lint rules `npm test` enforces: typescript-eslint's recommended set, the Rules of Hooks, and
 * jsx-a11y's recommended accessibility checks (families with screen readers and keyboards use this
 * site), and the imports a folder may not make (below). Formatting is Prettier's job
 * (`npm run format`), so no style rules here; `npm run lint` also runs madge for import cycles.
 */
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Imports a capability (a folder under app/: account, billing, training, …) may not make. They all
 * live in one `no-restricted-imports` rule because a second one for the same files would replace
 * this one, not add to it: add a new boundary to this list.
 */
const capabilityImportBoundaries = [
  {
    group: ["~/background-jobs.server", "**/background-jobs.server"],
    message:
      "app/background-jobs.server.ts lists every queue and imports every capability that has one, so importing it from a capability makes an import cycle through the whole app. Export a register…(runner, …) function (JobRunner from ~/jobs/job-runner.server) and call it from the list instead.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "data/",
      "test-results/",
      "playwright-report/",
      "node_modules/",
      "drizzle/",
      "bench/results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ["app/*/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: capabilityImportBoundaries }],
    },
  },
);
