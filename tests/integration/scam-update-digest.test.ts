import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { stringify } from "yaml";
import { DATABASE_TARGETS } from "../support/databases";
import { callAction, callLoader } from "../support/route-calls";
import { signedInUser } from "../support/accounts";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { accounts, sessions, users } from "~/account/tables";
import { deleteAccount } from "~/account-deletion/delete-account.server";
import { customers, members, subscriptions } from "~/billing/tables";
import { outboxMessages } from "~/mail/tables";
import { requestLimits } from "~/security/tables";
import { supportRequests } from "~/support/tables";
import { listSupportInbox } from "~/support/support.server";
import { loadScamUpdateFiles } from "~/scam-updates/scam-update-files.server";
import { sendScamUpdateDigests, setDigestEnabled, updatesForWeek } from "~/scam-updates/digest.server";
import { scamUpdateDigests, scamUpdateDigestSettings } from "~/scam-updates/tables";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/scam-updates.unsubscribe";
import { action as accountAction, loader as accountLoader } from "~/routes/account";
import { action as supportAction } from "~/routes/support";

/**
 * The weekly scam-alert digest on a clock the test controls, with its own update files (passed to
 * the loader, so the real content/updates/ can hold anything): one email per member per week,
 * none for non-members, members who never turned it on, unsubscribed members or a week without a
 * new alert (it is off until chosen: issue #35); the one-click
 * unsubscribe; the /account setting; account deletion; and members first in the support inbox.
 */
const BRAND = {
  productName: "scam-free",
  siteUrl: "https://scam-free.example",
  supportEmail: "support@scam-free.example",
};
// Monday 2026-11-23, 15:00 UTC: this week's digest covers Tuesday 11-17 to Monday 11-23.
const MONDAY = new Date("2026-11-23T15:00:00Z");
const NEXT_MONDAY = new Date("2026-11-30T15:00:00Z");

const BODY = `
## What is happening

${Array.from({ length: 140 }, (_, i) => `word${i}`).join(" ")}

## What to do

- Report it at ReportFraud.ftc.gov.
`;

function writeUpdates(dates: Record<string, string>) {
  const directory = mkdtempSync(path.join(tmpdir(), "digest-updates-"));
  for (const [slug, published] of Object.entries(dates)) {
    const frontMatter = {
      title: `Alert ${slug}`,
      summary: `Summary of ${slug}.`,
      published,
      audience: "Everyone",
      lastReviewed: published,
      sources: [{ publisher: "FTC", title: "Alert", url: "https://consumer.ftc.gov/", date: "2025-01" }],
    };
    writeFileSync(path.join(directory, `${published}-${slug}.mdx`), `---\n${stringify(frontMatter)}---\n${BODY}`);
  }
  return directory;
}

describe.each(DATABASE_TARGETS)("weekly scam-alert digest on $name", (target) => {
  let handle: DatabaseHandle;
  let directory: string;
  let updates: ReturnType<typeof loadScamUpdateFiles>;

  beforeAll(async () => {
    handle = await target.open();
    directory = writeUpdates({
      "old-one": "2026-11-16", // last Monday: last week's digest
      "tuesday-one": "2026-11-17",
      "monday-one": "2026-11-23",
      "next-one": "2026-11-24", // tomorrow: next week's
    });
    updates = loadScamUpdateFiles(directory);
  });
  afterAll(async () => {
    rmSync(directory, { recursive: true, force: true });
    await handle.close();
  });
  beforeEach(async () => {
    useDatabaseForTests(handle);
    for (const table of [
      scamUpdateDigests,
      scamUpdateDigestSettings,
      supportRequests,
      outboxMessages,
      requestLimits,
      members,
      subscriptions,
      customers,
      sessions,
      accounts,
      users,
    ]) {
      await handle.db.delete(table);
    }
  });

  let counter = 0;
  async function person(
    email: string,
    status: string | null,
    options: {
      cancelAtPeriodEnd?: boolean;
      periodEnd?: Date;
      laterCanceled?: boolean;
      confirmed?: boolean;
      /** Whether they ticked "Email me on Mondays" on /account (the email is off until they do). */
      alerts?: boolean;
    } = {},
  ) {
    counter += 1;
    const [user] = await handle.db
      .insert(users)
      .values({ id: `user-${counter}`, name: email.split("@")[0]!, email, emailVerified: options.confirmed ?? true })
      .returning();
    if (options.alerts ?? true) await setDigestEnabled(handle.db, user!.id, true);
    if (!status) return user!;
    const [customer] = await handle.db
      .insert(customers)
      .values({ name: `Holder ${counter}`, email, userId: user!.id })
      .returning();
    const subscription = (state: string, createdAt: string) =>
      handle.db.insert(subscriptions).values({
        customerId: customer!.id,
        provider: "demo",
        providerSubscriptionId: `sub_${counter}_${state}_${createdAt}`,
        plan: "premium",
        status: state,
        cancelAtPeriodEnd: options.cancelAtPeriodEnd ?? false,
        currentPeriodEnd: options.periodEnd ?? new Date("2026-12-20T00:00:00Z"),
        createdAt: sql`${createdAt}::timestamptz`,
      });
    await subscription(status, "2026-10-01T00:00:00Z");
    if (options.laterCanceled) await subscription("canceled", "2026-11-01T00:00:00Z");
    return user!;
  }

  const digests = () =>
    handle.db.select().from(outboxMessages).where(eq(outboxMessages.template, "scam-update-digest"));

  it("picks the alerts of the seven days ending with the week's Monday, even on a later retry", () => {
    const slugs = (now: Date) => updatesForWeek(updates, now).map((update) => update.slug);
    expect(slugs(MONDAY)).toEqual(["2026-11-23-monday-one", "2026-11-17-tuesday-one"]);
    expect(slugs(new Date("2026-11-25T09:00:00Z"))).toEqual(["2026-11-23-monday-one", "2026-11-17-tuesday-one"]);
    expect(slugs(NEXT_MONDAY)).toEqual(["2026-11-24-next-one"]);
  });

  it("sends each member one email a week, and nobody else", async () => {
    const active = await person("active@example.com", "active");
    await person("trial@example.com", "trialing");
    await person("leaving@example.com", "active", { cancelAtPeriodEnd: true }); // still paid up
    await person("ended@example.com", "active", { cancelAtPeriodEnd: true, periodEnd: new Date("2026-11-20") });
    await person("left@example.com", "active", { laterCanceled: true });
    await person("pastdue@example.com", "past_due");
    await person("free@example.com", null);
    // Paid up, but never ticked the box: the email is off until chosen.
    await person("never-chose@example.com", "active", { alerts: false });
    // Paid up, but the account's address was never confirmed: it may be anyone's.
    await person("unconfirmed@example.com", "active", { confirmed: false });

    const first = await sendScamUpdateDigests(handle.db, { now: MONDAY, brand: BRAND, updates });
    expect(first.weekKey).toBe("2026-W48");
    expect(first.updates).toBe(2);
    expect(first.outboxIds).toHaveLength(3);
    const sent = await digests();
    expect(sent.map((m) => m.recipient).sort()).toEqual([
      "active@example.com",
      "leaving@example.com",
      "trial@example.com",
    ]);

    const email = sent.find((m) => m.recipient === "active@example.com")!;
    expect(email.subject).toBe("2 new scam alerts this week");
    // Newest first, each with its summary and a link to its members' page.
    expect(email.textBody.indexOf("Alert monday-one")).toBeLessThan(email.textBody.indexOf("Alert tuesday-one"));
    expect(email.textBody).toContain("Alert tuesday-one: Summary of tuesday-one.");
    expect(email.textBody).toContain("https://scam-free.example/weekly-lessons/updates/2026-11-23-monday-one");
    expect(email.textBody).not.toContain("old-one");
    expect(email.textBody).not.toContain("next-one");
    expect(email.htmlBody).toContain('href="https://scam-free.example/weekly-lessons/updates/2026-11-17-tuesday-one"');
    const [setting] = await handle.db
      .select()
      .from(scamUpdateDigestSettings)
      .where(eq(scamUpdateDigestSettings.userId, active.id));
    const link = `https://scam-free.example/scam-updates/unsubscribe?token=${setting!.unsubscribeToken}`;
    expect(setting!.unsubscribeToken).toMatch(/^[\w-]{43}$/);
    expect(email.headers).toEqual({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(email.textBody).toContain(link);

    // The job running again, or on two processes at once, sends nothing more this week.
    const [again, parallel] = await Promise.all([
      sendScamUpdateDigests(handle.db, { now: new Date("2026-11-23T15:05:00Z"), brand: BRAND, updates }),
      sendScamUpdateDigests(handle.db, { now: MONDAY, brand: BRAND, updates }),
    ]);
    expect([...again.outboxIds, ...parallel.outboxIds]).toEqual([]);
    expect(await digests()).toHaveLength(3);
    expect(await handle.db.select().from(scamUpdateDigests)).toHaveLength(3);

    // Next week is a new week, with its one alert and the same unsubscribe token.
    const next = await sendScamUpdateDigests(handle.db, { now: NEXT_MONDAY, brand: BRAND, updates });
    expect(next.outboxIds).toHaveLength(3);
    const [nextEmail] = await handle.db.select().from(outboxMessages).where(eq(outboxMessages.id, next.outboxIds[0]!));
    expect(nextEmail!.subject).toBe("New scam alert: Alert next-one");
    expect(nextEmail!.headers["List-Unsubscribe"]).toMatch(
      /^<https:\/\/scam-free\.example\/scam-updates\/unsubscribe\?token=/,
    );
  });

  it("sends nothing in a week without a new alert", async () => {
    await person("active@example.com", "active");
    const run = await sendScamUpdateDigests(handle.db, {
      now: new Date("2026-12-14T15:00:00Z"),
      brand: BRAND,
      updates,
    });
    expect(run).toMatchObject({ updates: 0, outboxIds: [] });
    expect(await digests()).toHaveLength(0);
    expect(await handle.db.select().from(scamUpdateDigests)).toHaveLength(0);
  });

  it("stops with one click: GET only asks, the POST works once and again, bad tokens are 4xx", async () => {
    const member = await person("active@example.com", "active");
    await sendScamUpdateDigests(handle.db, { now: MONDAY, brand: BRAND, updates });
    const [setting] = await handle.db
      .select()
      .from(scamUpdateDigestSettings)
      .where(eq(scamUpdateDigestSettings.userId, member.id));
    const token = setting!.unsubscribeToken;
    const path = `/scam-updates/unsubscribe?token=${token}`;

    const page = await callLoader<{ state: string; token?: string }>(unsubscribeLoader, path);
    expect(page.status).toBe(200);
    expect(page.data).toEqual({ state: "confirm", token });
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const [unchanged] = await handle.db.select().from(scamUpdateDigestSettings);
    expect(unchanged!.unsubscribedAt).toBeNull();

    // What a mail provider sends (RFC 8058): the token in the URL, this exact body.
    const oneClick = await callAction<{ state: string }>(unsubscribeAction, path, {
      "List-Unsubscribe": "One-Click",
    });
    expect(oneClick).toMatchObject({ status: 200, data: { state: "done" } });
    const [stopped] = await handle.db.select().from(scamUpdateDigestSettings);
    expect(stopped!.unsubscribedAt).not.toBeNull();
    // Again (the page's button after the one-click): still fine, nothing new.
    expect(await callAction(unsubscribeAction, "/scam-updates/unsubscribe", { token })).toMatchObject({
      status: 200,
      data: { state: "done" },
    });
    const [still] = await handle.db.select().from(scamUpdateDigestSettings);
    expect(still!.unsubscribedAt).toEqual(stopped!.unsubscribedAt);
    expect((await callLoader(unsubscribeLoader, path)).data).toEqual({ state: "already" });

    // Next week: nothing for them.
    expect((await sendScamUpdateDigests(handle.db, { now: NEXT_MONDAY, brand: BRAND, updates })).outboxIds).toEqual([]);

    for (const bad of ["", "short", "x".repeat(43).replace(/x/g, "!")]) {
      const query = `/scam-updates/unsubscribe?token=${encodeURIComponent(bad)}`;
      expect((await callLoader(unsubscribeLoader, query)).status).toBe(400);
      expect((await callAction(unsubscribeAction, query, {})).status).toBe(400);
    }
    expect((await callLoader(unsubscribeLoader, "/scam-updates/unsubscribe")).status).toBe(400);
    const unknown = `/scam-updates/unsubscribe?token=${"A".repeat(43)}`;
    expect((await callLoader(unsubscribeLoader, unknown)).status).toBe(404);
    expect((await callAction(unsubscribeAction, unknown, {})).status).toBe(404);
    // Another method (a client we did not write) is a 405, never a 500.
    await expect(callLoader(unsubscribeAction, path)).rejects.toMatchObject({ init: { status: 405 } });
  });

  it("shows a member the email off until they turn it on from /account, then off and on again; others see no setting", async () => {
    const { id, cookie } = await signedInUser(handle.db, "member@example.com");
    await handle.db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
    const [customer] = await handle.db
      .insert(customers)
      .values({ name: "Member", email: "member@example.com", userId: id })
      .returning();
    await handle.db.insert(subscriptions).values({
      customerId: customer!.id,
      provider: "demo",
      providerSubscriptionId: "sub_account",
      plan: "premium",
      status: "active",
    });
    const headers = { Cookie: cookie };
    const page = () => callLoader<{ digest: { enabled: boolean } | null }>(accountLoader, "/account", headers);
    // Never chosen: the box is not ticked, and no digest goes out.
    expect((await page()).data.digest).toEqual({ enabled: false });
    expect((await sendScamUpdateDigests(handle.db, { now: MONDAY, brand: BRAND, updates })).outboxIds).toEqual([]);
    const chosen = await callAction(
      accountAction,
      "/account",
      { intent: "scam-update-digest", enabled: "on" },
      { headers },
    );
    expect(chosen).toMatchObject({ status: 200, data: { ok: true, title: "Weekly scam alerts on" } });
    expect((await page()).data.digest).toEqual({ enabled: true });

    const off = await callAction<{ ok: boolean }>(
      accountAction,
      "/account",
      { intent: "scam-update-digest" },
      { headers },
    );
    expect(off).toMatchObject({ status: 200, data: { ok: true } });
    expect((await page()).data.digest).toEqual({ enabled: false });
    expect((await sendScamUpdateDigests(handle.db, { now: MONDAY, brand: BRAND, updates })).outboxIds).toEqual([]);

    const on = await callAction(
      accountAction,
      "/account",
      { intent: "scam-update-digest", enabled: "on" },
      { headers },
    );
    expect(on.status).toBe(200);
    expect((await page()).data.digest).toEqual({ enabled: true });
    expect((await sendScamUpdateDigests(handle.db, { now: MONDAY, brand: BRAND, updates })).outboxIds).toHaveLength(1);

    const bad = await callAction(
      accountAction,
      "/account",
      { intent: "scam-update-digest", enabled: "yes" },
      { headers },
    );
    expect(bad.status).toBe(400);

    // Deleting the account removes its setting and its sent-week rows.
    expect(await handle.db.select().from(scamUpdateDigests)).toHaveLength(1);
    const deleted = await deleteAccount(handle.db, null, id, {
      intent: "delete-account",
      confirm: "yes",
      password: "secret-pass-1",
    });
    expect(deleted.status).toBe(502); // an active demo subscription and no provider: nothing deleted
    await handle.db.update(subscriptions).set({ status: "canceled" });
    expect(
      (
        await deleteAccount(handle.db, null, id, {
          intent: "delete-account",
          confirm: "yes",
          password: "secret-pass-1",
        })
      ).status,
    ).toBe(200);
    expect(await handle.db.select().from(scamUpdateDigests)).toHaveLength(0);
    expect(await handle.db.select().from(scamUpdateDigestSettings)).toHaveLength(0);
  });

  it("shows no setting to a signed-in non-member and refuses their post", async () => {
    const { cookie } = await signedInUser(handle.db, "visitor@example.com");
    const headers = { Cookie: cookie };
    expect((await callLoader<{ digest: unknown }>(accountLoader, "/account", headers)).data.digest).toBeNull();
    const post = await callAction(
      accountAction,
      "/account",
      { intent: "scam-update-digest", enabled: "on" },
      { headers },
    );
    expect(post.status).toBe(403);
    expect(await handle.db.select().from(scamUpdateDigestSettings)).toHaveLength(0);
  });

  it("lists a signed-in member's support request before earlier ones from non-members", async () => {
    const visitor = await signedInUser(handle.db, "visitor@example.com");
    const member = await signedInUser(handle.db, "member@example.com");
    const [customer] = await handle.db
      .insert(customers)
      .values({ name: "Member", email: "member@example.com", userId: member.id })
      .returning();
    await handle.db.insert(subscriptions).values({
      customerId: customer!.id,
      provider: "demo",
      providerSubscriptionId: "sub_support",
      plan: "premium",
      status: "trialing",
    });
    const message = { name: "Bo", subject: "A text", message: "Is this parcel text real?" };
    const send = (email: string, cookie: string, ip: string) =>
      callAction(supportAction, "/support", { ...message, email }, { headers: { Cookie: cookie }, ip });
    expect((await send("visitor@example.com", visitor.cookie, "203.0.113.21")).status).toBe(200);
    expect((await send("member@example.com", member.cookie, "203.0.113.22")).status).toBe(200);
    const inbox = await listSupportInbox(handle.db);
    expect(inbox.map((row) => [row.email, row.priority])).toEqual([
      ["member@example.com", true],
      ["visitor@example.com", false],
    ]);
  });
});
