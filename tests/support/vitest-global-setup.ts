import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migratedPgliteSnapshot } from "~/db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data folder as a tar file; every suite's in-memory database starts from it. */
    pgliteSnapshot: string;
  }
}

/** Runs once before every test file: migrates one embedded database and keeps a copy of it on disk. */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), "scam-free-vitest-"));
  const file = path.join(folder, "migrated-pglite.tar");
  writeFileSync(file, Buffer.from(await (await migratedPgliteSnapshot()).arrayBuffer()));
  project.provide("pgliteSnapshot", file);
  return () => rmSync(folder, { recursive: true, force: true });
}
