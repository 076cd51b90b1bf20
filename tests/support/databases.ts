import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";

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

async function openTemporaryPostgres(adminUrl: string): Promise<DatabaseHandle & { url: string }> {
  const name = `scamfree_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export const DATABASE_TARGETS: DatabaseTarget[] = [
  { name: "pglite", open: () => openDatabase({ kind: "pglite" }) },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: "postgres" as const,
          open: () => openTemporaryPostgres(process.env.TEST_DATABASE_URL as string),
        },
      ]
    : []),
];
