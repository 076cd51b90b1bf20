import { eq } from "drizzle-orm";
import { checkoutPeople } from "~/billing/subscription-holders.server";
import type { Database } from "~/db/client.server";
import { DEFAULT_TIME_ZONE, toE164 } from "./contact-schema";
import { isKnownTimeZone } from "~/family/quiet-hours";
import { practiceLanguageOf } from "~/family/practice-language";
import { trainingContacts, trainingPrograms } from "~/training/tables";
import { isPersonName, MAX_PERSON_NAME_LENGTH } from "~/validation/fields";
import { AGE_BANDS, type AgeBand } from "~/family/age-bands";

/**
 * Copies the people given at checkout (`members`: the buyer first, then up to four family
 * members) into the subscription's Training Program contacts, once per subscription. The
 * `training_programs` row is the marker: inserting it and the contacts happen in one transaction,
 * and a second caller's insert of the same key waits for the first to commit and then does
 * nothing, so two page loads at once never copy the people twice. Returns true when it copied.
 *
 * Defaults, all of which the account holder can change: the age group and the language given at
 * checkout (the buyer is an adult, in English); emails on when there is an
 * address; texts off until the holder turns them on (a number that cannot be read as E.164 is
 * left out rather than stored in a form texts cannot use); the time zone of the buyer's device at
 * checkout, or New York's when the browser gave none (quiet hours are kept in each person's zone,
 * so a family in Sydney must not start out on New York time).
 */
export async function importCheckoutContacts(db: Database, subscriptionId: string): Promise<boolean> {
  // Every visit to Your Training Program asks; after the first, one read answers (no transaction
  // and no write per page view). A marker that appears after this read is handled below as before.
  const marker = await db
    .select({ subscriptionId: trainingPrograms.subscriptionId })
    .from(trainingPrograms)
    .where(eq(trainingPrograms.subscriptionId, subscriptionId))
    .limit(1);
  if (marker.length > 0) return false;
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(trainingPrograms)
      .values({ subscriptionId })
      .onConflictDoNothing()
      .returning({ subscriptionId: trainingPrograms.subscriptionId });
    if (marked.length === 0) return false;
    const { timeZone, people } = await checkoutPeople(tx as unknown as Database, subscriptionId);
    const zone = timeZone && isKnownTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
    if (people.length === 0) return true;
    await tx.insert(trainingContacts).values(
      people.map((person) => ({
        subscriptionId,
        // The first name given at checkout; older checkouts named people only by their address.
        name: standInName(person.name, person.email, person.position),
        // The buyer is an adult; a family member's age group was asked at checkout. One from an
        // older checkout is a placeholder "adult" until the holder chooses (no notice before).
        ageBand: person.position === 0 ? "adult" : (knownAgeBand(person.ageBand) ?? "adult"),
        ageBandSet: person.position === 0 || knownAgeBand(person.ageBand) !== null,
        // The language chosen for them at checkout; English for the buyer and older checkouts.
        language: practiceLanguageOf(person.language),
        email: person.email,
        phone: person.phone ? toE164(person.phone) : null,
        emailEnabled: true,
        smsEnabled: false,
        timeZone: zone,
        checkoutPosition: person.position,
      })),
    );
    return true;
  });
}

function knownAgeBand(value: string | null): AgeBand | null {
  return (AGE_BANDS as readonly string[]).includes(value ?? "") ? (value as AgeBand) : null;
}

/**
 * A name the shared name rule accepts, so the holder can edit anything else about a person before
 * renaming them: the checkout name when it is one, else the letters of the address's local part
 * ("gran.rose42@" → "Gran Rose"), else "Family member N".
 */
function standInName(given: string | null, email: string, position: number): string {
  if (given && isPersonName(given)) return given.trim();
  const words = (email.split("@")[0] ?? "")
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  const fromAddress = words.join(" ").slice(0, MAX_PERSON_NAME_LENGTH).trim();
  return fromAddress && isPersonName(fromAddress) ? fromAddress : `Family member ${position + 1}`;
}
