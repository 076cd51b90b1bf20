import { z } from "zod";
import { translatorFor, type Translate } from "~/i18n/translate";
import { hasStackedMarks, hasStyledLetters, isOneScript } from "./name-shape";

/**
 * Field rules shared by every form, in the browser and on the server. Emails are trimmed and
 * lower-cased so "Ann@Example.com" and "ann@example.com" are one person.
 */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;

export function emailField(messages: { required: string; invalid?: string; tooLong?: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(MAX_EMAIL_LENGTH, messages.tooLong ?? `Email addresses can be at most ${MAX_EMAIL_LENGTH} characters.`)
    .pipe(z.email(messages.invalid ?? "Please enter a valid email address, like name@example.com."))
    .transform((value) => value.toLowerCase());
}

/** Names are shown back to people, so markup characters are refused rather than stored. */
export function personNameField(messages: { required?: string; label?: string } = {}) {
  const label = messages.label ?? "Name";
  const base = z
    .string({ error: messages.required ?? `${label} is required.` })
    .trim()
    .max(MAX_NAME_LENGTH, `${label} can be at most ${MAX_NAME_LENGTH} characters.`)
    .refine((value) => !/[<>]/.test(value), `${label} cannot contain < or > characters.`);
  return messages.required ? base.refine((value) => value.length > 0, messages.required) : base;
}

/**
 * A person's name as we put it into emails and texts (the holder's at checkout, each Training
 * Program person's, the account's): other people write these and our mail carries them, so only
 * what names are made of is accepted. Letters of any script (with their accents), spaces,
 * apostrophes (' and ’), hyphens and full stops, 1 to 60 characters after trimming. No digits
 * (a phone number to call), no @, ://, www. or "word.word" (an address or link), no line breaks,
 * no full-width or styled letters, no stacked accent marks and no word mixing alphabets
 * (app/validation/name-shape.ts), each refused with its own message. Names reach an address that has not said yes only through
 * nameForStranger, which keeps the first word alone.
 */
export const MAX_PERSON_NAME_LENGTH = 60;
const english = translatorFor("en");
/** The name rule's messages in English; personNameProblem(value, t) gives them in t's language. */
export const PERSON_NAME_MESSAGE = english("name.rule", { max: MAX_PERSON_NAME_LENGTH });
const PERSON_NAME_CHARACTERS = /^[\p{L}\p{M} '’.-]+$/u;
const HAS_LETTER = /\p{L}/u;
/** "www.", or a full stop joining two words with no space ("evil.example"): the shape of a web address. */
const LOOKS_LIKE_ADDRESS = /www\.|[\p{L}\p{M}]{2,}\.[\p{L}\p{M}]{2,}/iu;

export const STYLED_NAME_MESSAGE = english("name.styled");
export const STACKED_MARKS_MESSAGE = english("name.stackedMarks");
export const MIXED_SCRIPT_MESSAGE = english("name.mixedScript");

/** What is wrong with a name, in words for the person who typed it; null when it follows the rule. */
export function personNameProblem(value: string, t: Translate = english): string | null {
  const shaped =
    value.length >= 1 &&
    value.length <= MAX_PERSON_NAME_LENGTH &&
    PERSON_NAME_CHARACTERS.test(value) &&
    HAS_LETTER.test(value) &&
    !LOOKS_LIKE_ADDRESS.test(value);
  if (!shaped) return t("name.rule", { max: MAX_PERSON_NAME_LENGTH });
  if (hasStyledLetters(value)) return t("name.styled");
  if (hasStackedMarks(value)) return t("name.stackedMarks");
  // A look-alike letter from another alphabet inside a word ("Pаypal" with a Cyrillic а) is a disguise.
  if (!value.split(/\s+/).every(isOneScript)) return t("name.mixedScript");
  return null;
}

/** The rule alone, for code that is not parsing a form (better-auth's hooks). */
export function isPersonName(value: string): boolean {
  return personNameProblem(value) === null;
}

/**
 * The zod field for a person's name: trimmed, checked by personNameProblem, and stored composed
 * (NFC), so "Zoë" is one spelling however the keyboard sent it.
 */
export function personName(messages: { required: string }, t: Translate = english) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .superRefine((value, ctx) => {
      const problem = personNameProblem(value, t);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform((value) => value.normalize("NFC"));
}

/** The first error message for each field, for showing next to inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** FormData to a plain object; repeated keys become arrays. */
export function formDataToObject(formData: FormData): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(formData.keys())) {
    const values = formData.getAll(key).map((value) => (typeof value === "string" ? value : ""));
    result[key] = values.length > 1 ? values : (values[0] ?? "");
  }
  return result;
}
