import { z } from "zod";
import { MAX_CHECK_TEXT } from "~/checker/check-message";
import { translatorFor, type Translate } from "~/i18n/translate";

/**
 * What "Is this a scam?" accepts: the page's form (checked in the browser with JavaScript on, and
 * by the server for a plain form post) and `POST /api/check` share these limits and messages. The
 * form's schema speaks the page's language (/check or /es/check); the API answers in English.
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

/** The refusals in the page's language: the page and the server build the schema with the same words. */
function limitsIn(t: Translate) {
  return {
    required: t("check.error.required"),
    textTooLong: t("check.error.textTooLong", { max: MAX_CHECK_TEXT }),
    senderTooLong: t("check.error.senderTooLong", { max: MAX_SENDER }),
    subjectTooLong: t("check.error.subjectTooLong", { max: MAX_SUBJECT }),
    tooManyLinks: t("check.error.tooManyLinks", { max: MAX_LINKS }),
    linkTooLong: t("check.error.linkTooLong", { max: MAX_LINK }),
    linksNotAList: t("check.error.linksNotAList"),
  };
}

/** The message itself is kept exactly as pasted: the warning signs point into it by position. */
function messageText(words: ReturnType<typeof limitsIn>) {
  return z
    .string({ error: words.required })
    .max(MAX_CHECK_TEXT, words.textTooLong)
    .refine((text) => text.trim().length > 0, words.required);
}

/** A blank optional field is no field. */
function optionalLine(max: number, tooLong: string) {
  return z
    .string()
    .max(max, tooLong)
    .optional()
    .transform((value) => (value && value.trim() ? value.trim() : undefined));
}

/** The fields the API and the form share: the message, who sent it and its subject. */
function messageFields(words: ReturnType<typeof limitsIn>) {
  return {
    text: messageText(words),
    sender: optionalLine(MAX_SENDER, words.senderTooLong),
    subject: optionalLine(MAX_SUBJECT, words.subjectTooLong),
  };
}

/** `POST /api/check`: `{ text, sender?, subject?, links? }` as JSON, answered in English. */
function checkRequestSchemaIn(t: Translate) {
  const words = limitsIn(t);
  return z.object({
    ...messageFields(words),
    links: z
      .array(z.string().max(MAX_LINK, words.linkTooLong), { error: words.linksNotAList })
      .max(MAX_LINKS, words.tooManyLinks)
      .optional()
      .transform((links) => {
        const kept = (links ?? []).map((link) => link.trim()).filter(Boolean);
        return kept.length > 0 ? kept : undefined;
      }),
  });
}

export const CheckRequestSchema = checkRequestSchemaIn(translatorFor("en"));

/** The page's form, in the page's language: the links are one per line in a text box. */
export function checkFormSchema(t: Translate) {
  const words = limitsIn(t);
  return z.object({
    ...messageFields(words),
    links: z
      .string()
      .max(MAX_LINKS * (MAX_LINK + 1), words.tooManyLinks)
      .optional()
      .transform((value, context) => {
        const links = (value ?? "")
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean);
        if (links.length > MAX_LINKS) context.addIssue({ code: "custom", message: words.tooManyLinks });
        if (links.some((link) => link.length > MAX_LINK))
          context.addIssue({ code: "custom", message: words.linkTooLong });
        return links.length > 0 ? links : undefined;
      }),
  });
}
