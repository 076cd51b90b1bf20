import { and, eq } from "drizzle-orm";
import { verifyPassword } from "better-auth/crypto";
import type { Database } from "~/db/client.server";
import { accounts } from "./tables";

/**
 * Whether `password` is this user's sign-in password, for actions that ask for it again (deleting
 * the account). better-auth's own verifier, so it reads the hashes sign-up wrote: auth.server.ts
 * keeps better-auth's default scrypt hashing, and a custom hasher there would have to be used here too.
 */
export async function isAccountPassword(db: Database, userId: string, password: string): Promise<boolean> {
  const [login] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if (!login?.hash) return false;
  return verifyPassword({ hash: login.hash, password });
}
