import { getEnv, PRACTICE_SETTINGS_MISSING } from "~/config/env.server";
import { getLogger } from "~/config/logger.server";
import type { DatabaseHandle } from "~/db/client.server";
import { registerPaymentRetries } from "~/billing/payment-retries.server";
import { registerMessageDelivery } from "~/mail/delivery-queue.server";
import { createDeliveryChannels } from "~/mail/mailer.server";
import { practiceLastLook } from "~/training/sending/practice-last-look.server";
import { registerConfirmationPruning } from "~/newsletter/confirmation.server";
import { registerNewsletterSync } from "~/newsletter/sync.server";
import { registerScamUpdateDigest } from "~/scam-updates/digest.server";
import { registerLimitPruning } from "~/security/limit-pruning.server";
import { practiceSendingSetup } from "~/training/library/practice-sending-setup.server";
import { registerPracticeScheduling } from "~/training/sending/scheduler.server";
import { registerWeeklySummaries } from "~/training/results/weekly-summaries.server";
import { currentJobRunner, JobRunner, setProcessJobRunner } from "~/jobs/job-runner.server";

export interface BackgroundJobsTuning {
  /** false: queue only, no workers (WORKERS=off). Default: the WORKERS setting. */
  workers?: boolean;
  pollingIntervalSeconds?: number;
  /** First retry delay of the newsletter sync; small in tests. */
  retryDelaySeconds?: number;
  cronMonitorIntervalSeconds?: number;
}

/**
 * Every queue the site runs, on the process's one job runner: delivery of emails and texts, the
 * MailerLite sync, the payment-event retry pass, the Training Program's practice schedule and weekly summaries, the weekly scam-update digest, the pruning of expired request counters. Started and stopped by server-runtime.
 */
export async function startBackgroundJobs(handle: DatabaseHandle, tuning: BackgroundJobsTuning = {}) {
  if (currentJobRunner()) return currentJobRunner()!;
  const log = getLogger();
  const workers = tuning.workers ?? getEnv().WORKERS;
  const runner = new JobRunner(handle, {
    workers,
    pollingIntervalSeconds: tuning.pollingIntervalSeconds ?? 1,
    cronMonitorIntervalSeconds: tuning.cronMonitorIntervalSeconds,
    onError: (error) => log.error({ err: error }, "background job error"),
  });
  // Practice messages get a last look before they go: quiet hours, and a stop since they were queued.
  const channels = { ...createDeliveryChannels(), lastLook: practiceLastLook };
  registerMessageDelivery(runner, handle, {
    channels,
    onResult: (result) =>
      log.info({ ...result, email: channels.email.name, sms: channels.sms.name }, "outbox delivery"),
  });
  registerNewsletterSync(runner, handle, { retryDelaySeconds: tuning.retryDelaySeconds });
  registerConfirmationPruning(runner, handle.db);
  registerPaymentRetries(runner, handle.db);
  // A production site without its own practice domain and link origin sends no practice message.
  if (practiceSendingSetup()) registerPracticeScheduling(runner, handle);
  else log.error(PRACTICE_SETTINGS_MISSING);
  registerWeeklySummaries(runner, handle);
  registerScamUpdateDigest(runner, handle);
  registerLimitPruning(runner, handle.db);
  await runner.start();
  setProcessJobRunner(runner);
  log.info(
    { workers, email: channels.email.name, sms: channels.sms.name },
    workers ? "background jobs started" : "background jobs queued only (WORKERS=off)",
  );
  return runner;
}

export async function stopBackgroundJobs() {
  const runner = currentJobRunner();
  setProcessJobRunner(undefined);
  await runner?.stop();
}
