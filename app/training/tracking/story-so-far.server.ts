import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { messageDeliveries } from "~/mail/message-status.server";
import type { DeliveredForm } from "~/training/library/delivered-form";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { sequencePlaces } from "~/training/library/sequence-places";
import { practiceMessages } from "~/training/tables";

/**
 * A scam told in steps, as the person met it so far (issue #36): the feedback after step 2 shows
 * step 1 above it, as it arrived, so the reader sees how the story was built. Only this person's
 * own earlier steps of the same telling (a review is a telling of its own), and only ones that went
 * out, are read.
 */
export interface EarlierStep {
  id: string;
  token: string;
  scenarioId: string;
  step: number;
  sentAt: Date;
  address: string | null;
  delivered: DeliveredForm | null;
}

export interface StorySoFar {
  /** This message's step and how many the sequence has. */
  step: number;
  steps: number;
  /** The steps before this one that went out, step order. */
  earlier: EarlierStep[];
}

export async function storySoFar(db: Database, messageId: string): Promise<StorySoFar | null> {
  const library = practiceLibrary();
  const placeOf = sequencePlaces(library.scenarios);
  const [current] = await db
    .select({
      contactId: practiceMessages.contactId,
      scenarioId: practiceMessages.scenarioId,
      repeat: practiceMessages.repeat,
    })
    .from(practiceMessages)
    .where(eq(practiceMessages.id, messageId));
  const place = current && placeOf(current.scenarioId);
  if (!current || !place) return null;
  if (place.step === 1) return { step: 1, steps: place.steps, earlier: [] };

  const delivery = messageDeliveries();
  const rows = await db
    .select({
      id: practiceMessages.id,
      token: practiceMessages.token,
      scenarioId: practiceMessages.scenarioId,
      address: practiceMessages.address,
      delivered: practiceMessages.delivered,
      sentAt: delivery.sentAt,
    })
    .from(practiceMessages)
    .innerJoin(delivery, eq(delivery.messageId, practiceMessages.outboxMessageId))
    .where(
      and(
        eq(practiceMessages.contactId, current.contactId),
        eq(practiceMessages.repeat, current.repeat),
        eq(practiceMessages.status, "queued"),
        eq(delivery.state, "sent"),
      ),
    )
    .orderBy(asc(delivery.sentAt));
  const earlier = rows.flatMap((row) => {
    const other = placeOf(row.scenarioId);
    if (!other || other.id !== place.id || other.step >= place.step || !row.sentAt) return [];
    return [{ ...row, step: other.step, sentAt: row.sentAt }];
  });
  return { step: place.step, steps: place.steps, earlier: earlier.sort((a, b) => a.step - b.step) };
}
