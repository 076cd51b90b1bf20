import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { trainingPrograms } from "~/training/tables";

/** When the family agreed its code word, or null (code-word.ts). Never the word: we do not have it. */
export async function codeWordAgreedAt(db: Database, subscriptionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ agreedAt: trainingPrograms.codeWordAgreedAt })
    .from(trainingPrograms)
    .where(eq(trainingPrograms.subscriptionId, subscriptionId));
  return row?.agreedAt ?? null;
}

/** Notes (or clears) the code word for this subscription, the caller having checked it is the holder's. */
export async function setCodeWord(db: Database, subscriptionId: string, agreedAt: Date | null): Promise<boolean> {
  const updated = await db
    .update(trainingPrograms)
    .set({ codeWordAgreedAt: agreedAt })
    .where(eq(trainingPrograms.subscriptionId, subscriptionId))
    .returning({ subscriptionId: trainingPrograms.subscriptionId });
  return updated.length > 0;
}
