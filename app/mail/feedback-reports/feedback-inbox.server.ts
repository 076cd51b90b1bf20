import type { Database } from "~/db/client.server";
import { applyFeedbackReport, type FeedbackOutcome } from "./feedback-effects.server";
import { MalformedReport, parseFeedbackReport } from "./report-parser.server";

export { isReportEmail } from "./report-parser.server";

/**
 * A receiver's report (multipart/report) posted to the inbound endpoint: parsed, then applied.
 * Anything we cannot read is a 400 and changes nothing; a well-formed report that matches none
 * of our messages is a 200, so the sender does not retry it.
 */
export async function handleReportEmail(
  db: Database,
  raw: Buffer,
): Promise<{ status: 200; outcome: FeedbackOutcome } | { status: 400; error: string }> {
  try {
    const report = await parseFeedbackReport(raw);
    return { status: 200, outcome: await applyFeedbackReport(db, report) };
  } catch (error) {
    if (error instanceof MalformedReport) return { status: 400, error: error.message };
    throw error;
  }
}
