import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { practiceLibrary } from "~/training/library/practice-library.server";
import type { ScenarioLanguage } from "~/training/library/practice-scenario-schema";
import { practiceMessages } from "~/training/tables";

/**
 * The language of the practice message an outbox row carries (its scenario's), English for any
 * other row: the local mailbox plays the reader's mail program in that language (issue #39).
 */
export async function practiceLanguageOfOutbox(db: Database, outboxId: string): Promise<ScenarioLanguage> {
  const [row] = await db
    .select({ scenarioId: practiceMessages.scenarioId })
    .from(practiceMessages)
    .where(eq(practiceMessages.outboxMessageId, outboxId))
    .limit(1);
  return (row && practiceLibrary().byId(row.scenarioId)?.language) ?? "en";
}
