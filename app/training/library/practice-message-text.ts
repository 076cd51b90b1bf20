import type { DeliveredForm } from "./delivered-form";
import type { RedFlag } from "./practice-scenario-schema";

/**
 * The text of a practice message as the reader sees it. In the file the call-to-action link is
 * written `[[link text]]`; on screen only "link text" shows (as a link), so red flag quotes and
 * offsets are measured against the body with the brackets taken out.
 */

const LINK_MARKER = /\[\[([^[\]]*)\]\]/g;

export interface LinkSpan {
  /** Offsets in the display text. */
  start: number;
  end: number;
  text: string;
}

export interface DisplayBody {
  text: string;
  links: LinkSpan[];
}

export function displayBody(body: string): DisplayBody {
  const links: LinkSpan[] = [];
  let text = "";
  let last = 0;
  for (const match of body.matchAll(LINK_MARKER)) {
    text += body.slice(last, match.index);
    links.push({ start: text.length, end: text.length + match[1].length, text: match[1] });
    text += match[1];
    last = match.index + match[0].length;
  }
  text += body.slice(last);
  return { text, links };
}

/** "[[" or "]]" that are not part of a complete `[[...]]` marker. */
export function hasStrayLinkBrackets(body: string): boolean {
  const rest = body.replace(LINK_MARKER, "");
  return rest.includes("[[") || rest.includes("]]");
}

export type MessagePart = "subject" | "fromName" | "fromAddress" | "body";

/** The parts of the message a red flag with `in: <field>` may quote, in the order they are searched. */
export function partsForField(field: RedFlag["in"]): MessagePart[] {
  if (field === "from") return ["fromName", "fromAddress"];
  return [field];
}

/** One part of a message as it arrived (see delivered-form.ts). */
export function partText(form: DeliveredForm, part: MessagePart): string {
  switch (part) {
    case "subject":
      return form.subject ?? "";
    case "fromName":
      return form.from.name;
    case "fromAddress":
      return form.from.address;
    case "body":
      return displayBody(form.body).text;
  }
}

export interface RedFlagSpan {
  part: MessagePart;
  start: number;
  end: number;
}

/** Where a red flag's quote is in the message as it arrived: its first occurrence in its field (name before address for `from`). */
export function findRedFlagSpan(form: DeliveredForm, redFlag: RedFlag): RedFlagSpan | null {
  for (const part of partsForField(redFlag.in)) {
    const start = partText(form, part).indexOf(redFlag.quote);
    if (start >= 0) return { part, start, end: start + redFlag.quote.length };
  }
  return null;
}
