import path from "node:path";
import { getEnv } from "~/config/env.server";
import { openDatabase, type Database, type DatabaseHandle } from "./client.server";

/**
 * The process-wide database. It opens (and migrates) on first use, never at module load: the build
 * imports the server bundle and must not touch a database.
 */
let opening: Promise<DatabaseHandle> | undefined;

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!opening) {
    const env = getEnv();
    opening = openDatabase(
      env.DATABASE_URL
        ? { kind: "postgres", url: env.DATABASE_URL }
        : // Its own folder: DATA_DIR also holds the generated auth secret.
          { kind: "pglite", dataDir: path.join(env.DATA_DIR, "pglite") },
    );
    opening.catch(() => {
      opening = undefined;
    });
  }
  return opening;
}

export async function getDatabase(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

/** Integration tests point the app at their own database (in-memory PGlite or real PostgreSQL). */
export function useDatabaseForTests(handle: DatabaseHandle) {
  opening = Promise.resolve(handle);
}

export async function closeDatabase() {
  if (!opening) return;
  const handle = await opening;
  opening = undefined;
  await handle.close();
}
