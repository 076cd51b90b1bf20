import { z } from "zod";
import { emailField } from "~/validation/fields";
import type { FormResult } from "~/validation/form-result";

/** SPEC.md section 8, word for word, plus our own messages for limits the spec does not name. */
export const COMMUNITY_MESSAGES = {
  required: "Please fill out all required fields",
  posted: { title: "Success!", text: "Your comment has been posted" },
  held: {
    title: "Waiting for review",
    text: "Thanks! Your comment has several links, so a moderator will check it before it appears on the forum.",
  },
  postFailed: { title: "Error", text: "Failed to post your comment" },
  loadFailed: { title: "Error", text: "Failed to load comments. Please try again later." },
  likeFailed: { title: "Error", text: "Failed to like the comment" },
} as const;

export const MAX_COMMENTER_NAME = 80;
export const MAX_COMMENT_LENGTH = 2000;
export const DEFAULT_RATING = 5;
/** A comment with this many links or more waits for a moderator instead of appearing at once. */
export const LINKS_BEFORE_REVIEW = 3;
/** The hidden field only bots fill in. Named like a real field so they do. */
export const HONEYPOT_FIELD = "website";

export const COMMENT_SORTS = ["newest", "rating", "likes"] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];
export const SORT_LABELS: Record<CommentSort, string> = {
  newest: "Newest",
  rating: "Highest rating",
  likes: "Most likes",
};

/** An unknown or missing ?sort= falls back to the default rather than failing the page. */
export function parseSort(value: unknown): CommentSort {
  return COMMENT_SORTS.includes(value as CommentSort) ? (value as CommentSort) : "newest";
}

const required = COMMUNITY_MESSAGES.required;

/** Shared by the form in the browser and the action on the server. */
export const CommentSchema = z.object({
  name: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(MAX_COMMENTER_NAME, `Names can be at most ${MAX_COMMENTER_NAME} characters.`)
    .refine((value) => !/[<>]/.test(value), "Names cannot contain < or > characters."),
  email: emailField({ required }),
  comment: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(MAX_COMMENT_LENGTH, `Comments can be at most ${MAX_COMMENT_LENGTH.toLocaleString("en-US")} characters.`),
  // A select sends a string; a missing or blank rating means the default of 5.
  rating: z
    .union([z.string(), z.number()], { error: "Rating must be a whole number from 1 to 5." })
    .optional()
    .transform((value) => (value === undefined || value === "" ? String(DEFAULT_RATING) : String(value).trim()))
    .pipe(
      z
        .string()
        .regex(/^[1-5]$/, "Rating must be a whole number from 1 to 5.")
        .transform(Number),
    ),
});

export type CommentInput = z.infer<typeof CommentSchema>;

export const CommentIdSchema = z.uuid({ error: "That comment does not exist." });

export interface CommentResult extends FormResult {
  intent: "post" | "like" | "form";
  /** The comment is stored but waits for a moderator. */
  held?: boolean;
  /** For a like: which comment, and its true count afterwards. */
  commentId?: string;
  likes?: number;
  /** A short reason beside the spec's message, e.g. why a like failed. */
  reason?: string;
  /** A like refused only for want of the visitor cookie, which came with this answer: send it again. */
  retryable?: boolean;
}

/** Turns a failed parse into the result the form shows: the spec's words when something is missing. */
export function commentValidationResult(error: z.ZodError): CommentResult {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
  const messages = Object.values(fields);
  const message = messages.includes(required) ? required : (messages[0] ?? required);
  return { ok: false, intent: "post", title: COMMUNITY_MESSAGES.postFailed.title, message, fields };
}

/** Web links a comment contains (http, https or www.), for deciding whether it waits for review. */
export function countLinks(text: string): number {
  return (text.match(/\b(?:https?:\/\/|www\.)[^\s]+/gi) ?? []).length;
}

/**
 * What a browser may see of a comment. The commenter's email is deliberately absent: it is only
 * ever selected by staff code, so it cannot leak into HTML, JSON or loader data.
 */
export interface PublicComment {
  id: string;
  name: string;
  comment: string;
  rating: number;
  likes: number;
  createdAt: string;
  likedByMe: boolean;
}
