import { z } from "zod";
import { MAX_CHECK_TEXT } from "~/checker/check-message";

/**
 * What "Is this a scam?" accepts: the page's form (checked in the browser with JavaScript on, and
 * by the server for a plain form post) and `POST /api/check` share these limits and messages.
 */

const MAX_SENDER = 320;
const MAX_SUBJECT = 1_000;
/** Longer web addresses do not work everywhere (the usual advice is to stay under 2,000 characters). */
const MAX_LINK = 2_000;
export const MAX_LINKS = 20;

/** Each field's maximum, in characters (links: how many, and each one's length). */
export const CHECK_FIELD_LIMITS = {
  text: MAX_CHECK_TEXT,
  sender: MAX_SENDER,
  subject: MAX_SUBJECT,
  links: MAX_LINKS,
  link: MAX_LINK,
} as const;

const TEXT_MESSAGES = {
  required: "Paste the message you want to check.",
  tooLong: `That is more than ${MAX_CHECK_TEXT.toLocaleString("en-US")} characters. Paste the part with the request and the links.`,
};

/** The message itself is kept exactly as pasted: the warning signs point into it by position. */
const messageText = z
  .string({ error: TEXT_MESSAGES.required })
  .max(MAX_CHECK_TEXT, TEXT_MESSAGES.tooLong)
  .refine((text) => text.trim().length > 0, TEXT_MESSAGES.required);

/** A blank optional field is no field. */
function optionalLine(max: number, tooLong: string) {
  return z
    .string()
    .max(max, tooLong)
    .optional()
    .transform((value) => (value && value.trim() ? value.trim() : undefined));
}

const sender = optionalLine(MAX_SENDER, `The sender can be at most ${MAX_SENDER} characters.`);
const subject = optionalLine(
  MAX_SUBJECT,
  `The subject can be at most ${MAX_SUBJECT.toLocaleString("en-US")} characters.`,
);
const TOO_MANY_LINKS = `Add at most ${MAX_LINKS} links.`;
const LINK_TOO_LONG = `A link can be at most ${MAX_LINK.toLocaleString("en-US")} characters.`;

/** `POST /api/check`: `{ text, sender?, subject?, links? }` as JSON. */
export const CheckRequestSchema = z.object({
  text: messageText,
  sender,
  subject,
  links: z
    .array(z.string().max(MAX_LINK, LINK_TOO_LONG), { error: "links must be a list of web addresses." })
    .max(MAX_LINKS, TOO_MANY_LINKS)
    .optional()
    .transform((links) => {
      const kept = (links ?? []).map((link) => link.trim()).filter(Boolean);
      return kept.length > 0 ? kept : undefined;
    }),
});

/** The page's form: the links are one per line in a text box. */
export const CheckFormSchema = z.object({
  text: messageText,
  sender,
  subject,
  links: z
    .string()
    .max(MAX_LINKS * (MAX_LINK + 1), TOO_MANY_LINKS)
    .optional()
    .transform((value, context) => {
      const links = (value ?? "")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
      if (links.length > MAX_LINKS) context.addIssue({ code: "custom", message: TOO_MANY_LINKS });
      if (links.some((link) => link.length > MAX_LINK)) context.addIssue({ code: "custom", message: LINK_TOO_LONG });
      return links.length > 0 ? links : undefined;
    }),
});
