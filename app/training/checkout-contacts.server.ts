import { randomBytes } from "node:crypto";
import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { checkoutSessions, members } from "~/billing/tables";
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
 * left out rather than stored in a form texts cannot use); the time zone of the buyer's device at
 * checkout, or New York's when the browser gave none (quiet hours are kept in each person's zone,
 * so a family in Sydney must not start out on New York time).
 */
export async function importCheckoutContacts(db: Database, subscriptionId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(trainingPrograms)
      .values({ subscriptionId })
      .onConflictDoNothing()
      .returning({ subscriptionId: trainingPrograms.subscriptionId });
    if (marked.length === 0) return false;
    const [checkout] = await tx
      .select({ contacts: checkoutSessions.contacts })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.subscriptionId, subscriptionId))
      .orderBy(desc(checkoutSessions.createdAt))
      .limit(1);
    const checkoutZone = checkout?.contacts.timeZone;
    const zone = checkoutZone && isKnownTimeZone(checkoutZone) ? checkoutZone : DEFAULT_TIME_ZONE;
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
