/**
 * The warning signs the checker can name, and the parts of a message it reads. Kept apart from
 * check-message.ts so the rules can share them without importing the engine that runs them.
 */

export const SIGN_IDS = [
  "urgency",
  "threat",
  "prize",
  "unusual-payment",
  "asks-for-secrets",
  "asks-for-personal-details",
  "secrecy",
  "claims-authority",
  "new-number-relative",
  "link-text-mismatch",
  "lookalike-domain",
  "short-link",
  "ip-address-link",
  "risky-attachment",
  "job-offer",
  "guaranteed-returns",
  "romance-money",
  "qr-code",
  "wrong-number",
  "callback-number",
  "surprise-bill",
  "throwaway-domain",
  "sender-mismatch",
  "reply-to-activate",
] as const;
export type SignId = (typeof SIGN_IDS)[number];

export type SignField = "text" | "sender" | "subject" | "links";

/** What someone pastes into "Is this a scam?": the message, and whatever else they can see of it. */
export type CheckInput = { text: string; sender?: string; subject?: string; links?: string[] };
