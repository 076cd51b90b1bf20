import type { AgeBand } from "./practice-scenario-schema";

/**
 * Spanish practice scenarios (content/practice/es/, issue #39) are written in the Spanish US
 * families read: "celular", not Spain's "móvil"; "computadora", not "ordenador"; dollars, not
 * euros; no "vosotros". Each entry is a word of Spain's Spanish, with the word to use instead,
 * matched as a whole word without regard to case. Like us-english.ts it covers what a person
 * reads of a scenario, never its sources.
 */

interface SpainWord {
  pattern: RegExp;
  use: string;
}

const LETTER = "\\p{L}";
const word = (source: string, use: string): SpainWord => ({
  pattern: new RegExp(`(?<!${LETTER})(?:${source})(?!${LETTER})`, "iu"),
  use,
});

export const SPAIN_WORDS: readonly SpainWord[] = [
  word("móvil|móviles", "celular"),
  word("ordenador|ordenadores", "computadora"),
  word("coches?", "carro o auto"),
  word("aparcamientos?|aparcar", "estacionamiento, estacionar"),
  word("euros?", "dólares"),
  word("zumos?", "jugo"),
  word("gafas", "lentes"),
  word("vosotros|vosotras|vuestr[oa]s?", "ustedes"),
  // The verb forms of "vosotros" (tenéis, sois, podéis): no US reader is spoken to that way.
  word("[\\p{L}]+(?:áis|éis)", "the form for ustedes"),
  word("os", "les"),
];

/** The Spain-only words in a text, each with the word to use instead. */
export function spainWords(text: string): string[] {
  return SPAIN_WORDS.flatMap(({ pattern, use }) => {
    const match = pattern.exec(text);
    return match ? [`"${match[0]}" (use ${use})`] : [];
  });
}

/** Children and teenagers are spoken to as "tú"; adults and older adults as "usted". */
export type Voice = "tú" | "usted";

const YOUNG: readonly AgeBand[] = ["child", "teen"];

/** The voice our explanations use for these bands, or null when the bands mix young and grown-up. */
export function voiceFor(bands: readonly AgeBand[]): Voice | null {
  const young = bands.filter((band) => YOUNG.includes(band)).length;
  if (young === bands.length) return "tú";
  if (young === 0) return "usted";
  return null;
}

const TU_WORDS = /(?<!\p{L})(?:tú|tu|tus|ti|contigo|te)(?!\p{L})/iu;
const USTED_WORDS = /(?<!\p{L})(?:usted|ustedes)(?!\p{L})/iu;
/** Words in quotation marks are the message's own ("tu cuenta será cerrada"), not our voice. */
const QUOTED = /"[^"]*"|“[^”]*”|«[^»]*»|'[^']*'/gu;

/** The word in `text` that speaks in the other voice, or null. */
export function otherVoiceWord(text: string, voice: Voice): string | null {
  const own = text.replace(QUOTED, " ");
  const match = (voice === "usted" ? TU_WORDS : USTED_WORDS).exec(own);
  return match ? match[0] : null;
}
