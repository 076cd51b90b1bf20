import { and, eq, isNull, or, sql } from "drizzle-orm";
import { confirmedAccountEmails } from "~/account/accounts.server";
import { subscriptionHolders } from "~/billing/subscription-holders.server";
import { hasMemberAccess } from "~/billing/subscription-view";
import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import { getMailBranding, notifyOutbox } from "~/mail/mailer.server";
import { enqueueEmail } from "~/mail/outbox.server";
import { spotNoticeEmail } from "~/training/people/training-emails";
import { trainingContacts, trainingPrograms } from "~/training/tables";
import { practiceOutcome, type PracticeMessageRecord, type RecordedEvent } from "./tracking.server";

/**
 * "Tell me when someone spots one" (people/spot-notices.ts): when the holder turned it on, someone
 * else in the family's first counted report of a practice message, or their "I spotted it", sends
 * the holder a short email. At most one a day per family: a conditional update of
 * `training_programs.spot_notice_sent_at` claims the day, and the email is queued in the same
 * transaction, so two spots at once can never send two (the second update waits for the first and
 * then finds the day taken). Off by default.
 */

/**
 * Who would be told about this contact's spot: their family's holder, at their account's confirmed
 * email (never the checkout's address, which may be anyone's). No confirmed account, no notice:
 * without an account the holder could not open the results the email links to either.
 */
async function familyOf(db: Database, contactId: string) {
  const holder = subscriptionHolders();
  const login = confirmedAccountEmails();
  const [row] = await db
    .select({
      subscriptionId: trainingContacts.subscriptionId,
      contactName: trainingContacts.name,
      contactEmail: trainingContacts.email,
      holderEmail: holder.holderEmail,
      accountEmail: login.email,
      newest: holder.newest,
      status: holder.status,
      cancelAtPeriodEnd: holder.cancelAtPeriodEnd,
      currentPeriodEnd: holder.currentPeriodEnd,
    })
    .from(trainingContacts)
    .innerJoin(holder, eq(holder.subscriptionId, trainingContacts.subscriptionId))
    .innerJoin(login, eq(login.userId, holder.holderUserId))
    .where(eq(trainingContacts.id, contactId));
  return row ?? null;
}

/** The holder's own entry (isHolder on the page): its email is their account's (or the paying customer's). */
function isHoldersOwn(family: { contactEmail: string | null; holderEmail: string; accountEmail: string }) {
  const email = family.contactEmail?.trim().toLowerCase();
  return Boolean(email) && (email === family.accountEmail.toLowerCase() || email === family.holderEmail.toLowerCase());
}

/**
 * Tells the holder that someone in the family spotted a practice message, when `event` is that
 * message's first counted report or spot (what recordReported / recordSpotted return; null or a
 * flagged event, such as a stranger's report, tells nobody). Nothing for the holder's own spots,
 * for a message the person fell for first (a later "I spotted it" is not a spot to announce), for
 * a family whose membership gives no access (practice has stopped, and the setting cannot be
 * changed then), or when today's email already went. Returns the queued email's id, or null.
 *
 * A courtesy to the holder must never cost the person their answer ("Well spotted"), so a failure
 * here is logged and swallowed.
 */
export async function noticeHolderOfSpot(
  db: Database,
  message: Pick<PracticeMessageRecord, "id" | "contact">,
  event: RecordedEvent | null,
): Promise<string | null> {
  if (!event || event.flagged || (event.kind !== "reported" && event.kind !== "spotted")) return null;
  const how = event.kind;
  try {
    const family = await familyOf(db, message.contact.id);
    if (!family || isHoldersOwn(family)) return null;
    if (!family.newest || !hasMemberAccess(family)) return null;
    if ((await practiceOutcome(db, message.id)) === "clicked") return null;
    const id = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [claimed] = await tx
        .update(trainingPrograms)
        .set({ spotNoticeSentAt: sql`now()` })
        .where(
          and(
            eq(trainingPrograms.subscriptionId, family.subscriptionId),
            eq(trainingPrograms.spotNoticesEnabled, true),
            or(
              isNull(trainingPrograms.spotNoticeSentAt),
              sql`${trainingPrograms.spotNoticeSentAt} < now() - interval '1 day'`,
            ),
          ),
        )
        .returning({ subscriptionId: trainingPrograms.subscriptionId });
      if (!claimed) return null;
      const brand = getMailBranding();
      return enqueueEmail(tx, {
        template: "training-spot-notice",
        to: family.accountEmail,
        ...spotNoticeEmail(brand, {
          contactName: family.contactName,
          how,
          resultsUrl: `${brand.siteUrl}/account/training`,
        }),
      });
    });
    if (id) await notifyOutbox([id]);
    return id;
  } catch (error) {
    getLogger().error({ err: error, contactId: message.contact.id }, "could not tell the holder about a spot");
    return null;
  }
}
