import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { newsletterSubscribers } from "~/newsletter/tables";
import { ProviderError, type NewsletterProvider } from "./provider.server";

/** Transient failures (provider down, rate-limited) are retried this often, with backoff. */
export const SYNC_RETRY_LIMIT = 10;

export type SyncOutcome = "synced" | "skipped" | "rejected";

/**
 * Sends one subscriber's current state to the provider and records that it did. A row already in
 * sync, or refused for good, is skipped. A transient failure throws, so the job is retried. The
 * row is marked synced only if its state is still the one that was sent: a change in the meantime
 * cleared provider_synced_at and queued another job, which must not be undone.
 */
export async function syncSubscriber(db: Database, provider: NewsletterProvider, id: string): Promise<SyncOutcome> {
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
  if (!row || row.providerSyncedAt || row.providerError) return "skipped";
  const active = row.unsubscribedAt === null;
  const sameState = and(
    eq(newsletterSubscribers.id, id),
    isNull(newsletterSubscribers.providerSyncedAt),
    active ? isNull(newsletterSubscribers.unsubscribedAt) : sql`${newsletterSubscribers.unsubscribedAt} IS NOT NULL`,
    row.name === null ? isNull(newsletterSubscribers.name) : eq(newsletterSubscribers.name, row.name),
  );
  try {
    await provider.upsert({ email: row.email, name: row.name, status: active ? "active" : "unsubscribed" });
  } catch (error) {
    if (error instanceof ProviderError && error.permanent) {
      await db
        .update(newsletterSubscribers)
        .set({ providerError: error.message.slice(0, 1000) })
        .where(sameState);
      return "rejected";
    }
    throw error;
  }
  await db
    .update(newsletterSubscribers)
    .set({ providerSyncedAt: sql`now()` })
    .where(sameState);
  return "synced";
}

/** Rows the provider has not seen in their current state (and has not refused). */
export async function findUnsyncedSubscriberIds(db: Database, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(and(isNull(newsletterSubscribers.providerSyncedAt), isNull(newsletterSubscribers.providerError)))
    .orderBy(asc(newsletterSubscribers.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}
