import { z } from "zod";
import { RED_FLAGS_PATH, redFlagPagePath } from "~/red-flags/red-flag-paths";
import { cutMessage } from "~/red-flag-trainer/candidates";
import { roundFeedback, type RoundFeedback } from "~/red-flag-trainer/feedback";
import { scoreAttempt } from "~/red-flag-trainer/scoring";
import { SAMPLE_EMAILS, SAMPLE_RED_FLAG_PAGES, TASTE_ROUND_IDS, sampleTrainerMessage } from "./sample-emails";

/**
 * The free taste of the spot-the-red-flags trainer (the "Sample Practice Scam Emails" on the home
 * and pricing pages): three sample emails as trainer rounds, scored by the members' rules. It is a
 * plain form that asks with GET: the marks travel in the address, the page answers with the
 * feedback, and nothing is stored, set or counted (no cookie, no row). Issue #24, decision 038.
 */

export const TASTE_PATH = "/sample-emails";

export const TASTE_ROUNDS = TASTE_ROUND_IDS.map((id) => {
  const email = SAMPLE_EMAILS.find((sample) => sample.id === id)!;
  const message = sampleTrainerMessage(email);
  return { email, message, cut: cutMessage(message) };
});

/** Red flags found and flags seen in the rounds before this one, carried along in the address. */
export interface TasteTotals {
  found: number;
  flags: number;
}

const count = z.coerce.number().int().min(0).max(100).catch(0);

/** What the address may say; anything else falls back to the first round. */
export const TasteQuerySchema = z.object({
  round: z.coerce.number().int().min(1).max(TASTE_ROUNDS.length).catch(1),
  checked: z.literal("1").optional().catch(undefined),
  done: z.literal("1").optional().catch(undefined),
  mark: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .catch([]),
  found: count,
  flags: count,
});

export function readTasteQuery(url: URL) {
  const params: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    params[key] = key === "mark" ? values : values[0]!;
  }
  return TasteQuerySchema.parse(params);
}

/** The feedback for one round's marks, or null when a mark names no part of that email. */
export function tasteFeedback(roundIndex: number, marks: readonly string[]): RoundFeedback | null {
  const round = TASTE_ROUNDS[roundIndex]!;
  const outcome = scoreAttempt(round.cut.candidates, [...new Set(marks)]);
  if (!outcome.ok) return null;
  // Public, like every "Learn more", and no course link: the visitor trying the taste has no
  // account, and the course would only show them a sign-in form (issue #35).
  return roundFeedback(round.message, round.cut.candidates, outcome.score, ({ page }) => {
    const title = SAMPLE_RED_FLAG_PAGES[page];
    return {
      learnMore: title
        ? { title, href: redFlagPagePath(page) }
        : { title: "Red flags: how to spot a scam", href: RED_FLAGS_PATH },
    };
  });
}

/** Where the taste goes next, with the totals so far in the address. */
export function tastePath(query: { round?: number; done?: boolean } & TasteTotals): string {
  const params = new URLSearchParams();
  if (query.done) params.set("done", "1");
  else params.set("round", String(query.round ?? 1));
  params.set("found", String(query.found));
  params.set("flags", String(query.flags));
  return `${TASTE_PATH}?${params}`;
}
