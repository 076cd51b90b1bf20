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
import { SEND_NOW_INTENT, SendPracticeNowSchema, type SendPracticeNowResult } from "./send-practice-now";
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
 * towards the day's warm-start cap like any other.
 */

const REFUSALS: Record<IneligibleReason, { status: number; title: string; message: (name: string) => string }> = {
  "no consent": {
    status: 409,
    title: "Waiting for consent",
    message: (name) => `${name} has not agreed to practice messages yet, so nothing can be sent.`,
  },
  paused: {
    status: 409,
    title: "Paused",
    message: (name) => `Practice messages to ${name} are paused. Resume them first.`,
  },
  "opted out": {
    status: 409,
    title: "Opted out",
    message: (name) => `${name} asked us to stop practice messages. Only they can start them again.`,
  },
  "no access": {
    status: 403,
    title: "No active membership",
    message: () => "Practice messages need an active Training Program membership.",
  },
  "no channel": {
    status: 409,
    title: "No way to reach them",
    message: (name) => `${name} has no email or text channel turned on that we can use.`,
  },
};

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
): Promise<SendPracticeNowResult> {
  const refuse = (status: number, title: string, message: string): SendPracticeNowResult => ({
    ok: false,
    intent: SEND_NOW_INTENT,
    status,
    title,
    message,
  });
  if (getEnv().APP_ENV === "production") {
    return refuse(404, "Not available", "Sending a practice message on demand is only available on a local site.");
  }
  const parsed = SendPracticeNowSchema.shape.contactId.safeParse(input.contactId);
  if (!parsed.success)
    return {
      ...refuse(400, "Could not send", parsed.error.issues[0]!.message),
      fields: { contactId: parsed.error.issues[0]!.message },
    };
  const contactId = parsed.data;
  const now = input.now ?? new Date();

  // Only a contact of this holder's own subscription is found; another family's is "not found".
  const verdict = await contactEligibility(db, contactId, now, { holderUserId: input.userId });
  if (!verdict) return refuse(404, "Not found", "We could not find that person in your Training Program.");
  if (!verdict.eligible) {
    const refusal = REFUSALS[verdict.reason];
    return refuse(refusal.status, refusal.title, refusal.message(verdict.contactName));
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
      "Practice email is held",
      brakes.practiceEmail
        ? "Practice email is stopped for everyone while staff look at complaints or bounces. Nothing was sent."
        : "Today's practice emails have all gone out (a new sending domain starts with a few a day). Nothing was sent; try again tomorrow.",
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
    return refuse(
      409,
      "Nothing new to send",
      `${recipient.name} has already received every practice message that suits them.`,
    );
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
      "Enough for this week",
      `${recipient.name}'s ${choice.channel === "email" ? "email address" : "phone"} has had ${consentLimits().messagesPerAddress.max} practice messages this week, the most we send to one address. Nothing was sent; try again next week.`,
    );
  }
  if (!queued)
    return refuse(
      409,
      "Please try again",
      "A practice message was being planned for them at the same moment. Press the button again.",
    );
  await notifyOutbox([queued.outboxMessageId]);
  const what = choice.channel === "email" ? `email to ${recipient.email}` : `text to ${recipient.phone}`;
  return {
    ok: true,
    intent: SEND_NOW_INTENT,
    status: 200,
    title: "Practice message sent",
    message: `A practice ${what} is on its way to ${recipient.name}.`,
    messageId: queued.id,
  };
}
