import { z } from "zod";
import type { Translate } from "~/i18n/translate";

/** The account page's form that asks for a new confirmation link. */
export const RESEND_CONFIRMATION_INTENT = "resend-confirmation";

/** How long a confirmation link works. */
export const CONFIRMATION_LINK_DAYS = 3;

/**
 * The token in a confirmation link (a signed JWT from better-auth): checked for shape before
 * anything else, its refusals in the page's language (/es/confirm-email, issue #39).
 */
export function confirmationTokenSchemaFor(t: Translate) {
  return z
    .string({ error: t("confirm.incomplete") })
    .min(20, t("confirm.incomplete"))
    .max(2_000, t("confirm.notValid"))
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, t("confirm.notValid"));
}

export interface ResendConfirmationResult {
  intent: typeof RESEND_CONFIRMATION_INTENT;
  ok: boolean;
  title: string;
  message: string;
}

/** The account page's answer to "Send the link again", with its HTTP status. */
export function resendConfirmationResult(
  outcome: "sent" | "already-confirmed" | "too-many",
  email: string,
  t: Translate,
): { status: number; result: ResendConfirmationResult } {
  const intent = RESEND_CONFIRMATION_INTENT;
  if (outcome === "too-many")
    return {
      status: 429,
      result: { intent, ok: false, title: t("account.resendTooManyTitle"), message: t("account.resendTooMany") },
    };
  if (outcome === "already-confirmed")
    return {
      status: 200,
      result: { intent, ok: true, title: t("account.alreadyConfirmedTitle"), message: t("account.alreadyConfirmed") },
    };
  return {
    status: 200,
    result: {
      intent,
      ok: true,
      title: t("account.resentTitle"),
      message: t("account.resent", { email, days: CONFIRMATION_LINK_DAYS }),
    },
  };
}

export function isResendConfirmationResult(value: unknown): value is ResendConfirmationResult {
  return (value as { intent?: unknown } | null)?.intent === RESEND_CONFIRMATION_INTENT;
}
