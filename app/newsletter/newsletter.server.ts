import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { newsletterSubscribers } from "~/newsletter/tables";
import { getLogger } from "~/config/logger.server";
import { getMailBranding, notifyOutbox } from "~/mail/mailer.server";
import { enqueueEmail } from "~/mail/outbox.server";
import { newsletterWelcomeEmail, unsubscribeHeaders, unsubscribeUrl } from "./newsletter-emails";
import { notifyNewsletterSync } from "./sync.server";
import {
  NEWSLETTER_MESSAGES,
  NewsletterSchema,
  newsletterValidationResult,
  type NewsletterInput,
  type NewsletterResult,
} from "./newsletter-schema";

export type SubscribeOutcome = "subscribed" | "already-subscribed";

/**
 * Adds an address to the list. A duplicate (in any letter case) changes nothing; someone who once
 * unsubscribed and signs up again is welcomed back. A new or returning subscriber gets a welcome
 * email carrying the one-click unsubscribe link and headers, written in the same transaction, and
 * is queued for the newsletter provider. Our table alone decides "already subscribed".
 */
export async function subscribeToNewsletter(db: Database, input: NewsletterInput): Promise<SubscribeOutcome> {
  const changed = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(newsletterSubscribers)
      .values({ email: input.email, name: input.name, source: input.source })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id, token: newsletterSubscribers.unsubscribeToken });
    const row =
      inserted[0] ??
      (
        await tx
          .update(newsletterSubscribers)
          .set({ unsubscribedAt: null, updatedAt: sql`now()`, providerSyncedAt: null, providerError: null })
          .where(
            sql`${newsletterSubscribers.email} = ${input.email} AND ${newsletterSubscribers.unsubscribedAt} IS NOT NULL`,
          )
          .returning({ id: newsletterSubscribers.id, token: newsletterSubscribers.unsubscribeToken })
      )[0];
    if (!row) return null;
    const brand = getMailBranding();
    const link = unsubscribeUrl(brand.siteUrl, row.token);
    const mailId = await enqueueEmail(tx, {
      template: "newsletter-welcome",
      to: input.email,
      headers: unsubscribeHeaders(link),
      ...newsletterWelcomeEmail(brand, { unsubscribeUrl: link }),
    });
    return { id: row.id, mailId };
  });
  if (!changed) return "already-subscribed";
  await notifyOutbox([changed.mailId]);
  await notifyNewsletterSync([changed.id]);
  return "subscribed";
}

/** Unsubscribe tokens are 32 hex characters (see the column default in app/db/schema.ts). */
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

export function maskEmail(email: string) {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}${"*".repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
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

/** The whole form path: validate, store, and answer with the spec's words and an HTTP status. */
export async function handleNewsletterSignup(
  db: Database,
  raw: unknown,
): Promise<{ status: number; result: NewsletterResult }> {
  const parsed = NewsletterSchema.safeParse(raw);
  if (!parsed.success) {
    return { status: 400, result: newsletterValidationResult(parsed.error) };
  }
  try {
    const outcome = await subscribeToNewsletter(db, parsed.data);
    if (outcome === "already-subscribed") {
      const { title, text } = NEWSLETTER_MESSAGES.duplicate;
      return { status: 409, result: { ok: false, title, message: text, field: "email" } };
    }
    const { title, text } = NEWSLETTER_MESSAGES.success;
    return { status: 200, result: { ok: true, title, message: text } };
  } catch (error) {
    getLogger().error({ err: error }, "newsletter sign-up failed");
    const { title, text } = NEWSLETTER_MESSAGES.failure;
    return { status: 503, result: { ok: false, title, message: text } };
  }
}
