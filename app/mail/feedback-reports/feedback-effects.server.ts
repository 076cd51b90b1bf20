import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { outboxMessages } from "~/mail/tables";
import { unsubscribeByAddress, unsubscribeByToken } from "~/newsletter/newsletter.server";
import { stopScamUpdateDigest } from "~/scam-updates/digest.server";
import { stopWeeklySummaries } from "~/training/results/weekly-summaries.server";
import { recordPracticeBounce, recordPracticeComplaint } from "~/training/tracking/practice-complaints.server";
import type { FeedbackReport } from "./report-parser.server";

/**
 * What a receiver's report changes (issue #40). A report is matched to the outbox row by the
 * Message-ID we gave the email (`<outbox id@domain>`, transports.server.ts), and acted on only
 * when the recipient it names is the row's own recipient: a forged report about someone else's
 * message changes nothing. A report that matches nothing is acknowledged ("unmatched").
 * - Complaint (any Feedback-Type but not-spam): complained_at, then the list the email belongs to stops for that address (a
 *   practice email counts as Reported and rests that person's email practice instead). Account
 *   mail has no list: only complained_at.
 * - Bounce (Action: failed with a 5.x.x Status): bounced_at, which counts like a refusal at send
 *   time (failed-deliveries.server.ts). "delayed" and 4.x.x change nothing.
 */

export type FeedbackOutcome =
  "complained" | "already-complained" | "bounced" | "already-bounced" | "unchanged" | "unmatched";

const OUR_MESSAGE_ID = /^<([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@[^<>\s]+>$/i;
const NEWSLETTER_TEMPLATES = new Set(["newsletter-confirm", "newsletter-welcome"]);
const SUMMARY_TEMPLATES = new Set(["practice-weekly-summary", "training-family-summary"]);

/** The token of the one-click link in a List-Unsubscribe header (`<https://...?token=...>`). */
function unsubscribeToken(headers: Record<string, string>): string | null {
  const header = Object.entries(headers).find(([name]) => name.toLowerCase() === "list-unsubscribe")?.[1];
  const url = header ? /<(https?:[^>]+)>/.exec(header)?.[1] : undefined;
  if (!url) return null;
  try {
    return new URL(url).searchParams.get("token");
  } catch {
    return null;
  }
}

type OutboxRow = Pick<typeof outboxMessages.$inferSelect, "id" | "template" | "recipient" | "headers">;

/** Stops the list a complained-about site email belongs to, for its recipient. */
async function stopList(db: Database, row: OutboxRow, now: Date) {
  const token = unsubscribeToken(row.headers);
  if (NEWSLETTER_TEMPLATES.has(row.template)) {
    // The confirmation email has no unsubscribe link: the subscriber is found by address.
    if (token) await unsubscribeByToken(db, token);
    else await unsubscribeByAddress(db, row.recipient);
    return;
  }
  if (SUMMARY_TEMPLATES.has(row.template) && token) {
    await stopWeeklySummaries(db, token, now);
    return;
  }
  if (row.template === "scam-update-digest" && token) await stopScamUpdateDigest(db, token, now);
}

export async function applyFeedbackReport(
  db: Database,
  report: FeedbackReport,
  now = new Date(),
): Promise<FeedbackOutcome> {
  const outboxId = OUR_MESSAGE_ID.exec(report.originalMessageId)?.[1]?.toLowerCase();
  if (!outboxId) return "unmatched";
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
  if (!row || row.channel !== "email") return "unmatched";
  const recipient = row.recipient.toLowerCase();

  if (report.kind === "complaint") {
    if (report.originalRecipient !== recipient) return "unmatched";
    // "not-spam" is the opposite of a complaint: the person took our email out of their spam
    // folder (RFC 6430). It must never count as Reported or stop a list.
    if (report.feedbackType === "not-spam") return "unchanged";
    const [marked] = await db
      .update(outboxMessages)
      .set({ complainedAt: now })
      .where(and(eq(outboxMessages.id, row.id), isNull(outboxMessages.complainedAt)))
      .returning({ id: outboxMessages.id });
    if (!marked) return "already-complained";
    if (row.template === "practice-email") await recordPracticeComplaint(db, row.id, now);
    else await stopList(db, row, now);
    return "complained";
  }

  // A DSN names each recipient; only ours counts, and the original's To (when it came back)
  // must be ours too.
  if (report.originalRecipient !== null && report.originalRecipient !== recipient) return "unmatched";
  const ours = report.recipients.filter((entry) => entry.finalRecipient === recipient);
  if (ours.length === 0) return "unmatched";
  const bounce = ours.find((entry) => entry.action === "failed" && entry.status.startsWith("5."));
  if (!bounce) return "unchanged";
  const reason = `Bounced later (${bounce.status}): ${bounce.diagnostic ?? "no reason given"}`;
  const [marked] = await db
    .update(outboxMessages)
    .set({ bouncedAt: now, lastError: reason.slice(0, 1000) })
    .where(and(eq(outboxMessages.id, row.id), isNull(outboxMessages.bouncedAt)))
    .returning({ id: outboxMessages.id });
  if (!marked) return "already-bounced";
  if (row.template === "practice-email") await recordPracticeBounce(db, row.id, reason, now);
  return "bounced";
}
