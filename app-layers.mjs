// @ts-check
/**
 * The folders of app/ in layers, lowest first: a folder imports only folders in layers below its
 * own (issue 38, decision 058). ESLint enforces it (eslint.config.js); a folder missing from this
 * list fails the unit test that reads it (tests/unit/app-layers.test.ts).
 *
 * Two things stand outside the layers, on top: routes/ and the files directly in app/ (root.tsx,
 * the server runtime, the job runner's composition), which put the capabilities together. One
 * crossing is allowed: app/db/schema.ts gathers every capability's tables for the database client.
 */
export const APP_LAYERS = [
  // What everything may use: settings, the language of a page and its words, plain text helpers.
  ["config", "i18n", "pwa", "text"],
  // The database client, a family member's own fields, legal and SEO words, form fields.
  ["db", "family", "legal", "page-cache", "seo", "validation"],
  // The job runner.
  ["jobs"],
  // Request limits, nonces.
  ["security"],
  // Buttons, cards, dialogs, toasts.
  ["ui"],
  // The page's frame, and mail (the outbox, templates, providers).
  ["layout", "mail"],
  ["newsletter"],
  // Logins and sessions.
  ["account"],
  // Payments and membership, the community, the course.
  ["billing", "community", "course"],
  ["red-flags", "scam-updates", "support"],
  ["checker", "staff"],
  // The Training Program (its own rooms are layered too, decision 026).
  ["training"],
  // What uses the Training Program: account deletion, the check page, the trainer, weekly lessons.
  ["account-deletion", "check-page", "red-flag-trainer", "weekly"],
  ["marketing"],
];

/** The folders a file in `folder` may not import: its own layer's others and every layer above. */
export function foldersAbove(folder) {
  const layer = APP_LAYERS.findIndex((folders) => folders.includes(folder));
  if (layer === -1) return [];
  return APP_LAYERS.slice(layer)
    .flat()
    .filter((other) => other !== folder);
}
