/**
 * Where the public red-flag pages live (content/red-flags/<slug>.md, served at /red-flags/<slug>).
 * Shared by the server and the browser: the free taste of the trainer builds its links here.
 */
export const RED_FLAGS_PATH = "/red-flags";

export function redFlagPagePath(slug: string): string {
  return `${RED_FLAGS_PATH}/${slug}`;
}

/** "deadlines", "look-alike-senders-and-links": a page's file name, and its address under /red-flags/. */
export const RED_FLAG_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
