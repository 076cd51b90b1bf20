import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { Channel } from "~/training/library/practice-scenario-schema";
import type { PastMessage } from "~/training/library/scenario-choice";
import { practiceEvents, practiceMessages } from "~/training/tables";

/**
 * Each person's practice messages that were not cancelled, oldest first, with what the next
 * choice needs (library/scenario-choice.ts): when it went out, and whether the person acted on it
 * or fell for it. Hits flagged as a scanner's or a preview's never count as a person's.
 */
export interface PastPracticeMessage extends PastMessage {
  status: string;
  weekKey: string | null;
}

export async function practiceHistoryOf(db: Database, contactIds: string[]) {
  const history = new Map<string, PastPracticeMessage[]>();
  if (contactIds.length === 0) return history;
  const person = sql`${practiceEvents.flagged} = false`;
  const rows = await db
    .select({
      contactId: practiceMessages.contactId,
      scenarioId: practiceMessages.scenarioId,
      channel: practiceMessages.channel,
      status: practiceMessages.status,
      weekKey: practiceMessages.weekKey,
      sentAt: practiceMessages.scheduledFor,
      fell: sql<boolean>`coalesce(bool_or(${practiceEvents.kind} = 'clicked' and ${person}), false)`,
      acted: sql<boolean>`coalesce(bool_or(${practiceEvents.kind} in ('clicked', 'spotted', 'reported', 'checked_first') and ${person}), false)`,
    })
    .from(practiceMessages)
    .leftJoin(practiceEvents, eq(practiceEvents.messageId, practiceMessages.id))
    .where(and(inArray(practiceMessages.contactId, contactIds), ne(practiceMessages.status, "cancelled")))
    .groupBy(practiceMessages.id)
    .orderBy(asc(practiceMessages.createdAt), asc(practiceMessages.scheduledFor));
  for (const row of rows) {
    const list = history.get(row.contactId) ?? [];
    list.push({ ...row, channel: row.channel as Channel, fell: Boolean(row.fell), acted: Boolean(row.acted) });
    history.set(row.contactId, list);
  }
  return history;
}

/** 0 for a scenario this person never had; otherwise how many times it went to them before. */
export function repeatOf(history: readonly PastMessage[], scenarioId: string): number {
  return history.filter((message) => message.scenarioId === scenarioId).length;
}
