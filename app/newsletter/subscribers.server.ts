import { desc, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { newsletterConfirmations, newsletterSubscribers } from "~/newsletter/tables";

/**
 * Newsletter subscribers for staff, newest first: only addresses whose owner confirmed (sign-ups
 * waiting for that live in newsletter_confirmations). The unsubscribe token is never selected.
 */
export async function listSubscribers(db: Database, limit = 100_000) {
  return db
    .select({
      email: newsletterSubscribers.email,
      name: newsletterSubscribers.name,
      source: newsletterSubscribers.source,
      createdAt: newsletterSubscribers.createdAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      providerSyncedAt: newsletterSubscribers.providerSyncedAt,
      providerError: newsletterSubscribers.providerError,
    })
    .from(newsletterSubscribers)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.email))
    .limit(limit);
}

export async function countActiveSubscribers(db: Database) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .where(isNull(newsletterSubscribers.unsubscribedAt));
  return row.n;
}

/**
 * Sign-ups whose link has not been pressed yet (and has not expired). They are not subscribers, so
 * staff see only how many there are, never the addresses: anyone could have typed them.
 */
export async function countAwaitingConfirmation(db: Database) {
  const [row] = await db
    .select({ n: sql<number>`count(DISTINCT ${newsletterConfirmations.email})::int` })
    .from(newsletterConfirmations)
    .where(gt(newsletterConfirmations.expiresAt, sql`now()`));
  return row.n;
}

/**
 * One CSV cell. Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return) as
 * a formula, so such cells get a leading apostrophe; quotes are doubled and every cell is quoted.
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function subscribersCsv(rows: Awaited<ReturnType<typeof listSubscribers>>): string {
  const header = ["email", "name", "source", "status", "subscribed_at", "unsubscribed_at", "provider_synced_at"];
  const lines = rows.map((row) =>
    [
      row.email,
      row.name,
      row.source,
      row.unsubscribedAt ? "unsubscribed" : "subscribed",
      row.createdAt.toISOString(),
      row.unsubscribedAt?.toISOString() ?? "",
      row.providerSyncedAt?.toISOString() ?? "",
    ]
      .map(csvCell)
      .join(","),
  );
  return [header.join(","), ...lines].join("\r\n") + "\r\n";
}
