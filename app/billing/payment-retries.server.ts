import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import { retryPendingPaymentEvents } from "./fulfilment.server";
import { getPaymentProvider } from "./payments.server";

const EVERY_MS = 60_000;
let timer: NodeJS.Timeout | undefined;

/**
 * Once a minute, process payment events that were stored but could not be processed when they
 * arrived (for example Stripe was unreachable for the re-read). Processing is idempotent, so two
 * processes doing this at once is harmless.
 */
export function startPaymentRetries(db: Database) {
  if (timer) return;
  let running = false;
  timer = setInterval(async () => {
    const provider = getPaymentProvider(db);
    if (!provider || running) return;
    running = true;
    try {
      const processed = await retryPendingPaymentEvents(db, provider);
      if (processed > 0) getLogger().info({ processed }, "payment events retried");
    } catch (error) {
      getLogger().error({ err: error }, "payment event retry pass failed");
    } finally {
      running = false;
    }
  }, EVERY_MS);
  timer.unref();
}

export function stopPaymentRetries() {
  clearInterval(timer);
  timer = undefined;
}
