/**
 * A database of a browser spec's own, for specs that need data the browser cannot make (practice
 * messages already sent, a staff account, a text queued by another process). The spec seeds it from
 * the test process through the app's own modules, then starts the built server on it:
 *
 *   const database = await openSpecDatabase();
 *   await seedSomething(database.handle.db);
 *   const server = await database.startServer();
 *
 * On PostgreSQL (TEST_DATABASE_URL, as CI runs) it is a new database, dropped at the end, and the
 * test process may keep using it while the server runs. On the embedded database (no
 * TEST_DATABASE_URL) it is a new data folder; PGlite allows one process at a time, so the spec's
 * handle is closed before the server opens the folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { closeDatabase, useDatabaseForTests } from "~/db/database.server";
import { BROWSER_TEST_SERVER_ENV } from "./browser-test-env";
import { freePort, startBuiltServer, type BuiltServer } from "./built-server";
import { openTemporaryPostgres } from "./temporary-postgres";

export interface SpecDatabase {
  /** Open for seeding; the app's own modules (getDatabase) use it too. */
  handle: DatabaseHandle;
  /** Starts the built server on this database (closing the handle first on PGlite). */
  startServer(): Promise<BuiltServer>;
  /** Stops the server and removes the database. */
  remove(): Promise<void>;
}

export async function openSpecDatabase(): Promise<SpecDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), "scam-free-spec-"));
  const handle: DatabaseHandle & { url?: string } = adminUrl
    ? await openTemporaryPostgres(adminUrl)
    : await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  useDatabaseForTests(handle);
  let server: BuiltServer | undefined;
  let open = true;
  const release = async () => {
    if (!open) return;
    open = false;
    await closeDatabase();
  };
  return {
    handle,
    async startServer() {
      if (!handle.url) await release();
      const port = await freePort();
      server = await startBuiltServer({ port, dataDir, databaseUrl: handle.url, env: BROWSER_TEST_SERVER_ENV });
      return server;
    },
    async remove() {
      await server?.stop();
      await release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
