import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function asAdmin(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A brand-new database on the PostgreSQL server at adminUrl, migrated; closing it drops it. With
 * `template` (a migrated database nobody is connected to, see createMigratedTemplate) it is a copy
 * of that one, made by the server in a moment instead of running every migration again.
 */
export async function openTemporaryPostgres(
  adminUrl: string,
  options: { template?: string } = {},
): Promise<DatabaseHandle & { url: string }> {
  const name = `scamfree_test_${randomBytes(6).toString("hex")}`;
  await asAdmin(adminUrl, `CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ""}`);
  const url = databaseUrl(adminUrl, name);
  // On a template's copy the migrator finds every migration applied and does nothing.
  const handle = await openDatabase({ kind: "postgres", url });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** One migrated database for a whole test run to copy (CREATE DATABASE … TEMPLATE); returns its name and how to drop it. */
export async function createMigratedTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `scamfree_template_${randomBytes(6).toString("hex")}`;
  await asAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const handle = await openDatabase({ kind: "postgres", url: databaseUrl(adminUrl, name) });
  // A template must have no connections while it is copied.
  await handle.close();
  return { name, drop: () => asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
