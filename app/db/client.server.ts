import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type SqlRows = { rows: Record<string, unknown>[] };

/**
 * An open database: the Drizzle handle for our code, plus raw SQL for libraries that speak SQL
 * themselves (pg-boss), and a way to close it.
 */
export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: Database;
  executeSql(text: string, values?: unknown[]): Promise<SqlRows>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { kind: "postgres"; url: string }
  | {
      kind: "pglite";
      /** undefined: in memory. */
      dataDir?: string;
      /** Start from a copy of this data folder (see migratedPgliteSnapshot) instead of an empty one. */
      snapshot?: Blob;
    };

const migrationsFolder = path.resolve(process.cwd(), "drizzle");

/**
 * Several processes start against one database when the site scales out; two migrating at once
 * race on `CREATE SCHEMA IF NOT EXISTS` and one dies. A session-level advisory lock on one
 * connection makes them take turns: the second finds the migrations already applied.
 */
const MIGRATION_LOCK_KEY = 7_348_201_955;

async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>) {
  const lock = await pool.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate();
  } finally {
    await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    lock.release();
  }
}

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", () => {});
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    await migrateOnce(pool, () => migratePostgres(db as never, { migrationsFolder }));
    return {
      kind: "postgres",
      db,
      async executeSql(text, values) {
        const result = await pool.query(text, values as unknown[]);
        return { rows: result.rows };
      },
      close: () => pool.end(),
    };
  }

  // PGlite does not create parent folders itself.
  if (location.dataDir) mkdirSync(location.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: location.dataDir, loadDataDir: location.snapshot });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  return {
    kind: "pglite",
    db,
    async executeSql(text, values) {
      // pg-boss sends some multi-statement scripts without parameters; only exec() runs those.
      if (values && values.length > 0) {
        const result = await client.query(text, values as unknown[]);
        return { rows: result.rows as Record<string, unknown>[] };
      }
      const results = await client.exec(text);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    close: () => client.close(),
  };
}

/**
 * A migrated, empty embedded database as a tar of its data folder. Creating PGlite's folder and
 * migrating it takes seconds; loading this copy takes about a quarter of that, which the tests
 * (one fresh database per suite) use.
 */
export async function migratedPgliteSnapshot(): Promise<Blob> {
  const client = await PGlite.create();
  await migratePglite(drizzlePglite(client, { schema }) as never, { migrationsFolder });
  const snapshot = await client.dumpDataDir("none");
  await client.close();
  return snapshot;
}
