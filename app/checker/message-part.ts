import { foldForMatching } from "./fold-text";
import type { SignField } from "./sign-ids";

/** One part of a message the person filled in, with its folded copy for matching (fold-text.ts). */
export interface MessagePart {
  field: SignField;
  /** For field "links": which link. */
  linkIndex?: number;
  original: string;
  folded: string;
}

export function messagePart(field: SignField, original: string, linkIndex?: number): MessagePart {
  return { field, original, folded: foldForMatching(original), ...(linkIndex === undefined ? {} : { linkIndex }) };
}
