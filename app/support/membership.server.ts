import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, members, subscriptions } from "~/db/schema";
import type { SessionUser } from "~/account/session.server";
import { hasActiveMembership } from "~/billing/subscription.server";

/**
 * Who counts as an active member for priority support: SPEC.md section 4, a subscription whose
 * status is active or trialing. An account's own subscription is checked by billing's shared
 * helper; an address can also belong to a family member named on someone else's subscription.
 */
const ACTIVE = sql`('active', 'trialing')`;

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** The account's own subscription gives access now: billing's one membership check. */
export async function isActiveMemberUser(db: Database, userId: string): Promise<boolean> {
  return hasActiveMembership(db, userId);
}

/**
 * The address belongs to a paying customer whose newest subscription is active or trialing, or to
 * a family member named on such a subscription (the newest of its customer, active or trialing).
 */
export async function isActiveMemberEmail(db: Database, email: string): Promise<boolean> {
  const normalised = email.trim().toLowerCase();
  const result = await db.execute(sql`
    SELECT (
      EXISTS (
        SELECT 1 FROM ${customers} c
        JOIN LATERAL (
          SELECT s.status FROM ${subscriptions} s WHERE s.customer_id = c.id ORDER BY s.created_at DESC LIMIT 1
        ) newest ON true
        WHERE c.email = ${normalised} AND newest.status IN ${ACTIVE}
      )
      OR EXISTS (
        SELECT 1 FROM ${members} m JOIN ${subscriptions} s ON s.id = m.subscription_id
        WHERE m.email = ${normalised} AND s.status IN ${ACTIVE}
          AND NOT EXISTS (
            SELECT 1 FROM ${subscriptions} newer WHERE newer.customer_id = s.customer_id AND newer.created_at > s.created_at
          )
      )
    ) AS member`);
  return rowsOf(result)[0]?.member === true;
}

/**
 * Priority goes to signed-in members only. An address typed into the form proves nothing (anyone
 * can type a member's email), so anonymous requests are never priority.
 */
export async function isPriorityRequester(db: Database, user: SessionUser | null): Promise<boolean> {
  if (!user) return false;
  return (await isActiveMemberUser(db, user.id)) || (await isActiveMemberEmail(db, user.email));
}
