import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { findHolderProgram } from "~/training/people/programs.server";
import { feedbackFor, type FeedbackMessage, type FeedbackView } from "~/training/tracking/practice-feedback.server";
import { practiceMessages, trainingContacts } from "~/training/tables";

/**
 * The account holder's own look at a family member's practice message: the message as it arrived
 * and its red flags, the same as the member's feedback page, but reached through the holder's
 * sign-in instead of the member's link, and with nothing on it that records anything. The
 * member's page (/practice/:token/feedback) has "I spotted it" and the stop link, which would
 * count the holder's presses as the member's; this view only reads.
 */
export interface HolderMessageView extends Omit<FeedbackView, "token"> {
  personName: string;
  /** Stands in for the practice link in a text: the member's own link is theirs alone. */
  linkText: string;
}

/**
 * The view, or null (the caller answers 404) when this account holds no Training Program, or the
 * message is not one that went to a person of its own subscription: another family's, an unknown
 * id, or one never queued for sending. Authorisation is the query itself: the message is looked
 * up joined to its contact and filtered by the holder's subscription.
 */
export async function loadHolderMessageView(
  db: Database,
  input: { userId: string; messageId: string; practiceOrigin: string; now?: Date },
): Promise<HolderMessageView | null> {
  const program = await findHolderProgram(db, input.userId, input.now);
  if (!program) return null;
  const [row] = await db
    .select({
      id: practiceMessages.id,
      token: practiceMessages.token,
      scenarioId: practiceMessages.scenarioId,
      address: practiceMessages.address,
      delivered: practiceMessages.delivered,
      contactName: trainingContacts.name,
      ageBand: trainingContacts.ageBand,
    })
    .from(practiceMessages)
    .innerJoin(trainingContacts, eq(trainingContacts.id, practiceMessages.contactId))
    .where(
      and(
        eq(practiceMessages.id, input.messageId),
        eq(practiceMessages.status, "queued"),
        eq(trainingContacts.subscriptionId, program.subscriptionId),
      ),
    )
    .limit(1);
  if (!row) return null;
  const record: FeedbackMessage = {
    id: row.id,
    token: row.token,
    scenarioId: row.scenarioId,
    address: row.address,
    delivered: row.delivered,
    contact: { ageBand: row.ageBand },
  };
  const feedback = await feedbackFor(db, record);
  if (!feedback) return null;
  // The token never leaves the server: with it the holder's browser could press the member's buttons.
  const { token: _token, ...rest } = feedback;
  return { ...rest, personName: row.contactName, linkText: `${input.practiceOrigin}/practice/…` };
}
