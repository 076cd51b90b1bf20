import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { loader as trainingLoader } from "~/routes/account.training";
import { callLoader } from "./route-calls";
import { signedInCookie } from "./users";

/**
 * An account holder with a confirmed email and an active Family Training plan, the way a family
 * arrives from checkout: the holder at position 0 and `people` (email addresses) after, then the
 * first visit to Your Training Program, which copies them into the program. For suites that
 * exercise the Training Program's pages rather than write contacts straight into the tables
 * (training-family.ts does that).
 */
export async function holderWithFamilyPlan(
  handle: DatabaseHandle,
  email: string,
  { name = "Dana Rivera", people = [] }: { name?: string; people?: string[] } = {},
) {
  const db = handle.db;
  const cookie = await signedInCookie(handle, email);
  await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const [customer] = await db.insert(customers).values({ userId: user!.id, name, email }).returning();
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      customerId: customer!.id,
      provider: "demo",
      providerSubscriptionId: `demo_sub_${Math.random().toString(36).slice(2)}`,
      plan: "family",
      status: "active",
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning();
  await db.insert(members).values(
    [email, ...people].map((address, position) => ({
      subscriptionId: subscription!.id,
      position,
      name: position === 0 ? name : "Gran",
      email: address,
      ageBand: position === 0 ? null : ("adult" as const),
    })),
  );
  await callLoader(trainingLoader, "/account/training", { Cookie: cookie });
  return { cookie, userId: user!.id, subscriptionId: subscription!.id };
}
