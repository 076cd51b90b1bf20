import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { members } from "~/billing/tables";
import { DEFAULT_TIME_ZONE, toE164 } from "./contact-schema";
import { isKnownTimeZone } from "./quiet-hours";
import { trainingContacts, trainingPrograms } from "./tables";

/** The secret in a consent link: 256 random bits, unguessable. */
export function newConsentToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Copies the people given at checkout (`members`: the buyer first, then up to four family
 * members) into the subscription's Training Program contacts, once per subscription. The
 * `training_programs` row is the marker: inserting it and the contacts happen in one transaction,
 * and a second caller's insert of the same key waits for the first to commit and then does
 * nothing, so two page loads at once never copy the people twice. Returns true when it copied.
 *
 * Defaults, all of which the account holder can change: an adult; emails on when there is an
 * address; texts off until the holder turns them on (a number that cannot be read as E.164 is
 * left out rather than stored in a form texts cannot use); the given time zone.
 */
export async function importCheckoutContacts(
  db: Database,
  subscriptionId: string,
  timeZone = DEFAULT_TIME_ZONE,
): Promise<boolean> {
  const zone = isKnownTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(trainingPrograms)
      .values({ subscriptionId })
      .onConflictDoNothing()
      .returning({ subscriptionId: trainingPrograms.subscriptionId });
    if (marked.length === 0) return false;
    const people = await tx
      .select()
      .from(members)
      .where(eq(members.subscriptionId, subscriptionId))
      .orderBy(asc(members.position));
    if (people.length === 0) return true;
    await tx.insert(trainingContacts).values(
      people.map((person) => ({
        subscriptionId,
        // Family members are named only by their address at checkout; the holder can rename them.
        name: person.name?.trim() || person.email.split("@")[0]!.slice(0, 100),
        ageBand: "adult",
        email: person.email,
        phone: person.phone ? toE164(person.phone) : null,
        emailEnabled: true,
        smsEnabled: false,
        timeZone: zone,
        consentToken: newConsentToken(),
        checkoutPosition: person.position,
      })),
    );
    return true;
  });
}
