import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { trainingPrograms } from "~/training/tables";

/**
 * The holder's "Tell me when someone spots one" setting (spot-notices.ts). The email itself is
 * sent by tracking/spot-notices.server.ts when a spot is recorded.
 */
/** Whether the family's holder asked for spot emails (false before the program row exists). */
export async function spotNoticesEnabled(db: Database, subscriptionId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: trainingPrograms.spotNoticesEnabled })
    .from(trainingPrograms)
    .where(eq(trainingPrograms.subscriptionId, subscriptionId));
  return row?.enabled ?? false;
}

/**
 * Turns spot emails on or off for this subscription, the caller having checked it is the holder's
 * own. The program row exists by then (the page's action copies the checkout people in first).
 * `spot_notice_sent_at` is kept: off and on again does not make a second email today.
 */
export async function setSpotNotices(db: Database, subscriptionId: string, enabled: boolean): Promise<boolean> {
  const updated = await db
    .update(trainingPrograms)
    .set({ spotNoticesEnabled: enabled })
    .where(eq(trainingPrograms.subscriptionId, subscriptionId))
    .returning({ subscriptionId: trainingPrograms.subscriptionId });
  return updated.length > 0;
}
