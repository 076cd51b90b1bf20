import { eq } from "drizzle-orm";
import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/database.server";
import { getMailBranding, queueEmail } from "~/mail/mailer.server";
import { clearLimit, hitLimit, refundLimit } from "~/security/request-limits.server";
import { signInFailuresEmail } from "./account-emails";
import { AUTH_LIMITS, authLimitKeys } from "./auth-limits";
import { users } from "./tables";

export type SignInAttempt =
  | { allowed: false; retryAfterSeconds: number }
  | {
      allowed: true;
      /** The password was right: the account's lock from this address ends, and the IP gets its event back. */
      succeeded(): Promise<void>;
      /** The password was wrong: counted for the account from every address (the owner's warning). */
      failed(): Promise<void>;
    };

/**
 * The one limiter for every way to sign in with a password: the /auth form and better-auth's JSON
 * endpoint (/api/auth/sign-in/email) both start here, so neither allows more guesses than the other
 * (see auth-limits.ts for the rules). `email` must already be normalised (LoginSchema), so every
 * spelling of an address shares its counters.
 */
export async function startSignInAttempt(email: string, clientIp: string): Promise<SignInAttempt> {
  const db = await getDatabase();
  const pairKey = authLimitKeys.loginAccountAndIp(email, clientIp);
  const ipKey = authLimitKeys.loginIp(clientIp);
  const [byPair, byIp] = await Promise.all([
    hitLimit(db, pairKey, AUTH_LIMITS.failedLoginPerAccountAndIp),
    hitLimit(db, ipKey, AUTH_LIMITS.failedLoginPerIp),
  ]);
  if (!byPair.allowed || !byIp.allowed) {
    getLogger().warn({ ip: clientIp }, "sign-in rate limit reached");
    return { allowed: false, retryAfterSeconds: Math.max(byPair.retryAfterSeconds, byIp.retryAfterSeconds) };
  }
  return {
    allowed: true,
    succeeded: async () => {
      await Promise.all([clearLimit(db, pairKey), refundLimit(db, ipKey)]);
    },
    failed: () => countFailedSignIn(db, email),
  };
}

/**
 * Counts a wrong password for the account from any address. The count reaches the warning
 * threshold exactly once per window (the counter is one atomic upsert), so the owner gets one email
 * however many guesses follow. Unknown emails are counted too, so timing says nothing; nobody is
 * emailed for them.
 */
async function countFailedSignIn(db: Database, email: string) {
  try {
    const rule = AUTH_LIMITS.failedLoginWarning;
    const failures = await hitLimit(db, authLimitKeys.loginFailures(email), rule);
    if (failures.count !== rule.max) return;
    const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.email, email));
    if (!owner) return;
    await queueEmail(db, {
      template: "sign-in-failures",
      to: owner.email,
      ...signInFailuresEmail(getMailBranding(), { failures: rule.max, minutes: Math.round(rule.windowSeconds / 60) }),
    });
  } catch (error) {
    // The warning must never turn a wrong password into a server error.
    getLogger().error({ err: error }, "could not record a failed sign-in");
  }
}
