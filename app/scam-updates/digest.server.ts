import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { confirmedAccountEmails } from "~/account/accounts.server";
import { newestSubscriptionHolders } from "~/billing/subscription-holders.server";
import { hasMemberAccess } from "~/billing/subscription-view";
import { getLogger } from "~/config/logger.server";
import type { Database, DatabaseHandle } from "~/db/client.server";
import type { JobRunner } from "~/jobs/job-runner.server";
import { wakeDelivery } from "~/mail/delivery-queue.server";
import { getMailBranding } from "~/mail/mailer.server";
import { enqueueEmail } from "~/mail/outbox.server";
import type { MailBranding } from "~/mail/templates";
import { unsubscribeHeaders } from "~/newsletter/newsletter-emails";
import { isoWeekKey } from "~/family/quiet-hours";
import { digestUnsubscribeUrl, scamUpdateDigestEmail } from "./digest-email";
import type { ScamUpdateSummary } from "./scam-update-schema";
import { loadScamUpdateFiles } from "./scam-update-files.server";
import { scamUpdateDigests, scamUpdateDigestSettings } from "./tables";

/**
 * The weekly scam-update digest. Every Monday at 15:00 UTC each member (an account holder whose
 * newest subscription gives access now: active or trialing, or canceling but still paid up) who
 * has turned it on gets one email listing the updates published in the seven days up to and
 * including that Monday (Tuesday to Monday); a week without a new update sends nothing. It is off
 * until the member ticks it on /account: an email nobody chose is unwanted mail, and a box ticked
 * for someone who never ticked it breaks their trust (issue #35). The row in
 * `scam_update_digests` (unique per account and ISO week), written in the same transaction as the
 * outbox row, keeps it to one email a week even when the job runs twice or on two processes.
 */

export const DIGEST_QUEUE = "scam-update-digest";
const DAY_MS = 86_400_000;

export interface DigestRun {
  weekKey: string;
  /** Updates in this week's digest, newest first. */
  updates: number;
  outboxIds: string[];
}

const newToken = () => randomBytes(32).toString("base64url");
const day = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * The updates of `now`'s ISO week's digest: published in the seven UTC days ending with that week's
 * Monday. Tied to the Monday rather than to `now`, so a retry later in the week picks the same ones.
 */
export function updatesForWeek(updates: readonly ScamUpdateSummary[], now: Date): ScamUpdateSummary[] {
  const monday = new Date(now.getTime() - ((now.getUTCDay() + 6) % 7) * DAY_MS);
  const last = day(monday);
  const first = day(new Date(monday.getTime() - 6 * DAY_MS));
  return updates.filter((update) => update.published >= first && update.published <= last);
}

interface Recipient {
  userId: string;
  email: string;
  name: string;
  /** The secret of their one-click unsubscribe link, made when they turned the digest on. */
  unsubscribeToken: string;
}

/**
 * Account holders with member access now who turned the digest on (a settings row without
 * `unsubscribedAt`; no row is off), at their account's confirmed email (an address never
 * confirmed may be anyone's).
 */
export async function digestRecipients(db: Database, now: Date): Promise<Recipient[]> {
  // Only the customer's newest subscription counts (a later canceled one means they left).
  const holders = newestSubscriptionHolders();
  const logins = confirmedAccountEmails();
  const rows = await db
    .select({
      userId: logins.userId,
      email: logins.email,
      name: holders.holderName,
      unsubscribeToken: scamUpdateDigestSettings.unsubscribeToken,
      status: holders.status,
      cancelAtPeriodEnd: holders.cancelAtPeriodEnd,
      currentPeriodEnd: holders.currentPeriodEnd,
    })
    .from(holders)
    .innerJoin(logins, eq(logins.userId, holders.holderUserId))
    .innerJoin(scamUpdateDigestSettings, eq(scamUpdateDigestSettings.userId, logins.userId))
    .where(isNull(scamUpdateDigestSettings.unsubscribedAt));
  return rows
    .filter((row) => hasMemberAccess(row, now))
    .map(({ userId, email, name, unsubscribeToken }) => ({ userId, email, name, unsubscribeToken }));
}

class AlreadySent extends Error {}

/** Queues this week's digest for every member who should get one; returns the outbox ids. */
export async function sendScamUpdateDigests(
  db: Database,
  options: { now?: Date; brand?: MailBranding; updates?: readonly ScamUpdateSummary[] } = {},
): Promise<DigestRun> {
  const now = options.now ?? new Date();
  const brand = options.brand ?? getMailBranding();
  const weekKey = isoWeekKey(now, "UTC");
  // Read from the files (checked at build and start), not the Vite bundle: the digest job also
  // runs in the worker process, which starts from the sources with tsx.
  const updates = updatesForWeek(options.updates ?? loadScamUpdateFiles(), now);
  const run: DigestRun = { weekKey, updates: updates.length, outboxIds: [] };
  if (updates.length === 0) return run;

  for (const recipient of await digestRecipients(db, now)) {
    try {
      const id = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const unsubscribeUrl = digestUnsubscribeUrl(brand.siteUrl, recipient.unsubscribeToken);
        const outboxMessageId = await enqueueEmail(tx, {
          template: "scam-update-digest",
          to: recipient.email,
          ...scamUpdateDigestEmail(brand, { name: recipient.name, updates, unsubscribeUrl }),
          headers: unsubscribeHeaders(unsubscribeUrl),
        });
        // On a second run (or a second process) this conflicts, and the email above is rolled back.
        const [guard] = await tx
          .insert(scamUpdateDigests)
          .values({ userId: recipient.userId, weekKey, outboxMessageId })
          .onConflictDoNothing()
          .returning({ id: scamUpdateDigests.id });
        if (!guard) throw new AlreadySent();
        return outboxMessageId;
      });
      run.outboxIds.push(id);
    } catch (error) {
      if (!(error instanceof AlreadySent)) throw error;
    }
  }
  return run;
}

export const DigestTokenSchema = z
  .string({ error: "This link is not complete." })
  .regex(/^[\w-]{43}$/, "This link is not valid.");

/** Whether an unsubscribe link's token is known, and whether its digest is already off. */
export async function digestTokenState(db: Database, token: string): Promise<"active" | "stopped" | "unknown"> {
  const [row] = await db
    .select({ unsubscribedAt: scamUpdateDigestSettings.unsubscribedAt })
    .from(scamUpdateDigestSettings)
    .where(eq(scamUpdateDigestSettings.unsubscribeToken, token));
  if (!row) return "unknown";
  return row.unsubscribedAt ? "stopped" : "active";
}

/** The one-click unsubscribe: idempotent, and the only thing a token can do. */
export async function stopScamUpdateDigest(
  db: Database,
  token: string,
  now = new Date(),
): Promise<"stopped" | "already" | "unknown"> {
  const [changed] = await db
    .update(scamUpdateDigestSettings)
    .set({ unsubscribedAt: now, updatedAt: now })
    .where(and(eq(scamUpdateDigestSettings.unsubscribeToken, token), isNull(scamUpdateDigestSettings.unsubscribedAt)))
    .returning({ userId: scamUpdateDigestSettings.userId });
  if (changed) return "stopped";
  return (await digestTokenState(db, token)) === "unknown" ? "unknown" : "already";
}

/** Whether this account gets the digest (off unless they turned it on). */
export async function isDigestEnabled(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ unsubscribedAt: scamUpdateDigestSettings.unsubscribedAt })
    .from(scamUpdateDigestSettings)
    .where(eq(scamUpdateDigestSettings.userId, userId));
  // Off until chosen: no row means the member never turned it on.
  return row !== undefined && row.unsubscribedAt === null;
}

/** The /account checkbox: turns the digest on or off for the signed-in account. */
export async function setDigestEnabled(db: Database, userId: string, enabled: boolean, now = new Date()) {
  const unsubscribedAt = enabled ? null : now;
  await db
    .insert(scamUpdateDigestSettings)
    .values({ userId, unsubscribeToken: newToken(), unsubscribedAt, updatedAt: now })
    .onConflictDoUpdate({ target: scamUpdateDigestSettings.userId, set: { unsubscribedAt, updatedAt: now } });
}

/** The recurring job on the process's job runner (app/background-jobs.server.ts). */
export function registerScamUpdateDigest(runner: JobRunner, handle: DatabaseHandle) {
  runner.register({
    name: DIGEST_QUEUE,
    policy: "singleton",
    schedule: { cron: "0 15 * * 1", timezone: "UTC" },
    retryLimit: 3,
    retryDelaySeconds: 300,
    expireInSeconds: 1800,
    async handler() {
      const run = await sendScamUpdateDigests(handle.db);
      if (run.outboxIds.length > 0) await wakeDelivery(runner, handle.db, run.outboxIds);
      getLogger().info({ week: run.weekKey, updates: run.updates, emails: run.outboxIds.length }, "scam update digest");
    },
  });
}
