/**
 * WEB_CONCURRENCY: how many web processes `npm start` runs, one per core in production. Node's
 * cluster module shares the one listening port between them. The background workers (mail
 * delivery, schedules) run in the first process only (the others get WORKERS=off and only queue
 * jobs), so nothing runs twice; every process keeps its own page cache, which the database's
 * change notices already empty in every process (app/page-cache/page-changes.server.ts).
 *
 * PGlite, the embedded database a fresh clone uses, belongs to one process: without DATABASE_URL
 * the server says so and runs a single process.
 */
import cluster from "node:cluster";
import { RateLimiterClusterMaster } from "rate-limiter-flexible";

export const MAX_WEB_PROCESSES = 32;

/** The setting, checked: a whole number from 1 to 32 (unset: 1). */
export function webConcurrency(value: string | undefined): number | { error: string } {
  if (value === undefined || value.trim() === "") return 1;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > MAX_WEB_PROCESSES) {
    return { error: `WEB_CONCURRENCY must be a whole number from 1 to ${MAX_WEB_PROCESSES} (got "${value}")` };
  }
  return count;
}

/**
 * In the primary process with WEB_CONCURRENCY above 1 (and PostgreSQL): forks the web processes,
 * passes a stop signal on to them and exits once they all have, and replaces one that dies on its
 * own. Returns false when this process should serve by itself.
 */
export function startWebProcesses(env: NodeJS.ProcessEnv, log: (message: string) => void): boolean {
  if (!cluster.isPrimary) return false;
  const count = webConcurrency(env.WEB_CONCURRENCY);
  if (typeof count !== "number") throw new Error(count.error);
  if (count === 1) return false;
  if (!env.DATABASE_URL) {
    log(
      `WEB_CONCURRENCY=${count} needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process, so one web process serves.`,
    );
    return false;
  }

  // Holds the in-memory request limits (the checker's) for every web process (check-limits.server.ts).
  new RateLimiterClusterMaster();

  let stopping = false;
  const fork = (runsWorkers: boolean) => {
    const worker = cluster.fork(runsWorkers ? {} : { WORKERS: "off" });
    worker.on("exit", (code, signal) => {
      if (stopping) return;
      log(`web process ${worker.process.pid} stopped (${signal ?? code}); starting another`);
      // The replacement takes over the background workers if the one that stopped had them.
      setTimeout(() => fork(runsWorkers), 1_000);
    });
  };
  for (let index = 0; index < count; index++) fork(index === 0);
  log(`started ${count} web processes (background workers in the first)`);

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    cluster.on("exit", () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  return true;
}
