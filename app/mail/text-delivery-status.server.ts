import { and, eq, or, isNull, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { outboxMessages } from "./tables";

/**
 * What Twilio tells us about a text after it took it: its status callbacks (the `StatusCallback`
 * of each message, posted to TWILIO_STATUS_PATH and signature-checked there) move a sent text's
 * `provider_status` through queued → sent → delivered, or end it as undelivered or failed (the
 * carrier refused it, the phone is off for days, a filter dropped it). Only a "delivered" text is
 * known to have arrived; the Training Program never counts any other as "no response".
 */
export const TWILIO_STATUS_PATH = "/api/webhooks/twilio/status";

/** The statuses of an outgoing message, in the order Twilio moves through them. */
const STATUS_ORDER = {
  accepted: 1,
  scheduled: 1,
  queued: 2,
  sending: 3,
  sent: 4,
  delivered: 5,
  read: 6,
  undelivered: 5,
  failed: 5,
  canceled: 5,
} as const;
export type TextProviderStatus = keyof typeof STATUS_ORDER;

/** Twilio's own words for its most common delivery errors, for the holder's card and the logs. */
const DELIVERY_ERRORS: Record<string, string> = {
  "30003": "The phone is switched off or out of reach.",
  "30004": "The number blocks messages from us.",
  "30005": "The number does not exist or is no longer in service.",
  "30006": "The number is a landline or cannot take texts.",
  "30007": "The carrier filtered the message.",
  "30008": "The carrier could not deliver it (unknown error).",
};

/** The form of a status callback, as far as we use it. Anything else Twilio sends is ignored. */
export const TextStatusSchema = z.object({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/, "MessageSid must be a Twilio message id."),
  MessageStatus: z.enum(Object.keys(STATUS_ORDER) as [TextProviderStatus, ...TextProviderStatus[]], {
    error: "MessageStatus is not a status of an outgoing message.",
  }),
  ErrorCode: z
    .string()
    .regex(/^\d{0,6}$/)
    .optional(),
});
export type TextStatus = z.infer<typeof TextStatusSchema>;

/** "30003: The phone is switched off or out of reach." for an undelivered or failed text. */
export function describeTextError(code: string | undefined): string | null {
  if (!code) return null;
  return `${code}: ${DELIVERY_ERRORS[code] ?? "Twilio could not deliver it."}`;
}

/**
 * Records a status callback on its text. Callbacks can arrive out of order (Twilio posts each
 * one separately), so a status never replaces a later one: "sent" after "delivered" is ignored.
 * Returns whether a text of ours was found and moved.
 */
export async function recordTextStatus(
  db: Database,
  status: TextStatus,
  /** The `ref` of the callback address: the outbox id of the text (see sms-transports.server.ts). */
  ref?: string | null,
): Promise<"recorded" | "stale" | "unknown"> {
  const rank = STATUS_ORDER[status.MessageStatus];
  const laterStatuses = Object.entries(STATUS_ORDER)
    .filter(([, other]) => other >= rank)
    .map(([name]) => name);
  const ours = and(eq(outboxMessages.providerMessageId, status.MessageSid), eq(outboxMessages.channel, "sms"));
  const [moved] = await db
    .update(outboxMessages)
    .set({
      providerStatus: status.MessageStatus,
      providerStatusAt: sql`now()`,
      providerError: describeTextError(status.ErrorCode),
    })
    .where(
      and(
        ours,
        or(
          isNull(outboxMessages.providerStatus),
          // Only a status that does not come before the one we have (a final one is never undone).
          sql`NOT (${inArray(outboxMessages.providerStatus, laterStatuses)})`,
        ),
      ),
    )
    .returning({ id: outboxMessages.id });
  if (moved) return "recorded";
  const [known] = await db.select({ id: outboxMessages.id }).from(outboxMessages).where(ours);
  if (known) return "stale";
  return (await nameUnrecordedText(db, status, ref)) ? "recorded" : "unknown";
}

const OutboxId = z.uuid();

/**
 * A status for a message id no row has: Twilio took the text, but its sender never recorded the
 * answer (it died mid-request, or the request timed out). The callback address names the row, so
 * the row gets the id now, and the worker that next claims it records it as sent instead of
 * sending it again. Only a row still waiting to be (re)sent, and only once. The reference is
 * trusted because Twilio signed the address it is part of.
 */
async function nameUnrecordedText(db: Database, status: TextStatus, ref: string | null | undefined) {
  if (!OutboxId.safeParse(ref).success) return false;
  const naming = db
    .update(outboxMessages)
    .set({
      providerMessageId: status.MessageSid,
      providerStatus: status.MessageStatus,
      providerStatusAt: sql`now()`,
      providerError: describeTextError(status.ErrorCode),
    })
    .where(
      and(
        eq(outboxMessages.id, ref!),
        eq(outboxMessages.channel, "sms"),
        isNull(outboxMessages.providerMessageId),
        inArray(outboxMessages.status, ["pending", "sending"]),
      ),
    )
    .returning({ id: outboxMessages.id });
  try {
    return (await naming).length > 0;
  } catch (error) {
    // Another row took this id a moment ago (the lookup after a crash found it first): not ours.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** PostgreSQL's unique_violation, as the driver or drizzle's wrapper around it reports it. */
function isUniqueViolation(error: unknown) {
  return [error, (error as { cause?: unknown } | null)?.cause].some(
    (candidate) => (candidate as { code?: string } | null)?.code === "23505",
  );
}
