import { translatorFor, type Translate } from "~/i18n/translate";
import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/database.server";
import { clearLimit, hitLimit, refundLimit, retryMessage } from "~/security/request-limits.server";
import { AUTH_LIMITS, authLimitKeys } from "./auth-limits";
import { sendSignInLink } from "./sign-in-link.server";

export type SignInAttempt =
  | { allowed: false; retryAfterSeconds: number; message: string }
  | {
      allowed: true;
      /** The password was right: the account's lock from this address ends, and the counts get their event back. */
      succeeded(): Promise<void>;
      /** The password was wrong: it stays counted for the account from every address. */
      failed(): Promise<void>;
    };

/**
 * What a sign-in hears once the account's ceiling is reached, whoever asks and whether or not the
 * account exists (the same words, status and timing either way, so it tells nobody which
 * addresses have accounts).
 */
export function signInPausedMessage(seconds: number, t: Translate = translatorFor("en")) {
  return t("auth.paused", { minutes: Math.max(1, Math.ceil(seconds / 60)) });
}

/**
 * The one limiter for every way to sign in with a password: the /auth form and better-auth's JSON
 * endpoint (/api/auth/sign-in/email) both start here, so neither allows more guesses than the other
 * (see auth-limits.ts for the rules). `email` must already be normalised (LoginSchema), so every
 * spelling of an address shares its counters.
 *
 * Every attempt is counted for the account before the password is checked, and a success gives
 * its event back: so concurrent guesses cannot all slip in under the ceiling, and the attempt
 * that reaches it is the one that emails the owner.
 */
export async function startSignInAttempt(
  email: string,
  clientIp: string,
  t: Translate = translatorFor("en"),
): Promise<SignInAttempt> {
  const db = await getDatabase();
  const pairKey = authLimitKeys.loginAccountAndIp(email, clientIp);
  const ipKey = authLimitKeys.loginIp(clientIp);
  const [byPair, byIp] = await Promise.all([
    hitLimit(db, pairKey, AUTH_LIMITS.failedLoginPerAccountAndIp),
    hitLimit(db, ipKey, AUTH_LIMITS.failedLoginPerIp),
  ]);
  if (!byPair.allowed || !byIp.allowed) {
    getLogger().warn({ ip: clientIp }, "sign-in rate limit reached");
    const retryAfterSeconds = Math.max(byPair.retryAfterSeconds, byIp.retryAfterSeconds);
    return { allowed: false, retryAfterSeconds, message: retryMessage(retryAfterSeconds, t) };
  }
  const accountKey = authLimitKeys.loginFailures(email);
  const rule = AUTH_LIMITS.failedLoginPerAccount;
  const byAccount = await hitLimit(db, accountKey, rule);
  if (!byAccount.allowed) {
    getLogger().warn("sign-in paused for an account after too many wrong passwords");
    return {
      allowed: false,
      retryAfterSeconds: byAccount.retryAfterSeconds,
      message: signInPausedMessage(byAccount.retryAfterSeconds, t),
    };
  }
  return {
    allowed: true,
    succeeded: async () => {
      await Promise.all([clearLimit(db, pairKey), refundLimit(db, ipKey), refundLimit(db, accountKey)]);
    },
    failed: async () => {
      if (byAccount.count === rule.max) await emailTheOwner(db, email);
    },
  };
}

/**
 * The wrong password that reached the ceiling: the owner gets the one-time sign-in link, once per
 * window (only one attempt can be the one that counted to exactly `max`). Unknown emails are
 * counted and answered alike, and nobody is emailed for them.
 */
async function emailTheOwner(db: Database, email: string) {
  try {
    await sendSignInLink(db, email);
  } catch (error) {
    // The email must never turn a wrong password into a server error.
    getLogger().error({ err: error }, "could not email the sign-in link after too many wrong passwords");
  }
}
