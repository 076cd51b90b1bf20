import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { actionArgs, formPost, unwrapData } from "../support/requests";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { accounts, newsletterSubscribers, outboxMessages, requestLimits, sessions, users, verifications } from "~/db/schema";
import { action as authAction } from "~/routes/auth";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as resetAction } from "~/routes/reset-password";
import { action as accountAction } from "~/routes/account";
import { getSessionUser } from "~/account/session.server";
import type { AuthFormResult } from "~/account/account-actions.server";

async function run(action: (args: never) => Promise<unknown>, path: string, fields: Record<string, string>, ip = "198.51.100.1") {
  const request = formPost(path, fields);
  try {
    const result = await action({ request, params: {}, context: { clientIp: ip } } as never);
    return unwrapData<AuthFormResult>(result);
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: undefined as unknown as AuthFormResult, response: thrown };
    throw thrown;
  }
}

describe.each(DATABASE_TARGETS)("accounts on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => handle.close());
  beforeEach(async () => {
    useDatabaseForTests(handle);
    for (const table of [sessions, accounts, verifications, users, requestLimits, outboxMessages, newsletterSubscribers]) {
      await handle.db.delete(table);
    }
  });

  const signUp = (email: string, password: string, extra: Record<string, string> = {}, ip?: string) =>
    run(authAction, "/auth", { intent: "signup", email, password, ...extra }, ip);
  const logIn = (email: string, password: string, ip?: string) => run(authAction, "/auth", { intent: "login", email, password }, ip);
  const userCount = async () => (await handle.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

  it("signs up with a hashed password, joins the newsletter only when asked, and starts no session", async () => {
    const { status, data } = await signUp("Pat@Example.com", "secret1", { newsletter: "on" });
    expect(status).toBe(200);
    expect(data).toMatchObject({ ok: true, title: "Registration successful", message: "Success! Please log in to access your account." });
    const [account] = await handle.db.select().from(accounts);
    expect(account.password).toBeTruthy();
    expect(account.password).not.toContain("secret1");
    expect(account.password!.length).toBeGreaterThan(60);
    expect(await handle.db.select().from(sessions)).toHaveLength(0);
    expect((await handle.db.select().from(newsletterSubscribers)).map((s) => s.email)).toEqual(["pat@example.com"]);

    await signUp("quinn@example.com", "secret1");
    expect(await handle.db.select().from(newsletterSubscribers)).toHaveLength(1);
  });

  it.each([
    ["a short password", { email: "a@example.com", password: "12345" }, "Password must be at least 6 characters long"],
    ["no password", { email: "a@example.com" }, "Password must be at least 6 characters long"],
    ["no email", { password: "secret1" }, "Please enter your email address."],
    ["a malformed email", { email: "nope", password: "secret1" }, "valid email"],
    ["a 10,000-character email", { email: `${"a".repeat(10_000)}@example.com`, password: "secret1" }, "at most 254"],
    ["a 10,000-character password", { email: "a@example.com", password: "p".repeat(10_000) }, "at most 128"],
    ["HTML in the email", { email: "<script>@example.com", password: "secret1" }, "valid email"],
    ["a strange newsletter value", { email: "a@example.com", password: "secret1", newsletter: "DROP TABLE" }, "Invalid"],
  ])("refuses sign-up with %s: 400, clear message, nothing stored", async (_label, fields, message) => {
    const { status, data } = await run(authAction, "/auth", { intent: "signup", ...(fields as Record<string, string>) });
    expect(status).toBe(400);
    expect(data.title).toBe("Registration failed");
    expect(data.message).toContain(message);
    expect(await userCount()).toBe(0);
  });

  it("never creates a second account for the same email, and tells the owner by email instead of the visitor", async () => {
    await signUp("sam@example.com", "secret1");
    const { status } = await signUp("SAM@example.com", "another1");
    // The same answer as a new sign-up, so nobody can probe which emails have accounts.
    expect(status).toBe(200);
    expect(await userCount()).toBe(1);
    const mail = await handle.db.select().from(outboxMessages);
    expect(mail.map((m) => [m.template, m.recipient])).toEqual([["account-exists", "sam@example.com"]]);
    expect((await logIn("sam@example.com", "another1")).status).toBe(401);
    expect((await logIn("sam@example.com", "secret1")).status).toBe(302);
  });

  it("logs in with an HttpOnly, SameSite=Lax session cookie and redirects to a same-site returnTo only", async () => {
    await signUp("lee@example.com", "secret1");
    const request = formPost("/auth", { intent: "login", email: "LEE@example.com", password: "secret1", returnTo: "https://evil.example/steal" });
    const thrown = await authAction({ request, params: {}, context: { clientIp: "198.51.100.2" } } as never).catch((r: unknown) => r);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account");
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("scam-free.session_token="))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    const user = await getSessionUser(new Request("http://localhost:3000/", { headers: { Cookie: session.split(";")[0] } }));
    expect(user?.email).toBe("lee@example.com");

    const back = formPost("/auth", { intent: "login", email: "lee@example.com", password: "secret1", returnTo: "/course/scam-free/3" });
    const again = (await authAction({ request: back, params: {}, context: { clientIp: "198.51.100.2" } } as never).catch((r: unknown) => r)) as Response;
    expect(again.headers.get("Location")).toBe("/course/scam-free/3");
  });

  it("answers a wrong password with 'Login failed' and the reason, and limits repeated failures with 429", async () => {
    await signUp("max@example.com", "secret1");
    const first = await logIn("max@example.com", "wrong-one", "198.51.100.3");
    expect(first.status).toBe(401);
    expect(first.data).toMatchObject({ ok: false, title: "Login failed" });
    expect(first.data.message).toMatch(/invalid email or password/i);
    const statuses = [first.status];
    for (let i = 0; i < 6; i++) statuses.push((await logIn("max@example.com", `wrong-${i}`, `198.51.100.${10 + i}`)).status);
    // Five failures for one account, then 429 from any address, even with the right password.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const blocked = await logIn("max@example.com", "secret1", "198.51.100.99");
    expect(blocked.status).toBe(429);
    expect(blocked.data.message).toMatch(/Too many attempts/);
  });

  it("limits failed logins from one IP across many accounts", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await logIn(`nobody${i}@example.com`, "wrong-pass", "203.0.113.50")).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it.each([
    ["no fields", {}],
    ["an empty password", { email: "a@example.com", password: "" }],
    ["a huge password", { email: "a@example.com", password: "x".repeat(100_000) }],
    ["SQL in the email", { email: "' OR 1=1 --", password: "secret1" }],
  ])("refuses login with %s with a 400", async (_label, fields) => {
    const { status, data } = await run(authAction, "/auth", { intent: "login", ...(fields as Record<string, string>) });
    expect(status).toBe(400);
    expect(data.title).toBe("Login failed");
  });

  it("the account action sends anonymous posts to /auth and refuses an unknown intent with 400, ending no session", async () => {
    const anonymous = await accountAction(actionArgs(formPost("/account", { intent: "signout" }))).catch((r: unknown) => r);
    expect(anonymous).toBeInstanceOf(Response);
    expect((anonymous as Response).headers.get("Location")).toMatch(/^\/auth\?returnTo=/);

    await signUp("ned@example.com", "secret1");
    const login = (await authAction({ request: formPost("/auth", { intent: "login", email: "ned@example.com", password: "secret1" }), params: {}, context: { clientIp: "198.51.100.4" } } as never).catch((r: unknown) => r)) as Response;
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith("scam-free.session_token="))!.split(";")[0];
    for (const intent of ["", "delete-account", "<script>"]) {
      const response = (await accountAction(actionArgs(formPost("/account", { intent }, { Cookie: cookie })))) as Response;
      expect(response.status).toBe(400);
      expect(await response.text()).toBe("Unknown action.");
    }
    expect(await handle.db.select().from(sessions)).toHaveLength(1);

    const signedOut = (await accountAction(actionArgs(formPost("/account", { intent: "signout" }, { Cookie: cookie }))).catch((r: unknown) => r)) as Response;
    expect(signedOut.headers.get("Location")).toBe("/");
    expect(await handle.db.select().from(sessions)).toHaveLength(0);
  });

  it("refuses an unknown intent with a 400", async () => {
    const { status } = await run(authAction, "/auth", { intent: "delete-everything" });
    expect(status).toBe(400);
  });

  describe("password reset", () => {
    async function resetToken(email: string) {
      const { status, data } = await run(forgotAction, "/forgot-password", { email });
      expect(status).toBe(200);
      expect(data.message).toMatch(/If an account exists/);
      const [message] = await handle.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
      const url = /http:\/\/localhost:3000\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(message.textBody);
      expect(url).not.toBeNull();
      return url![1];
    }

    it("sends a single-use link, sets the new password and ends every session", async () => {
      await signUp("rae@example.com", "oldpass1");
      await logIn("rae@example.com", "oldpass1");
      await logIn("rae@example.com", "oldpass1");
      expect(await handle.db.select().from(sessions)).toHaveLength(2);

      const token = await resetToken("rae@example.com");
      const reset = await run(resetAction, "/reset-password", { token, password: "newpass1", confirmPassword: "newpass1" });
      expect(reset.status).toBe(302);
      expect(await handle.db.select().from(sessions)).toHaveLength(0);
      expect((await logIn("rae@example.com", "oldpass1")).status).toBe(401);
      expect((await logIn("rae@example.com", "newpass1")).status).toBe(302);
      const templates = (await handle.db.select().from(outboxMessages)).map((m) => m.template).sort();
      expect(templates).toEqual(["password-changed", "password-reset"]);

      const reuse = await run(resetAction, "/reset-password", { token, password: "again123", confirmPassword: "again123" });
      expect(reuse.status).toBe(400);
      expect(reuse.data.message).toMatch(/invalid, already used or expired/);
    });

    it("refuses an expired link", async () => {
      await signUp("ida@example.com", "oldpass1");
      const token = await resetToken("ida@example.com");
      await handle.db.update(verifications).set({ expiresAt: sql`now() - interval '1 minute'` });
      const { status } = await run(resetAction, "/reset-password", { token, password: "newpass1", confirmPassword: "newpass1" });
      expect(status).toBe(400);
      expect((await logIn("ida@example.com", "oldpass1")).status).toBe(302);
    });

    it("answers the same for an unknown email and sends nothing", async () => {
      const { status, data } = await run(forgotAction, "/forgot-password", { email: "ghost@example.com" });
      expect(status).toBe(200);
      expect(data.message).toMatch(/If an account exists/);
      expect(await handle.db.select().from(outboxMessages)).toHaveLength(0);
    });

    it.each([
      ["mismatched passwords", { token: "abc", password: "newpass1", confirmPassword: "other123" }, "do not match"],
      ["a short password", { token: "abc", password: "123", confirmPassword: "123" }, "at least 6"],
      ["no token", { password: "newpass1", confirmPassword: "newpass1" }, "incomplete"],
      ["a huge token", { token: "t".repeat(5000), password: "newpass1", confirmPassword: "newpass1" }, "not valid"],
    ])("refuses %s with a 400", async (_label, fields, message) => {
      const { status, data } = await run(resetAction, "/reset-password", fields as Record<string, string>);
      expect(status).toBe(400);
      expect(data.message).toContain(message);
    });

    it("limits reset requests per email", async () => {
      await signUp("tia@example.com", "oldpass1");
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await run(forgotAction, "/forgot-password", { email: "tia@example.com" }, `192.0.2.${i}`)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(await handle.db.select().from(outboxMessages)).toHaveLength(3);
    });

    it("refuses a bad email with a 400", async () => {
      const { status } = await run(forgotAction, "/forgot-password", { email: "x".repeat(500) });
      expect(status).toBe(400);
    });
  });
});
