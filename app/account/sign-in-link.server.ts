import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/database.server";
import { authHeaders, getAuth } from "./auth.server";
import { endSignInPause } from "./sign-in-pause.server";
import { accounts, users } from "./tables";

/**
 * The one-time sign-in link of the "sign-in paused" email: the way in for an account's owner
 * while too many wrong passwords keep password sign-in closed (sign-in-limits.server.ts). It is
 * better-auth's magic link (auth.server.ts: hashed tokens, one use, 60 minutes, no new accounts),
 * opened on our own page (/sign-in-link) with a button, since mail scanners open links too.
 */

/** Emails the owner of `email` a sign-in link (the email is composed in auth.server.ts's sendMagicLink); nothing for an unknown address. */
export async function sendSignInLink(db: Database, email: string) {
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.email, email));
  if (!owner) return;
  await (await getAuth()).api.signInMagicLink({ body: { email: owner.email }, headers: new Headers() });
}

/**
 * Uses a sign-in link: on success, the new session's cookies, and the account's sign-in pause is
 * over; null when the link is unknown, used or expired (better-auth consumes it atomically).
 *
 * An account whose address was never confirmed comes out confirmed, but without its password:
 * better-auth removes a password set before anyone proved the mailbox (it could have been set by
 * whoever created the account with someone else's address), so `passwordRemoved` tells the page
 * to ask for a new one.
 */
export async function signInWithLink(
  request: Request,
  token: string,
  clientIp: string | undefined,
): Promise<{ setCookie: string[]; passwordRemoved: boolean } | null> {
  const auth = await getAuth();
  let signedIn;
  try {
    signedIn = await auth.api.magicLinkVerify({
      query: { token },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
  } catch (error) {
    // better-auth answers a bad token with a redirect to ?error=INVALID_TOKEN, thrown as an APIError
    // (better-call's own class, not always the one better-auth/api exports: told apart by name).
    if (error instanceof Error && error.name === "APIError") return null;
    throw error;
  }
  const db = await getDatabase();
  const user = signedIn.response.user;
  await endSignInPause(db, user.email);
  const [password] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")));
  return { setCookie: signedIn.headers.getSetCookie(), passwordRemoved: !password };
}
