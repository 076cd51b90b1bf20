/**
 * Gives an existing account the staff role (or takes it away), from the command line only:
 *
 *   npm run staff:grant -- person@example.com
 *   npm run staff:grant -- --revoke person@example.com
 *
 * It opens the database the way the site does: DATABASE_URL when set, otherwise the embedded
 * database in DATA_DIR/pglite. The embedded database allows one process at a time, so stop the
 * site first in that case (with DATABASE_URL it can keep running).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { getEnv } from "~/config/env.server";
import { closeDatabase, getDatabase } from "~/db/database.server";
import { grantStaffRole, revokeStaffRole } from "~/staff/grant.server";

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

async function main() {
  const args = process.argv.slice(2);
  const revoke = args.includes("--revoke");
  const emails = args.filter((arg) => arg !== "--revoke");
  if (emails.length !== 1 || !/^[^\s@]+@[^\s@]+$/.test(emails[0])) {
    fail("Usage: npm run staff:grant -- [--revoke] person@example.com", 2);
  }
  const email = emails[0].trim().toLowerCase();

  const env = getEnv();
  if (!env.DATABASE_URL) {
    const dir = path.resolve(env.DATA_DIR, "pglite");
    if (!existsSync(dir)) {
      fail(`No database found in ${dir}. Run this where the site keeps its data (set DATA_DIR or DATABASE_URL).`, 2);
    }
    if (existsSync(path.join(dir, "postmaster.pid"))) {
      fail(
        `The embedded database in ${dir} is in use: stop the site first, then run this again.\n` +
          `(If nothing is running, an earlier crash left ${path.join(dir, "postmaster.pid")} behind; delete it.)`,
        2,
      );
    }
  }

  const db = await getDatabase();
  try {
    const outcome = revoke ? await revokeStaffRole(db, email) : await grantStaffRole(db, email);
    switch (outcome) {
      case "granted":
        console.log(`${email} is now staff. They see the staff console at /staff.`);
        return 0;
      case "already-staff":
        console.log(`${email} already has the staff role; nothing changed.`);
        return 0;
      case "revoked":
        console.log(`${email} is no longer staff.`);
        return 0;
      case "not-staff":
        console.log(`${email} does not have the staff role; nothing changed.`);
        return 0;
      case "unknown-email":
        console.error(`No account uses ${email}. They must sign up on the site first; nothing changed.`);
        return 1;
    }
  } finally {
    await closeDatabase();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) =>
    fail(`Could not change the staff role: ${error instanceof Error ? error.message : String(error)}`, 2),
);
