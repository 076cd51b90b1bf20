import { translate } from "~/i18n/translate";

/**
 * How often one address may ask the server to check a message (the API and the page's form post
 * without JavaScript share it). The counters live in this process's memory, not the database:
 * checking a message must write nothing anywhere. With WEB_CONCURRENCY > 1 each process counts on
 * its own, so an address gets up to that many times the allowance, which is still far below what
 * would let anyone use the checker as a free bulk service.
 */
export const CHECK_LIMIT = { max: 30, windowSeconds: 60 } as const;

/** Above this many addresses, the ones whose window has ended are forgotten (then the oldest). */
const MOST_ADDRESSES = 10_000;

const windows = new Map<string, { startedAt: number; count: number }>();

export function hitCheckLimit(address: string, now = Date.now()): { allowed: boolean; retryAfterSeconds: number } {
  const windowMs = CHECK_LIMIT.windowSeconds * 1000;
  let entry = windows.get(address);
  if (!entry || now - entry.startedAt >= windowMs) {
    forgetOldAddresses(now, windowMs);
    entry = { startedAt: now, count: 0 };
    windows.set(address, entry);
  }
  entry.count += 1;
  const allowed = entry.count <= CHECK_LIMIT.max;
  return { allowed, retryAfterSeconds: allowed ? 0 : Math.ceil((entry.startedAt + windowMs - now) / 1000) };
}

function forgetOldAddresses(now: number, windowMs: number) {
  if (windows.size < MOST_ADDRESSES) return;
  for (const [address, entry] of windows) if (now - entry.startedAt >= windowMs) windows.delete(address);
  // Still full (a flood from many addresses at once): the oldest go first, in insertion order.
  for (const address of windows.keys()) {
    if (windows.size < MOST_ADDRESSES) break;
    windows.delete(address);
  }
}

export const TOO_MANY_CHECKS = translate("en", "check.tooMany.message");
