import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migratedPgliteSnapshot } from "~/db/client.server";
import { createMigratedTemplate } from "./temporary-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data folder as a tar file; every suite's in-memory database starts from it. */
    pgliteSnapshot: string;
    /** A migrated PostgreSQL database every suite's temporary database is copied from ("" without TEST_DATABASE_URL). */
    postgresTemplate: string;
  }
}

/**
 * Runs once before every test file: migrates one embedded database and keeps a copy of it on disk,
 * and, when TEST_DATABASE_URL is set, one PostgreSQL database for every suite to copy.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), "scam-free-vitest-"));
  const file = path.join(folder, "migrated-pglite.tar");
  writeFileSync(file, Buffer.from(await (await migratedPgliteSnapshot()).arrayBuffer()));
  project.provide("pgliteSnapshot", file);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = adminUrl ? await createMigratedTemplate(adminUrl) : null;
  project.provide("postgresTemplate", template?.name ?? "");
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    await template?.drop();
  };
}
