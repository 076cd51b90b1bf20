import type { Database } from "~/db/client.server";
import {
  markFeedbackReport,
  unsubscribeToken,
  type FeedbackOutcome,
  type MarkedFeedback,
} from "~/mail/feedback-reports/outbox-feedback.server";
import { MalformedReport, parseFeedbackReport } from "~/mail/feedback-reports/report-parser.server";
import { unsubscribeByAddress, unsubscribeByToken } from "~/newsletter/newsletter.server";
import { stopScamUpdateDigest } from "~/scam-updates/digest.server";
import { stopWeeklySummaries } from "~/training/results/weekly-summaries.server";
import { PRACTICE_EMAIL_TEMPLATE } from "~/training/sending/practice-composer.server";
import { recordPracticeBounce, recordPracticeComplaint } from "~/training/tracking/practice-complaints.server";

/**
 * A receiver's report (multipart/report: a complaint or a late bounce, issue #40) posted to the
 * inbound endpoint. Mail reads it and marks its own outbox row; what it means beyond that depends
 * on whose email it was, so it is decided here, above the capabilities, like the list of
 * background jobs (decision 026): mail stays a leaf that imports none of them.
 * - A practice email: a complaint counts as Reported and rests the person's email practice; a
 *   bounce is the message's failed delivery.
 * - Site mail with a list: a complaint stops that list for the address (the newsletter, the
 *   weekly summaries, the scam-update digest). Account mail has no list: complained_at only.
 * Anything we cannot read is a 400 and changes nothing; a well-formed report that matches none of
 * our messages is a 200, so the sender does not retry it.
 */

const NEWSLETTER_TEMPLATES = new Set(["newsletter-confirm", "newsletter-welcome"]);
const SUMMARY_TEMPLATES = new Set(["practice-weekly-summary", "training-family-summary"]);
const DIGEST_TEMPLATE = "scam-update-digest";

async function actOnFeedback(db: Database, feedback: MarkedFeedback, now: Date) {
  if (feedback.template === PRACTICE_EMAIL_TEMPLATE) {
    if (feedback.kind === "complaint") await recordPracticeComplaint(db, feedback.outboxMessageId, now);
    else await recordPracticeBounce(db, feedback.outboxMessageId, feedback.reason ?? "Bounced later", now);
    return;
  }
  if (feedback.kind !== "complaint") return;
  const token = unsubscribeToken(feedback.headers);
  if (NEWSLETTER_TEMPLATES.has(feedback.template)) {
    // The confirmation email has no unsubscribe link: the subscriber is found by address.
    if (token) await unsubscribeByToken(db, token);
    else await unsubscribeByAddress(db, feedback.recipient);
  } else if (SUMMARY_TEMPLATES.has(feedback.template) && token) {
    await stopWeeklySummaries(db, token, now);
  } else if (feedback.template === DIGEST_TEMPLATE && token) {
    await stopScamUpdateDigest(db, token, now);
  }
}

export async function handleReportEmail(
  db: Database,
  raw: Buffer,
  now = new Date(),
): Promise<{ status: 200; outcome: FeedbackOutcome } | { status: 400; error: string }> {
  let report;
  try {
    report = await parseFeedbackReport(raw);
  } catch (error) {
    if (error instanceof MalformedReport) return { status: 400, error: error.message };
    throw error;
  }
  const { outcome, marked } = await markFeedbackReport(db, report, now);
  if (marked) await actOnFeedback(db, marked, now);
  return { status: 200, outcome };
}
