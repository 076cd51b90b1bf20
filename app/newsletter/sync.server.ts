import { getLogger } from "~/config/logger.server";
import type { DatabaseHandle } from "~/db/client.server";
import { createNewsletterProvider } from "./provider.server";
import { startNewsletterSyncWorker, type NewsletterSyncWorker } from "./sync-worker.server";

let worker: NewsletterSyncWorker | undefined;

/** Starts the MailerLite sync when MAILERLITE_API_KEY is set; without it there is nothing to sync to. */
export async function startNewsletterSync(
  handle: DatabaseHandle,
  tuning: { pollingIntervalSeconds?: number; retryDelaySeconds?: number } = {},
) {
  const provider = createNewsletterProvider();
  if (!provider) return;
  const log = getLogger();
  worker = await startNewsletterSyncWorker({
    handle,
    provider,
    pollingIntervalSeconds: tuning.pollingIntervalSeconds ?? 1,
    retryDelaySeconds: tuning.retryDelaySeconds,
    onSynced: (id, outcome) => log.info({ id, outcome, provider: provider.name }, "newsletter sync"),
    onError: (error) => log.error({ err: error }, "newsletter sync worker error"),
  });
  log.info({ provider: provider.name }, "newsletter sync started");
}

export async function stopNewsletterSync() {
  await worker?.stop();
  worker = undefined;
}

/**
 * Call after a subscriber change has committed. With no worker in this process (no provider,
 * WORKERS=off, or tests) a running worker's sweep picks the change up.
 */
export async function notifyNewsletterSync(ids: string[]) {
  if (!worker || ids.length === 0) return;
  try {
    await worker.notify(ids);
  } catch (error) {
    getLogger().warn({ err: error }, "could not wake the newsletter sync; the sweep will catch up");
  }
}
