/**
 * Expired request counters are deleted periodically. request_limits gets one row per key (per
 * address, email, account or client IP), and a row is only ever reset when its own key comes back,
 * so keys that never come back (every address that tried once) would stay forever.
 */
import { lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { JobRunner } from "~/jobs/job-runner.server";
import { requestLimits } from "./tables";

export const LIMIT_PRUNING_QUEUE = "request-limit-pruning";

/**
 * Deletes every counter whose window has ended (the limiter starts a new one when its key comes
 * back); returns how many rows went.
 */
export async function pruneExpiredLimits(db: Database): Promise<number> {
  const pruned = await db
    .delete(requestLimits)
    .where(lt(requestLimits.expire, sql`now()`))
    .returning({ key: requestLimits.key });
  return pruned.length;
}

/** Every ten minutes, one pass at a time across every process. */
export function registerLimitPruning(runner: JobRunner, db: Database) {
  runner.register({
    name: LIMIT_PRUNING_QUEUE,
    policy: "singleton",
    schedule: { cron: "*/10 * * * *" },
    async handler() {
      await pruneExpiredLimits(db);
    },
  });
}
