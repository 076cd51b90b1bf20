import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { requestLimits } from "~/security/tables";

/**
 * The longest window any rule may have (31 days: the Training Program counts notices to an address
 * over 30); a counter whose window started before that is dead.
 */
export const LONGEST_LIMIT_WINDOW_SECONDS = 31 * 24 * 60 * 60;

export interface LimitRule {
  /** How many counted events the window allows. */
  max: number;
  windowSeconds: number;
}

export interface LimitState {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the database, so every process shares them. `hit` counts an event
 * atomically (one upsert); `peek` only reads. Used for our own actions, which better-auth's limiter
 * does not see (it only guards its HTTP endpoints).
 */
export async function hitLimit(db: Database, key: string, rule: LimitRule): Promise<LimitState> {
  // Rows older than this are pruned as expired (limit-pruning.server.ts): a longer window would lose counts.
  if (rule.windowSeconds > LONGEST_LIMIT_WINDOW_SECONDS) {
    throw new Error(`Request limit windows can be at most ${LONGEST_LIMIT_WINDOW_SECONDS} seconds (${key}).`);
  }
  const [row] = await db
    .insert(requestLimits)
    .values({ key, count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: requestLimits.key,
      set: {
        count: sql`CASE WHEN ${requestLimits.windowStartedAt} <= now() - make_interval(secs => ${rule.windowSeconds}) THEN 1 ELSE ${requestLimits.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${requestLimits.windowStartedAt} <= now() - make_interval(secs => ${rule.windowSeconds}) THEN now() ELSE ${requestLimits.windowStartedAt} END`,
      },
    })
    .returning({
      count: requestLimits.count,
      remaining: sql<number>`GREATEST(0, CEIL(EXTRACT(EPOCH FROM (${requestLimits.windowStartedAt} + make_interval(secs => ${rule.windowSeconds}) - now()))))::int`,
    });
  return { allowed: row.count <= rule.max, count: row.count, retryAfterSeconds: Number(row.remaining) };
}

export async function clearLimit(db: Database, key: string) {
  await db.delete(requestLimits).where(eq(requestLimits.key, key));
}

/** Clears every counter whose key starts with the prefix (e.g. an account's locks from every IP). */
export async function clearLimitsStartingWith(db: Database, prefix: string) {
  await db.delete(requestLimits).where(sql`starts_with(${requestLimits.key}, ${prefix})`);
}

export function retryMessage(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

/** Gives one event back (a successful sign-in should not count against a shared IP). */
export async function refundLimit(db: Database, key: string) {
  await db
    .update(requestLimits)
    .set({ count: sql`GREATEST(0, ${requestLimits.count} - 1)` })
    .where(eq(requestLimits.key, key));
}
