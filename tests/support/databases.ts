import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { openTemporaryPostgres } from "./temporary-postgres";

/**
 * The databases every integration suite runs against: always in-memory PGlite, and a real
 * PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it). Each suite gets a brand-new
 * database that is dropped afterwards.
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

export const DATABASE_TARGETS: DatabaseTarget[] = [
  { name: "pglite", open: () => openDatabase({ kind: "pglite", snapshot: migratedSnapshot() }) },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: "postgres" as const,
          open: () => openTemporaryPostgres(process.env.TEST_DATABASE_URL as string),
        },
      ]
    : []),
];
