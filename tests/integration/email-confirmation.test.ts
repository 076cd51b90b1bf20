import { afterEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { callRoute } from "../support/accounts";
import { formPost } from "../support/requests";
import { createTestFamily } from "../support/training-family";
import { signedInCookie } from "../support/users";
import { accounts, sessions, users, verifications } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { outboxMessages } from "~/mail/tables";
import { requestLimits } from "~/security/tables";
import { trainingContacts } from "~/training/tables";
import { hasMemberAccessNow, memberIdentity } from "~/billing/membership.server";
import { action as confirmAction, loader as confirmLoader } from "~/routes/confirm-email";
import { action as accountAction, loader as accountLoader } from "~/routes/account";
import { loader as weeklyPracticeLoader } from "~/routes/weekly-lessons.practice";

type View = { state: string; token?: string; message?: string };

describe.each(DATABASE_TARGETS)("confirming an email address on $name", (target) => {
  const suite = databaseForSuite(target, [
    trainingContacts,
    members,
    subscriptions,
    customers,
    sessions,
    accounts,
    verifications,
    users,
    requestLimits,
    outboxMessages,
  ]);
  afterEach(() => {
    vi.useRealTimers();
  });

  const confirmationEmails = (to: string) =>
    suite.handle.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to));
  const linkIn = (text: string) => /http:\/\/localhost:\d+\/confirm-email\?token=(\S+)/.exec(text);
  const userRow = async (email: string) =>
    (await suite.handle.db.select().from(users).where(eq(users.email, email)))[0]!;
  const open = (token: string) =>
    callRoute<unknown>(confirmLoader, new Request(`http://localhost:3000/confirm-email?token=${token}`));
  const press = (fields: Record<string, string>) =>
    callRoute<unknown>(confirmAction, formPost("/confirm-email", fields));
  const viewOf = (result: { value: unknown }) => {
    const value = result.value as { data: View; init: { status: number } };
    return { status: value.init?.status ?? 200, view: value.data };
  };

  it("sends a link at sign-up; opening it only asks, the button confirms, and a relative's Family Training then opens", async () => {
    await createTestFamily(suite.handle.db, {
      holderName: "Dana Rivera",
      holderEmail: "dana@example.com",
      contacts: [
        { name: "Dana", ageBand: "adult", email: "dana@example.com" },
        { name: "Sam", ageBand: "adult", email: "sam@example.com" },
      ],
    });
    const cookie = await signedInCookie(suite.handle, "sam@example.com");
    const [email] = await confirmationEmails("sam@example.com");
    expect(email).toMatchObject({ template: "confirm-email", subject: "Confirm your email address for scam-free" });
    const token = decodeURIComponent(linkIn(email!.textBody)![1]!);
    expect(email!.htmlBody).toContain("Confirm my email address");

    // Before: signed in, but the address is not proved, so the family's plan is not theirs yet.
    const sam = await userRow("sam@example.com");
    expect(sam.emailVerified).toBe(false);
    const before = await callRoute<{ emailConfirmed: boolean; familyPlan: unknown }>(
      accountLoader,
      new Request("http://localhost:3000/account", { headers: { Cookie: cookie } }),
    );
    expect(before.value).toMatchObject({ emailConfirmed: false, familyPlan: null });

    // A members' page sends them to confirm their address (My Account), not to the sales page;
    // someone on no family's plan still gets the members' page's own explanation.
    const members = await callRoute<unknown>(
      weeklyPracticeLoader,
      new Request("http://localhost:3000/weekly-lessons/practice", { headers: { Cookie: cookie } }),
    );
    expect(members.thrown?.status).toBe(302);
    expect(members.thrown?.headers.get("Location")).toBe("/account");
    expect(members.thrown?.headers.get("Set-Cookie")).toContain("scam-free-flash");
    const strangerCookie = await signedInCookie(suite.handle, "stranger@example.com");
    const stranger = await callRoute<unknown>(
      weeklyPracticeLoader,
      new Request("http://localhost:3000/weekly-lessons/practice", { headers: { Cookie: strangerCookie } }),
    );
    expect(stranger.thrown?.headers.get("Location")).toBe("/weekly-lessons");

    // Opening the link (as a mail scanner would) changes nothing.
    const opened = viewOf(await open(encodeURIComponent(token)));
    expect(opened).toEqual({ status: 200, view: { state: "confirm", token } });
    expect((await userRow("sam@example.com")).emailVerified).toBe(false);

    const pressed = viewOf(await press({ token }));
    expect(pressed).toEqual({ status: 200, view: { state: "confirmed" } });
    const confirmed = await userRow("sam@example.com");
    expect(confirmed.emailVerified).toBe(true);
    expect(await hasMemberAccessNow(suite.handle.db, memberIdentity({ ...confirmed, emailVerified: true }))).toBe(true);

    const after = await callRoute<{ emailConfirmed: boolean; familyPlan: unknown }>(
      accountLoader,
      new Request("http://localhost:3000/account", { headers: { Cookie: cookie } }),
    );
    // My Account then says whose plan it is and when it renews.
    expect(after.value).toMatchObject({
      emailConfirmed: true,
      subscription: null,
      familyPlan: { holderName: "Dana Rivera", periodEnd: "2099-01-01T00:00:00.000Z", endsAtPeriodEnd: false },
    });

    // Pressing again is harmless.
    expect(viewOf(await press({ token }))).toEqual({ status: 200, view: { state: "confirmed" } });
  });

  it.each([
    ["no token", ""],
    ["a short token", "abc"],
    ["HTML", "<script>alert(1)</script>.a.b"],
    ["a 5,000-character token", `${"a".repeat(5_000)}.b.c`],
  ])("answers a link with %s with 400 and a clear page", async (_label, token) => {
    const opened = viewOf(await open(encodeURIComponent(token)));
    expect(opened.status).toBe(400);
    expect(opened.view.state).toBe("invalid");
    expect(opened.view.message).toMatch(/confirmation link is (incomplete|not valid)/);
    const pressed = viewOf(await press({ token }));
    expect(pressed.status).toBe(400);
  });

  it("refuses a forged token and an expired one, changing nothing", async () => {
    await signedInCookie(suite.handle, "lee@example.com");
    const [email] = await confirmationEmails("lee@example.com");
    const token = decodeURIComponent(linkIn(email!.textBody)![1]!);
    const [header, payload] = token.split(".");
    const forged = `${header}.${payload}.${"A".repeat(43)}`;
    expect(viewOf(await press({ token: forged }))).toEqual({
      status: 400,
      view: { state: "invalid", message: "This confirmation link is not valid." },
    });

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 4 * 24 * 60 * 60 * 1000 });
    expect(viewOf(await press({ token }))).toEqual({ status: 400, view: { state: "expired" } });
    vi.useRealTimers();
    expect((await userRow("lee@example.com")).emailVerified).toBe(false);
  });

  it("sends a new link from My Account, a few times an hour at most, and none once confirmed", async () => {
    const cookie = await signedInCookie(suite.handle, "kim@example.com");
    const resend = () =>
      callRoute<unknown>(
        accountAction,
        formPost("/account", { intent: "resend-confirmation" }, { Cookie: cookie, Origin: "http://localhost:3000" }),
      );
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const { value } = await resend();
      statuses.push((value as { init?: { status?: number } }).init?.status ?? 200);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // One at sign-up and three on request.
    const sent = await confirmationEmails("kim@example.com");
    expect(sent.filter((row) => row.template === "confirm-email")).toHaveLength(4);

    await suite.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, "kim@example.com"));
    await suite.handle.db.delete(requestLimits);
    const { value } = await resend();
    expect((value as { data: { title: string } }).data.title).toBe("Already confirmed");
    expect(await confirmationEmails("kim@example.com")).toHaveLength(4);
  });
});
