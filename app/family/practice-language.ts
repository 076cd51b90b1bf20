import type { Translate } from "~/i18n/translate";
import { z } from "zod";

/**
 * The language a family member reads (issue #39): asked for each person at checkout and on their
 * card. Their notice, consent page, practice messages, the pages after a link and their summaries
 * are in it; a family may mix languages (the parent in English, the grandmother in Spanish).
 */
export const PRACTICE_LANGUAGES = ["en", "es"] as const;
export type PracticeLanguage = (typeof PRACTICE_LANGUAGES)[number];

/** Each language named in itself, as a reader of it looks for it in a list. */
export const PRACTICE_LANGUAGE_LABELS: Record<PracticeLanguage, string> = {
  en: "English",
  es: "Español",
};

/** A person's language from a form: English when the field is left out (older forms, API calls). */
export function practiceLanguageFieldFor(t: Translate) {
  return z
    .enum(PRACTICE_LANGUAGES, { error: t("checkout.languageChoice") })
    .optional()
    .transform((value): PracticeLanguage => value ?? "en");
}

/** A stored value read back: anything but "es" is English. */
export function practiceLanguageOf(value: string | null | undefined): PracticeLanguage {
  return value === "es" ? "es" : "en";
}
