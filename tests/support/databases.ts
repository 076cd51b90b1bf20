import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { openTemporaryPostgres } from "./temporary-postgres";

/**
 * The databases the integration suites run against. Each suite gets a brand-new database that is
 * dropped afterwards. With TEST_DATABASE_URL set (CI), suites run on that real PostgreSQL server,
 * the production database; without it, on in-memory PGlite, so `npm test` needs nothing installed.
 * The suites that cover what differs between the two (the built server starting on the embedded
 * default, the job runner on PGlite, the data migrations) use BOTH_DATABASE_TARGETS and run on
 * each; running every suite twice doubled the test run for little (issue 38).
 */
export interface DatabaseTarget {
  name: "pglite" | "postgres";
  /** For postgres, the handle also says where the temporary database is (for child processes). */
  open(): Promise<DatabaseHandle & { url?: string }>;
}

/** The migrated copy tests/support/vitest-global-setup.ts made once for the whole run. */
function migratedSnapshot() {
  return new Blob([readFileSync(inject("pgliteSnapshot"))]);
}

const PGLITE: DatabaseTarget = {
  name: "pglite",
  open: () => openDatabase({ kind: "pglite", snapshot: migratedSnapshot() }),
};

const POSTGRES: DatabaseTarget | undefined = process.env.TEST_DATABASE_URL
  ? {
      name: "postgres",
      open: () =>
        openTemporaryPostgres(process.env.TEST_DATABASE_URL as string, {
          template: inject("postgresTemplate") || undefined,
        }),
    }
  : undefined;

/** PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const DATABASE_TARGETS: DatabaseTarget[] = [POSTGRES ?? PGLITE];

/** PGlite, and PostgreSQL too when TEST_DATABASE_URL is set: for the suites about what differs. */
export const BOTH_DATABASE_TARGETS: DatabaseTarget[] = POSTGRES ? [PGLITE, POSTGRES] : [PGLITE];
