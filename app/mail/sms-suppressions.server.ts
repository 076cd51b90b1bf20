import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { smsSuppressions } from "./tables";

/** E.164: a plus, a country code that does not start with 0, up to 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

export function isE164(phone: string) {
  return E164_PATTERN.test(phone);
}

/** No text goes to this number until it opts in again. Idempotent. */
export async function suppressPhone(db: Database, phone: string, reason: string) {
  await db.insert(smsSuppressions).values({ phone, reason }).onConflictDoNothing();
}

/** The number replied START (or UNSTOP, YES): texts may go to it again. */
export async function allowPhone(db: Database, phone: string) {
  await db.delete(smsSuppressions).where(eq(smsSuppressions.phone, phone));
}

export async function isPhoneSuppressed(db: Database, phone: string) {
  const rows = await db
    .select({ phone: smsSuppressions.phone })
    .from(smsSuppressions)
    .where(eq(smsSuppressions.phone, phone));
  return rows.length > 0;
}

/**
 * In a bigger query: whether this phone number (a column or value of the caller's) replied STOP,
 * as a boolean. The suppressions table is mail's own; this keeps the caller's query one query.
 */
export function phoneRepliedStop(phone: SQLWrapper): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${smsSuppressions} WHERE ${smsSuppressions.phone} = ${phone})`;
}
