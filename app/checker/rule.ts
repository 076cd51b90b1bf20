import type { SignField, SignId } from "./sign-ids";
import type { PreparedMessage } from "./prepared-message";
import type { SignPage } from "./sign-pages";

/**
 * How much one sign weighs in the answer (verdict.ts). Words alone are not a scam: a school says
 * "urgent", a bank names itself, a friend says "I won". What makes a scam is something asked of
 * the reader together with pressure, pretence or a bad link, or one sign strong on its own.
 * - decisive: strong on its own (a look-alike link, a request for a code, payment by gift card).
 * - suspicious: worth checking even alone (a short link, a friendly stranger, a job out of the blue).
 * - pressure: a deadline, a threat, a prize: counts only beside something asked of the reader.
 * - context: what honest messages say as well (a bank's name, a bill): shown only beside a warning.
 */
export type SignWeight = "decisive" | "suspicious" | "pressure" | "context";

/** What a message asks the reader to do, in the words of "It asks you to …" (asks.ts). */
export type AskKind =
  "open-link" | "call" | "pay" | "give-code" | "give-details" | "reply" | "scan" | "open-attachment" | "keep-secret";

/**
 * An address whose letters are not what they seem: "decoded" shows a punycode (xn--) address as
 * people see it; "as-computers-read" shows letters from another alphabet as computers read them.
 */
export interface HiddenSpelling {
  kind: "decoded" | "as-computers-read";
  address: string;
}

/** Where a rule found its sign: offsets in the original text of one part. */
export interface RuleMatch {
  field: SignField;
  linkIndex?: number;
  start: number;
  end: number;
  /** Overrides the rule's weight for this match (a rule can mix weak and strong evidence). */
  weight?: SignWeight;
  /** Overrides what the rule says the message asks (null: this match asks nothing). */
  asks?: AskKind | null;
  /** A line that shows the reader what they cannot see, e.g. a punycode address decoded. */
  detail?: string;
  /** The same, as data for a page in another language: how the address really reads. */
  hiddenSpelling?: HiddenSpelling;
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
  weight: SignWeight;
  /** When the sign is itself a request ("call this number", "send the code"), what it asks. */
  asks?: AskKind;
  find(message: PreparedMessage): RuleMatch[];
}
