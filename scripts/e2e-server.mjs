#!/usr/bin/env node
/**
 * The browser tests' shared server (playwright.config.ts starts it): `build/server.js` on a
 * database of its own. With DATABASE_URL (the config names a new database on the machine's
 * PostgreSQL when TEST_DATABASE_URL is set) the database is created here first, and the config's
 * global teardown drops it; without, the server uses the embedded database in DATA_DIR.
 */
import pg from "pg";

const url = process.env.DATABASE_URL;
if (url) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected test database name: ${name}`);
  // The database TEST_DATABASE_URL names is the one to connect to while creating or dropping another.
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  await client.end();
}
await import("../build/server.js");
