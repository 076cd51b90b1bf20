import cluster from "node:cluster";
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { translate } from "~/i18n/translate";

/**
 * How often one address may ask the server to check a message (the API and the page's form post
 * without JavaScript share it), with the site's one limiter library, rate-limiter-flexible. The
 * counts live in memory, never the database: checking a message must write nothing anywhere.
 * With WEB_CONCURRENCY > 1 the web processes ask the primary process, which holds the counts for
 * all of them (RateLimiterCluster; its master is started in http/web-processes.ts), so an address
 * gets the same allowance however many processes serve it.
 */
export const CHECK_LIMIT = { max: 30, windowSeconds: 60 } as const;

let limiter: RateLimiterAbstract | undefined;

function checkLimiter(): RateLimiterAbstract {
  const options = { keyPrefix: "check", points: CHECK_LIMIT.max, duration: CHECK_LIMIT.windowSeconds };
  limiter ??= cluster.isWorker
    ? new RateLimiterCluster({ ...options, timeoutMs: 5_000 })
    : new RateLimiterMemory(options);
  return limiter;
}

export async function hitCheckLimit(address: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  try {
    await checkLimiter().consume(address);
    return { allowed: true, retryAfterSeconds: 0 };
  } catch (refusal) {
    // The library rejects with its result when the limit is passed, and with an Error otherwise.
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
  }
}

export const TOO_MANY_CHECKS = translate("en", "check.tooMany.message");
