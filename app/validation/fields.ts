import { z } from "zod";

/**
 * Field rules shared by every form, in the browser and on the server. Emails are trimmed and
 * lower-cased so "Ann@Example.com" and "ann@example.com" are one person.
 */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;

export function emailField(messages: { required: string; invalid?: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(MAX_EMAIL_LENGTH, `Email addresses can be at most ${MAX_EMAIL_LENGTH} characters.`)
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
