import { practiceHistoryOf, repeatOf } from "./practice-history.server";
import { eq } from "drizzle-orm";
import { getEnv } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { notifyOutbox } from "~/mail/mailer.server";
import { newPracticeToken } from "./practice-composer.server";
import { contactEligibility, type IneligibleReason } from "./practice-eligibility.server";
import { practiceLibrary, type PracticeLibrary } from "~/training/library/practice-library.server";
import { consentLimits } from "~/training/people/address-consent.server";
import { enqueuePracticeMessage } from "./scheduler.server";
import { choosePracticeMessage } from "~/training/library/scenario-choice";
import { SEND_NOW_INTENT, sendPracticeNowSchemaFor, type SendPracticeNowResult } from "./send-practice-now";
import type { Translate } from "~/i18n/translate";
import { practiceMessages } from "~/training/tables";
import { brakesInForce } from "./practice-brakes.server";
import { practiceEmailAllowance } from "./warm-start.server";

/**
 * "Send a practice message now" (local mode only), so the whole loop can be tried in minutes:
 * one practice message for one of the holder's own contacts, queued at once. It skips the quiet
 * hours (the holder pressed the button themselves, and in local mode it lands in the local
 * mailbox) but never consent, a pause, an opt-out or the membership. Nor the program's health:
 * a scenario braked by complaints is not chosen, and while practice email is braked or today's
 * warm-start cap is spent, only a text can go. It does not count as the week's message (its
 * weekKey is null) but it does count for "never the same scenario twice", and an email counts
 * towards the day's warm-start cap like any other. Its answer is in `t`'s language (the page's).
 */

/** Why nothing can go to this person, in `t`'s language. */
function refusal(
  reason: IneligibleReason,
  name: string,
  t: Translate,
): { status: number; title: string; message: string } {
  switch (reason) {
    case "no consent":
      return { status: 409, title: t("sendNow.noConsentTitle"), message: t("sendNow.noConsent", { name }) };
    case "paused":
      return { status: 409, title: t("sendNow.pausedTitle"), message: t("sendNow.paused", { name }) };
    case "opted out":
      return { status: 409, title: t("sendNow.optedOutTitle"), message: t("sendNow.optedOut", { name }) };
    case "no access":
      return { status: 403, title: t("sendNow.noAccessTitle"), message: t("sendNow.noAccess") };
    case "no channel":
      return { status: 409, title: t("sendNow.noChannelTitle"), message: t("sendNow.noChannel", { name }) };
  }
}

class WeeklyLimitReached extends Error {}

export async function sendPracticeMessageNow(
  db: Database,
  input: {
    userId: string;
    contactId: unknown;
    now?: Date;
    library?: Pick<PracticeLibrary, "scenarios">;
    random?: () => number;
    /** PRACTICE_WARMUP_START unless given (tests). */
    warmupStart?: number;
  },
  t: Translate,
): Promise<SendPracticeNowResult> {
  const refuse = (status: number, title: string, message: string): SendPracticeNowResult => ({
    ok: false,
    intent: SEND_NOW_INTENT,
    status,
    title,
    message,
  });
  if (getEnv().APP_ENV === "production") {
    return refuse(404, t("sendNow.notAvailableTitle"), t("sendNow.notAvailable"));
  }
  const parsed = sendPracticeNowSchemaFor(t).shape.contactId.safeParse(input.contactId);
  if (!parsed.success)
    return {
      ...refuse(400, t("sendNow.couldNotSend"), parsed.error.issues[0]!.message),
      fields: { contactId: parsed.error.issues[0]!.message },
    };
  const contactId = parsed.data;
  const now = input.now ?? new Date();

  // Only a contact of this holder's own subscription is found; another family's is "not found".
  const verdict = await contactEligibility(db, contactId, now, { holderUserId: input.userId });
  if (!verdict) return refuse(404, t("sendNow.notFoundTitle"), t("sendNow.notFound"));
  if (!verdict.eligible) {
    const why = refusal(verdict.reason, verdict.contactName, t);
    return refuse(why.status, why.title, why.message);
  }
  const recipient = verdict.recipient;

  const brakes = await brakesInForce(db);
  const emailHeld =
    brakes.practiceEmail ||
    (await practiceEmailAllowance(db, input.warmupStart ?? getEnv().PRACTICE_WARMUP_START, now)) === 0;
  const channels = emailHeld ? recipient.channels.filter((channel) => channel !== "email") : recipient.channels;
  if (channels.length === 0) {
    return refuse(
      409,
      t("sendNow.heldTitle"),
      brakes.practiceEmail ? t("sendNow.heldBraked") : t("sendNow.heldWarmup"),
    );
  }
  const scenarios = (input.library ?? practiceLibrary()).scenarios.filter(
    (scenario) => !brakes.scenarioIds.has(scenario.id),
  );

  const history = (await practiceHistoryOf(db, [contactId])).get(contactId) ?? [];
  const choice = choosePracticeMessage({
    scenarios,
    ageBand: recipient.ageBand,
    language: recipient.language,
    level: recipient.level,
    channels,
    history,
    now,
    random: input.random,
  });
  if (!choice) {
    return refuse(409, t("sendNow.nothingNewTitle"), t("sendNow.nothingNew", { name: recipient.name }));
  }

  const queued = await db
    .transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const token = newPracticeToken();
      const [row] = await tx
        .insert(practiceMessages)
        .values({
          contactId,
          scenarioId: choice.scenario.id,
          channel: choice.channel,
          level: choice.level,
          repeat: repeatOf(history, choice.scenario.id),
          token,
          weekKey: null,
          status: "queued",
          scheduledFor: now,
          queuedAt: now,
        })
        // The same scenario planned for them a moment ago by the scheduler: nothing is written.
        .onConflictDoNothing()
        .returning({ id: practiceMessages.id });
      if (!row) return null;
      const outboxMessageId = await enqueuePracticeMessage(
        tx,
        { id: row.id, token, channel: choice.channel },
        choice.scenario,
        recipient,
        now,
      );
      if (!outboxMessageId) {
        // Over the address's weekly limit: nothing is written (the transaction rolls back).
        throw new WeeklyLimitReached();
      }
      await tx.update(practiceMessages).set({ outboxMessageId }).where(eq(practiceMessages.id, row.id));
      return { id: row.id, outboxMessageId };
    })
    .catch((error: unknown) => {
      if (error instanceof WeeklyLimitReached) return "weekly-limit" as const;
      throw error;
    });
  if (queued === "weekly-limit") {
    return refuse(
      429,
      t("sendNow.weeklyLimitTitle"),
      t("sendNow.weeklyLimit", {
        name: recipient.name,
        channel: choice.channel,
        max: consentLimits().messagesPerAddress.max,
      }),
    );
  }
  if (!queued) return refuse(409, t("sendNow.raceTitle"), t("sendNow.race"));
  await notifyOutbox([queued.outboxMessageId]);
  return {
    ok: true,
    intent: SEND_NOW_INTENT,
    status: 200,
    title: t("sendNow.sentTitle"),
    message: t("sendNow.sent", {
      channel: choice.channel,
      address: (choice.channel === "email" ? recipient.email : recipient.phone) ?? "",
      name: recipient.name,
    }),
    messageId: queued.id,
  };
}
