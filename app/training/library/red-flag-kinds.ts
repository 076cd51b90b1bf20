/**
 * Kinds of red flag that look the same in every message: a prize claim, a rush, shouting capitals.
 * A short, explainable rule set (patterns → "this is a red flag"), used twice:
 *
 * - the library check (practice-scenario-checks.ts): when one scenario counts a kind as a red flag,
 *   every scenario that shows that kind must count it too, at least once. Otherwise the trainer
 *   would call "CONGRATULATION!!!" a red flag in one message and "not a red flag" in another.
 * - the trainer (red-flag-trainer/candidates.ts): a marked part that shows a kind the message counts
 *   elsewhere (the subject's "YOU WON!!!" when the body's "has WON" is the counted red flag) is a
 *   good instinct, worth half a red flag, not a false alarm.
 *
 * Pure, with no runtime imports: the browser (the free taste) cuts messages with it too.
 */

export type RedFlagKindId = "prize" | "rush" | "shouting";

export interface RedFlagKind {
  id: RedFlagKindId;
  /** "a prize claim": how the check's messages name the kind. */
  name: string;
  /** The rule in words, for the check's message and the README. */
  rule: string;
  patterns: readonly RegExp[];
}

const DAY = "(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day";
const SPAN = "(?:minutes?|mins?|hours?|hrs?|days?)";

/**
 * In priority order: a part showing several kinds is tied to the first one the message counts
 * ("YOU WON!!!" is first of all a prize claim; "NOW!!!" a rush).
 */
export const RED_FLAG_KINDS: readonly RedFlagKind[] = [
  {
    id: "prize",
    name: "a prize claim",
    rule: 'a prize you were never in for: "won" or "WON", "winner", a "draw", or you or your name, email or number "was picked", "selected", "chosen" or "drawn"',
    patterns: [
      /\bwon\b(?!['’]t)/gi,
      /\bwinners?\b/gi,
      /\b(?:prize )?draw\b/gi,
      /\b(?:was|were|been|is|are) (?:picked|selected|chosen|drawn)\b/gi,
    ],
  },
  {
    id: "rush",
    name: "a rush",
    rule: 'a deadline or a push to hurry: "within 24 hours", "in the next 10 minutes", "only 1 hour", "ends in", "by Friday", "at midnight", "TODAY", "NOW", "hurry", "urgent", "only 3 left", "goes to the next person"',
    patterns: [
      /\b(?:go(?:es)?|pass(?:es)?|given|handed) to (?:the next|next|another|someone else)\b/gi,
      new RegExp(`\\b(?:within|in) the next \\d+ ?${SPAN}\\b`, "gi"),
      new RegExp(`\\bwithin \\d+ ?${SPAN}\\b`, "gi"),
      new RegExp(`\\bonly \\d+ ?${SPAN}\\b`, "gi"),
      /\bonly \d+ [a-z]+ (?:are |is )?left\b/gi,
      new RegExp(
        `\\b(?:ends?|expires?|closes?|turns? off|stops? working) (?:in|at|by|today|tonight|on ${DAY})\\b`,
        "gi",
      ),
      new RegExp(`\\b(?:by|before) (?:\\d{1,2}(?::\\d{2})? ?(?:am|pm)|midnight|tonight|tomorrow|${DAY})\\b`, "gi"),
      /\bat midnight\b/gi,
      /\b(?:TODAY|TONIGHT|TONITE|NOW)\b/g,
      /\b(?:hurry|be quick|act fast|last chance|urgent(?:ly)?|final (?:notice|warning|reminder))\b/gi,
    ],
  },
  {
    id: "shouting",
    name: "shouting capitals",
    rule: 'an ALL-CAPS word of 2 or more letters followed by "!!" or more, such as "CONGRATS WINNER!!!"',
    patterns: [/\b(?:[A-Z]{2,} )*[A-Z]{2,}!{2,}/g],
  },
];

export interface KindMatch {
  kind: RedFlagKindId;
  start: number;
  end: number;
  text: string;
}

/** Every match of every kind in a text, by position (then kind priority). Overlaps between kinds stay. */
export function kindMatches(text: string): KindMatch[] {
  const matches: KindMatch[] = [];
  for (const kind of RED_FLAG_KINDS) {
    for (const pattern of kind.patterns) {
      for (const match of text.matchAll(pattern)) {
        matches.push({ kind: kind.id, start: match.index, end: match.index + match[0].length, text: match[0] });
      }
    }
  }
  const priority = (id: RedFlagKindId) => RED_FLAG_KINDS.findIndex((kind) => kind.id === id);
  return matches.sort((a, b) => a.start - b.start || priority(a.kind) - priority(b.kind) || a.end - b.end);
}

/** The kinds shown in text[start, end) (a match counts when it overlaps the range), in priority order. */
export function kindsWithin(matches: readonly KindMatch[], start: number, end: number): RedFlagKindId[] {
  const found = new Set(matches.filter((m) => m.start < end && start < m.end).map((m) => m.kind));
  return RED_FLAG_KINDS.map((kind) => kind.id).filter((id) => found.has(id));
}
