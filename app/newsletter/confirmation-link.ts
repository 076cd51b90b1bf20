import { z } from "zod";

/** How long a newsletter confirmation link works (the page that explains a dead link says so too). */
export const CONFIRMATION_LINK_DAYS = 7;

/** The token in a confirmation link: 32 random bytes, base64url. Checked for shape before any query. */
export const ConfirmationTokenSchema = z
  .string({ error: "This confirmation link is incomplete." })
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, "This confirmation link is not valid.");
