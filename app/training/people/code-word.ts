import { z } from "zod";

/**
 * "Our family has a code word": the account holder notes on /account/training that the family
 * agreed a word to ask for when a call or text claims to be one of them in trouble (issue #36). We
 * keep only that they have one and when they agreed it, never the word itself; the page says so.
 * Checked by the same schema in the browser and in the action. Safe to import in the browser.
 */

export const CODE_WORD_INTENT = "code-word";
export const CODE_WORD_LABEL = "Our family has a code word";
export const CODE_WORD_HINT =
  "A word only your family knows, to ask for when a call or text says it is one of you in trouble. Never type the word here: we only keep that you have one, and since when.";

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

export const CodeWordSchema = z
  .object({
    /** A ticked checkbox sends "on"; an unticked one sends nothing. */
    has: z
      .literal("on", { error: `Please use the "${CODE_WORD_LABEL}" box on this page.` })
      .optional()
      .transform((value) => value === "on"),
    /** When they agreed it; today when left empty. */
    agreedOn: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || ISO_DATE.test(value), {
        error: "Please give the date as a date, such as 2026-11-28.",
      })
      .refine((value) => !value || sameDay(value), {
        error: "Please give a date that exists.",
      })
      .refine((value) => !value || value >= "2000-01-01", { error: "Please give a date from 2000 on." })
      .refine((value) => !value || value <= dateInputValue(new Date(Date.now() + 86_400_000)), {
        error: "The date cannot be in the future.",
      }),
  })
  .transform(({ has, agreedOn }) => ({
    has,
    agreedAt: has ? (agreedOn ? new Date(`${agreedOn}T12:00:00Z`) : new Date()) : null,
  }));

/** What the page says once the note is saved. */
export function codeWordSaved(agreedAt: Date | null): { title: string; message: string } {
  return agreedAt
    ? {
        title: "Code word noted",
        message: `We noted that your family agreed a code word on ${longDate(agreedAt)}. We never ask for the word itself.`,
      }
    : { title: "Code word note removed", message: "We no longer note a family code word." };
}

export function longDate(date: Date): string {
  return date.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
}
