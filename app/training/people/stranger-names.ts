import { hasStackedMarks, hasStyledLetters, isOneScript } from "~/validation/name-shape";

/**
 * Names a holder typed, as they may appear in anything that reaches an address that has not said
 * yes (the consent notices by email and text, and the consent page their link opens). A whole
 * name can carry a message ("Dear Customer Your Parcel Is Held", "Fraud Department. Verify Your
 * Card Now signed you up"); one word cannot, so only the first word goes out, and only when it
 * looks like a first name. Otherwise the notice uses neutral words that name nobody.
 */

export const MAX_STRANGER_NAME_LENGTH = 20;

/** Letters (with their accents), apostrophes inside the word ("O'Brien"), at most one hyphen ("Jean-Luc"). */
const FIRST_NAME = /^[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*(?:-[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*)?$/u;

/**
 * The first name to show a stranger, or null when none can be shown safely: the first word of the
 * name (composed, NFC; a trailing full stop dropped), if it is letters of one script, without
 * styled letters or stacked accent marks, and at most 20 characters.
 */
export function nameForStranger(name: string | null | undefined): string | null {
  const composed = (name ?? "").normalize("NFC").trim();
  // A digit anywhere means no person typed it: "Family member 2" is the stand-in for a person
  // added at checkout without a name (checkout-contacts.server.ts), and "Family" greets nobody.
  if (/\p{N}/u.test(composed) || hasStyledLetters(composed)) return null;
  const firstWord = (composed.split(/\s+/)[0] ?? "").replace(/\.+$/, "");
  if (!FIRST_NAME.test(firstWord)) return null;
  if ([...firstWord].length > MAX_STRANGER_NAME_LENGTH) return null;
  if (hasStackedMarks(firstWord) || !isOneScript(firstWord)) return null;
  return firstWord;
}

/** The words a notice or the consent page uses for the two people it names. */
export interface StrangerNames {
  /** The holder at the start of a sentence: "Dana signed you up…", else "Someone in your family…". */
  holder: string;
  /** The holder inside a sentence: "Don't know Dana?", else "Don't know the person who added you?". */
  holderInSentence: string;
  /** The person the notice is for, for the greeting ("Hello Gran,"); null greets nobody by name ("Hello,"). */
  person: string | null;
  /** The person inside a sentence: "Not Gran?", else "Not the person this was meant for?". */
  personInSentence: string;
}

export function strangerNames(input: { holderName: string; contactName: string }): StrangerNames {
  const holder = nameForStranger(input.holderName);
  const person = nameForStranger(input.contactName);
  return {
    holder: holder ?? "Someone in your family",
    holderInSentence: holder ?? "the person who added you",
    person,
    personInSentence: person ?? "the person this was meant for",
  };
}
