import type { Database } from "~/db/client.server";
import { changeAccountRole } from "~/account/accounts.server";

export type RoleChange = "granted" | "already-staff" | "revoked" | "not-staff" | "unknown-email";

/** Gives the account with this email the staff role. Used by `npm run staff:grant`. */
export async function grantStaffRole(db: Database, email: string): Promise<RoleChange> {
  const change = await changeAccountRole(db, email.trim().toLowerCase(), { to: "staff" });
  return change === "changed" ? "granted" : change === "unchanged" ? "already-staff" : "unknown-email";
}

/** Takes the staff role away again (`npm run staff:grant -- --revoke email`). */
export async function revokeStaffRole(db: Database, email: string): Promise<RoleChange> {
  const change = await changeAccountRole(db, email.trim().toLowerCase(), { from: "staff", to: "member" });
  return change === "changed" ? "revoked" : change === "unchanged" ? "not-staff" : "unknown-email";
}
