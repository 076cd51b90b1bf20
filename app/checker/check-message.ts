import type { MessagePart } from "./message-part";
import { prepareMessage, type PreparedMessage } from "./prepared-message";
import type { Rule, RuleMatch } from "./rule";
import { RULES } from "./rules/all-rules";
import type { CheckInput, SignField, SignId } from "./sign-ids";

/**
 * "Is this a scam?": looks for the warning signs of a scam in a message someone pasted, and
 * explains each one where it appears. It only reads the words: nothing leaves the page, nothing is
 * looked up, so it runs the same in the browser and on the server. Finding no signs does not make
 * a message safe, and the page must say so.
 */

export { SIGN_IDS } from "./sign-ids";
export type { CheckInput, SignField, SignId } from "./sign-ids";

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
};

export type CheckResult = { signs: WarningSign[]; verdict: "warning-signs" | "none-found" };

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
 * One rule's matches without overlaps, at most MOST_PER_RULE, in reading order. The longest
 * matches win, both among overlapping ones and for the places kept: a longer match quotes more
 * of what the message asks, which is what the reader needs to see.
 */
function tidy(matches: RuleMatch[]): RuleMatch[] {
  const byLength = [...matches].sort((a, b) => b.end - b.start - (a.end - a.start) || readingOrder(a, b));
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
  const found = RULES.map((rule) => ({ rule, matches: tidy(withoutRepeats(rule.find(message), message)) })).filter(
    ({ matches }) => matches.length > 0,
  );
  const isWeak = (rule: Rule, match: RuleMatch) => match.weak ?? rule.weak ?? false;
  const strong = found.some(({ rule, matches }) => matches.some((match) => !isWeak(rule, match)));
  const shown: { rule: Rule; match: RuleMatch }[] = [];
  for (const { rule, matches } of found) {
    for (const match of matches) {
      if (isWeak(rule, match) && !strong) continue;
      // Two signs on exactly the same words would be two highlights on one place: the first rule keeps it.
      const taken = shown.some(
        ({ match: other }) => samePlace(match, other) && other.start === match.start && other.end === match.end,
      );
      if (!taken) shown.push({ rule, match });
    }
  }
  const originals: Record<SignField, (linkIndex?: number) => string> = {
    sender: () => input.sender ?? "",
    subject: () => input.subject ?? "",
    text: () => input.text,
    links: (linkIndex) => input.links?.[linkIndex ?? 0] ?? "",
  };
  const signs = shown
    .sort((a, b) => readingOrder(a.match, b.match) || RULES.indexOf(a.rule) - RULES.indexOf(b.rule))
    .map(({ rule, match }, index): WarningSign => ({
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
    }));
  return { signs, verdict: signs.length > 0 ? "warning-signs" : "none-found" };
}
