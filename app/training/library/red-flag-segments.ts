import { findRedFlagSpan, partText, displayBody, type MessagePart } from "./practice-message-text";
import { sampleDeliveredForm, type DeliveredForm } from "./delivered-form";
import type { PracticeScenario, RedFlag } from "./practice-scenario-schema";
import { paragraphRanges } from "~/text/paragraphs";

/**
 * A practice message cut into pieces for the feedback page: plain text, and the numbered red
 * flags to highlight. Red flags are numbered in reading order, the sender first, then the subject,
 * then the body from top to bottom (the explanations under the message follow the same numbers), so
 * a reader on a phone meets 1, 2, 3 down the page. Validation rejects overlapping quotes, so each
 * highlighted piece belongs to exactly one red flag; adjacent quotes stay separate pieces.
 */

export interface Segment {
  text: string;
  /** Offsets in the part's display text. */
  start: number;
  end: number;
  /** 1-based red flag number, or null for plain text. */
  flag: number | null;
  /** Inside the call-to-action link (body only). For SMS the link text is the `link` placeholder. */
  link: boolean;
}

export interface LocatedPart {
  text: string;
  segments: Segment[];
}

export interface LocatedBody extends LocatedPart {
  /** The same segments split into paragraphs (a blank line in the file starts a new one). */
  paragraphs: Segment[][];
}

export interface LocatedRedFlag {
  number: number;
  redFlag: RedFlag;
  /** Where it is highlighted; null only for a scenario that did not pass validation. */
  part: MessagePart | null;
}

export interface LocatedScenario {
  subject: LocatedPart | null;
  fromName: LocatedPart;
  fromAddress: LocatedPart;
  body: LocatedBody;
  redFlags: LocatedRedFlag[];
}

interface Highlight {
  start: number;
  end: number;
  flag: number;
}

interface Range {
  start: number;
  end: number;
}

/** Cuts text at every highlight and link edge. Overlaps (never in a valid scenario) go to the earlier flag. */
export function segmentText(text: string, highlights: Highlight[], links: Range[] = []): Segment[] {
  const ordered = [...highlights].sort((a, b) => a.start - b.start || a.flag - b.flag);
  const kept: Highlight[] = [];
  let covered = 0;
  for (const highlight of ordered) {
    const start = Math.max(highlight.start, covered);
    if (start >= highlight.end) continue;
    kept.push({ ...highlight, start });
    covered = Math.max(covered, highlight.end);
  }
  const cuts = new Set([0, text.length]);
  for (const range of [...kept, ...links]) {
    cuts.add(range.start);
    cuts.add(range.end);
  }
  const points = [...cuts].filter((point) => point >= 0 && point <= text.length).sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const start = points[i];
    const end = points[i + 1];
    const flag = kept.find((h) => h.start <= start && end <= h.end)?.flag ?? null;
    const link = links.some((l) => l.start <= start && end <= l.end);
    const previous = segments[segments.length - 1];
    if (previous && previous.flag === flag && previous.link === link && previous.end === start) {
      previous.text += text.slice(start, end);
      previous.end = end;
    } else {
      segments.push({ text: text.slice(start, end), start, end, flag, link });
    }
  }
  return segments;
}

function splitIntoParagraphs(segments: Segment[], text: string): Segment[][] {
  return paragraphRanges(text).map((range) =>
    segments
      .filter((segment) => segment.end > range.start && segment.start < range.end)
      .map((segment) => {
        const start = Math.max(segment.start, range.start);
        const end = Math.min(segment.end, range.end);
        return { ...segment, start, end, text: text.slice(start, end) };
      }),
  );
}

/** The order a reader meets the parts of a message on the feedback page. */
const PART_ORDER: MessagePart[] = ["fromName", "fromAddress", "subject", "body"];

/**
 * The red flags in the order a reader meets them in the message as it arrived (a flag whose quote
 * is not found goes last), each with where it is. Ties keep the scenario's order.
 */
export function redFlagsInReadingOrder(form: DeliveredForm, redFlags: readonly RedFlag[]) {
  return redFlags
    .map((redFlag, listed) => ({ redFlag, listed, span: findRedFlagSpan(form, redFlag) }))
    .sort((a, b) => readingPosition(a.span) - readingPosition(b.span) || a.listed - b.listed);
}

/** A sortable position: the part first, then the offset inside it; a flag not found goes last. */
function readingPosition(span: { part: MessagePart; start: number } | null): number {
  if (!span) return Number.MAX_SAFE_INTEGER;
  return PART_ORDER.indexOf(span.part) * 1_000_000 + span.start;
}

/** The message as it arrived (or, without a delivery, as a sample of it), cut at its red flags. */
export function locateRedFlags(
  scenario: PracticeScenario,
  form: DeliveredForm = sampleDeliveredForm(scenario),
): LocatedScenario {
  const highlights: Record<MessagePart, Highlight[]> = { subject: [], fromName: [], fromAddress: [], body: [] };
  const inReadingOrder = redFlagsInReadingOrder(form, scenario.redFlags);
  const redFlags = inReadingOrder.map(({ redFlag, span }, index) => {
    if (span) highlights[span.part].push({ start: span.start, end: span.end, flag: index + 1 });
    return { number: index + 1, redFlag, part: span?.part ?? null };
  });

  const locate = (part: MessagePart): LocatedPart => {
    const text = partText(form, part);
    return { text, segments: segmentText(text, highlights[part]) };
  };

  const body = displayBody(form.body);
  const bodySegments = segmentText(body.text, highlights.body, body.links);
  return {
    subject: form.subject === null ? null : locate("subject"),
    fromName: locate("fromName"),
    fromAddress: locate("fromAddress"),
    body: { text: body.text, segments: bodySegments, paragraphs: splitIntoParagraphs(bodySegments, body.text) },
    redFlags,
  };
}
