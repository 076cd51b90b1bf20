import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { JobRunner } from "~/jobs/job-runner.server";
import { mailboxKey } from "~/mail/mailbox-key";
import { getMailBranding, notifyOutbox } from "~/mail/mailer.server";
import { enqueueEmail } from "~/mail/outbox.server";
import { hitLimit, type LimitRule } from "~/security/request-limits.server";
import {
  confirmationUrl,
  newsletterConfirmationEmail,
  newsletterWelcomeEmail,
  unsubscribeHeaders,
  unsubscribeUrl,
} from "./newsletter-emails";
import { CONFIRMATION_LINK_DAYS } from "./confirmation-link";
import type { NewsletterInput } from "./newsletter-schema";
import { maskEmail } from "./mask-email";
import { notifyNewsletterSync } from "./sync.server";
import { newsletterConfirmations, newsletterSubscribers } from "./tables";

/**
 * Double opt-in. The form only ever sends the typed address one email, with a link; the address
 * joins the list (welcome email, MailerLite) when its owner opens that link and presses the button
 * on the page (a GET never confirms: mail scanners open links). Until then the sign-up is a row in
 * newsletter_confirmations, which nothing but this module reads.
 */

export const NEWSLETTER_LIMITS = {
  /** Sign-ups from one network address: a household's few, useless for signing up a list of strangers. */
  perIp: { max: 5, windowSeconds: 60 * 60 },
  /**
   * Confirmation emails to one mailbox (tags and Gmail's dots are the same inbox, see mailboxKey),
   * whoever asks: one person who mistyped or lost the email, never a flood.
   */
  confirmationsPerMailbox: { max: 3, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, LimitRule>;

/** Only the hash is stored, so a copy of the database cannot confirm anyone. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type SubscriptionRequestOutcome = "confirmation-sent" | "already-subscribed" | "mailbox-limit";

/**
 * Someone typed this address into a sign-up form. An address already on the list gets nothing;
 * otherwise it gets one confirmation email, at most `confirmationsPerMailbox` a day. The caller
 * answers the same in every case, so the form tells nobody whether an address is subscribed.
 */
export async function requestNewsletterSubscription(
  db: Database,
  input: NewsletterInput,
): Promise<SubscriptionRequestOutcome> {
  await pruneExpiredConfirmations(db);
  const [active] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.email, input.email), isNull(newsletterSubscribers.unsubscribedAt)));
  if (active) return "already-subscribed";

  const limit = await hitLimit(
    db,
    `newsletter-confirmation:mailbox:${mailboxKey(input.email)}`,
    NEWSLETTER_LIMITS.confirmationsPerMailbox,
  );
  if (!limit.allowed) return "mailbox-limit";

  const token = randomBytes(32).toString("base64url");
  const brand = getMailBranding();
  const mailId = await db.transaction(async (tx) => {
    await tx.insert(newsletterConfirmations).values({
      email: input.email,
      name: input.name,
      source: input.source,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(days => ${CONFIRMATION_LINK_DAYS})`,
    });
    return enqueueEmail(tx, {
      template: "newsletter-confirm",
      to: input.email,
      ...newsletterConfirmationEmail(brand, {
        confirmUrl: confirmationUrl(brand.siteUrl, token),
        expiresInDays: CONFIRMATION_LINK_DAYS,
      }),
    });
  });
  await notifyOutbox([mailId]);
  return "confirmation-sent";
}

/** What the confirmation page may show for a working link: the address, masked. Null otherwise. */
export async function findPendingConfirmation(db: Database, token: string) {
  const [row] = await db
    .select({ email: newsletterConfirmations.email })
    .from(newsletterConfirmations)
    .where(
      and(eq(newsletterConfirmations.tokenHash, hashToken(token)), gt(newsletterConfirmations.expiresAt, sql`now()`)),
    );
  return row ? { maskedEmail: maskEmail(row.email) } : null;
}

export type ConfirmationOutcome = "subscribed" | "already-subscribed" | "unknown";

/**
 * The owner pressed the button. The link works once: its row is deleted as it is read (a second
 * press, even at the same moment, finds nothing), and so are the address's other pending links.
 * A new or returning subscriber gets the welcome email, written in the same transaction, and is
 * queued for the newsletter provider; someone already on the list gets nothing more.
 */
export async function confirmNewsletterSubscription(db: Database, token: string): Promise<ConfirmationOutcome> {
  const done = await db.transaction(async (tx) => {
    const [pending] = await tx
      .delete(newsletterConfirmations)
      .where(
        and(eq(newsletterConfirmations.tokenHash, hashToken(token)), gt(newsletterConfirmations.expiresAt, sql`now()`)),
      )
      .returning();
    if (!pending) return { outcome: "unknown" as const };
    await tx.delete(newsletterConfirmations).where(eq(newsletterConfirmations.email, pending.email));

    const inserted = await tx
      .insert(newsletterSubscribers)
      .values({ email: pending.email, name: pending.name, source: pending.source })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id, token: newsletterSubscribers.unsubscribeToken });
    // Someone who had unsubscribed and confirmed again is welcomed back.
    const row =
      inserted[0] ??
      (
        await tx
          .update(newsletterSubscribers)
          .set({
            unsubscribedAt: null,
            name: sql`coalesce(${pending.name}::text, ${newsletterSubscribers.name})`,
            updatedAt: sql`now()`,
            providerSyncedAt: null,
            providerError: null,
          })
          .where(
            and(
              eq(newsletterSubscribers.email, pending.email),
              sql`${newsletterSubscribers.unsubscribedAt} IS NOT NULL`,
            ),
          )
          .returning({ id: newsletterSubscribers.id, token: newsletterSubscribers.unsubscribeToken })
      )[0];
    if (!row) return { outcome: "already-subscribed" as const };

    const brand = getMailBranding();
    const link = unsubscribeUrl(brand.siteUrl, row.token);
    const mailId = await enqueueEmail(tx, {
      template: "newsletter-welcome",
      to: pending.email,
      headers: unsubscribeHeaders(link),
      ...newsletterWelcomeEmail(brand, { unsubscribeUrl: link }),
    });
    return { outcome: "subscribed" as const, subscriberId: row.id, mailId };
  });
  if (done.outcome === "subscribed") {
    await notifyOutbox([done.mailId]);
    await notifyNewsletterSync([done.subscriberId]);
  }
  return done.outcome;
}

/** Expired sign-ups are deleted: an address nobody confirmed is not kept. */
export async function pruneExpiredConfirmations(db: Database): Promise<number> {
  const gone = await db
    .delete(newsletterConfirmations)
    .where(lte(newsletterConfirmations.expiresAt, sql`now()`))
    .returning({ id: newsletterConfirmations.id });
  return gone.length;
}

/** Every hour, so an unconfirmed address goes soon after its link expires even when nobody signs up. */
export function registerConfirmationPruning(runner: JobRunner, db: Database) {
  runner.register({
    name: "newsletter-confirmation-pruning",
    policy: "singleton",
    schedule: { cron: "17 * * * *" },
    async handler() {
      await pruneExpiredConfirmations(db);
    },
  });
}
