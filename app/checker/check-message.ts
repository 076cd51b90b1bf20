import type { MessagePart } from "./message-part";
import { prepareMessage, type PreparedMessage } from "./prepared-message";
import { asksToOpenALink } from "./asks";
import type { AskKind, HiddenSpelling, RuleMatch, SignWeight } from "./rule";
import { RULES } from "./rules/all-rules";
import { decide, weightOf, type FoundSign, type Verdict } from "./verdict";
import type { CheckInput, SignField, SignId } from "./sign-ids";

/**
 * "Is this a scam?": looks for the warning signs of a scam in a message someone pasted, and
 * explains each one where it appears. It only reads the words: nothing leaves the page, nothing is
 * looked up, so it runs the same in the browser and on the server. Finding no signs does not make
 * a message safe, and the page must say so.
 */

export { SIGN_IDS } from "./sign-ids";
export type { CheckInput, SignField, SignId } from "./sign-ids";
export type { AskKind } from "./rule";
export type { Verdict } from "./verdict";

/** The longest text the API accepts, in characters. */
export const MAX_CHECK_TEXT = 20_000;

export type WarningSign = {
  id: SignId;
  field: SignField;
  linkIndex?: number;
  /** The exact words matched: the field's own text from start to end. */
  quote: string;
  start: number;
  end: number;
  /** 1..n in reading order: sender, subject, text from top to bottom, then the links. */
  number: number;
  title: string;
  why: string;
  learnMore: string;
  coursePage: string;
  weight: SignWeight;
  /** One of the signs that decided the answer. */
  deciding: boolean;
  /** What the reader cannot see in the quote itself, e.g. a punycode address decoded. */
  detail?: string;
  /** The same as data, for pages that word it in another language. */
  hiddenSpelling?: HiddenSpelling;
};

export type CheckResult = {
  verdict: Verdict;
  signs: WarningSign[];
  /** What the message asks the reader to do (for a warning). */
  asks: AskKind[];
};

/** More highlights of the same sign add noise, not information. */
const MOST_PER_RULE = 3;

const FIELD_ORDER: SignField[] = ["sender", "subject", "text", "links"];

function readingOrder(a: RuleMatch, b: RuleMatch): number {
  return (
    FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field) ||
    (a.linkIndex ?? 0) - (b.linkIndex ?? 0) ||
    a.start - b.start ||
    a.end - b.end
  );
}

function samePlace(a: RuleMatch, b: RuleMatch): boolean {
  return a.field === b.field && a.linkIndex === b.linkIndex;
}

function overlaps(a: RuleMatch, b: RuleMatch): boolean {
  return samePlace(a, b) && a.start < b.end && b.start < a.end;
}

/**
 * One rule's matches without overlaps, at most MOST_PER_RULE, in reading order. Decisive matches
 * first, then the longest win, both among overlapping ones and for the places kept: a longer match quotes more
 * of what the message asks, which is what the reader needs to see.
 */
function tidy(matches: RuleMatch[]): RuleMatch[] {
  // A decisive match is kept before a longer ordinary one on the same words: it decides the answer.
  const isDecisive = (match: RuleMatch) => (match.weight === "decisive" ? 1 : 0);
  const byLength = [...matches].sort(
    (a, b) => isDecisive(b) - isDecisive(a) || b.end - b.start - (a.end - a.start) || readingOrder(a, b),
  );
  const kept: RuleMatch[] = [];
  for (const match of byLength) {
    // Only the first MOST_PER_RULE are shown: comparing every match with every other would grow with the square.
    if (kept.length === MOST_PER_RULE) break;
    if (!kept.some((other) => overlaps(match, other))) kept.push(match);
  }
  return kept.sort(readingOrder);
}

/** The part a match is in: looked up by place, since a long message can have thousands of matches. */
function partOf(message: PreparedMessage, match: RuleMatch): MessagePart | undefined {
  if (match.field === "links") return match.linkIndex === undefined ? undefined : message.links[match.linkIndex];
  return message.wording.find((part) => part.field === match.field);
}

/** The same words again in the same part ("Maplebank" in every paragraph) add nothing: the first stays. */
function withoutRepeats(matches: RuleMatch[], message: PreparedMessage): RuleMatch[] {
  const seen = new Set<string>();
  return [...matches].sort(readingOrder).filter((match) => {
    const part = partOf(message, match);
    const key = `${match.field}:${match.linkIndex ?? ""}:${part?.folded.slice(match.start, match.end).replace(/\s+/g, " ")}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function checkMessage(input: CheckInput): CheckResult {
  const message = prepareMessage(input);
  const found: FoundSign[] = RULES.flatMap((rule) =>
    tidy(withoutRepeats(rule.find(message), message)).map((match) => ({ rule, match })),
  );
  const decision = decide(found, asksToOpenALink(message));
  const shown: FoundSign[] = [];
  for (const sign of decision.shown) {
    // Two signs on exactly the same words would be two highlights on one place: the first rule keeps it.
    const taken = shown.some(
      ({ match: other }) =>
        samePlace(sign.match, other) && other.start === sign.match.start && other.end === sign.match.end,
    );
    if (!taken) shown.push(sign);
  }
  const originals: Record<SignField, (linkIndex?: number) => string> = {
    sender: () => input.sender ?? "",
    subject: () => input.subject ?? "",
    text: () => input.text,
    links: (linkIndex) => input.links?.[linkIndex ?? 0] ?? "",
  };
  const signs = shown
    .sort((a, b) => readingOrder(a.match, b.match) || RULES.indexOf(a.rule) - RULES.indexOf(b.rule))
    .map((sign, index): WarningSign => {
      const { rule, match } = sign;
      return {
        id: rule.id,
        field: match.field,
        ...(match.linkIndex === undefined ? {} : { linkIndex: match.linkIndex }),
        quote: originals[match.field](match.linkIndex).slice(match.start, match.end),
        start: match.start,
        end: match.end,
        number: index + 1,
        title: rule.title,
        why: rule.why,
        learnMore: rule.page.learnMore,
        coursePage: rule.page.coursePage,
        weight: weightOf(sign),
        deciding: decision.deciding.has(sign),
        ...(match.detail ? { detail: match.detail } : {}),
        ...(match.hiddenSpelling ? { hiddenSpelling: match.hiddenSpelling } : {}),
      };
    });
  return { verdict: signs.length > 0 ? decision.verdict : "none-found", signs, asks: decision.asks };
}
