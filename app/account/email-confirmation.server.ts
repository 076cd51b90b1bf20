import type { Database } from "~/db/client.server";
import { hitLimit } from "~/security/request-limits.server";
import type { SessionUser } from "./session.server";
import { AUTH_LIMITS, authLimitKeys } from "./auth-limits";
import { authHeaders, getAuth } from "./auth.server";

/**
 * Confirming an email address. The link in the email opens `/confirm-email`, whose GET only shows
 * a button (mail scanners open links to check them); the button's POST checks the token with
 * better-auth, which marks the address as proved. A proved address is what lets a family member's
 * account reach the membership a relative bought for that address (`membership.server.ts`).
 */

export type ConfirmationOutcome = "confirmed" | "expired" | "invalid";

export async function confirmEmailAddress(token: string): Promise<ConfirmationOutcome> {
  const auth = await getAuth();
  try {
    await auth.api.verifyEmail({ query: { token } });
    return "confirmed";
  } catch (error) {
    const code = (error as { body?: { code?: unknown } })?.body?.code;
    if (code === "TOKEN_EXPIRED") return "expired";
    // A bad signature, a malformed token, or an account deleted since the email was sent.
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") return "invalid";
    throw error;
  }
}

export type ResendOutcome = "sent" | "already-confirmed" | "too-many";

/** Sends a new link to the signed-in person's own address, at most a few times an hour. */
export async function resendConfirmation(
  db: Database,
  request: Request,
  user: Pick<SessionUser, "id" | "email" | "emailVerified">,
  clientIp: string | undefined,
): Promise<ResendOutcome> {
  if (user.emailVerified) return "already-confirmed";
  const limit = await hitLimit(db, authLimitKeys.confirmationResend(user.id), AUTH_LIMITS.confirmationResendPerAccount);
  if (!limit.allowed) return "too-many";
  const auth = await getAuth();
  await auth.api.sendVerificationEmail({ body: { email: user.email }, headers: authHeaders(request, clientIp) });
  return "sent";
}
