import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import {
  accountHolders,
  accountSubscriptionIds,
  forgetCheckoutPeople,
  markCancelled,
  subscriptionsToCancel,
} from "~/billing/account-deletion.server";
import type { PaymentProvider } from "~/billing/payment-provider.server";
import { deleteMessages } from "~/mail/message-status.server";
import { familySummaryMail, forgetFamilies } from "~/training/people/forget-families.server";
import { fieldErrors } from "~/validation/fields";
import { hitLimit, retryMessage } from "~/security/request-limits.server";
import { forgetLogin, loginEmail } from "~/account/accounts.server";
import { AUTH_LIMITS, authLimitKeys } from "~/account/auth-limits";
import { isAccountPassword } from "~/account/password-check.server";
import { translatorFor, type Translate } from "~/i18n/translate";
import {
  DELETE_ACCOUNT_INTENT,
  deleteAccountSchemaFor,
  type DeleteAccountResult,
} from "~/account/delete-account-schema";

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
 * "Delete my account" is the top layer's job: it asks each capability to forget its part (billing,
 * the Training Program, mail, then the login itself), so none of them has to know the others.
 *
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
  t: Translate = translatorFor("en"),
): Promise<Outcome> {
  const nothingDeleted = t("delete.nothingDeleted");
  const parsed = deleteAccountSchemaFor(t).safeParse(raw);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return answer(400, false, nothingDeleted, Object.values(fields)[0] ?? t("auth.checkForm"), fields);
  }
  // Every try counts, right or wrong: five an account per quarter hour is plenty for the owner
  // and useless for guessing.
  const limit = await hitLimit(
    db,
    authLimitKeys.deleteAccountPassword(userId),
    AUTH_LIMITS.deleteAccountPasswordPerAccount,
  );
  if (!limit.allowed) return answer(429, false, nothingDeleted, retryMessage(limit.retryAfterSeconds, t));
  if (!(await isAccountPassword(db, userId, parsed.data.password))) {
    const wrong = t("delete.wrongPassword");
    return answer(403, false, nothingDeleted, wrong, { password: wrong });
  }

  const owned = await subscriptionsToCancel(db, userId);

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
      return answer(502, false, t("delete.cancelFailedTitle"), t("delete.cancelFailed"));
    }
  }

  // Each capability forgets its own part, in this one transaction: either all of it goes or none.
  await db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    const subscriptionIds = await accountSubscriptionIds(database, userId);
    await markCancelled(
      database,
      owned.map((row) => row.id),
    );
    // The family's mail in the outbox goes first, while the rows that tie it to the family remain.
    await deleteFamilyOutbox(database, userId, subscriptionIds);
    // The Training Program: every family member, their messages and consent, the programs.
    await forgetFamilies(database, subscriptionIds);
    // Billing: the people named at checkout (the customer and subscription stay for the payment records).
    await forgetCheckoutPeople(database, subscriptionIds);
    // Sessions, logins, course progress, trainer rounds and checkout attempts go with the user (ON DELETE
    // CASCADE); the customer row stays for the payment records, no longer linked to a login.
    await forgetLogin(database, userId);
  });
  getLogger().info({ subscriptions: owned.length }, "account deleted");
  return answer(200, true, t("delete.doneTitle"), t("delete.done"));
}

/** The receipt and the failed-payment note: to the checkout's email, greeting the holder by name. */
const BILLING_TEMPLATES = ["subscription-started", "payment-failed"];
/**
 * Mail about the login itself, and the holder's "someone spotted one" email (it names the person):
 * only ever sent to that account's own email.
 */
const ACCOUNT_TEMPLATES = [
  "confirm-email",
  "password-reset",
  "password-changed",
  "account-exists",
  "sign-in-failures",
  "training-spot-notice",
];

/**
 * Deletes the outbox rows (whatever their status: a queued one never goes out) that carry this
 * family's names, addresses and links and that forgetFamilies does not: the holder's own mail.
 * forgetFamilies deletes what the family sent each person, by what ties it to them (practice
 * messages, summaries, tests and report thanks by their rows; notices by the family's consent
 * link in them), exactly, whoever else uses the address: another family's mail to a grandmother
 * in both of her children's families stays. Here:
 * - the holder's family summary: by its weekly_summaries row.
 * - the receipt and payment notes: to the customer's email AND greeting the customer's name.
 * - account mail (reset links, confirmations, spot notices): to the login's own email, which no
 *   other account has.
 * Mail this person gets from services that outlive the account (the newsletter, scam updates,
 * support replies) is not the family's and stays.
 */
async function deleteFamilyOutbox(db: Database, userId: string, subscriptionIds: string[]) {
  const login = await loginEmail(db, userId);
  const holders = await accountHolders(db, userId);
  const summaries = await familySummaryMail(db, subscriptionIds);

  // The holder's name as the receipt prints it: on one line, looked for as a whole word, or by its
  // first 30 characters when it is longer.
  const namesInText = [...new Set(holders.map((holder) => holder.name.replace(/\s+/g, " ").trim()))]
    .filter((name) => name.length > 0)
    .map((name) => {
      const head = name.slice(0, 30).replace(/[\\^$.|?*+()[\]{}]/g, "\\$&");
      // A PostgreSQL regular expression (the outbox matches it with `~`).
      return `(^|[^[:alnum:]])${head}${name.length <= 30 ? "([^[:alnum:]]|$)" : ""}`;
    });
  const holderEmails = [...new Set(holders.map((holder) => holder.email.trim().toLowerCase()))];

  // One statement; a kind with no addresses or no name to look for deletes nothing.
  await deleteMessages(db, {
    ids: new Set(summaries),
    sent: [
      { templates: BILLING_TEMPLATES, to: holderEmails, textMatching: namesInText },
      { templates: ACCOUNT_TEMPLATES, to: login ? [login.trim().toLowerCase()] : [] },
    ],
  });
}
