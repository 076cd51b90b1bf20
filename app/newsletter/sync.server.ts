import { getLogger } from "~/config/logger.server";
import type { DatabaseHandle } from "~/db/client.server";
import { currentJobRunner, type JobRunner } from "~/jobs/job-runner.server";
import { createNewsletterProvider } from "./provider.server";
import { findUnsyncedSubscriberIds, SYNC_RETRY_LIMIT, syncSubscriber } from "./sync-worker.server";

const SYNC_QUEUE = "newsletter-sync";
const SWEEP_QUEUE = "newsletter-sync-sweep";

/**
 * The MailerLite sync on the job runner, when MAILERLITE_API_KEY is set (without it there is
 * nothing to sync to). One job per subscriber change, retried with backoff while the provider is
 * down; a sweep every minute (and at start) queues whatever a job missed: a change committed just
 * before the process died, or rows from before the provider was configured. Sending the same state
 * twice is harmless: the provider upserts by email.
 */
export function registerNewsletterSync(
  runner: JobRunner,
  handle: DatabaseHandle,
  tuning: { retryDelaySeconds?: number } = {},
) {
  const provider = createNewsletterProvider();
  if (!provider) return;
  const log = getLogger();
  runner.register<{ id: string }>({
    name: SYNC_QUEUE,
    batchSize: 5,
    retryLimit: SYNC_RETRY_LIMIT,
    retryDelaySeconds: tuning.retryDelaySeconds ?? 30,
    expireInSeconds: 60,
    // A transient failure throws out of here; pg-boss then retries the job later.
    async handler({ id }) {
      const outcome = await syncSubscriber(handle.db, provider, id);
      log.info({ id, outcome, provider: provider.name }, "newsletter sync");
    },
  });
  runner.register({
    name: SWEEP_QUEUE,
    policy: "singleton",
    schedule: { cron: "* * * * *" },
    runAtStart: true,
    async handler() {
      for (const id of await findUnsyncedSubscriberIds(handle.db)) await runner.send(SYNC_QUEUE, { id });
    },
  });
}

/**
 * Call after a subscriber change has committed. With no sync queue in this process (no provider,
 * or tests without a runner) a running worker's sweep picks the change up.
 */
export async function notifyNewsletterSync(ids: string[]) {
  const runner = currentJobRunner();
  if (!runner || ids.length === 0) return;
  try {
    for (const id of ids) await runner.send(SYNC_QUEUE, { id });
  } catch (error) {
    getLogger().warn({ err: error }, "could not queue the newsletter sync; the sweep will catch up");
  }
}
