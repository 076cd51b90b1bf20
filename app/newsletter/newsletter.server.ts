import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { newsletterSubscribers } from "~/newsletter/tables";
import { getLogger } from "~/config/logger.server";
import { hitLimit } from "~/security/request-limits.server";
import { NEWSLETTER_LIMITS, requestNewsletterSubscription } from "./confirmation.server";
import { maskEmail } from "./mask-email";
import { notifyNewsletterSync } from "./sync.server";
import {
  NEWSLETTER_MESSAGES,
  NewsletterSchema,
  newsletterValidationResult,
  type NewsletterResult,
} from "./newsletter-schema";

/** Unsubscribe tokens are 32 hex characters (see the column default in app/newsletter/tables.ts). */
export const UnsubscribeTokenSchema = z
  .string({ error: "This unsubscribe link is incomplete." })
  .trim()
  .regex(/^[0-9a-f]{32}$/i, "This unsubscribe link is not valid.")
  .transform((value) => value.toLowerCase());

/** What the unsubscribe page may show: a masked address, never the whole one. */
export async function findSubscriptionByToken(db: Database, token: string) {
  const [row] = await db
    .select({ email: newsletterSubscribers.email, unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token));
  if (!row) return null;
  return { maskedEmail: maskEmail(row.email), unsubscribed: row.unsubscribedAt !== null };
}

export type UnsubscribeOutcome = "unsubscribed" | "already-unsubscribed" | "unknown";

/** Sets unsubscribed_at for the token's subscriber; a second call changes nothing. */
export async function unsubscribeByToken(db: Database, token: string): Promise<UnsubscribeOutcome> {
  const updated = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`now()`, updatedAt: sql`now()`, providerSyncedAt: null, providerError: null })
    .where(and(eq(newsletterSubscribers.unsubscribeToken, token), isNull(newsletterSubscribers.unsubscribedAt)))
    .returning({ id: newsletterSubscribers.id });
  if (updated.length > 0) {
    await notifyNewsletterSync([updated[0].id]);
    return "unsubscribed";
  }
  return (await findSubscriptionByToken(db, token)) ? "already-unsubscribed" : "unknown";
}

export interface SignupAnswer {
  status: number;
  result: NewsletterResult;
  headers?: Record<string, string>;
}

/**
 * The whole form path: validate, limit, ask the address to confirm, and answer with the spec's
 * words and an HTTP status. Past the checks of the form itself, the answer is the same whatever
 * became of the address (confirmation sent, already subscribed, or its mailbox's limit reached),
 * so the form tells nobody who is on the list.
 */
export async function handleNewsletterSignup(
  db: Database,
  raw: unknown,
  clientIp: string | undefined,
): Promise<SignupAnswer> {
  const parsed = NewsletterSchema.safeParse(raw);
  if (!parsed.success) {
    return { status: 400, result: newsletterValidationResult(parsed.error) };
  }
  try {
    const limit = await hitLimit(db, `newsletter:ip:${clientIp ?? "unknown"}`, NEWSLETTER_LIMITS.perIp);
    if (!limit.allowed) {
      const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
      return {
        status: 429,
        headers: { "Retry-After": String(limit.retryAfterSeconds) },
        result: {
          ok: false,
          title: "Please wait",
          message: `Too many newsletter sign-ups from your network. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        },
      };
    }
    await requestNewsletterSubscription(db, parsed.data);
    const { title, text } = NEWSLETTER_MESSAGES.success;
    return { status: 200, result: { ok: true, title, message: text } };
  } catch (error) {
    getLogger().error({ err: error }, "newsletter sign-up failed");
    const { title, text } = NEWSLETTER_MESSAGES.failure;
    return { status: 503, result: { ok: false, title, message: text } };
  }
}

/**
 * Unsubscribes an address, whichever email it acted on (a "Report spam" on our newsletter mail,
 * issue #40): the same change as its own unsubscribe link.
 */
export async function unsubscribeByAddress(db: Database, email: string): Promise<UnsubscribeOutcome> {
  const [row] = await db
    .select({ token: newsletterSubscribers.unsubscribeToken })
    .from(newsletterSubscribers)
    .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()));
  return row?.token ? unsubscribeByToken(db, row.token) : "unknown";
}
