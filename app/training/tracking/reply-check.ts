/**
 * What a reply to a verification drill does (issue #36), read once and never kept: the person
 * "checked first" (asked for the family's code word, said they will call back on a number they
 * already have, asked something only the real person would know), or "gave away" something (a
 * code, a number, a yes to sending money). A reply that does both gave something away: the code
 * is already out. Anything else ("who is this?" alone, "ok", "lol") decides nothing.
 *
 * Plain patterns, so a parent can read why a reply counted; tests/unit/reply-check.test.ts holds
 * hand-made replies of both kinds and ordinary ones that must decide nothing.
 */
export type ReplyVerdict = "checked-first" | "gave-away" | null;

/** A code, a card or account number: four or more digits in a row, spaces or dashes allowed. */
const DIGITS = /(?:\d[\s-]?){4,}/;

const GAVE_AWAY = [
  DIGITS,
  /\b(?:here(?:'s| is)|this is) (?:the|my|your) (?:code|pin|number|password)\b/i,
  /\bmy (?:password|pin) is\b/i,
  /\b(?:i'?ll|i will|i can|i'?m going to|gonna|will) (?:send|buy|get|wire|transfer|pay|venmo|zelle)\b/i,
  /\b(?:sending|buying|sent|bought|paid|transferring|wiring) (?:it|them|the (?:money|cards?|code|cash)|now|you)\b/i,
  /\bon my way to (?:the )?(?:store|bank|atm)\b/i,
  /^\s*(?:yes|yeah|yep|ok|okay|sure|done)\b[^?]*\b(?:send|buy|pay|money|cards?|code|cash|help)\b/i,
  /^\s*(?:yes|y|yep|yeah)\s*[.!]*\s*$/i,
];

const CHECKED_FIRST = [
  /\bcode ?word\b/i,
  /\bsafe ?word\b/i,
  /\bfamily (?:password|word)\b/i,
  /\b(?:i'?ll|i will|let me|going to|gonna) (?:call|phone|ring) (?:you|your|mom|dad|them|the bank|my bank|back)\b/i,
  /\bcall(?:ing)? (?:you|them|the bank|my bank) (?:back|first)\b/i,
  /\b(?:number|phone) (?:i (?:already )?have|on (?:the back of )?my card|i know)\b/i,
  /\b(?:your|the) (?:old|usual|real) number\b/i,
  /\bprove (?:it|who you are|that)\b/i,
  /\b(?:what(?:'s| is| was)|tell me) (?:my|your|our|the name of)\b[^?]{0,40}\?/i,
  /\b(?:check|verify|confirm) (?:with|this with|first|it first|that)\b/i,
  /\bask (?:mom|dad|your (?:mom|dad|parents?)|my (?:mom|dad|parents?))\b/i,
];

export function classifyReply(body: string): ReplyVerdict {
  const text = body.replace(/\s+/g, " ").trim();
  if (!text) return null;
  if (GAVE_AWAY.some((pattern) => pattern.test(text))) return "gave-away";
  if (CHECKED_FIRST.some((pattern) => pattern.test(text))) return "checked-first";
  return null;
}
