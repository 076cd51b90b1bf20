import { asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { SessionUser } from "~/account/session.server";
import { hasMemberAccessNow, memberIdentity } from "~/billing/membership.server";
import { getEnv } from "~/config/env.server";
import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import { supportRequests } from "~/support/tables";
import { getMailBranding, notifyOutbox } from "~/mail/mailer.server";
import { enqueueEmail } from "~/mail/outbox.server";
import { isHoneypotFilled } from "~/security/honeypot";
import { hitLimit, type LimitRule } from "~/security/request-limits.server";
import { supportConfirmationEmail, supportRequestEmail } from "./support-emails";
import {
  SUPPORT_HONEYPOT_FIELD,
  SUPPORT_MESSAGES,
  SupportSchema,
  supportValidationResult,
  type SupportInput,
  type SupportResult,
} from "./support-schema";

export const SUPPORT_LIMITS = {
  /** Per IP address. */
  perIp: { max: 5, windowSeconds: 60 * 60 },
  /** Per sender address: each request emails that address a confirmation, so keep it small. */
  perEmail: { max: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, LimitRule>;

/**
 * Stores the request and, in the same transaction, queues the email to the support team and the
 * confirmation to the sender: either all three happen or none does. Wakes the mail worker after.
 */
export async function submitSupportRequest(db: Database, input: SupportInput, priority: boolean): Promise<string> {
  const brand = getMailBranding();
  const { id, mailIds } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportRequests)
      .values({ ...input, priority })
      .returning({ id: supportRequests.id });
    const toTeam = await enqueueEmail(tx, {
      template: "support-request",
      to: getEnv().SUPPORT_EMAIL,
      headers: { "Reply-To": input.email },
      ...supportRequestEmail(brand, { id: row.id, ...input, priority }),
    });
    const toSender = await enqueueEmail(tx, {
      template: "support-confirmation",
      to: input.email,
      ...supportConfirmationEmail(brand),
    });
    return { id: row.id, mailIds: [toTeam, toSender] };
  });
  await notifyOutbox(mailIds);
  return id;
}

type Outcome = { status: number; result: SupportResult };

/** The whole support form path: validate, limit, store and email, answer in the spec's words. */
export async function handleSupportRequest(
  db: Database,
  raw: Record<string, unknown>,
  options: { user: SessionUser | null; clientIp?: string },
): Promise<Outcome> {
  const parsed = SupportSchema.safeParse(raw);
  if (!parsed.success) return { status: 400, result: supportValidationResult(parsed.error) };
  const clientIp = options.clientIp ?? "unknown";

  try {
    const [byIp, byEmail] = await Promise.all([
      hitLimit(db, `support:ip:${clientIp}`, SUPPORT_LIMITS.perIp),
      hitLimit(db, `support:email:${parsed.data.email}`, SUPPORT_LIMITS.perEmail),
    ]);
    if (!byIp.allowed || !byEmail.allowed) {
      const seconds = Math.max(
        byIp.allowed ? 0 : byIp.retryAfterSeconds,
        byEmail.allowed ? 0 : byEmail.retryAfterSeconds,
      );
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      return {
        status: 429,
        result: {
          ok: false,
          title: SUPPORT_MESSAGES.tooMany.title,
          message: `You have sent several messages in a short time. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or email us directly.`,
        },
      };
    }

    const { title, text } = SUPPORT_MESSAGES.sent;
    // A filled hidden field is a bot: the ordinary answer, nothing stored or sent.
    if (isHoneypotFilled(raw[SUPPORT_HONEYPOT_FIELD])) {
      getLogger().info({ ip: clientIp }, "support honeypot filled; dropped");
      return { status: 200, result: { ok: true, title, message: text } };
    }

    // Priority goes to signed-in members only: an address typed into the form proves nothing
    // (anyone can type a member's email), so anonymous requests are never priority.
    const priority = options.user ? await hasMemberAccessNow(db, memberIdentity(options.user)) : false;
    await submitSupportRequest(db, parsed.data, priority);
    return { status: 200, result: { ok: true, title, message: text } };
  } catch (error) {
    getLogger().error({ err: error }, "support request failed");
    const { title, text } = SUPPORT_MESSAGES.failed;
    return { status: 503, result: { ok: false, title, message: text } };
  }
}

// ---------------------------------------------------------------------------------------------
// The staff inbox (callers check the role first)
// ---------------------------------------------------------------------------------------------

/** Open requests first, priority before the rest, oldest waiting first; handled ones after. */
export async function listSupportInbox(db: Database, limit = 500) {
  return db
    .select()
    .from(supportRequests)
    .orderBy(
      asc(sql`${supportRequests.handledAt} IS NOT NULL`),
      desc(supportRequests.priority),
      asc(sql`CASE WHEN ${supportRequests.handledAt} IS NULL THEN ${supportRequests.createdAt} END`),
      desc(supportRequests.handledAt),
    )
    .limit(limit);
}

export async function countOpenSupportRequests(db: Database) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportRequests)
    .where(isNull(supportRequests.handledAt));
  return row.n;
}

/** Marks a request handled (or open again). Returns false when there is no such request. */
export async function setSupportHandled(db: Database, id: string, handled: boolean): Promise<boolean> {
  const rows = await db
    .update(supportRequests)
    .set({ handledAt: handled ? sql`now()` : null })
    .where(eq(supportRequests.id, id))
    .returning({ id: supportRequests.id });
  return rows.length > 0;
}
