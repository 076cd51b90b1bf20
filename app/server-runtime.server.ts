import { onEmailConfirmed } from "~/account/email-confirmed.server";
import { sendHeldReceipts } from "~/billing/receipts.server";
import { getEnv } from "~/config/env.server";
import { getLogger } from "~/config/logger.server";
import { closeDatabase, getDatabaseHandle } from "~/db/database.server";
import {
  onPagesChanged,
  pageChangesLive,
  startPageChangeListener,
  stopPageChangeListener,
} from "~/page-cache/page-changes.server";
import { startBackgroundJobs, stopBackgroundJobs } from "~/background-jobs.server";
import { checkRedFlagPages } from "~/red-flags/red-flag-page-files.server";
import { languageVariant } from "~/i18n/locales";
import { CROSS_SITE_POSTS } from "~/routes/cross-site-posts";
import { loadScamUpdateFiles } from "~/scam-updates/scam-update-files.server";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { registerTrainingReplies } from "~/training/tracking/practice-replies.server";
import { checkWeeklyLessons } from "~/weekly/lesson-files.server";

/**
 * Start and stop everything the web process owns besides HTTP: the database (opened and migrated
 * at start so the first visitor does not wait) and the job runner (with WORKERS=off it only queues
 * jobs for another process to run).
 * server.ts reaches this through the built server bundle so there is one copy of every module.
 */
export const serverRuntime = {
  env: getEnv,
  logger: getLogger,
  /** Paths other sites may POST to (webhooks, one-click unsubscribe); server.ts's CSRF check reads it. */
  crossSitePosts: CROSS_SITE_POSTS,
  /** How a cached page varies with Accept-Language (its language line): part of the cache key. */
  languageVariant,
  /** What empties server.ts's anonymous page cache: changes here and in other processes. */
  pageChanges: { subscribe: onPagesChanged, isLive: pageChangesLive },
  async start() {
    getLogger().info({ scenarios: practiceLibrary().scenarios.length }, "practice library checked"); // a bad scenario stops the start
    getLogger().info({ lessons: checkWeeklyLessons() }, "weekly lessons checked"); // so does a bad lesson
    getLogger().info({ updates: loadScamUpdateFiles().length }, "scam updates checked"); // so does a bad update
    // So does a bad red-flag page, or a practice red flag whose "Learn more" would lead nowhere.
    getLogger().info({ pages: checkRedFlagPages(practiceLibrary().scenarios).length }, "red-flag pages checked");
    const handle = await getDatabaseHandle();
    getLogger().info({ database: handle.kind }, "database ready");
    // Other web processes may share a PostgreSQL database: hear their page changes.
    if (handle.kind === "postgres" && getEnv().DATABASE_URL) await startPageChangeListener(getEnv().DATABASE_URL!);
    registerTrainingReplies(); // SCAM/SPOTTED and STOP replies to practice texts (inbound texts arrive in this process)
    onEmailConfirmed(sendHeldReceipts); // a receipt waits for a confirmed address (billing/receipts.server.ts)
    await startBackgroundJobs(handle, { workers: getEnv().WORKERS });
  },
  async stop() {
    await stopBackgroundJobs();
    await stopPageChangeListener();
    await closeDatabase();
  },
};
