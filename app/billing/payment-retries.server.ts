import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import type { JobRunner } from "~/jobs/job-runner.server";
import { retryPendingPaymentEvents } from "./fulfilment.server";
import { getPaymentProvider } from "./payments.server";

export const PAYMENT_RETRY_QUEUE = "payment-event-retries";

/**
 * Once a minute, process payment events that were stored but could not be processed when they
 * arrived (for example Stripe was unreachable for the re-read). A singleton queue: one pass at a
 * time across every process (processing is idempotent anyway).
 */
export function registerPaymentRetries(runner: JobRunner, db: Database) {
  runner.register({
    name: PAYMENT_RETRY_QUEUE,
    policy: "singleton",
    schedule: { cron: "* * * * *" },
    async handler() {
      const provider = getPaymentProvider(db);
      if (!provider) return;
      const processed = await retryPendingPaymentEvents(db, provider);
      if (processed > 0) getLogger().info({ processed }, "payment events retried");
    },
  });
}
