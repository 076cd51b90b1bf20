import { and, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { redirect } from "react-router";
import { requireUser, type RequestArgs, type SessionUser } from "~/account/session.server";
import { setFlash } from "~/ui/flash.server";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/database.server";
import { customers, members, subscriptions } from "~/billing/tables";
import { isNewestOfItsCustomer } from "./subscription-holders.server";
import { hasMemberAccess } from "./subscription-view";

/**
 * Membership: the one answer to "may this person use members' things now?", for every page and
 * check that asks (weekly lessons, priority support, checkout's "already a member").
 *
 * A person has access through a subscription that is the newest of its customer (a canceled
 * subscription after an active one means the customer left) and that is theirs:
 * - the customer linked to their account (`userId`), or
 * - the customer whose email is theirs, or a family member named on it with their email (`email`).
 * That subscription then has to pass `hasMemberAccess`, the one rule: status active or trialing;
 * one set to cancel at period end keeps access until `current_period_end` and none after; an
 * ended (canceled), past_due, unpaid or incomplete one gives none.
 */
export interface MemberIdentity {
  userId?: string | null;
  email?: string | null;
}

/** The subscription that gives access now, with the day the membership began. */
export interface MemberAccess {
  subscriptionId: string;
  startDate: Date;
}

function subscriptionsOfCustomers(db: Database, customer: SQL) {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(customers, eq(subscriptions.customerId, customers.id))
    .where(customer);
}

export async function hasMemberAccessNow(db: Database, who: MemberIdentity, now: Date = new Date()): Promise<boolean> {
  return (await findMemberAccess(db, who, now)) !== null;
}

export async function findMemberAccess(
  db: Database,
  who: MemberIdentity,
  now: Date = new Date(),
): Promise<MemberAccess | null> {
  const email = who.email?.trim().toLowerCase() || null;
  // Each way a subscription can be someone's is its own indexed lookup (customers.user_id,
  // customers.email, members.email); their union names the few candidates. One OR across the
  // join would make the database read every subscription on every members' page.
  const owned: SQLWrapper[] = [];
  if (who.userId) owned.push(subscriptionsOfCustomers(db, eq(customers.userId, who.userId)));
  if (email) {
    owned.push(subscriptionsOfCustomers(db, eq(customers.email, email)));
    owned.push(db.select({ id: members.subscriptionId }).from(members).where(eq(members.email, email)));
  }
  if (owned.length === 0) return null;
  const theirs = sql`(${sql.join(owned, sql` UNION `)})`;

  const candidates = await db
    .select({
      id: subscriptions.id,
      startDate: subscriptions.startDate,
      status: subscriptions.status,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .where(and(inArray(subscriptions.id, theirs), isNewestOfItsCustomer()));
  // Several plans can name the same person; the longest-running one decides when they began.
  const granting = candidates
    .filter((subscription) => hasMemberAccess(subscription, now))
    .sort((a, b) => a.startDate.getTime() - b.startDate.getTime())[0];
  return granting ? { subscriptionId: granting.id, startDate: granting.startDate } : null;
}

/** What someone on a relative's plan is told about it: whose plan it is, and when it renews or ends. */
export interface FamilyPlanSummary {
  holderName: string;
  periodEnd: Date | null;
  endsAtPeriodEnd: boolean;
}

export async function familyPlanSummary(db: Database, subscriptionId: string): Promise<FamilyPlanSummary | null> {
  const [plan] = await db
    .select({
      holderName: customers.name,
      periodEnd: subscriptions.currentPeriodEnd,
      endsAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(subscriptions)
    .innerJoin(customers, eq(subscriptions.customerId, customers.id))
    .where(eq(subscriptions.id, subscriptionId));
  return plan ?? null;
}

/**
 * A signed-in person's access: through their own account, or, once they have proved they read
 * their address, through that address on someone's plan. Sign-up does not check the address, so
 * without the proof anyone who knew a family member's email could sign up with it and use the
 * family's membership.
 */
export function memberIdentity(user: Pick<SessionUser, "id" | "email" | "emailVerified">): MemberIdentity {
  return { userId: user.id, email: user.emailVerified ? user.email : null };
}

/**
 * The guard for members-only loaders and actions: signed-out people go to /auth (and come back
 * after signing in); signed-in people without access go to `otherwise` (the pricing page unless
 * the caller has a page that explains better).
 */
export async function requireMember(args: RequestArgs, options: { otherwise?: string } = {}): Promise<SessionUser> {
  return (await requireMemberAccess(args, options)).user;
}

/** requireMember, also answering which subscription gives the access and since when. */
export async function requireMemberAccess(
  args: RequestArgs,
  options: { otherwise?: string } = {},
): Promise<{ user: SessionUser; access: MemberAccess }> {
  const user = await requireUser(args);
  const db = await getDatabase();
  const access = await findMemberAccess(db, memberIdentity(user));
  if (!access) {
    // Named on a family's plan but not confirmed yet: the one step left is confirming the address
    // (My Account says so and can send the link again), not the sales page.
    if (!user.emailVerified && (await namedOnAFamilyPlan(db, user.email))) {
      const notice = await setFlash({
        kind: "error",
        title: "Confirm your email address first",
        message: `You are on a family's plan: press the link we sent to ${user.email} to open it.`,
      });
      throw redirect("/account", { headers: { "Set-Cookie": notice } });
    }
    throw redirect(options.otherwise ?? "/pricing");
  }
  return { user, access };
}

/** Whether this address is a family member on any plan (before it is confirmed, only to say what to do). */
async function namedOnAFamilyPlan(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.email, email.toLowerCase()))
    .limit(1);
  return Boolean(row);
}
