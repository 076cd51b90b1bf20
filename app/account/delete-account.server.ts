import { eq, inArray, notInArray, and, sql } from "drizzle-orm";
import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import type { PaymentProvider } from "~/billing/payment-provider.server";
import { customers, members, subscriptions } from "~/billing/tables";
import { deleteFamilyMemberMessages } from "~/training/family-member-data.server";
import { trainingContacts, trainingPrograms } from "~/training/tables";
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
    if (subscriptionIds.length > 0) {
      const contacts = await tx
        .select({ id: trainingContacts.id })
        .from(trainingContacts)
        .where(inArray(trainingContacts.subscriptionId, subscriptionIds));
      for (const contact of contacts) await deleteFamilyMemberMessages(database, contact.id);
      // Messages, events and summaries go with their contact (ON DELETE CASCADE).
      await tx.delete(trainingContacts).where(inArray(trainingContacts.subscriptionId, subscriptionIds));
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
