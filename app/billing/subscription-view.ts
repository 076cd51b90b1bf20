/** What the account page shows about a subscription (SPEC.md section 3, "Subscription view model"). */
export interface SubscriptionView {
  id: string;
  status: string;
  planId: "premium" | "family";
  planName: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  customerName: string;
  customerEmail: string;
  memberEmails: string[];
  /** True once the subscription is over for good (see `subscriptionEnd`): access is gone. */
  ended: boolean;
  /** When it ended, if we know (ISO); null while running, or when it was ended early. */
  endedOn: string | null;
}

/** Only these statuses give access to members' content. */
export const SUBSCRIBED_STATUSES = ["active", "trialing"] as const;

export function isSubscribed(status: string | null | undefined): boolean {
  return (SUBSCRIBED_STATUSES as readonly string[]).includes(status ?? "");
}

/**
 * Whether a subscription opens members' content right now. Only active or trialing count; one set
 * to cancel at the end of its period stops counting when that moment passes, even if the
 * provider's "deleted" event is late.
 */
export function hasMemberAccess(
  subscription: { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: string | Date | null } | null,
  now: Date = new Date(),
): boolean {
  if (!subscription || !isSubscribed(subscription.status)) return false;
  if (subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd) {
    return new Date(subscription.currentPeriodEnd).getTime() > now.getTime();
  }
  return true;
}

/** The provider's final states: a subscription in one of them never gives access again. */
const ENDED_STATUSES = ["canceled", "incomplete_expired"];

/**
 * Whether a subscription is over, and since when. It is over in a final state, or once a period it
 * was set to cancel at has passed (even before the provider's "deleted" event arrives). The date
 * is the period end when that has passed; a subscription ended early ("End subscription now")
 * stopped on a day we do not store, so its date is unknown rather than guessed.
 */
export function subscriptionEnd(
  subscription: { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: string | Date | null },
  now: Date = new Date(),
): { ended: boolean; endedOn: string | null } {
  const periodEnd = subscription.currentPeriodEnd ? new Date(subscription.currentPeriodEnd) : null;
  const periodOver = periodEnd !== null && periodEnd.getTime() <= now.getTime();
  const endedOn = periodOver ? periodEnd.toISOString() : null;
  if (ENDED_STATUSES.includes(subscription.status)) return { ended: true, endedOn };
  if (subscription.cancelAtPeriodEnd && periodOver) return { ended: true, endedOn };
  return { ended: false, endedOn: null };
}
