import { eq, inArray, notInArray, and, or, sql } from "drizzle-orm";
import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import type { PaymentProvider } from "~/billing/payment-provider.server";
import { customers, members, subscriptions } from "~/billing/tables";
import { outboxMessages } from "~/mail/tables";
import { forgetUnusedAddresses } from "~/training/people/address-consent.server";
import { deleteFamilyMemberMessages } from "~/training/people/contact-changes.server";
import { trainingContacts, trainingPrograms, weeklySummaries } from "~/training/tables";
import { fieldErrors } from "~/validation/fields";
import { hitLimit, retryMessage } from "~/security/request-limits.server";
import { AUTH_LIMITS, authLimitKeys } from "./auth-limits";
import { isAccountPassword } from "./password-check.server";
import { users } from "./tables";
import { DELETE_ACCOUNT_INTENT, DeleteAccountSchema, type DeleteAccountResult } from "./delete-account-schema";

/** Statuses after which a subscription charges nobody, so there is nothing to cancel. */
const ENDED_STATUSES = ["canceled", "incomplete_expired"];

type Outcome = { status: number; result: DeleteAccountResult };

const answer = (
  status: number,
  ok: boolean,
  title: string,
  message: string,
  fields?: Record<string, string>,
): Outcome => ({
  status,
  result: { ok, intent: DELETE_ACCOUNT_INTENT, title, message, ...(fields ? { fields } : {}) },
});

/**
 * Deletes an account the way a family would expect (COPPA and GDPR both give a parent this right),
 * once its owner has ticked the box and typed their password again (at most five tries a quarter
 * hour). The subscription is cancelled at the payment provider FIRST, so nobody is charged for an
 * account that no longer exists; only then is the rest removed in one transaction: every family
 * member's contact details, consent record, practice messages, events and their outbox copies,
 * the checkout's family list, course progress, sessions and the login itself. What payment
 * records require stays: the customer (name, email), the subscription and the provider's events.
 * If the provider cannot cancel, nothing is deleted and the person is told to try again.
 */
export async function deleteAccount(
  db: Database,
  provider: PaymentProvider | null,
  userId: string,
  raw: Record<string, unknown>,
): Promise<Outcome> {
  const parsed = DeleteAccountSchema.safeParse(raw);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return answer(400, false, "Nothing was deleted", Object.values(fields)[0] ?? "Please check the form.", fields);
  }
  // Every try counts, right or wrong: five an account per quarter hour is plenty for the owner
  // and useless for guessing.
  const limit = await hitLimit(
    db,
    authLimitKeys.deleteAccountPassword(userId),
    AUTH_LIMITS.deleteAccountPasswordPerAccount,
  );
  if (!limit.allowed) return answer(429, false, "Nothing was deleted", retryMessage(limit.retryAfterSeconds));
  if (!(await isAccountPassword(db, userId, parsed.data.password))) {
    const wrong = "That is not your password. Type the one you sign in with.";
    return answer(403, false, "Nothing was deleted", wrong, { password: wrong });
  }

  const owned = await db
    .select({
      id: subscriptions.id,
      provider: subscriptions.provider,
      providerId: subscriptions.providerSubscriptionId,
    })
    .from(subscriptions)
    .innerJoin(customers, eq(subscriptions.customerId, customers.id))
    .where(and(eq(customers.userId, userId), notInArray(subscriptions.status, ENDED_STATUSES)));

  for (const subscription of owned) {
    try {
      if (!provider || subscription.provider !== provider.kind) {
        throw new Error(`a ${subscription.provider} subscription and no matching payment provider on this site`);
      }
      await provider.cancelSubscriptionNow(subscription.providerId);
    } catch (error) {
      getLogger().error(
        { err: error, subscription: subscription.id },
        "account deletion: cancelling the subscription failed",
      );
      return answer(
        502,
        false,
        "We could not cancel your subscription",
        "Nothing was deleted. Please try again in a few minutes, or write to us from the support page.",
      );
    }
  }

  await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    const allSubscriptions = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .innerJoin(customers, eq(subscriptions.customerId, customers.id))
      .where(eq(customers.userId, userId));
    const subscriptionIds = allSubscriptions.map((row) => row.id);
    if (owned.length > 0) {
      await tx
        .update(subscriptions)
        .set({ status: "canceled", cancelAtPeriodEnd: false, updatedAt: sql`now()` })
        .where(
          inArray(
            subscriptions.id,
            owned.map((row) => row.id),
          ),
        );
    }
    // The family's mail in the outbox goes first, while the rows that tie it to the family remain.
    await deleteFamilyOutbox(database, userId, subscriptionIds);
    if (subscriptionIds.length > 0) {
      const contacts = await tx
        .select({ id: trainingContacts.id })
        .from(trainingContacts)
        .where(inArray(trainingContacts.subscriptionId, subscriptionIds));
      for (const contact of contacts) await deleteFamilyMemberMessages(database, contact.id);
      // Messages, events and summaries go with their contact (ON DELETE CASCADE).
      await tx.delete(trainingContacts).where(inArray(trainingContacts.subscriptionId, subscriptionIds));
      // The holder's own summary guards (no contact) stay with the kept subscription otherwise.
      await tx.delete(weeklySummaries).where(inArray(weeklySummaries.subscriptionId, subscriptionIds));
      // With no one left in the family, every address it asked consent from is forgotten too.
      for (const subscriptionId of subscriptionIds) await forgetUnusedAddresses(database, subscriptionId);
      await tx.delete(trainingPrograms).where(inArray(trainingPrograms.subscriptionId, subscriptionIds));
      await tx.delete(members).where(inArray(members.subscriptionId, subscriptionIds));
    }
    // Sessions, logins, course progress, trainer rounds and checkout attempts go with the user (ON DELETE
    // CASCADE); the customer row stays for the payment records, no longer linked to a login.
    await tx.delete(users).where(eq(users.id, userId));
  });
  getLogger().info({ subscriptions: owned.length }, "account deleted");
  return answer(
    200,
    true,
    "Your account has been deleted",
    "Your subscription is cancelled and your family's practice history is gone.",
  );
}

/** Notices asking an address for consent (an adult's, a child's hello); each names the holder. */
const NOTICE_TEMPLATES = ["training-consent-notice", "training-child-notice"];
/** The receipt and the failed-payment note: to the checkout's email, greeting the holder by name. */
const BILLING_TEMPLATES = ["subscription-started", "payment-failed"];
/** Mail about the login itself: only ever sent to that account's own email. */
const ACCOUNT_TEMPLATES = ["confirm-email", "password-reset", "password-changed", "account-exists", "sign-in-failures"];

/**
 * Deletes the outbox rows (whatever their status: a queued one never goes out) that carry this
 * family's names, addresses and links: everything sent by this family to the holder's addresses
 * and to every family member's. How each kind is told apart from another family's mail:
 * - practice messages and each person's weekly summary: by their link (practice_messages and
 *   weekly_summaries point at the row), in deleteFamilyMemberMessages; the holder's family summary
 *   by its weekly_summaries row here. Exact, whoever else uses the address.
 * - notices: an outbox row keeps no link to its family, and one address can belong to two
 *   families (a grandmother in both of her children's), so a notice goes only when it was sent to
 *   one of this family's addresses AND its text names this family's holder (every notice says who
 *   signed the person up). Another family's notice to the same address names its own holder and
 *   stays. (Two holders with the same name writing to the same address would both lose theirs:
 *   acceptable, the rows only hold what that address was already sent.)
 * - the receipt and payment notes: to the customer's email AND greeting the customer's name.
 * - account mail (reset links, confirmations): to the login's own email, which no other account has.
 * Mail this person gets from services that outlive the account (the newsletter, scam updates,
 * support replies) is not the family's and stays.
 */
async function deleteFamilyOutbox(db: Database, userId: string, subscriptionIds: string[]) {
  const [login] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const holders = await db
    .select({ name: customers.name, email: customers.email })
    .from(customers)
    .where(eq(customers.userId, userId));
  const ids = new Set<string>();
  const addresses = new Set<string>();
  if (subscriptionIds.length > 0) {
    const summaries = await db
      .select({ id: weeklySummaries.outboxMessageId })
      .from(weeklySummaries)
      .where(inArray(weeklySummaries.subscriptionId, subscriptionIds));
    for (const row of summaries) ids.add(row.id);
    const people = [
      ...(await db
        .select({ email: trainingContacts.email, phone: trainingContacts.phone })
        .from(trainingContacts)
        .where(inArray(trainingContacts.subscriptionId, subscriptionIds))),
      ...(await db
        .select({ email: members.email, phone: members.phone })
        .from(members)
        .where(inArray(members.subscriptionId, subscriptionIds))),
    ];
    for (const person of people) {
      if (person.email) addresses.add(person.email.trim().toLowerCase());
      if (person.phone) addresses.add(person.phone.trim());
    }
  }
  for (const holder of holders) addresses.add(holder.email.trim().toLowerCase());
  if (login) addresses.add(login.email.trim().toLowerCase());

  // The holder's name as the notices print it: on one line, and in a text cut short (with "…"),
  // so it is looked for as a whole word, or by its first 30 characters when it is longer.
  const namesInText = [...new Set(holders.map((holder) => holder.name.replace(/\s+/g, " ").trim()))]
    .filter((name) => name.length > 0)
    .map((name) => {
      const head = name.slice(0, 30).replace(/[\\^$.|?*+()[\]{}]/g, "\\$&");
      const pattern = `(^|[^[:alnum:]])${head}${name.length <= 30 ? "([^[:alnum:]]|$)" : ""}`;
      return sql`${outboxMessages.textBody} ~ ${pattern}`;
    });
  const sentToFamily = addresses.size > 0 ? inArray(sql`lower(${outboxMessages.recipient})`, [...addresses]) : null;
  const holderEmails = [...new Set(holders.map((holder) => holder.email.trim().toLowerCase()))];

  const matches = [
    ids.size > 0 ? inArray(outboxMessages.id, [...ids]) : null,
    sentToFamily && namesInText.length > 0
      ? and(inArray(outboxMessages.template, NOTICE_TEMPLATES), sentToFamily, or(...namesInText))
      : null,
    holderEmails.length > 0 && namesInText.length > 0
      ? and(
          inArray(outboxMessages.template, BILLING_TEMPLATES),
          inArray(sql`lower(${outboxMessages.recipient})`, holderEmails),
          or(...namesInText),
        )
      : null,
    login
      ? and(
          inArray(outboxMessages.template, ACCOUNT_TEMPLATES),
          eq(sql`lower(${outboxMessages.recipient})`, login.email.trim().toLowerCase()),
        )
      : null,
  ].filter((condition) => condition !== null && condition !== undefined);
  if (matches.length > 0) await db.delete(outboxMessages).where(or(...matches));
}
