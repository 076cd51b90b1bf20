import { paragraphRanges } from "~/text/paragraphs";
import { sampleDeliveredForm } from "~/training/library/delivered-form";
import { displayBody } from "~/training/library/practice-message-text";
import type { AgeBand, Channel, PracticeScenario, RedFlag } from "~/training/library/practice-scenario-schema";
import { kindMatches, kindsWithin, type KindMatch, type RedFlagKindId } from "~/training/library/red-flag-kinds";
import { redFlagsInReadingOrder } from "~/training/library/red-flag-segments";

/**
 * The spot-the-red-flags trainer cuts a message into the parts a learner can mark: the sender's
 * name, its address, the subject (email) and the body in sentences. Every red flag's exact quote
 * is a part of its own; the rest of the text becomes ordinary parts (decoys), so marking
 * everything is never a winning move. Pure and free of runtime imports beyond the message text
 * helpers, so the server (members' trainer) and the browser (the free taste) cut identically.
 *
 * Ids are `<part>-<offset>` ("body-120"): stable for as long as the message text stays the same,
 * so a posted answer names exactly the parts the page showed.
 *
 * An ordinary part can share a red flag's reason (see `Relation`): marking it is a good instinct,
 * worth half a red flag (scoring.ts), and the feedback says which red flag counts it.
 */

export const TRAINER_PARTS = ["name", "address", "subject", "body"] as const;
export type TrainerPart = (typeof TRAINER_PARTS)[number];
export const CANDIDATE_ID = /^(name|address|subject|body)-\d{1,5}$/;

/** A message ready to cut: the body as displayed, with the call-to-action link's place in it. */
export interface TrainerMessage {
  channel: Channel;
  from: { name: string; address: string };
  subject?: string;
  body: string;
  links: { start: number; end: number }[];
  redFlags: readonly RedFlag[];
}

export interface Candidate {
  id: string;
  part: TrainerPart;
  start: number;
  end: number;
  text: string;
  /** Index of the red flag whose quote this part is, or null for an ordinary part. */
  redFlag: number | null;
  /**
   * For an ordinary part: the red flag whose reason it shares, or null (left out by hand-made
   * parts) when it shares none. Never set on a red flag itself.
   */
  related?: Relation | null;
}

/**
 * Why an ordinary part goes with a red flag: it shows a kind of red flag (red-flag-kinds.ts) that
 * the message counts in that red flag (the subject's "YOU WON!!!" when the body's "has WON" is
 * counted), it is the rest of the red flag's sentence ("or prize go to next person!!!" right
 * after "Offer ends in 1 HOUR"), or it is the other half of a sender that is a red flag (the name
 * "Computer Care Desk" when its address is counted: a reader who doubts the sender taps either,
 * and that is never a false alarm; issue #35).
 */
export interface Relation {
  /** Index of the red flag, as in `Candidate.redFlag`. */
  redFlag: number;
  because: RedFlagKindId | "same-sentence" | "same-sender";
}

/** A run of text within a piece; `link` for the call-to-action link (drawn as a link). */
export interface Run {
  text: string;
  link: boolean;
}

/** What the page draws: text that is a markable part (candidateId) or plain text between parts. */
export interface Piece {
  candidateId: string | null;
  runs: Run[];
}

/** The message laid out for drawing. It never says which parts are red flags. */
export interface MessageLayout {
  channel: Channel;
  name: Piece[];
  /** Null when the sender shows one thing only (a text from a number). */
  address: Piece[] | null;
  subject: Piece[] | null;
  paragraphs: Piece[][];
}

export interface CutMessage {
  candidates: Candidate[];
  layout: MessageLayout;
}

/** What a text message shows where the scenario has its `[[link]]` placeholder (a reserved domain). */
export const TEXT_LINK_STAND_IN = "https://txt-link.example/r/7Qk2";

/**
 * A library scenario as the trainer shows it: as a practice message of it would arrive (our practice
 * domain after the "@", our number for a text, "friend" for the name), with a stand-in address for
 * a text's link.
 */
export function trainerMessageFromScenario(scenario: PracticeScenario): TrainerMessage {
  const form = sampleDeliveredForm(scenario);
  const source =
    scenario.channel === "sms" ? form.body.replace(/\[\[link\]\]/g, `[[${TEXT_LINK_STAND_IN}]]`) : form.body;
  const body = displayBody(source);
  return {
    channel: scenario.channel,
    // A text shows its number once (see cutMessage).
    from: form.from.name ? form.from : { name: form.from.address, address: form.from.address },
    subject: form.subject ?? undefined,
    body: body.text,
    links: body.links.map(({ start, end }) => ({ start, end })),
    // Numbered as the feedback page numbers them: in the order a reader meets them.
    redFlags: redFlagsInReadingOrder(form, scenario.redFlags).map(({ redFlag }) => redFlag),
  };
}

interface Range {
  start: number;
  end: number;
}

const SENTENCE_END = /[.!?…]/;
const CLOSERS = /["'”’)\]]/;
/** Sentences longer than this are cut again at commas, so one part is never a whole paragraph. */
const LONG_SENTENCE = 110;
const MIN_CLAUSE = 30;

/** Cut points (exclusive ends) of sentences in text[start, end): after . ! ? (and closing quotes) before a space, and at line breaks. */
function sentenceRanges(text: string, start: number, end: number): Range[] {
  const ranges: Range[] = [];
  let from = start;
  for (let i = start; i < end; i++) {
    const char = text[i]!;
    if (char === "\n") {
      ranges.push({ start: from, end: i });
      from = i + 1;
      continue;
    }
    if (!SENTENCE_END.test(char)) continue;
    let stop = i + 1;
    while (stop < end && (SENTENCE_END.test(text[stop]!) || CLOSERS.test(text[stop]!))) stop++;
    if (stop === end || /\s/.test(text[stop]!)) {
      ranges.push({ start: from, end: stop });
      from = stop;
      i = stop - 1;
    }
  }
  ranges.push({ start: from, end });
  return ranges.flatMap((range) => clauseRanges(text, range));
}

/** A long sentence cut after commas or semicolons, each clause at least MIN_CLAUSE characters. */
function clauseRanges(text: string, range: Range): Range[] {
  if (range.end - range.start <= LONG_SENTENCE) return [range];
  const ranges: Range[] = [];
  let from = range.start;
  for (let i = range.start; i < range.end - MIN_CLAUSE; i++) {
    if ((text[i] === "," || text[i] === ";") && text[i + 1] === " " && i + 1 - from >= MIN_CLAUSE) {
      ranges.push({ start: from, end: i + 1 });
      from = i + 1;
    }
  }
  ranges.push({ start: from, end: range.end });
  return ranges;
}

/** Takes spaces (and a leading comma) off both ends; null when nothing readable is left. */
function trimmed(text: string, range: Range): Range | null {
  let { start, end } = range;
  while (start < end && /[\s,;:]/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return /[\p{L}\p{N}]/u.test(text.slice(start, end)) ? { start, end } : null;
}

function cutPart(
  part: TrainerPart,
  text: string,
  flags: { start: number; end: number; redFlag: number }[],
  hardCuts: Range[],
  sentences: boolean,
): Candidate[] {
  const ordered = [...flags].sort((a, b) => a.start - b.start);
  const candidates: Candidate[] = [];
  const addGap = (start: number, end: number) => {
    // Beside a red flag in a name or an address the rest is a fragment ("win@"): plain text.
    if (end <= start || (!sentences && ordered.length > 0)) return;
    // The link is a part of its own: cut the gap at its edges first.
    const edges = new Set([start, end]);
    for (const cut of hardCuts) {
      if (cut.start > start && cut.start < end) edges.add(cut.start);
      if (cut.end > start && cut.end < end) edges.add(cut.end);
    }
    const points = [...edges].sort((a, b) => a - b);
    for (let i = 0; i < points.length - 1; i++) {
      const pieces = sentences
        ? sentenceRanges(text, points[i]!, points[i + 1]!)
        : [{ start: points[i]!, end: points[i + 1]! }];
      for (const piece of pieces) {
        const range = trimmed(text, piece);
        // The link is suspicious in every scam, so it is never an "ordinary" part to mark wrongly.
        const inLink = range && hardCuts.some((cut) => cut.start <= range.start && range.end <= cut.end);
        if (range && !inLink) candidates.push(candidate(part, text, range, null));
      }
    }
  };
  let covered = 0;
  for (const flag of ordered) {
    addGap(covered, flag.start);
    candidates.push(candidate(part, text, flag, flag.redFlag));
    covered = flag.end;
  }
  addGap(covered, text.length);
  return candidates;
}

function candidate(part: TrainerPart, text: string, range: Range, redFlag: number | null): Candidate {
  return {
    id: `${part}-${range.start}`,
    part,
    start: range.start,
    end: range.end,
    text: text.slice(range.start, range.end),
    redFlag,
  };
}

/** Runs of one stretch of text, split where the link starts and ends. */
function runsOf(text: string, range: Range, links: Range[]): Run[] {
  const edges = new Set([range.start, range.end]);
  for (const link of links) {
    if (link.start > range.start && link.start < range.end) edges.add(link.start);
    if (link.end > range.start && link.end < range.end) edges.add(link.end);
  }
  const points = [...edges].sort((a, b) => a - b);
  const runs: Run[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    runs.push({ text: text.slice(start, end), link: links.some((l) => l.start <= start && end <= l.end) });
  }
  return runs;
}

/** The whole text of one part as pieces: each candidate, and the plain text between them. */
function piecesOf(
  text: string,
  candidates: Candidate[],
  links: Range[],
  range: Range = { start: 0, end: text.length },
) {
  const pieces: Piece[] = [];
  let at = range.start;
  for (const item of candidates) {
    if (item.end <= range.start || item.start >= range.end) continue;
    if (item.start > at) pieces.push({ candidateId: null, runs: runsOf(text, { start: at, end: item.start }, links) });
    pieces.push({ candidateId: item.id, runs: runsOf(text, item, links) });
    at = item.end;
  }
  if (at < range.end) pieces.push({ candidateId: null, runs: runsOf(text, { start: at, end: range.end }, links) });
  return pieces;
}

const PART_FIELDS: Record<RedFlag["in"], TrainerPart[]> = {
  from: ["name", "address"],
  subject: ["subject"],
  body: ["body"],
};

export class UnplaceableRedFlagError extends Error {
  constructor(quote: string) {
    super(`The red flag "${quote}" is not in its part of the message, or overlaps another`);
    this.name = "UnplaceableRedFlagError";
  }
}

/**
 * Cuts a message into candidates and a layout. Throws UnplaceableRedFlagError when a quote is
 * missing or overlaps another (the practice library's checks rule both out for its scenarios).
 */
export function cutMessage(message: TrainerMessage): CutMessage {
  // A text from a number shows the number once: name and address are the same thing.
  const oneSender = message.from.name === message.from.address;
  const texts: Record<TrainerPart, string> = {
    name: message.from.name,
    address: oneSender ? "" : message.from.address,
    subject: message.subject ?? "",
    body: message.body,
  };
  const flags: Record<TrainerPart, { start: number; end: number; redFlag: number }[]> = {
    name: [],
    address: [],
    subject: [],
    body: [],
  };
  message.redFlags.forEach((redFlag, index) => {
    for (const part of PART_FIELDS[redFlag.in]) {
      const start = texts[part].indexOf(redFlag.quote);
      if (start < 0) continue;
      const end = start + redFlag.quote.length;
      if (flags[part].some((other) => start < other.end && other.start < end)) break;
      flags[part].push({ start, end, redFlag: index });
      return;
    }
    throw new UnplaceableRedFlagError(redFlag.quote);
  });

  const byPart = {
    name: cutPart("name", texts.name, flags.name, [], false),
    address: cutPart("address", texts.address, flags.address, [], false),
    subject: cutPart("subject", texts.subject, flags.subject, [], true),
    body: cutPart("body", texts.body, flags.body, message.links, true),
  };
  const layout: MessageLayout = {
    channel: message.channel,
    name: piecesOf(texts.name, byPart.name, []),
    address: oneSender ? null : piecesOf(texts.address, byPart.address, []),
    subject: message.subject === undefined ? null : piecesOf(texts.subject, byPart.subject, []),
    paragraphs: paragraphRanges(texts.body).map((range) => piecesOf(texts.body, byPart.body, message.links, range)),
  };
  const candidates = [...byPart.name, ...byPart.address, ...byPart.subject, ...byPart.body];
  relateToRedFlags(candidates, texts);
  return { candidates, layout };
}

/** Characters between two parts of one sentence: spaces and the punctuation inside a sentence. */
const WITHIN_SENTENCE = /^[ \t,;:\-–—]*$/;
const ENDS_SENTENCE = /[.!?…]["'”’)\]]*$/;

/** Whether two parts of the same text sit side by side in one sentence. */
function sameSentence(text: string, one: Candidate, other: Candidate): boolean {
  const [first, second] = one.start < other.start ? [one, other] : [other, one];
  return (
    first.end <= second.start &&
    WITHIN_SENTENCE.test(text.slice(first.end, second.start)) &&
    !ENDS_SENTENCE.test(first.text)
  );
}

/**
 * Sets `related` on every ordinary part (deterministic: the same message always relates the same
 * way). First by kind, in red-flag-kinds.ts's priority order: the red flag that shows the same
 * kind, in the same part and nearest first, then the lowest number. Otherwise, for the sender's
 * name or address, a red flag in the other of the two; for the subject and body, a red flag right
 * beside it in the same sentence (the earlier one first).
 */
function relateToRedFlags(candidates: Candidate[], texts: Record<TrainerPart, string>) {
  const matches = Object.fromEntries(TRAINER_PARTS.map((part) => [part, kindMatches(texts[part])])) as Record<
    TrainerPart,
    KindMatch[]
  >;
  const flags = candidates.filter((candidate) => candidate.redFlag !== null);
  const kindsOf = new Map(
    flags.map((flag) => [flag.redFlag!, new Set(kindsWithin(matches[flag.part], flag.start, flag.end))]),
  );
  const distance = (flag: Candidate, part: Candidate) =>
    flag.part !== part.part ? Number.MAX_SAFE_INTEGER : Math.max(flag.start - part.end, part.start - flag.end, 0);
  const nearest = (part: Candidate, list: Candidate[]) =>
    [...list].sort((a, b) => distance(a, part) - distance(b, part) || a.redFlag! - b.redFlag!)[0];

  for (const part of candidates) {
    if (part.redFlag !== null) continue;
    part.related = null;
    for (const kind of kindsWithin(matches[part.part], part.start, part.end)) {
      const flag = nearest(
        part,
        flags.filter((candidate) => kindsOf.get(candidate.redFlag!)!.has(kind)),
      );
      if (flag) {
        part.related = { redFlag: flag.redFlag!, because: kind };
        break;
      }
    }
    if (part.related) continue;
    if (part.part === "name" || part.part === "address") {
      const sender = flags.find((flag) => (flag.part === "name" || flag.part === "address") && flag.part !== part.part);
      if (sender) part.related = { redFlag: sender.redFlag!, because: "same-sender" };
      continue;
    }
    const beside = flags
      .filter((flag) => flag.part === part.part && sameSentence(texts[part.part], flag, part))
      .sort((a, b) => a.start - b.start)[0];
    if (beside) part.related = { redFlag: beside.redFlag!, because: "same-sentence" };
  }
}

/** Age bands as the learner picks them ("who is practising"). */
export const PRACTISING: { band: AgeBand; label: string }[] = [
  { band: "adult", label: "An adult" },
  { band: "older-adult", label: "An older adult" },
  { band: "teen", label: "A teenager (13 to 17)" },
  { band: "child", label: "A child (8 to 12)" },
];
