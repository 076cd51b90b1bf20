import { and, eq, ne, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { users } from "./tables";

/**
 * What other capabilities may know of an account, or change: its name, its login email once
 * confirmed (for a bigger query), its role. The users table is the account capability's own (and better-auth's);
 * checkout, the scam-update digest and the staff command ask through here, never through
 * `~/account/tables`.
 */

/** The name on this account (sign-up's stand-in until the person gives one; see realNameOf). */
export async function accountName(db: Database, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name;
}

/**
 * The accounts whose login email is proved (its confirmation link was pressed), with that email,
 * as a subquery to join on: the only place mail meant for an account holder (receipts, the weekly
 * family summary, the spot notice, the scam-alert digest) may go. An address typed at sign-up or checkout and never
 * confirmed may be anyone's.
 */
export function confirmedAccountEmails() {
  return new QueryBuilder()
    .select({ userId: users.id, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.emailVerified, true))
    .as("confirmed_account_email");
}

export type AccountRole = "member" | "staff";

/** The login emails of every staff account: who hears when the site itself needs attention. */
export async function staffEmails(db: Database): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, "staff"));
  return rows.map((row) => row.email);
}

/**
 * Gives the account with this email (as stored: lower case) the role `to`: from any other role,
 * or only from `from` when given. "changed"; "unchanged" when the account exists but was not
 * moved (it has `to` already, or not `from`); "unknown" when no account has this email.
 */
export async function changeAccountRole(
  db: Database,
  email: string,
  change: { to: AccountRole; from?: AccountRole },
): Promise<"changed" | "unchanged" | "unknown"> {
  const updated = await db
    .update(users)
    .set({ role: change.to, updatedAt: sql`now()` })
    .where(and(eq(users.email, email), change.from ? eq(users.role, change.from) : ne(users.role, change.to)))
    .returning({ id: users.id });
  if (updated.length > 0) return "changed";
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return existing ? "unchanged" : "unknown";
}

/** The login email of an account, as stored (null when there is no such account). */
export async function loginEmail(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/**
 * The account capability's part of "Delete my account": the login goes, and with it (ON DELETE
 * CASCADE) its sessions, sign-in methods, course progress, trainer rounds and checkout attempts.
 */
export async function forgetLogin(db: Database, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
