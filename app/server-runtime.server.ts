import { getEnv } from "~/config/env.server";
import { getLogger } from "~/config/logger.server";
import { closeDatabase, getDatabaseHandle } from "~/db/database.server";
import { startPaymentRetries, stopPaymentRetries } from "~/billing/payment-retries.server";
import { startMail, stopMail } from "~/mail/mailer.server";
import { startNewsletterSync, stopNewsletterSync } from "~/newsletter/sync.server";

/**
 * Start and stop everything the web process owns besides HTTP: the database (opened and migrated
 * at start so the first visitor does not wait) and, later, background workers.
 * server.ts reaches this through the built server bundle so there is one copy of every module.
 */
export const serverRuntime = {
  env: getEnv,
  logger: getLogger,
  async start() {
    const handle = await getDatabaseHandle();
    getLogger().info({ database: handle.kind }, "database ready");
    if (getEnv().WORKERS) {
      await startMail(handle);
      await startNewsletterSync(handle);
      startPaymentRetries(handle.db);
    }
  },
  async stop() {
    stopPaymentRetries();
    await stopNewsletterSync();
    await stopMail();
    await closeDatabase();
  },
};

export type ServerRuntime = typeof serverRuntime;
