import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { newsletterSubscribers } from "~/db/schema";
import { getLogger } from "~/config/logger.server";
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
 * unsubscribed and signs up again is welcomed back.
 */
export async function subscribeToNewsletter(
  db: Database,
  input: NewsletterInput,
): Promise<SubscribeOutcome> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email: input.email, name: input.name, source: input.source })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  if (inserted.length > 0) return "subscribed";

  const rejoined = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: null, updatedAt: sql`now()` })
    .where(
      sql`${newsletterSubscribers.email} = ${input.email} AND ${newsletterSubscribers.unsubscribedAt} IS NOT NULL`,
    )
    .returning({ id: newsletterSubscribers.id });
  return rejoined.length > 0 ? "subscribed" : "already-subscribed";
}

export async function findSubscriber(db: Database, email: string) {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email.trim().toLowerCase()));
  return rows[0];
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
