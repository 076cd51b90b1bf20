import pg from "pg";

/** Drops the shared server's PostgreSQL database (scripts/e2e-server.mjs made it) once every spec has run. */
export default async function dropBrowserTestDatabase() {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return;
  const name = new URL(url).pathname.slice(1);
  // The database TEST_DATABASE_URL names is the one to connect to while creating or dropping another.
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}
