import { randomBytes } from "node:crypto";
import { feedbackPageOnSite } from "~/training/sending/practice-composer.server";
import { and, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { confirmedAccountEmails } from "~/account/accounts.server";
import { subscriptionHolders } from "~/billing/subscription-holders.server";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { getLogger } from "~/config/logger.server";
import type { JobRunner } from "~/jobs/job-runner.server";
import { wakeDelivery } from "~/mail/delivery-queue.server";
import { getMailBranding } from "~/mail/mailer.server";
import { enqueueEmail, enqueueText } from "~/mail/outbox.server";
import { messageDeliveries } from "~/mail/message-status.server";
import type { MailBranding } from "~/mail/templates";
import { unsubscribeHeaders } from "~/newsletter/newsletter-emails";
import { listContacts } from "~/training/people/programs.server";
import { loadFamilyResults } from "./family-results.server";
import { eligibleRecipients, type PracticeRecipient } from "~/training/sending/practice-eligibility.server";
import { practiceLibrary, type PracticeLibrary } from "~/training/library/practice-library.server";
import { recentWeeks } from "./practice-results";
import { trackForAgeBand } from "~/course/tracks/course-tracks";
import { withTrack } from "~/course/tracks/track-form";
import { isAllowedSendTime, isoWeekKey } from "~/family/quiet-hours";
import { practiceMessages, trainingContacts, trainingPrograms, weeklySummaries } from "~/training/tables";
import {
  familySummaryEmail,
  personSummaryEmail,
  personSummaryEmailEs,
  personSummaryText,
  personSummaryTextEs,
  summariesUnsubscribeUrl,
} from "./weekly-summary-emails";

/**
 * The weekly summaries (issue 13). Once a week:
 * - each person who may receive practice messages, and had one go out last week (their ISO week,
 *   in their time zone), gets a short note about it by email (or by text when that is their only
 *   channel) linking its feedback page;
 * - each account holder whose family had practice last week gets the family's results.
 * The job runs every hour and sends only inside the person's allowed hours, so each note arrives at
 * a sensible local time early in the week; the `weekly_summaries` row written in the same
 * transaction as the outbox row is the once-a-week guard. Everyone can stop them from the link in
 * each (it opens a page whose button stops them) or their mail app's List-Unsubscribe (one-click
 * POST), apart from practice messages themselves.
 */

const WEEKLY_SUMMARY_QUEUE = "training-weekly-summary";

interface SummaryRun {
  people: number;
  holders: number;
  outboxIds: string[];
}

const newSummaryToken = () => randomBytes(32).toString("base64url");

class AlreadySent extends Error {}

/** The ISO week before the one `now` falls in, in that zone. */
function lastWeekKey(now: Date, timeZone: string) {
  return recentWeeks(now, timeZone, 2)[0]!.weekKey;
}

export async function sendWeeklySummaries(
  db: Database,
  options: { now?: Date; brand?: MailBranding; library?: Pick<PracticeLibrary, "byId"> } = {},
): Promise<SummaryRun> {
  const now = options.now ?? new Date();
  const brand = options.brand ?? getMailBranding();
  const library = options.library ?? practiceLibrary();
  const recipients = await eligibleRecipients(db, now);
  const run: SummaryRun = { people: 0, holders: 0, outboxIds: [] };
  if (recipients.length === 0) return run;

  const optedOut = new Set(
    (
      await db
        .select({ id: trainingContacts.id })
        .from(trainingContacts)
        .where(
          and(
            inArray(
              trainingContacts.id,
              recipients.map((r) => r.contactId),
            ),
            sql`${trainingContacts.summariesOptedOutAt} IS NOT NULL`,
          ),
        )
    ).map((row) => row.id),
  );
  // Messages that went out in the last 15 days; each person's "last week" is picked from these.
  const delivery = messageDeliveries();
  const recent = await db
    .select({
      contactId: practiceMessages.contactId,
      token: practiceMessages.token,
      scenarioId: practiceMessages.scenarioId,
      channel: practiceMessages.channel,
      sentAt: delivery.sentAt,
    })
    .from(practiceMessages)
    .innerJoin(delivery, eq(delivery.messageId, practiceMessages.outboxMessageId))
    .where(
      and(
        inArray(
          practiceMessages.contactId,
          recipients.map((r) => r.contactId),
        ),
        eq(practiceMessages.status, "queued"),
        eq(delivery.state, "sent"),
        gte(delivery.sentAt, new Date(now.getTime() - 15 * 86_400_000)),
      ),
    );

  for (const recipient of recipients) {
    if (optedOut.has(recipient.contactId) || !isAllowedSendTime(now, recipient.timeZone, recipient.ageBand)) continue;
    const week = lastWeekKey(now, recipient.timeZone);
    const latest = recent
      .filter(
        (row) =>
          row.contactId === recipient.contactId && row.sentAt && isoWeekKey(row.sentAt, recipient.timeZone) === week,
      )
      .sort((a, b) => b.sentAt!.getTime() - a.sentAt!.getTime())[0];
    if (!latest) continue;
    const id = await sendPersonSummary(db, brand, recipient, week, {
      scenarioTitle: library.byId(latest.scenarioId)?.title ?? "A practice message",
      channel: latest.channel as "email" | "sms",
      // On the site's own host: site mail never links to the practice host (issue #40).
      feedbackUrl: feedbackPageOnSite(latest.token, brand.siteUrl),
      // The free course in the track written for their age (issue #37).
      courseUrl: `${brand.siteUrl}${withTrack("/course", trackForAgeBand(recipient.ageBand))}`,
    });
    if (id) {
      run.people += 1;
      run.outboxIds.push(id);
    }
  }

  for (const subscriptionId of new Set(recipients.map((r) => r.subscriptionId))) {
    const id = await sendFamilySummary(db, brand, subscriptionId, now);
    if (id) {
      run.holders += 1;
      run.outboxIds.push(id);
    }
  }
  return run;
}

/** Writes the outbox row and the week's guard row together; null when this week's was already sent. */
async function once(
  db: Database,
  guard: { subscriptionId: string; contactId: string | null; weekKey: string },
  write: (tx: Database) => Promise<string>,
) {
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const outboxMessageId = await write(tx);
      const [row] = await tx
        .insert(weeklySummaries)
        .values({ ...guard, outboxMessageId })
        .onConflictDoNothing()
        .returning({ id: weeklySummaries.id });
      if (!row) throw new AlreadySent();
      return outboxMessageId;
    });
  } catch (error) {
    if (error instanceof AlreadySent) return null;
    throw error;
  }
}

async function sendPersonSummary(
  db: Database,
  brand: MailBranding,
  recipient: PracticeRecipient,
  weekKey: string,
  message: { scenarioTitle: string; channel: "email" | "sms"; feedbackUrl: string; courseUrl: string },
) {
  const [done] = await db
    .select({ id: weeklySummaries.id })
    .from(weeklySummaries)
    .where(and(eq(weeklySummaries.contactId, recipient.contactId), eq(weeklySummaries.weekKey, weekKey)));
  if (done) return null;
  return once(db, { subscriptionId: recipient.subscriptionId, contactId: recipient.contactId, weekKey }, async (tx) => {
    const [row] = await tx
      .update(trainingContacts)
      .set({ summaryToken: sql`coalesce(${trainingContacts.summaryToken}, ${newSummaryToken()})` })
      .where(eq(trainingContacts.id, recipient.contactId))
      .returning({ token: trainingContacts.summaryToken });
    const unsubscribeUrl = summariesUnsubscribeUrl(brand.siteUrl, row!.token!);
    const input = { name: recipient.name, ...message, unsubscribeUrl };
    // In the language they read (issue #39), "tú" to children and teenagers.
    const spanish = recipient.language === "es";
    const young = recipient.ageBand === "child" || recipient.ageBand === "teen";
    if (recipient.channels.includes("email")) {
      const email = spanish ? personSummaryEmailEs(brand, { ...input, young }) : personSummaryEmail(brand, input);
      return enqueueEmail(tx, {
        template: "practice-weekly-summary",
        to: recipient.email!,
        ...email,
        headers: unsubscribeHeaders(unsubscribeUrl),
      });
    }
    return enqueueText(tx, {
      template: "practice-weekly-summary",
      to: recipient.phone!,
      body: spanish ? personSummaryTextEs(brand, { ...input, young }) : personSummaryText(brand, input),
    });
  });
}

async function sendFamilySummary(db: Database, brand: MailBranding, subscriptionId: string, now: Date) {
  const holder = subscriptionHolders();
  const account = confirmedAccountEmails();
  const [family] = await db
    .select({
      email: account.email,
      name: holder.holderName,
      userId: holder.holderUserId,
      optedOutAt: trainingPrograms.summariesOptedOutAt,
    })
    .from(holder)
    // The holder's confirmed account email only: the checkout's address may be anyone's, and
    // without an account the holder could not open the dashboard the summary links to.
    .innerJoin(account, eq(account.userId, holder.holderUserId))
    .leftJoin(trainingPrograms, eq(trainingPrograms.subscriptionId, holder.subscriptionId))
    .where(eq(holder.subscriptionId, subscriptionId));
  if (!family?.userId || family.optedOutAt) return null;
  const familyZone = (await listContacts(db, subscriptionId))[0]?.timeZone;
  if (!familyZone || !isAllowedSendTime(now, familyZone, "adult")) return null;
  const weekKey = lastWeekKey(now, familyZone);
  const [done] = await db
    .select({ id: weeklySummaries.id })
    .from(weeklySummaries)
    .where(
      and(
        eq(weeklySummaries.subscriptionId, subscriptionId),
        isNull(weeklySummaries.contactId),
        eq(weeklySummaries.weekKey, weekKey),
      ),
    );
  if (done) return null;

  const results = await loadFamilyResults(db, family.userId, { now });
  const lines = (results?.people ?? []).flatMap((person) => {
    // The trend ends with this week; the week before is last week, in that person's zone.
    const week = person.trend.at(-2);
    if (!week || week.sent === 0) return [];
    const checked = week.checkedFirst > 0 ? `, ${week.checkedFirst} by checking first` : "";
    const line = `${person.name}: spotted ${week.spotted} of ${week.sent} practice ${week.sent === 1 ? "message" : "messages"}${checked}`;
    // A message sent late last week may still be inside its response window: not a miss yet.
    if (week.waiting === 0) return [`${line}.`];
    return [`${line} (${week.waiting} still waiting for an answer).`];
  });
  if (!results || lines.length === 0) return null;

  return once(db, { subscriptionId, contactId: null, weekKey }, async (tx) => {
    await tx.insert(trainingPrograms).values({ subscriptionId }).onConflictDoNothing();
    const [row] = await tx
      .update(trainingPrograms)
      .set({ summaryToken: sql`coalesce(${trainingPrograms.summaryToken}, ${newSummaryToken()})` })
      .where(eq(trainingPrograms.subscriptionId, subscriptionId))
      .returning({ token: trainingPrograms.summaryToken });
    const unsubscribeUrl = summariesUnsubscribeUrl(brand.siteUrl, row!.token!);
    const email = familySummaryEmail(brand, {
      holderName: family.name,
      lines,
      monthLine: results.summaryLine,
      dashboardUrl: `${brand.siteUrl}/account/training`,
      unsubscribeUrl,
    });
    return enqueueEmail(tx, {
      template: "training-family-summary",
      to: family.email,
      ...email,
      headers: unsubscribeHeaders(unsubscribeUrl),
    });
  });
}

export const SummaryTokenSchema = z
  .string({ error: "This link is not complete." })
  .regex(/^[\w-]{43}$/, "This link is not valid.");

/** Whether a summary link's token is known, and whether its summaries were already stopped. */
export async function summaryTokenState(db: Database, token: string): Promise<"active" | "stopped" | "unknown"> {
  for (const table of [trainingContacts, trainingPrograms] as const) {
    const [row] = await db
      .select({ optedOutAt: table.summariesOptedOutAt })
      .from(table)
      .where(eq(table.summaryToken, token));
    if (row) return row.optedOutAt ? "stopped" : "active";
  }
  return "unknown";
}

/**
 * One-click stop of weekly summaries: the token is a person's (their notes) or a holder's (the
 * family summary). Only summaries stop; practice messages have their own stop link.
 */
export async function stopWeeklySummaries(
  db: Database,
  token: string,
  now = new Date(),
): Promise<"stopped" | "already" | "unknown"> {
  for (const table of [trainingContacts, trainingPrograms] as const) {
    const [row] = await db
      .select({ optedOutAt: table.summariesOptedOutAt })
      .from(table)
      .where(eq(table.summaryToken, token));
    if (!row) continue;
    if (row.optedOutAt) return "already";
    await db
      .update(table)
      .set({ summariesOptedOutAt: now })
      .where(and(eq(table.summaryToken, token), isNull(table.summariesOptedOutAt)));
    return "stopped";
  }
  return "unknown";
}

/** The recurring job on the process's job runner (app/background-jobs.server.ts). */
export function registerWeeklySummaries(runner: JobRunner, handle: DatabaseHandle) {
  runner.register({
    name: WEEKLY_SUMMARY_QUEUE,
    policy: "singleton",
    // Hourly: each note goes out at the first allowed hour of the recipient's week; the database
    // guard keeps it to once a week.
    schedule: { cron: "7 * * * *" },
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    async handler() {
      const run = await sendWeeklySummaries(handle.db);
      if (run.outboxIds.length > 0) {
        await wakeDelivery(runner, handle.db, run.outboxIds);
        getLogger().info({ people: run.people, holders: run.holders }, "weekly practice summaries");
      }
    },
  });
}
