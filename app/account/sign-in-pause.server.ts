import type { Database } from "~/db/client.server";
import { clearLimit, clearLimitsStartingWith } from "~/security/request-limits.server";
import { authLimitKeys } from "./auth-limits";

/**
 * Ends every sign-in limit on one account: the pause after too many wrong passwords from any
 * address, and each address's own lock. The owner proved the mailbox (the one-time sign-in link)
 * or chose a new password, so earlier guesses no longer say anything about this account.
 */
export async function endSignInPause(db: Database, email: string) {
  await clearLimit(db, authLimitKeys.loginFailures(email));
  await clearLimitsStartingWith(db, authLimitKeys.loginAccountPrefix(email));
}
