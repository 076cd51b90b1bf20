// @ts-check
/**
 * Lint rules `npm test` enforces: typescript-eslint's recommended set, the Rules of Hooks, and
 * jsx-a11y's recommended accessibility checks (families with screen readers and keyboards use this
 * site), and the imports a folder may not make (below). Formatting is Prettier's job
 * (`npm run format`), so no style rules here; `npm run lint` also runs madge for import cycles.
 */
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { APP_LAYERS, foldersAbove } from "./app-layers.mjs";

/** The folders under app/: the capabilities (account, billing, training, …), routes/ and shared helpers. */
const appFolders = readdirSync(new URL("./app", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const backgroundJobsBoundary = {
  group: ["~/background-jobs.server", "**/background-jobs.server"],
  message:
    "app/background-jobs.server.ts lists every queue and imports every capability that has one, so importing it from a capability makes an import cycle through the whole app. Export a register…(runner, …) function (JobRunner from ~/jobs/job-runner.server) and call it from the list instead.",
};

const schemaBoundary = {
  regex: "^(?:~/|(?:\\.\\./)+)db/schema(?:\\.ts)?$",
  message:
    "app/db/schema.ts gathers every capability's tables for the database client only: importing it would read other capabilities' tables around the rule that keeps each capability's tables its own. Import your own capability's tables, and ask another capability through the functions it exports.",
};

/**
 * A capability's tables are its own: a file in app/<folder>/ may import `~/<folder>/tables` (or
 * `./tables`, `../tables`) and no other folder's, by `~/` or by a relative path that leaves it.
 */
const tablesBoundary = (folder) => ({
  regex: `^(?:~/|(?:\\.\\./)+)(?!(?:${folder}|\\.\\.?)/)[^/]+/tables(?:\\.tsx?)?$`,
  message:
    "A capability's tables are its own: only files in app/<capability>/ read or write app/<capability>/tables.ts, so it can change them and keep its rules in one place. Ask the owner through a function it exports instead (e.g. ~/mail/message-status.server for what happened to a message, ~/billing/subscription-holders.server for a subscription's holder and the newest-subscription rule, ~/account/accounts.server for an account); if it has none for what you need, add one there (a subquery builder when it must join a bigger query). See docs/decisions/027-capability-boundaries.md.",
});

/** Route modules own no tables, so they may import none. */
const routeTablesBoundary = {
  regex: "^(?:~/|(?:\\.\\./)+)[^/]+/tables(?:\\.tsx?)?$",
  message:
    "A route module is a thin page: it calls the functions of the capability that owns the data (app/<capability>/…server.ts, e.g. accountName from ~/account/accounts.server) and never reads tables itself. Move the query into that capability, export it, and call it here.",
};

/**
 * The only files that may import another capability's tables: app/db/schema.ts, which gathers them
 * all for the database client, and each capability's tables.ts, whose foreign keys name the tables
 * they point at (drizzle needs the column itself).
 */
const tableGatherers = ["app/db/schema.ts", "app/*/tables.ts"];

/**
 * Imports a file in app/<folder>/ may not make. They all live in one `no-restricted-imports` rule
 * because a second one for the same files would replace this one, not add to it: add a new
 * boundary to this list.
 */
/** The Training Program's rooms, lowest first (decision 026): a room imports only the rooms before it. */
const trainingRooms = ["library", "people", "sending", "tracking", "results", "program-health"];

/** The rooms above `room`, by `~/training/<room>/` or a relative path (`../results/…`). */
const trainingRoomBoundary = (room) => ({
  regex: `^(?:~/training/|(?:\\.\\./)+)(?:${trainingRooms.slice(trainingRooms.indexOf(room) + 1).join("|")})/`,
  message: `The Training Program's rooms import downwards only (${trainingRooms.join(" → ")}), so each can be read and changed with only the rooms below it in mind (decision 026). Move what both need into the lower room, or let the upper room call the lower one.`,
});

/** A folder imports only the layers below its own (app-layers.mjs, decision 058). */
const layerBoundary = (folder) => {
  const above = foldersAbove(folder);
  if (above.length === 0) return [];
  return [
    {
      regex: `^~/(?:${above.join("|")})/`,
      message: `app/ is layered (app-layers.mjs): ${folder}/ imports only folders in the layers below it, so it can be read and changed with only those in mind. Move what both need down (as app/family/ holds a family member's fields), or let the upper folder call this one (an event or a parameter, as email-confirmed.server.ts does). Layers, lowest first: ${APP_LAYERS.map((layer) => layer.join(", ")).join(" | ")}.`,
    },
  ];
};

const capabilityImportBoundaries = (folder) => [
  backgroundJobsBoundary,
  ...(folder === "db" ? [] : [schemaBoundary]),
  folder === "routes" ? routeTablesBoundary : tablesBoundary(folder),
  ...layerBoundary(folder),
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
  ...appFolders.map((folder) => ({
    files: [`app/${folder}/**/*.{ts,tsx}`],
    ignores: tableGatherers,
    rules: {
      "no-restricted-imports": ["error", { patterns: capabilityImportBoundaries(folder) }],
    },
  })),
  // Each training room again, with its own boundary added: this config replaces the folder's
  // `no-restricted-imports` for these files, so it repeats the folder's patterns.
  ...trainingRooms.slice(0, -1).map((room) => ({
    files: [`app/training/${room}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [...capabilityImportBoundaries("training"), trainingRoomBoundary(room)] },
      ],
    },
  })),
  {
    files: tableGatherers,
    rules: {
      "no-restricted-imports": ["error", { patterns: [backgroundJobsBoundary, schemaBoundary] }],
    },
  },
);
