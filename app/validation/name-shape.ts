/**
 * The shapes of text that pass as letters but are there to deceive: styled letters (full-width
 * "Ｐａｙｐａｌ", mathematical bold, ligatures) that Unicode's compatibility normalisation (NFKC)
 * would turn into plain ones, accent marks stacked on one letter ("Z̷̢̛a̸l̵g̶o̴"), and words
 * that mix alphabets that look alike ("Pаypal" with a Cyrillic а). Shared by the name field
 * (refused as typed) and by what we write to an address that has not said yes (nameForStranger).
 */

/**
 * True when NFKC changes the name beyond NFC: what the person typed is not plain letters. Canonical
 * differences (an "e" followed by a combining diaeresis instead of "ë", as some keyboards send) are
 * not styled letters, so both sides are first composed (NFC).
 */
export function hasStyledLetters(value: string): boolean {
  const composed = value.normalize("NFC");
  return composed.normalize("NFKC") !== composed;
}

/**
 * Latin, Greek and Cyrillic have a precomposed letter for every accented letter a name uses
 * ("ễ" in Nguyễn is one code point after NFC), so one combining mark per letter is plenty. Other
 * scripts write a vowel sign and a nasal or tone mark on one consonant (Hindi "कें", Thai "กิ่"), so
 * they get two. A third is a stack in every script.
 */
const ONE_MARK_SCRIPTS = /[\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}]/u;
const MARK = /\p{M}/u;
const LETTER = /\p{L}/u;

/** True when, after NFC, some letter carries more combining marks than its script needs, or a mark has no letter. */
export function hasStackedMarks(value: string): boolean {
  let base: string | null = null;
  let marks = 0;
  for (const character of value.normalize("NFC")) {
    if (!MARK.test(character)) {
      base = LETTER.test(character) ? character : null;
      marks = 0;
      continue;
    }
    marks += 1;
    if (base === null || marks > (ONE_MARK_SCRIPTS.test(base) ? 1 : 2)) return true;
  }
  return false;
}

/** The scripts names are written in; a letter of any other script counts as one more script of its own. */
const SCRIPTS = [
  "Latin",
  "Greek",
  "Cyrillic",
  "Armenian",
  "Georgian",
  "Hebrew",
  "Arabic",
  "Syriac",
  "Thaana",
  "Devanagari",
  "Bengali",
  "Gurmukhi",
  "Gujarati",
  "Oriya",
  "Tamil",
  "Telugu",
  "Kannada",
  "Malayalam",
  "Sinhala",
  "Thai",
  "Lao",
  "Tibetan",
  "Myanmar",
  "Khmer",
  "Mongolian",
  "Ethiopic",
  "Cherokee",
  "Hangul",
  "Hiragana",
  "Katakana",
  "Han",
].map((script) => ({ script, pattern: new RegExp(`\\p{sc=${script}}`, "u") }));
/** Letters every script uses (the Japanese long-vowel mark ー is one): they belong to no script. */
const SHARED = /[\p{sc=Common}\p{sc=Inherited}]/u;
/** Writing systems that mix scripts by design: Japanese, and Korean with Han characters. */
const MIXED_BY_DESIGN = [new Set(["Han", "Hiragana", "Katakana"]), new Set(["Hangul", "Han"])];

/** True when the letters of the value are all one script (or one writing system that mixes scripts by design). */
export function isOneScript(value: string): boolean {
  const scripts = new Set<string>();
  for (const character of value) {
    if (!LETTER.test(character) || SHARED.test(character)) continue;
    scripts.add(SCRIPTS.find(({ pattern }) => pattern.test(character))?.script ?? "other");
  }
  if (scripts.size <= 1) return true;
  return MIXED_BY_DESIGN.some((system) => [...scripts].every((script) => system.has(script)));
}
