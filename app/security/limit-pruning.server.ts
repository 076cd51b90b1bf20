/**
 * Expired request counters are deleted periodically. Both tables get one row per key (our
 * request_limits: per address, email or account; better-auth's rate_limits: per client IP and
 * path), and a row is only ever reset when its own key comes back, so keys that never come back
 * (every address that tried once, every path someone made up) would stay forever.
 */
import { lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { JobRunner } from "~/jobs/job-runner.server";
import { pruneExpiredAuthLimits } from "~/account/auth.server";
import { LONGEST_LIMIT_WINDOW_SECONDS } from "./request-limits.server";
import { requestLimits } from "./tables";

export const LIMIT_PRUNING_QUEUE = "request-limit-pruning";

/** Deletes every counter whose window has certainly ended; returns how many rows went. */
export async function pruneExpiredLimits(db: Database): Promise<{ requestLimits: number; rateLimits: number }> {
  const ours = await db
    .delete(requestLimits)
    .where(lt(requestLimits.windowStartedAt, sql`now() - make_interval(secs => ${LONGEST_LIMIT_WINDOW_SECONDS})`))
    .returning({ key: requestLimits.key });
  // better-auth's rate_limits are the account capability's table: it prunes them itself.
  const theirs = await pruneExpiredAuthLimits(db);
  return { requestLimits: ours.length, rateLimits: theirs };
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
