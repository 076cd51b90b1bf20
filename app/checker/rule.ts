import type { SignField, SignId } from "./sign-ids";
import type { PreparedMessage } from "./prepared-message";
import type { SignPage } from "./sign-pages";

/** Where a rule found its sign: offsets in the original text of one part. */
export interface RuleMatch {
  field: SignField;
  linkIndex?: number;
  start: number;
  end: number;
  /** Overrides the rule's `weak` for this match (a rule can mix weak and strong evidence). */
  weak?: boolean;
}

/**
 * One warning sign the checker knows: its words for the reader and how to find it. Each lives in
 * rules/<id>.ts.
 */
export interface Rule {
  id: SignId;
  /** Short name, shown beside the highlight. */
  title: string;
  /** Why it matters, in plain words for a child and a grandparent. */
  why: string;
  page: SignPage;
  /**
   * A weak sign is shown only when the message has some other sign too: on its own it is what
   * honest messages say as well (a bank's name, a receipt), and naming it would be a false alarm.
   */
  weak?: boolean;
  find(message: PreparedMessage): RuleMatch[];
}
