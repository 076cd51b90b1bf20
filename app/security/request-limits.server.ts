import { translatorFor, type Translate } from "~/i18n/translate";
import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { authSecret } from "~/config/auth-secret.server";
import { getEnv } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
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
 * One rate-limiter-flexible limiter per rule and database, storing in request_limits through
 * Drizzle (RateLimiterDrizzle: one atomic upsert per event, so every process shares the counts).
 * Expired rows are deleted by our own pruning job (limit-pruning.server.ts), not the library's
 * timer in every process. keyPrefix "" keeps the stored key exactly our hashed key, so a prefix
 * of it still finds every counter of one account (clearLimitsStartingWith).
 */
const limiters = new WeakMap<Database, Map<string, RateLimiterDrizzle>>();

function limiterFor(db: Database, rule: LimitRule): RateLimiterDrizzle {
  let byRule = limiters.get(db);
  if (!byRule) limiters.set(db, (byRule = new Map()));
  const name = `${rule.max}/${rule.windowSeconds}`;
  let limiter = byRule.get(name);
  if (!limiter) {
    limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: requestLimits,
      keyPrefix: "",
      points: rule.max,
      duration: rule.windowSeconds,
      clearExpiredByTimeout: false,
    });
    byRule.set(name, limiter);
  }
  return limiter;
}

function stateOf(result: RateLimiterRes, rule: LimitRule): LimitState {
  return {
    allowed: result.consumedPoints <= rule.max,
    count: result.consumedPoints,
    retryAfterSeconds: Math.max(0, Math.ceil(result.msBeforeNext / 1000)),
  };
}

/**
 * Counts one event for `key` under `rule` (fixed windows: the first event starts one). Every event
 * is counted, refused ones too, so hammering past the limit does not wear it down. Used for our
 * own actions and for the few better-auth endpoints served over HTTP (auth-endpoints.server.ts).
 */
export async function hitLimit(db: Database, key: string, rule: LimitRule): Promise<LimitState> {
  try {
    return stateOf(await limiterFor(db, rule).consume(storedKey(key)), rule);
  } catch (refusal) {
    // The library rejects with its result when the limit is passed, and with an Error when the store fails.
    if (refusal instanceof RateLimiterRes) return stateOf(refusal, rule);
    throw refusal;
  }
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
  // The library's reward() would need the rule; giving back one event never goes below zero.
  await db
    .update(requestLimits)
    .set({ points: sql`GREATEST(0, ${requestLimits.points} - 1)` })
    .where(eq(requestLimits.key, storedKey(key)));
}
