/**
 * Expired request counters are deleted periodically. Both tables get one row per key (our
 * request_limits: per address, email or account; better-auth's rate_limits: per client IP and
 * path), and a row is only ever reset when its own key comes back, so keys that never come back
 * (every address that tried once, every path someone made up) would stay forever.
 */
import { lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { JobRunner } from "~/jobs/job-runner.server";
import { LONGEST_LIMIT_WINDOW_SECONDS } from "./request-limits.server";
import { requestLimits } from "./tables";

export const LIMIT_PRUNING_QUEUE = "request-limit-pruning";

/**
 * Counters kept by other capabilities (better-auth's rate_limits are the account capability's
 * table), each pruned by its owner: the composition root names them (app/background-jobs.server.ts).
 */
export type OtherLimitPruners = Record<string, (db: Database) => Promise<number>>;

/** Deletes every counter whose window has certainly ended; returns how many rows went, per table. */
export async function pruneExpiredLimits(
  db: Database,
  others: OtherLimitPruners = {},
): Promise<Record<string, number>> {
  const ours = await db
    .delete(requestLimits)
    .where(lt(requestLimits.windowStartedAt, sql`now() - make_interval(secs => ${LONGEST_LIMIT_WINDOW_SECONDS})`))
    .returning({ key: requestLimits.key });
  const pruned: Record<string, number> = { requestLimits: ours.length };
  for (const [name, prune] of Object.entries(others)) pruned[name] = await prune(db);
  return pruned;
}

/** Every ten minutes, one pass at a time across every process. */
export function registerLimitPruning(runner: JobRunner, db: Database, others: OtherLimitPruners = {}) {
  runner.register({
    name: LIMIT_PRUNING_QUEUE,
    policy: "singleton",
    schedule: { cron: "*/10 * * * *" },
    async handler() {
      await pruneExpiredLimits(db, others);
    },
  });
}
