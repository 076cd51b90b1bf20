/**
 * Expired request counters are deleted periodically. Both tables get one row per key (our
 * request_limits: per address, email or account; better-auth's rate_limits: per client IP and
 * path), and a row is only ever reset when its own key comes back, so keys that never come back
 * (every address that tried once, every path someone made up) would stay forever.
 */
import { lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { JobRunner } from "~/jobs/job-runner.server";
import { AUTH_RATE_LIMIT_LONGEST_WINDOW_SECONDS } from "~/account/auth.server";
import { rateLimits } from "~/account/tables";
import { LONGEST_LIMIT_WINDOW_SECONDS } from "./request-limits.server";
import { requestLimits } from "./tables";

export const LIMIT_PRUNING_QUEUE = "request-limit-pruning";

/** Deletes every counter whose window has certainly ended; returns how many rows went. */
export async function pruneExpiredLimits(db: Database): Promise<{ requestLimits: number; rateLimits: number }> {
  const ours = await db
    .delete(requestLimits)
    .where(lt(requestLimits.windowStartedAt, sql`now() - make_interval(secs => ${LONGEST_LIMIT_WINDOW_SECONDS})`))
    .returning({ key: requestLimits.key });
  // better-auth writes lastRequest as Date.now() of this process: compare with the same clock.
  const cutoff = Date.now() - AUTH_RATE_LIMIT_LONGEST_WINDOW_SECONDS * 1000;
  const theirs = await db
    .delete(rateLimits)
    .where(lt(rateLimits.lastRequest, cutoff))
    .returning({ key: rateLimits.key });
  return { requestLimits: ours.length, rateLimits: theirs.length };
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
