import { afterAll, beforeAll, beforeEach } from "vitest";
import type { PgTable } from "drizzle-orm/pg-core";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import type { DatabaseTarget } from "./databases";

/**
 * The database of one integration suite on one target: opened before the suite and closed after
 * it; before each test the app is pointed at it and the listed tables are emptied (children
 * before parents, in the order given).
 */
export function databaseForSuite(target: DatabaseTarget, emptyBeforeEach: PgTable[]) {
  let handle: (DatabaseHandle & { url?: string }) | undefined;
  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => handle?.close());
  beforeEach(async () => {
    useDatabaseForTests(handle!);
    for (const table of emptyBeforeEach) await handle!.db.delete(table);
  });
  return {
    get handle() {
      if (!handle) throw new Error("The suite's database is open only inside its tests.");
      return handle;
    },
  };
}
