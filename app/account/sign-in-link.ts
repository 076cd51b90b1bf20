import { z } from "zod";

/** How long the one-time sign-in link in the "sign-in paused" email works. */
export const SIGN_IN_LINK_MINUTES = 60;

/** The token in a sign-in link (32 letters, from better-auth's magic-link plugin): its shape is checked first. */
export const SignInLinkTokenSchema = z
  .string({ error: "This sign-in link is incomplete." })
  .min(1, "This sign-in link is incomplete.")
  .max(128, "This sign-in link is not valid.")
  .regex(/^[A-Za-z0-9]+$/, "This sign-in link is not valid.");
