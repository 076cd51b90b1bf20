import { and, eq, gte, isNotNull, min, count } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { practiceMessages } from "~/training/tables";

/**
 * The warm start (PRACTICE_WARMUP_START): receivers distrust a new domain that suddenly sends a
 * lot, so a deployment's practice email starts small. Day 1 is the (UTC) day the first practice
 * email of this deployment was queued; it allows at most START practice emails, and each day after
 * allows twice the day before. Messages over the day's cap stay planned and go the next day, in
 * their order. Texts are not capped (carriers judge numbers, not a mail domain).
 */

const DAY_MS = 86_400_000;
/** Past this cap the doubling has outgrown any real volume: no cap (and no overflow). */
const NO_CAP_ABOVE = 1_000_000_000;

const utcDay = (at: Date) => Math.floor(at.getTime() / DAY_MS);

/** The cap on practice emails for day `dayIndex` (0 = day 1), or null when there is none. */
export function warmStartCap(start: number, dayIndex: number): number | null {
  if (start <= 0) return null;
  const cap = start * 2 ** Math.max(0, dayIndex);
  return cap > NO_CAP_ABOVE ? null : cap;
}

/**
 * How many more practice emails may be queued today, or null for no limit (the warm start is off
 * or over).
 */
export async function practiceEmailAllowance(db: Database, start: number, now: Date): Promise<number | null> {
  if (start <= 0) return null;
  const queuedEmail = and(eq(practiceMessages.channel, "email"), isNotNull(practiceMessages.queuedAt));
  const [first] = await db
    .select({ at: min(practiceMessages.queuedAt) })
    .from(practiceMessages)
    .where(queuedEmail);
  const firstAt = first?.at ? new Date(first.at) : null;
  const cap = warmStartCap(start, firstAt ? utcDay(now) - utcDay(firstAt) : 0);
  if (cap === null) return null;
  const [today] = await db
    .select({ n: count() })
    .from(practiceMessages)
    .where(and(queuedEmail, gte(practiceMessages.queuedAt, new Date(utcDay(now) * DAY_MS))));
  return Math.max(0, cap - (today?.n ?? 0));
}
