import { translatorFor, type Translate } from "~/i18n/translate";
import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { authSecret } from "~/config/auth-secret.server";
import { getEnv } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { requestLimits } from "~/security/tables";

/**
 * Counters are stored under a keyed hash of their key, never the key itself: callers count by
 * email address, phone number and client IP ("reset:email:ana@example.com"), and the table would
 * otherwise keep those for up to a month after the person (or their account) is gone. Callers
 * keep passing readable keys; only this module sees the stored form.
 *
 * The stored form is an HMAC-SHA256 (keyed from AUTH_SECRET) of every part of the key up to each
 * ':' (12 hex digits each) followed by one of the whole key (64), so "every key starting with
 * login:account-ip:ana@example.com:" is still one `starts_with` (clearLimitsStartingWith). A new
 * AUTH_SECRET starts every counter afresh, as a restart of the window would.
 *
 * Rows written before keys were hashed hold their key in clear: no migration rewrites them, since
 * no key is ever looked up in that form again and pruning (limit-pruning.server.ts) deletes each
 * one once its window has certainly ended, within LONGEST_LIMIT_WINDOW_SECONDS.
 */
let hashing: { env: object; key: Buffer } | null = null;

function keyedHash(text: string): string {
  const env = getEnv();
  if (hashing?.env !== env) {
    // A key of its own, derived from the signing secret, so these hashes are of no use for anything else.
    hashing = { env, key: createHmac("sha256", authSecret()).update("scam-free request limit keys").digest() };
  }
  return createHmac("sha256", hashing.key).update(text).digest("hex");
}

/** The hashes of each part of `text` ending with ':' (the part before it included), each followed by '.'. */
function storedParts(text: string): string {
  let stored = "";
  for (let colon = text.indexOf(":"); colon !== -1; colon = text.indexOf(":", colon + 1)) {
    stored += `${keyedHash(text.slice(0, colon + 1)).slice(0, 12)}.`;
  }
  return stored;
}

/** How `key` is stored in request_limits. */
function storedKey(key: string): string {
  return `${storedParts(key)}${keyedHash(key)}`;
}

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
    // The key's first part only: the rest may be an address.
    const kind = key.split(":")[0];
    throw new Error(`Request limit windows can be at most ${LONGEST_LIMIT_WINDOW_SECONDS} seconds (${kind}).`);
  }
  const [row] = await db
    .insert(requestLimits)
    .values({ key: storedKey(key), count: 1, windowStartedAt: sql`now()` })
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
  await db.delete(requestLimits).where(eq(requestLimits.key, storedKey(key)));
}

/**
 * Clears every counter whose key starts with the prefix (e.g. an account's locks from every IP).
 * The prefix ends with ':' (the hashed keys keep only those boundaries).
 */
export async function clearLimitsStartingWith(db: Database, prefix: string) {
  if (!prefix.endsWith(":")) throw new Error("A request limit prefix ends with ':'.");
  await db.delete(requestLimits).where(sql`starts_with(${requestLimits.key}, ${storedParts(prefix)})`);
}

export function retryMessage(seconds: number, t: Translate = translatorFor("en")) {
  return t("auth.tooMany", { minutes: Math.max(1, Math.ceil(seconds / 60)) });
}

/** Gives one event back (a successful sign-in should not count against a shared IP). */
export async function refundLimit(db: Database, key: string) {
  await db
    .update(requestLimits)
    .set({ count: sql`GREATEST(0, ${requestLimits.count} - 1)` })
    .where(eq(requestLimits.key, storedKey(key)));
}
