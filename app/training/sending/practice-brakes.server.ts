import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { staffEmails } from "~/account/accounts.server";
import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import { getMailBranding, notifyOutbox } from "~/mail/mailer.server";
import { messageDeliveries } from "~/mail/message-status.server";
import { enqueueEmail } from "~/mail/outbox.server";
import { PRACTICE_EMAIL_TEMPLATE } from "./practice-composer.server";
import { practiceBrakes } from "~/training/tables";
import type { FormResult } from "~/validation/form-result";
import { practiceEmailBrakeEmail } from "./practice-brake-email";
import { BOUNCE_LIMIT_RATE, COMPLAINT_LIMIT_RATE, percent } from "./mail-health-rates";

/**
 * Automatic brakes on practice mail (issue #40), checked at the start of every scheduler pass:
 *
 * - Scenario brake: a scenario whose complaint rate over its last SCENARIO_WINDOW practice emails
 *   passes 0.3% is never chosen again until staff resume it.
 * - Practice-email brake: when the practice domain's complaint rate over the last 7 days passes
 *   0.3%, or its bounce rate 4%, no practice email is queued at all (texts go on) and every staff
 *   member gets one email saying so.
 *
 * Small numbers: one complaint in 20 sends is 5%, yet says nothing about the scenario; it is one
 * person's thumb on "Report spam". A rate only means something over enough sends, so each rule
 * waits for a minimum before it may fire:
 * - a scenario needs its whole window, SCENARIO_WINDOW (200) sends, before its rate is judged:
 *   below 0.3% a single complaint can only be told apart from silence past 333 sends, and 200 is
 *   the window receivers' own dashboards start showing a rate at for a small sender;
 * - the domain needs DOMAIN_MIN_SENDS (100) emails tried in the 7 days: fewer than that is a warm
 *   start's first days, when the warm-start cap already keeps volume tiny and Gmail's Postmaster
 *   Tools do not even report a rate. A domain-wide stop on one complaint in ten would halt the
 *   whole program for noise.
 * Only sends after a brake was lifted count for the next one: resuming means "judge it afresh",
 * otherwise the same old complaint would apply the brake again on the next pass.
 */

/** The scenario rule judges this many latest practice emails of a scenario, and never fewer. */
export const SCENARIO_WINDOW = 200;
/** The domain rule's window. */
export const DOMAIN_WINDOW_DAYS = 7;
/** Practice emails tried in the domain window before the domain rule may fire. */
export const DOMAIN_MIN_SENDS = 100;

const DAY_MS = 86_400_000;
/** The email staff get when practice email pauses. */
export const BRAKE_EMAIL_TEMPLATE = "practice-brake";

export type BrakeScope = "scenario" | "practice-email";

export interface HoldingBrake {
  id: string;
  scope: BrakeScope;
  scenarioId: string | null;
  reason: string;
  appliedAt: Date;
}

const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? []) as T[];

/** Every brake in force, oldest first. */
export async function holdingBrakes(db: Database): Promise<HoldingBrake[]> {
  const rows = await db
    .select({
      id: practiceBrakes.id,
      scope: practiceBrakes.scope,
      scenarioId: practiceBrakes.scenarioId,
      reason: practiceBrakes.reason,
      appliedAt: practiceBrakes.appliedAt,
    })
    .from(practiceBrakes)
    .where(isNull(practiceBrakes.liftedAt))
    .orderBy(asc(practiceBrakes.appliedAt));
  return rows.map((row) => ({ ...row, scope: row.scope as BrakeScope }));
}

/** What the scheduler needs to know: the braked scenarios, and whether practice email is paused. */
export async function brakesInForce(db: Database): Promise<{ scenarioIds: Set<string>; practiceEmail: boolean }> {
  const holding = await holdingBrakes(db);
  return {
    scenarioIds: new Set(holding.flatMap((brake) => (brake.scenarioId ? [brake.scenarioId] : []))),
    practiceEmail: holding.some((brake) => brake.scope === "practice-email"),
  };
}

interface ScenarioCounts {
  scenario_id: string;
  sends: number;
  complaints: number;
}

/** Each unbraked scenario's latest SCENARIO_WINDOW practice emails since its last brake was lifted. */
async function scenarioCounts(db: Database, now: Date): Promise<ScenarioCounts[]> {
  const delivery = messageDeliveries();
  const result = await db.execute(sql`
    WITH recent AS (
      SELECT m.scenario_id,
             ${delivery.complainedAt} AS complained_at,
             row_number() OVER (PARTITION BY m.scenario_id ORDER BY ${delivery.sentAt} DESC) AS n
        FROM practice_messages m
        JOIN ${delivery} ON ${delivery.messageId} = m.outbox_message_id
       WHERE ${delivery.template} = ${PRACTICE_EMAIL_TEMPLATE}
         AND ${delivery.state} = 'sent'
         AND ${delivery.sentAt} <= ${now}
         AND NOT EXISTS (
           SELECT 1 FROM practice_brakes b
            WHERE b.scope = 'scenario' AND b.scenario_id = m.scenario_id
              AND (b.lifted_at IS NULL OR b.lifted_at >= ${delivery.sentAt})
         )
    )
    SELECT scenario_id, count(*)::int AS sends, count(complained_at)::int AS complaints
      FROM recent
     WHERE n <= ${SCENARIO_WINDOW}
     GROUP BY scenario_id`);
  return rowsOf<ScenarioCounts>(result);
}

interface DomainCounts {
  tried: number;
  sent: number;
  bounced: number;
  complaints: number;
}

/** Practice emails tried in the last DOMAIN_WINDOW_DAYS (and since practice email was last resumed). */
async function domainCounts(db: Database, now: Date): Promise<DomainCounts> {
  const delivery = messageDeliveries();
  const since = new Date(now.getTime() - DOMAIN_WINDOW_DAYS * DAY_MS);
  const result = await db.execute(sql`
    SELECT count(*)::int AS tried,
           count(*) FILTER (WHERE ${delivery.state} = 'sent')::int AS sent,
           count(*) FILTER (WHERE ${delivery.state} = 'failed' OR ${delivery.bouncedAt} IS NOT NULL)::int AS bounced,
           count(${delivery.complainedAt})::int AS complaints
      FROM practice_messages m
      JOIN ${delivery} ON ${delivery.messageId} = m.outbox_message_id
     WHERE ${delivery.template} = ${PRACTICE_EMAIL_TEMPLATE}
       AND ${delivery.state} IN ('sent', 'failed')
       AND coalesce(${delivery.sentAt}, m.queued_at) > ${since}
       AND coalesce(${delivery.sentAt}, m.queued_at) <= ${now}
       AND NOT EXISTS (
         SELECT 1 FROM practice_brakes b
          WHERE b.scope = 'practice-email' AND b.lifted_at >= coalesce(${delivery.sentAt}, m.queued_at)
       )`);
  const [row] = rowsOf<DomainCounts>(result);
  return row ?? { tried: 0, sent: 0, bounced: 0, complaints: 0 };
}

/** Applies a brake unless one of its kind holds already (the partial unique index): true when applied now. */
async function applyBrake(db: Database, brake: { scope: BrakeScope; scenarioId?: string; reason: string; now: Date }) {
  const [row] = await db
    .insert(practiceBrakes)
    .values({ scope: brake.scope, scenarioId: brake.scenarioId ?? null, reason: brake.reason, appliedAt: brake.now })
    .onConflictDoNothing()
    .returning({ id: practiceBrakes.id });
  return Boolean(row);
}

export interface BrakeCheck {
  /** Scenario ids braked by this check. */
  scenarios: string[];
  /** The reason practice email was paused by this check, if it was. */
  practiceEmail: string | null;
}

/** Checks both rules and applies what they call for (see the file comment). */
export async function checkPracticeBrakes(db: Database, options: { now?: Date } = {}): Promise<BrakeCheck> {
  const now = options.now ?? new Date();
  const check: BrakeCheck = { scenarios: [], practiceEmail: null };
  for (const counts of await scenarioCounts(db, now)) {
    if (counts.sends < SCENARIO_WINDOW) continue;
    const rate = counts.complaints / counts.sends;
    if (rate <= COMPLAINT_LIMIT_RATE) continue;
    const reason = `Complaints ${percent(rate)} (${counts.complaints} of the last ${counts.sends} practice emails), over the 0.3% limit`;
    if (await applyBrake(db, { scope: "scenario", scenarioId: counts.scenario_id, reason, now })) {
      check.scenarios.push(counts.scenario_id);
      getLogger().warn({ scenarioId: counts.scenario_id, reason }, "practice scenario braked");
    }
  }

  const domain = await domainCounts(db, now);
  if (domain.tried < DOMAIN_MIN_SENDS) return check;
  const complaintRate = domain.sent > 0 ? domain.complaints / domain.sent : 0;
  const bounceRate = domain.bounced / domain.tried;
  const causes = [
    complaintRate > COMPLAINT_LIMIT_RATE
      ? `complaints ${percent(complaintRate)} (${domain.complaints} of ${domain.sent} sent), over the 0.3% limit`
      : null,
    bounceRate > BOUNCE_LIMIT_RATE
      ? `bounces ${percent(bounceRate)} (${domain.bounced} of ${domain.tried} tried), over the 4% limit`
      : null,
  ].filter((cause): cause is string => cause !== null);
  if (causes.length === 0) return check;
  const reason = `Practice email over the last ${DOMAIN_WINDOW_DAYS} days: ${causes.join("; ")}`;
  const queued = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    if (!(await applyBrake(tx, { scope: "practice-email", reason, now }))) return null;
    const brand = getMailBranding();
    const email = practiceEmailBrakeEmail(brand, { reason, programUrl: `${brand.siteUrl}/staff/program` });
    const ids: string[] = [];
    for (const to of await staffEmails(tx)) {
      ids.push(await enqueueEmail(tx, { template: BRAKE_EMAIL_TEMPLATE, to, ...email }));
    }
    return ids;
  });
  if (queued) {
    check.practiceEmail = reason;
    getLogger().warn({ reason, staffEmailed: queued.length }, "practice email braked");
    await notifyOutbox(queued);
  }
  return check;
}

const ResumeSchema = z.object({
  intent: z.literal("resume", { error: "Unknown action." }),
  id: z.uuid({ error: "That brake does not exist." }),
});

/** Lifts one holding brake for a staff member (the caller checked the role). */
export async function resumeBrake(
  db: Database,
  raw: unknown,
  staffUserId: string,
  now: Date = new Date(),
): Promise<{ status: number; result: FormResult }> {
  const parsed = ResumeSchema.safeParse(raw);
  const fail = (status: number, message: string) => ({
    status,
    result: { ok: false, title: "Nothing was changed", message },
  });
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "Unknown action.");
  const [lifted] = await db
    .update(practiceBrakes)
    .set({ liftedAt: now, liftedBy: staffUserId })
    .where(and(eq(practiceBrakes.id, parsed.data.id), isNull(practiceBrakes.liftedAt)))
    .returning({ scope: practiceBrakes.scope, scenarioId: practiceBrakes.scenarioId });
  if (!lifted) return fail(404, "That brake does not exist or was already lifted.");
  const message =
    lifted.scope === "scenario"
      ? `The scenario ${lifted.scenarioId} can be chosen again.`
      : "Practice email is sending again.";
  return { status: 200, result: { ok: true, title: "Resumed", message } };
}
