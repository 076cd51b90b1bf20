import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/account/tables";

export type RoleChange = "granted" | "already-staff" | "revoked" | "not-staff" | "unknown-email";

/** Gives the account with this email the staff role. Used by `npm run staff:grant`. */
export async function grantStaffRole(db: Database, email: string): Promise<RoleChange> {
  const normalised = email.trim().toLowerCase();
  const updated = await db
    .update(users)
    .set({ role: "staff", updatedAt: sql`now()` })
    .where(and(eq(users.email, normalised), ne(users.role, "staff")))
    .returning({ id: users.id });
  if (updated.length > 0) return "granted";
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalised));
  return existing ? "already-staff" : "unknown-email";
}

/** Takes the staff role away again (`npm run staff:grant -- --revoke email`). */
export async function revokeStaffRole(db: Database, email: string): Promise<RoleChange> {
  const normalised = email.trim().toLowerCase();
  const updated = await db
    .update(users)
    .set({ role: "member", updatedAt: sql`now()` })
    .where(and(eq(users.email, normalised), eq(users.role, "staff")))
    .returning({ id: users.id });
  if (updated.length > 0) return "revoked";
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalised));
  return existing ? "not-staff" : "unknown-email";
}
