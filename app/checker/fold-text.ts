/**
 * A copy of a message for matching: lower case, Spanish accents taken off (á → a, ñ → n), curly
 * quotes and apostrophes made straight, odd spaces and dashes made plain. Every character maps to
 * exactly one character, so an offset found in the copy is the same offset in what the person
 * pasted: the highlight lands on their own words. (String.normalize("NFD") would be simpler but
 * changes the length.)
 */

const LOOK_ALIKES: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201B": "'",
  "\u2032": "'",
  "\u00B4": "'",
  "`": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u00AB": '"',
  "\u00BB": '"',
  "\u00A0": " ",
  "\u2007": " ",
  "\u202F": " ",
  "\u2009": " ",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\uFF04": "$",
};

const COMBINING_MARKS = /^[\u0300-\u036f]+$/;

function foldCharacter(character: string): string {
  const plain = LOOK_ALIKES[character] ?? character;
  const lower = plain.toLowerCase();
  // A few letters grow when lower-cased (İ → i̇); keep those as they were rather than shift offsets.
  if (lower.length !== 1) return plain;
  const decomposed = lower.normalize("NFD");
  if (decomposed.length > 1 && COMBINING_MARKS.test(decomposed.slice(1))) return decomposed[0];
  return lower;
}

export function foldForMatching(text: string): string {
  let folded = "";
  // By UTF-16 code unit, not by code point: the copy must have the original's length exactly.
  for (let i = 0; i < text.length; i++) folded += foldCharacter(text[i]);
  return folded;
}
