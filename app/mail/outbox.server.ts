import { and, asc, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { outboxMessages } from "~/db/schema";
import type { EmailContent } from "./templates";
import type { MailTransport } from "./transports.server";

/** How long a worker owns a claimed message before another may pick it up again. */
export const CLAIM_SECONDS = 120;
/** After this many failed attempts the message is marked failed and left for a person to look at. */
export const MAX_ATTEMPTS = 8;

export interface NewEmail extends EmailContent {
  template: string;
  to: string;
  headers?: Record<string, string>;
}

/**
 * Writes an email to the outbox. Pass the transaction of the change that caused it, so either both
 * happen or neither does. Returns the message id; `notifyOutbox` then wakes the worker.
 */
export async function enqueueEmail(db: Database, email: NewEmail): Promise<string> {
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: "email",
      template: email.template,
      recipient: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      headers: email.headers ?? {},
    })
    .returning({ id: outboxMessages.id });
  return row.id;
}

export type DeliveryOutcome = "sent" | "not-claimable" | "retry" | "failed";

/**
 * Delivers one message exactly once: a conditional update claims it (only one worker can win), the
 * transport sends it, and it is marked sent. A message already sent is never claimed again; one
 * whose worker died mid-send becomes claimable when its claim runs out.
 */
export async function deliverMessage(
  db: Database,
  transport: MailTransport,
  id: string,
  from: string,
): Promise<DeliveryOutcome> {
  const claimable = or(
    eq(outboxMessages.status, "pending"),
    and(eq(outboxMessages.status, "sending"), lt(outboxMessages.claimedUntil, sql`now()`)),
  );
  const [message] = await db
    .update(outboxMessages)
    .set({
      status: "sending",
      attempts: sql`${outboxMessages.attempts} + 1`,
      claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
    })
    .where(and(eq(outboxMessages.id, id), claimable))
    .returning();
  if (!message) return "not-claimable";

  try {
    const result = await transport.send({
      id: message.id,
      from,
      to: message.recipient,
      subject: message.subject,
      text: message.textBody,
      html: message.htmlBody,
      headers: message.headers,
    });
    await db
      .update(outboxMessages)
      .set({
        status: "sent",
        sentAt: sql`now()`,
        claimedUntil: null,
        transport: transport.name,
        providerMessageId: result.providerMessageId ?? null,
        lastError: null,
      })
      .where(eq(outboxMessages.id, id));
    return "sent";
  } catch (error) {
    const giveUp = message.attempts >= MAX_ATTEMPTS;
    await db
      .update(outboxMessages)
      .set({
        status: giveUp ? "failed" : "pending",
        claimedUntil: null,
        lastError: error instanceof Error ? error.message.slice(0, 1000) : String(error).slice(0, 1000),
      })
      .where(eq(outboxMessages.id, id));
    return giveUp ? "failed" : "retry";
  }
}

/** Messages waiting for a worker: new ones, and ones whose worker's claim ran out. */
export async function findUndeliveredIds(db: Database, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      or(
        eq(outboxMessages.status, "pending"),
        and(eq(outboxMessages.status, "sending"), lt(outboxMessages.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(outboxMessages.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The local mailbox: newest first. */
export async function listMailbox(db: Database, limit = 50) {
  return db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(limit);
}

export async function getMessage(db: Database, id: string) {
  const rows = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return rows[0];
}
