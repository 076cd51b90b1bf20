import type { MessagePart } from "./message-part";
import type { RuleMatch } from "./rule";

/**
 * Helpers for rules written as lists of phrases. Patterns are written in the folded form
 * (fold-text.ts): lower case, no accents, straight apostrophes. A space in a pattern matches any
 * run of spaces or line breaks, and " ?" matches none as well ("24hrs"). A named group `q`
 * narrows the highlight to that group, for a phrase that needs context to be sure ("pay ... by
 * Friday") but should only mark the telling words ("by Friday").
 */

const LETTER_BEFORE = String.raw`(?<![\p{L}\p{N}_])`;
/** "won" must not match inside "won't": an apostrophe and more letters continue the word. */
const LETTER_AFTER = String.raw`(?![\p{L}\p{N}_]|'[\p{L}])`;

/** One pattern from alternatives, each matched as whole words. */
export function phrases(...alternatives: string[]): RegExp {
  let narrowings = 0;
  const body = alternatives
    .map((source) => source.replaceAll(" ?", String.raw`\s*`).replaceAll(" ", String.raw`\s+`))
    // One regular expression may not repeat a group name (before ES2025), so each `q` gets a number.
    .map((source) => source.replaceAll("(?<q>", () => `(?<q${narrowings++}>`))
    .join("|");
  return new RegExp(`${LETTER_BEFORE}(?:${body})${LETTER_AFTER}`, "gdu");
}

/** "your", as people also type it in a text. */
export const YOUR = "(?:your|ur|yr)";
/** Up to `n` characters of the same sentence: lets "send me the 6-digit code" match "send ... code". */
export const WITHIN = (n: number) => String.raw`[^.!?\n]{0,${n}}?`;

export interface PhraseOptions {
  /** Drop a match when this says so (e.g. the sentence says "never"). */
  unless?: (part: MessagePart, start: number, end: number) => boolean;
}

export function findPhrases(parts: readonly MessagePart[], pattern: RegExp, options: PhraseOptions = {}): RuleMatch[] {
  const found: RuleMatch[] = [];
  for (const part of parts) {
    for (const match of part.folded.matchAll(pattern)) {
      const narrowed = Object.entries(match.indices?.groups ?? {}).find(
        ([name, span]) => /^q\d+$/.test(name) && span !== undefined,
      )?.[1];
      const [start, end] = narrowed ?? [match.index, match.index + match[0].length];
      if (end <= start) continue;
      if (options.unless?.(part, start, end)) continue;
      found.push({
        field: part.field,
        ...(part.linkIndex === undefined ? {} : { linkIndex: part.linkIndex }),
        start,
        end,
      });
    }
  }
  return found;
}

/** The sentence before `start`, at most `reach` characters back: where a "never" or "don't" would be. */
function clauseBefore(folded: string, start: number, reach = 60): string {
  const before = folded.slice(Math.max(0, start - reach), start);
  const cut = Math.max(
    before.lastIndexOf("."),
    before.lastIndexOf("!"),
    before.lastIndexOf("?"),
    before.lastIndexOf("\n"),
  );
  return before.slice(cut + 1);
}

/**
 * A word that denies what follows: "never", "not", "no one", Spanish "no" ("no tendra que
 * pagar"). "At no cost to you, reply with your number" still asks: "no cost" denies nothing.
 */
const NEGATION =
  /(?<![\p{L}])(?:never|not|nobody|no one|no (?:real |legitimate |honest |genuine )?(?:bank|company|business|agency|one|person|employee|staff|government|organi[sz]ation)s?|no(?! (?:cost|charge|extra|fee|obligation|later|more|longer|problem|worries|costo|cargo adicional))|n't|dont|doesnt|wont|nunca|jamas|ni|nadie|ningun[ao]?)(?![\p{L}])|n't/u;
const EVERY_NEGATION = new RegExp(NEGATION.source, "gu");
const NEW_CLAUSE_SOURCE = String.raw`,|;|:|(?<![\p{L}])(?:so|and|but|then|please|pls|just|y|pero|asi que|entonces|por favor)(?![\p{L}])`;
const NEW_CLAUSE = new RegExp(NEW_CLAUSE_SOURCE, "u");
const NEW_CLAUSE_GLOBAL = new RegExp(NEW_CLAUSE_SOURCE, "gu");
/** The words before a purpose's "not": "para no", "so you don't", "in order not to", "to avoid". */
const PURPOSE = /(?<![\p{L}])(?:para|so (?:that )?(?:you |u |it |we |i )?|in order|so as)\s*$/u;
/** "If you do not confirm ..." is a threat, not a reassurance: a condition does not negate. */
const CONDITION = /(?<![\p{L}])(?:if|unless|or|otherwise|si|de lo contrario)(?![\p{L}])/u;

/** "… never ask you to move money, share a code, or give your PIN": one "never ask" over a list. */
const ASKS_FOR_A_LIST =
  /^\s*(?:[\p{L}']+ ){0,2}(?:ask|asks|request|requests|require|requires|pedir|pide|pedira|pediremos|pedimos|solicita|solicitara|solicitaremos)(?: (?:you|u|le|te|les))?(?: (?:to|for|que|por))?(?![\p{L}])/u;
const BREAKS_THE_LIST = /;|:|(?<![\p{L}])(?:so|but|then|please|pls|just|pero|asi que|entonces|por favor)(?![\p{L}])/u;

function isListOfRequests(afterNegation: string): boolean {
  return ASKS_FOR_A_LIST.test(afterNegation) && !BREAKS_THE_LIST.test(afterNegation);
}

/**
 * True when the words just before a request deny it: "we will never ask for your PIN", "don't
 * share this code", "no comparta este codigo". Honest messages say these things; scams do not.
 */
export function isDenied(part: MessagePart, start: number): boolean {
  // A longer reach only for a strong negation, which can govern a list of requests: "will never
  // ask you to move money to a "safe account" or to share a one-time code". A plain "no" that far
  // back ("casi no puedo hablarte 😢 me ayudas con …") denies nothing.
  return deniesWithin(part, start, 50) || deniesWithin(part, start, 90, { strongOnly: true });
}

/** "no", "not", "ni", "n't": too common to deny anything from far away. */
const WEAK_NEGATION = /^(?:no|not|ni|n't)$/;

function deniesWithin(part: MessagePart, start: number, reach: number, { strongOnly = false } = {}): boolean {
  const clause = clauseBefore(part.folded, start, reach);
  // The negation nearest the request is the one that speaks of it: "won't text you about a
  // refund and won't demand payment by gift card".
  const negation = [...clause.matchAll(EVERY_NEGATION)].at(-1);
  if (!negation || (strongOnly && WEAK_NEGATION.test(negation[0]))) return false;
  // "Para no perder su caso, pague ...", "so you don't lose access, send ...": a purpose, not a denial.
  const negationAt = start - clause.length + negation.index;
  if (PURPOSE.test(part.folded.slice(Math.max(0, negationAt - 16), negationAt))) return false;
  // "The bank can't reverse it, so please pay with gift cards": a new clause after the negation
  // starts a new request; the "can't" denied the reversal, not the payment.
  const afterNegation = clause.slice(negation.index + negation[0].length);
  if (NEW_CLAUSE.test(afterNegation) && !isListOfRequests(afterNegation)) return false;
  // "If you do not pay …" is a threat: a condition in the negation's own clause.
  const beforeNegation = clause.slice(0, negation.index);
  const ownClause = beforeNegation.slice(
    Math.max(0, ...[...beforeNegation.matchAll(NEW_CLAUSE_GLOBAL)].map((m) => m.index + m[0].length)),
  );
  return !CONDITION.test(ownClause);
}

const SCAMMER =
  /(?<![\p{L}])(?:scammers?|fraudsters?|criminals?|crooks?|impost[oe]rs?|thieves|estafadores?|delincuentes?|impostores?)(?![\p{L}])/u;
const THEY_ASK_YOU =
  /(?<![\p{L}])(?:(?:scammers?|fraudsters?|criminals?|crooks?|impost[oe]rs?|thieves|they|estafadores?|delincuentes?|impostores?)(?: [\p{L}']+){0,3} (?:ask|asks|asking|tell|tells|telling|want|wants|pressure|pressures|pressuring|trick|tricks|tricking|urge|urges|urging|instruct|instructs|get|gets|getting)(?: [\p{L}']+){0,2} (?:you|u)|(?:estafadores?|delincuentes?|impostores?|ellos)(?: [\p{L}']+){0,3} (?:le|te|les) (?:piden|pide|dicen|dice|exigen|presionan|quieren convencer))(?![\p{L}])/u;

/**
 * "Scammers may ask you to buy gift cards", "They tell you to move money to a 'safe account'": a
 * bank's or a school's warning describes a scammer's request; it does not make one. True when the
 * sentence before `start` has scammers (or "they", after a sentence about scammers) asking or
 * telling "you" something. A scam tells you what to do itself; it does not quote a scammer.
 */
export function describesScammers(part: MessagePart, start: number): boolean {
  const sentence = clauseBefore(part.folded, start, 200);
  if (!THEY_ASK_YOU.test(sentence)) return false;
  if (SCAMMER.test(sentence)) return true;
  const sentenceStart = start - sentence.length;
  return SCAMMER.test(part.folded.slice(Math.max(0, sentenceStart - 300), sentenceStart));
}
