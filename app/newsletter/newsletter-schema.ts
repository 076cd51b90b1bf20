import { z } from "zod";
import { emailField, personNameField } from "~/validation/fields";
import type { FormResult } from "~/validation/form-result";

/**
 * SPEC.md section 8's words, with two changes for double opt-in (issue 33): a sign-up only starts
 * once the address's owner presses the emailed link, so the success text says so; and the answer
 * is the same whether or not the address is already on the list (the spec's "Already subscribed"
 * would tell anyone who is), so there is no duplicate message.
 */
export const NEWSLETTER_MESSAGES = {
  required: { title: "Email required", text: "Please enter your email address." },
  invalid: { title: "Invalid email", text: "Please enter a valid email address, like name@example.com." },
  failure: { title: "Something went wrong", text: "Failed to subscribe. Please try again." },
  success: {
    title: "Success!",
    text: "You'll be subscribed to our newsletter once you confirm: please press the link we've emailed you. If this address is already subscribed, nothing changes.",
  },
} as const;

export const NEWSLETTER_SOURCES = ["home", "popup", "signup"] as const;

export const NewsletterSchema = z.object({
  email: emailField({
    required: NEWSLETTER_MESSAGES.required.text,
    invalid: NEWSLETTER_MESSAGES.invalid.text,
  }),
  // Optional: a blank name is stored as null.
  name: personNameField()
    .optional()
    .transform((value) => (value ? value : null)),
  source: z.enum(NEWSLETTER_SOURCES).catch("home"),
});

export type NewsletterInput = z.infer<typeof NewsletterSchema>;

export interface NewsletterResult extends FormResult {
  field?: "email" | "name";
}

/** Turns a failed parse into the spec's title and text for the first problem. */
export function newsletterValidationResult(error: z.ZodError): NewsletterResult {
  const issue = error.issues[0];
  const field = issue?.path[0] === "name" ? "name" : "email";
  if (field === "email" && issue?.message === NEWSLETTER_MESSAGES.required.text) {
    return { ok: false, field, ...toResult(NEWSLETTER_MESSAGES.required) };
  }
  return {
    ok: false,
    field,
    title: field === "email" ? NEWSLETTER_MESSAGES.invalid.title : "Check your name",
    message: issue?.message ?? NEWSLETTER_MESSAGES.invalid.text,
  };
}

function toResult(message: { title: string; text: string }) {
  return { title: message.title, message: message.text };
}
