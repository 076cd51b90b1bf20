import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { outboxMessages } from "~/mail/tables";
import type { FeedbackReport } from "./report-parser.server";

/**
 * What a receiver's report changes in the outbox (issue #40). A report is matched to the outbox
 * row by the Message-ID we gave the email (`<outbox id@domain>`, transports.server.ts), and acted
 * on only when the recipient it names is the row's own recipient: a forged report about someone
 * else's message changes nothing. A report that matches nothing is acknowledged ("unmatched").
 * - Complaint (any Feedback-Type but not-spam): complained_at.
 * - Bounce (Action: failed with a 5.x.x Status): bounced_at and the reason, which counts like a
 *   refusal at send time (failed-deliveries.server.ts). "delayed" and 4.x.x change nothing.
 * What the report means beyond the outbox (a practice email's Reported, a list stopped) belongs
 * to the capability that sent the email: the caller is told which row was marked, and mail knows
 * nothing of those capabilities (app/mail-feedback.server.ts decides).
 */

export type FeedbackOutcome =
  "complained" | "already-complained" | "bounced" | "already-bounced" | "unchanged" | "unmatched";

/** The outbox row a report newly marked, for the capability whose email it was. */
export interface MarkedFeedback {
  kind: "complaint" | "bounce";
  outboxMessageId: string;
  template: string;
  recipient: string;
  headers: Record<string, string>;
  /** A bounce's status and the receiver's words; null for a complaint. */
  reason: string | null;
}

const OUR_MESSAGE_ID = /^<([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@[^<>\s]+>$/i;

/** The token of the one-click link in a List-Unsubscribe header (`<https://...?token=...>`). */
export function unsubscribeToken(headers: Record<string, string>): string | null {
  const header = Object.entries(headers).find(([name]) => name.toLowerCase() === "list-unsubscribe")?.[1];
  const url = header ? /<(https?:[^>]+)>/.exec(header)?.[1] : undefined;
  if (!url) return null;
  try {
    return new URL(url).searchParams.get("token");
  } catch {
    return null;
  }
}

export async function markFeedbackReport(
  db: Database,
  report: FeedbackReport,
  now = new Date(),
): Promise<{ outcome: FeedbackOutcome; marked: MarkedFeedback | null }> {
  const unchanged = (outcome: FeedbackOutcome) => ({ outcome, marked: null });
  const outboxId = OUR_MESSAGE_ID.exec(report.originalMessageId)?.[1]?.toLowerCase();
  if (!outboxId) return unchanged("unmatched");
  const [row] = await db
    .select({
      id: outboxMessages.id,
      template: outboxMessages.template,
      recipient: outboxMessages.recipient,
      headers: outboxMessages.headers,
      channel: outboxMessages.channel,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, outboxId));
  if (!row || row.channel !== "email") return unchanged("unmatched");
  const recipient = row.recipient.toLowerCase();
  const marked = (kind: MarkedFeedback["kind"], reason: string | null): MarkedFeedback => ({
    kind,
    outboxMessageId: row.id,
    template: row.template,
    recipient: row.recipient,
    headers: row.headers,
    reason,
  });

  if (report.kind === "complaint") {
    if (report.originalRecipient !== recipient) return unchanged("unmatched");
    // "not-spam" is the opposite of a complaint: the person took our email out of their spam
    // folder (RFC 6430). It must never count as Reported or stop a list.
    if (report.feedbackType === "not-spam") return unchanged("unchanged");
    const [first] = await db
      .update(outboxMessages)
      .set({ complainedAt: now })
      .where(and(eq(outboxMessages.id, row.id), isNull(outboxMessages.complainedAt)))
      .returning({ id: outboxMessages.id });
    if (!first) return unchanged("already-complained");
    return { outcome: "complained", marked: marked("complaint", null) };
  }

  // A DSN names each recipient; only ours counts, and the original's To (when it came back)
  // must be ours too.
  if (report.originalRecipient !== null && report.originalRecipient !== recipient) return unchanged("unmatched");
  const ours = report.recipients.filter((entry) => entry.finalRecipient === recipient);
  if (ours.length === 0) return unchanged("unmatched");
  const bounce = ours.find((entry) => entry.action === "failed" && entry.status.startsWith("5."));
  if (!bounce) return unchanged("unchanged");
  const reason = `Bounced later (${bounce.status}): ${bounce.diagnostic ?? "no reason given"}`.slice(0, 1000);
  const [first] = await db
    .update(outboxMessages)
    .set({ bouncedAt: now, lastError: reason })
    .where(and(eq(outboxMessages.id, row.id), isNull(outboxMessages.bouncedAt)))
    .returning({ id: outboxMessages.id });
  if (!first) return unchanged("already-bounced");
  return { outcome: "bounced", marked: marked("bounce", reason) };
}
