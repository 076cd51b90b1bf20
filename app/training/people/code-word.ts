import { z } from "zod";
import type { Locale } from "~/i18n/locales";
import { INTL_LOCALE, translatorFor, type Translate } from "~/i18n/translate";

/**
 * "Our family has a code word": the account holder notes on /account/training that the family
 * agreed a word to ask for when a call or text claims to be one of them in trouble (issue #36). We
 * keep only that they have one and when they agreed it, never the word itself; the page says so.
 * Checked by the same schema in the browser and in the action, its messages in the page's
 * language. Safe to import in the browser.
 */

const english = translatorFor("en");

export const CODE_WORD_INTENT = "code-word";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-02-30" parses as March 2: a date exists only when it reads back the same. */
function sameDay(value: string): boolean {
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today's date where the holder is, as the date box shows it ("2026-12-06"). */
export function dateInputValue(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The note's schema, its messages in `t`'s language. */
export function codeWordSchemaFor(t: Translate) {
  return z
    .object({
      /** A ticked checkbox sends "on"; an unticked one sends nothing. */
      has: z
        .literal("on", { error: t("familySettings.useBox", { label: t("familySettings.codeLabel") }) })
        .optional()
        .transform((value) => value === "on"),
      /** When they agreed it; today when left empty. */
      agreedOn: z
        .string()
        .trim()
        .optional()
        .refine((value) => !value || ISO_DATE.test(value), { error: t("familySettings.dateFormat") })
        .refine((value) => !value || sameDay(value), { error: t("familySettings.dateExists") })
        .refine((value) => !value || value >= "2000-01-01", { error: t("familySettings.dateFrom2000") })
        .refine((value) => !value || value <= dateInputValue(new Date(Date.now() + 86_400_000)), {
          error: t("familySettings.dateFuture"),
        }),
    })
    .transform(({ has, agreedOn }) => ({
      has,
      agreedAt: has ? (agreedOn ? new Date(`${agreedOn}T12:00:00Z`) : new Date()) : null,
    }));
}

/** The English schema, for callers that have no page language. */

/** What the page says once the note is saved. */
export function codeWordSaved(agreedAt: Date | null, t: Translate = english): { title: string; message: string } {
  return agreedAt
    ? {
        title: t("familySettings.codeNotedTitle"),
        message: t("familySettings.codeNoted", { date: longDate(agreedAt, t.locale) }),
      }
    : { title: t("familySettings.codeRemovedTitle"), message: t("familySettings.codeRemoved") };
}

/** "November 28, 2026" / "28 de noviembre de 2026". */
export function longDate(date: Date, locale: Locale = "en"): string {
  return date.toLocaleDateString(INTL_LOCALE[locale], {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}
