import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { callRoute } from "../support/accounts";
import { signedInCookie } from "../support/users";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { accounts, sessions, users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { requestLimits } from "~/security/tables";
import { hasMemberAccessNow, requireMember } from "~/billing/membership.server";
import { hasActiveMembership } from "~/billing/subscription.server";
import { loader as weeklyLoader } from "~/routes/weekly-lessons";
import { loader as weeklyLessonLoader } from "~/routes/weekly-lesson";

const NOW = new Date("2026-11-21T12:00:00Z");
const BEFORE_END = new Date("2026-11-30T00:00:00Z");
const LESSON = "2026-11-16-ai-voices-and-images";

const get = (path: string, cookie?: string) =>
  new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} });

describe.each(DATABASE_TARGETS)("membership: one rule for access on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => handle.close());
  beforeEach(async () => {
    useDatabaseForTests(handle);
    for (const table of [members, subscriptions, customers, requestLimits, sessions, accounts, users])
      await handle.db.delete(table);
  });

  const verifyEmail = (email: string) =>
    handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const userId = async (email: string) =>
    (await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? null;

  /** A customer (linked to an account when there is one with that email) with one subscription and a family member. */
  async function subscribe(
    buyer: string,
    state: { status: string; cancelAtPeriodEnd?: boolean; currentPeriodEnd?: Date | null; createdAt?: string },
    familyMember?: string,
  ) {
    let [customer] = await handle.db.select().from(customers).where(eq(customers.email, buyer));
    if (!customer)
      [customer] = await handle.db
        .insert(customers)
        .values({ name: "Buyer", email: buyer, userId: await userId(buyer) })
        .returning();
    const [subscription] = await handle.db
      .insert(subscriptions)
      .values({
        customerId: customer.id,
        provider: "demo",
        providerSubscriptionId: `demo_sub_${Math.random().toString(36).slice(2)}`,
        plan: "family",
        status: state.status,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd ?? false,
        currentPeriodEnd: state.currentPeriodEnd === undefined ? BEFORE_END : state.currentPeriodEnd,
        createdAt: state.createdAt ? sql`${state.createdAt}::timestamptz` : sql`now()`,
      })
      .returning();
    await handle.db.insert(members).values({ subscriptionId: subscription.id, position: 0, email: buyer });
    if (familyMember)
      await handle.db.insert(members).values({ subscriptionId: subscription.id, position: 1, email: familyMember });
    return subscription;
  }

  it.each([
    ["active", { status: "active" }, NOW, true],
    ["trialing", { status: "trialing" }, NOW, true],
    ["active without a period end", { status: "active", currentPeriodEnd: null }, NOW, true],
    ["cancelling at period end, before the end", { status: "active", cancelAtPeriodEnd: true }, NOW, true],
    [
      "cancelling at period end, after the end",
      { status: "active", cancelAtPeriodEnd: true },
      new Date(BEFORE_END.getTime() + 1000),
      false,
    ],
    ["cancelling at period end, at the end exactly", { status: "active", cancelAtPeriodEnd: true }, BEFORE_END, false],
    [
      "a trial cancelling at period end, after the end",
      { status: "trialing", cancelAtPeriodEnd: true },
      new Date(BEFORE_END.getTime() + 1000),
      false,
    ],
    ["canceled", { status: "canceled" }, NOW, false],
    ["past_due", { status: "past_due" }, NOW, false],
    ["unpaid", { status: "unpaid" }, NOW, false],
    ["incomplete", { status: "incomplete" }, NOW, false],
    ["incomplete_expired", { status: "incomplete_expired" }, NOW, false],
  ] as const)(
    "%s: the same answer by account, by the buyer's email and by a family member's email",
    async (_label, state, now, expected) => {
      await signedInCookie(handle, "buyer@example.com");
      await subscribe("buyer@example.com", state, "kid@example.com");
      const id = await userId("buyer@example.com");
      expect(await hasMemberAccessNow(handle.db, { userId: id }, now)).toBe(expected);
      expect(await hasMemberAccessNow(handle.db, { email: "buyer@example.com" }, now)).toBe(expected);
      expect(await hasMemberAccessNow(handle.db, { email: " KID@example.com " }, now)).toBe(expected);
      expect(await hasMemberAccessNow(handle.db, { userId: id, email: "buyer@example.com" }, now)).toBe(expected);
      expect(await hasActiveMembership(handle.db, id!, now)).toBe(expected);
    },
  );

  it("goes by each customer's newest subscription, and nobody else's", async () => {
    await subscribe(
      "left@example.com",
      { status: "active", createdAt: "2025-01-01T00:00:00Z" },
      "left-kid@example.com",
    );
    await subscribe(
      "left@example.com",
      { status: "canceled", createdAt: "2026-01-01T00:00:00Z" },
      "left-kid@example.com",
    );
    expect(await hasMemberAccessNow(handle.db, { email: "left@example.com" }, NOW)).toBe(false);
    expect(await hasMemberAccessNow(handle.db, { email: "left-kid@example.com" }, NOW)).toBe(false);

    await subscribe("back@example.com", { status: "canceled", createdAt: "2025-01-01T00:00:00Z" });
    await subscribe("back@example.com", { status: "active", createdAt: "2026-01-01T00:00:00Z" });
    expect(await hasMemberAccessNow(handle.db, { email: "back@example.com" }, NOW)).toBe(true);

    // A family member of a lapsed plan who is also on a paying plan has access through the paying one.
    await subscribe("aunt@example.com", { status: "active" }, "left-kid@example.com");
    expect(await hasMemberAccessNow(handle.db, { email: "left-kid@example.com" }, NOW)).toBe(true);

    expect(await hasMemberAccessNow(handle.db, { email: "stranger@example.com" }, NOW)).toBe(false);
    expect(await hasMemberAccessNow(handle.db, {}, NOW)).toBe(false);
    expect(await hasMemberAccessNow(handle.db, { userId: null, email: "  " }, NOW)).toBe(false);
  });

  it("requireMember sends signed-out people to sign in, non-members to /pricing, and lets members and family members through", async () => {
    const signedOut = await callRoute(() => requireMember({ request: get("/members-only?x=1") }), get("/"));
    expect(signedOut.thrown?.status).toBe(302);
    expect(signedOut.thrown?.headers.get("Location")).toBe("/auth?returnTo=%2Fmembers-only%3Fx%3D1");

    const visitorCookie = await signedInCookie(handle, "visitor@example.com");
    const notMember = await callRoute(() => requireMember({ request: get("/members-only", visitorCookie) }), get("/"));
    expect(notMember.thrown?.headers.get("Location")).toBe("/pricing");
    const elsewhere = await callRoute(
      () => requireMember({ request: get("/members-only", visitorCookie) }, { otherwise: "/weekly-lessons" }),
      get("/"),
    );
    expect(elsewhere.thrown?.headers.get("Location")).toBe("/weekly-lessons");

    const buyerCookie = await signedInCookie(handle, "buyer@example.com");
    const kidCookie = await signedInCookie(handle, "kid@example.com");
    await subscribe(
      "buyer@example.com",
      { status: "active", currentPeriodEnd: new Date(Date.now() + 86_400_000) },
      "kid@example.com",
    );
    expect((await requireMember({ request: get("/members-only", buyerCookie) })).email).toBe("buyer@example.com");
    // Anyone can sign up with a family member's address: it counts only once the address is proved.
    // Until then they are sent to My Account to confirm it (not to the sales page), and get nothing.
    const unproved = await callRoute(() => requireMember({ request: get("/members-only", kidCookie) }), get("/"));
    expect(unproved.thrown?.headers.get("Location")).toBe("/account");
    await verifyEmail("kid@example.com");
    expect((await requireMember({ request: get("/members-only", kidCookie) })).email).toBe("kid@example.com");
  });

  it("lessons open one a week from the member's start: four at first, seven three weeks on; an unopened one is refused with its day", async () => {
    const cookie = await signedInCookie(handle, "weekly@example.com");
    const subscription = await subscribe("weekly@example.com", { status: "active" });
    type MemberView = {
      thisWeek: { slug: string } | null;
      earlier: { slug: string }[];
      next: { title: string; opensOn: string } | null;
    };
    const openNow = async () => {
      const view = (await callRoute(weeklyLoader, get("/weekly-lessons", cookie))).value as MemberView;
      return { slugs: [view.thisWeek!.slug, ...view.earlier.map((lesson) => lesson.slug)], next: view.next };
    };
    const atStart = await openNow();
    expect(atStart.slugs).toHaveLength(4);
    const newestFirst = [...atStart.slugs].sort().reverse();
    expect(atStart.slugs).toEqual(newestFirst);
    const { next } = atStart;
    expect(next).not.toBeNull();

    // The fifth lesson is refused until its day, with the day in the answer.
    const all = (await import("~/weekly/weekly-lessons.server")).listWeeklyLessons();
    const fifth = all.find((lesson) => lesson.title === next!.title)!;
    const early = await callRoute(weeklyLessonLoader, get(`/weekly-lessons/${fifth.slug}`, cookie), {
      slug: fifth.slug,
    });
    expect(early.thrown?.status).toBe(403);
    expect(await early.thrown!.json()).toMatch(/This lesson opens for you on [A-Z][a-z]+ \d{1,2}, \d{4}\./);

    // Three weeks and a day later: three more have opened, the fifth among them, and it reads.
    await handle.db
      .update(subscriptions)
      .set({ startDate: new Date(Date.now() - 22 * 86_400_000) })
      .where(eq(subscriptions.id, subscription.id));
    const later = await openNow();
    expect(later.slugs).toHaveLength(7);
    expect(later.slugs).toContain(fifth.slug);
    const read = await callRoute(weeklyLessonLoader, get(`/weekly-lessons/${fifth.slug}`, cookie), {
      slug: fifth.slug,
    });
    expect((read.value as { html: string }).html).toContain("For children (8–12)");
  });

  it("weekly lessons use it: a family member with an account reads them; access ends with a cancel-at-period-end plan's period", async () => {
    const kidCookie = await signedInCookie(handle, "kid@example.com");
    await verifyEmail("kid@example.com");
    const subscription = await subscribe(
      "buyer@example.com",
      { status: "active", currentPeriodEnd: new Date(Date.now() + 86_400_000) },
      "kid@example.com",
    );
    expect((await callRoute(weeklyLoader, get("/weekly-lessons", kidCookie))).value).toMatchObject({ view: "member" });
    const lesson = await callRoute(weeklyLessonLoader, get(`/weekly-lessons/${LESSON}`, kidCookie), { slug: LESSON });
    expect((lesson.value as { html: string }).html).toContain("safe word");

    await handle.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true, currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, subscription.id));
    expect((await callRoute(weeklyLoader, get("/weekly-lessons", kidCookie))).value).toEqual({
      view: "not-subscribed",
    });
    const refused = await callRoute(weeklyLessonLoader, get(`/weekly-lessons/${LESSON}`, kidCookie), { slug: LESSON });
    expect(refused.thrown?.headers.get("Location")).toBe("/weekly-lessons");

    const signedOut = await callRoute(weeklyLessonLoader, get(`/weekly-lessons/${LESSON}`), { slug: LESSON });
    expect(signedOut.thrown?.headers.get("Location")).toBe(
      `/auth?returnTo=${encodeURIComponent(`/weekly-lessons/${LESSON}`)}`,
    );
    expect((await callRoute(weeklyLoader, get("/weekly-lessons"))).value).toEqual({ view: "signed-out" });
  });
});
