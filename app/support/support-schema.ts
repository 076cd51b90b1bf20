import { z } from "zod";
import { emailField, personNameField } from "~/validation/fields";
import type { FormResult } from "~/validation/form-result";

/** SPEC.md section 8, word for word. */
export const SUPPORT_MESSAGES = {
  missing: { title: "Missing information", text: "Please fill in all required fields." },
  invalid: { title: "Please check your message" },
  sent: { title: "Message sent!", text: "We'll get back to you as soon as possible." },
  failed: { title: "Something went wrong", text: "We couldn't send your message. Please try again later." },
  tooMany: { title: "Too many messages" },
} as const;

export const REPLY_PROMISE = "We typically reply within 24 business hours.";
export const MAX_SUBJECT_LENGTH = 150;
export const MAX_MESSAGE_LENGTH = 5000;
export const SUPPORT_HONEYPOT_FIELD = "website";

const missing = SUPPORT_MESSAGES.missing.text;

/** Shared by the support form in the browser and its action on the server. */
export const SupportSchema = z.object({
  name: personNameField({ required: missing }),
  email: emailField({ required: missing }),
  // Optional: blank is stored as null.
  subject: z
    .string({ error: "The subject must be text." })
    .trim()
    .max(MAX_SUBJECT_LENGTH, `The subject can be at most ${MAX_SUBJECT_LENGTH} characters.`)
    .optional()
    .transform((value) => (value ? value : null)),
  message: z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(MAX_MESSAGE_LENGTH, `Messages can be at most ${MAX_MESSAGE_LENGTH.toLocaleString("en-US")} characters.`),
});

export type SupportInput = z.infer<typeof SupportSchema>;

export type SupportResult = FormResult;

/** "Missing information" when a required field is empty; otherwise the first specific problem. */
export function supportValidationResult(error: z.ZodError): SupportResult {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
  const messages = Object.values(fields);
  if (messages.includes(missing)) {
    return { ok: false, title: SUPPORT_MESSAGES.missing.title, message: missing, fields };
  }
  return { ok: false, title: SUPPORT_MESSAGES.invalid.title, message: messages[0] ?? missing, fields };
}
