import type { Translate } from "~/i18n/translate";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { trainingContacts } from "~/training/tables";
import { cancelPlannedMessages } from "../contact-changes.server";
import { done, type Contact, type Outcome } from "./outcome";

/** "Pause" and "Resume": a paused person gets nothing, and what was planned is cancelled. */
export async function setPaused(db: Database, contact: Contact, pause: boolean, t: Translate): Promise<Outcome> {
  await db.transaction(async (tx) => {
    await tx
      .update(trainingContacts)
      .set({ pausedAt: pause ? sql`now()` : null, updatedAt: sql`now()` })
      .where(and(eq(trainingContacts.id, contact.id), pause ? isNull(trainingContacts.pausedAt) : sql`true`));
    if (pause) await cancelPlannedMessages(tx as unknown as Database, contact.id, "paused");
  });
  return pause
    ? done(t("people.pausedTitle", { name: contact.name }), t("people.paused"), "pause")
    : done(t("people.resumedTitle", { name: contact.name }), t("people.resumed"), "resume");
}
