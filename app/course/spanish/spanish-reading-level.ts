import { readableTextOf } from "../tracks/reading-level";

/**
 * The reading level of a Spanish course page (issue #39). Flesch–Kincaid and the text-readability
 * library count English syllables, so a Spanish page is measured with the Szigriszt-Pazos
 * perspicuity formula as the INFLESZ scale reads it (the measure Spanish health writers use:
 * 80+ very easy, 65–80 fairly easy, 55–65 normal, 40–55 somewhat hard), and its words per sentence.
 * Spanish spelling says where syllables are, so the count is done here (decision 051).
 */
export type SpanishReadingLevel = { inflesz: number; wordsPerSentence: number; words: number };

const STRONG = new Set("aeoáéó");
const ACCENTED_WEAK = new Set("íú");
const WEAK = new Set("iuü");

function isVowel(ch: string): boolean {
  return STRONG.has(ch) || ACCENTED_WEAK.has(ch) || WEAK.has(ch);
}

/**
 * Syllables in one Spanish word: one per vowel nucleus. Two strong vowels side by side, or an
 * accented í/ú beside another vowel, are two syllables (a hiatus: "le-er", "dí-a"); a weak vowel
 * beside another vowel shares its syllable (a diphthong: "cui-da-do"). The silent u of que/qui/
 * gue/gui, and a final y ("hoy", "muy"), follow the spelling's rules.
 */
export function spanishSyllables(word: string): number {
  const letters = word
    .toLowerCase()
    .replace(/[^a-záéíóúüñ]/g, "")
    .replace(/([qg])u([eéií])/g, "$1$2")
    .replace(/y$/, "i");
  if (letters.length === 0) return 0;
  if (letters === "i") return 1; // the word "y"
  let syllables = 0;
  let previous = "";
  for (const ch of letters) {
    if (!isVowel(ch)) {
      previous = "";
      continue;
    }
    const hiatus =
      previous !== "" &&
      ((STRONG.has(previous) && STRONG.has(ch)) || ACCENTED_WEAK.has(ch) || ACCENTED_WEAK.has(previous));
    if (previous === "" || hiatus) syllables++;
    previous = ch;
  }
  return Math.max(1, syllables);
}

const WORD = /[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+(?:['’-][A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+)*/g;

export function spanishReadingLevelOf(mdx: string): SpanishReadingLevel {
  const text = readableTextOf(mdx);
  const sentences = text.split(/[.!?…]+(?=\s|$)|\n/).filter((sentence) => /[A-Za-zÁÉÍÓÚÑáéíóúñ]/.test(sentence)).length;
  const words = text.match(WORD) ?? [];
  if (words.length === 0 || sentences === 0) return { inflesz: 0, wordsPerSentence: 0, words: 0 };
  const syllables = words.reduce((sum, word) => sum + spanishSyllables(word), 0);
  const wordsPerSentence = words.length / sentences;
  const inflesz = 206.835 - (62.3 * syllables) / words.length - wordsPerSentence;
  return {
    inflesz: Math.round(inflesz * 10) / 10,
    wordsPerSentence: Math.round(wordsPerSentence * 10) / 10,
    words: words.length,
  };
}
