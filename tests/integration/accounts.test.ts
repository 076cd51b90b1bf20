import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { actionArgs, formPost, unwrapData } from "../support/requests";
import { accounts, sessions, users, verifications } from "~/account/tables";
import { newsletterConfirmations, newsletterSubscribers } from "~/newsletter/tables";
import { outboxMessages } from "~/mail/tables";
import { requestLimits } from "~/security/tables";
import { action as authAction, loader as authLoader } from "~/routes/auth";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as resetAction } from "~/routes/reset-password";
import { action as accountAction } from "~/routes/account";
import { getSessionUser, loadSession } from "~/account/session.server";
import { action as signInLinkAction, loader as signInLinkLoader } from "~/routes/sign-in-link";
import type { AuthFormResult } from "~/account/account-actions.server";

async function run(
  action: (args: never) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
  ip = "198.51.100.1",
) {
  const request = formPost(path, fields);
  try {
    const result = await action({ request, params: {}, context: { clientIp: ip } } as never);
    return unwrapData<AuthFormResult>(result);
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, data: undefined as unknown as AuthFormResult, response: thrown };
    throw thrown;
  }
}

/** The answer once an account's ceiling is reached (59 when the minute turns during the test). */
const PAUSED =
  /^Too many wrong passwords were tried for this account, so signing in with a password is paused for (60|59) minutes, even with the right one\. If this address has an account, we have emailed it a link that signs you in now\.$/;

describe.each(DATABASE_TARGETS)("accounts on $name", (target) => {
  const suite = databaseForSuite(target, [
    sessions,
    accounts,
    verifications,
    users,
    requestLimits,
    outboxMessages,
    newsletterSubscribers,
    newsletterConfirmations,
  ]);

  const signUp = (email: string, password: string, extra: Record<string, string> = {}, ip?: string) =>
    run(authAction, "/auth", { intent: "signup", email, password, ...extra }, ip);
  const logIn = (email: string, password: string, ip?: string) =>
    run(authAction, "/auth", { intent: "login", email, password }, ip);
  const userCount = async () => (await suite.handle.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

  it("signs up with a hashed password, joins the newsletter only when asked, and starts no session", async () => {
    const { status, data } = await signUp("Pat@Example.com", "secret1", { newsletter: "on" });
    expect(status).toBe(200);
    expect(data).toMatchObject({
      ok: true,
      title: "Registration successful",
      message: "Success! Please log in to access your account.",
    });
    const [account] = await suite.handle.db.select().from(accounts);
    expect(account.password).toBeTruthy();
    expect(account.password).not.toContain("secret1");
    expect(account.password!.length).toBeGreaterThan(60);
    expect(await suite.handle.db.select().from(sessions)).toHaveLength(0);
    // The address is not proved, so the newsletter waits for its own confirmation link (double opt-in).
    expect(await suite.handle.db.select().from(newsletterSubscribers)).toHaveLength(0);
    expect((await suite.handle.db.select().from(newsletterConfirmations)).map((c) => c.email)).toEqual([
      "pat@example.com",
    ]);
    const newsletterMail = () =>
      suite.handle.db.select().from(outboxMessages).where(eq(outboxMessages.template, "newsletter-confirm"));
    expect((await newsletterMail()).map((m) => m.recipient)).toEqual(["pat@example.com"]);

    await signUp("quinn@example.com", "secret1");
    expect(await suite.handle.db.select().from(newsletterConfirmations)).toHaveLength(1);
    expect(await newsletterMail()).toHaveLength(1);
  });

  it.each([
    ["a short password", { email: "a@example.com", password: "12345" }, "Password must be at least 6 characters long"],
    ["no password", { email: "a@example.com" }, "Password must be at least 6 characters long"],
    ["no email", { password: "secret1" }, "Please enter your email address."],
    ["a malformed email", { email: "nope", password: "secret1" }, "valid email"],
    ["a 10,000-character email", { email: `${"a".repeat(10_000)}@example.com`, password: "secret1" }, "at most 254"],
    ["a 10,000-character password", { email: "a@example.com", password: "p".repeat(10_000) }, "at most 128"],
    ["HTML in the email", { email: "<script>@example.com", password: "secret1" }, "valid email"],
    [
      "a strange newsletter value",
      { email: "a@example.com", password: "secret1", newsletter: "DROP TABLE" },
      "Invalid",
    ],
  ])("refuses sign-up with %s: 400, clear message, nothing stored", async (_label, fields, message) => {
    const { status, data } = await run(authAction, "/auth", {
      intent: "signup",
      ...(fields as Record<string, string>),
    });
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
    // The first sign-up's confirmation link, then a note to the owner instead of a second account.
    const mail = await suite.handle.db.select().from(outboxMessages).orderBy(outboxMessages.createdAt);
    expect(mail.map((m) => [m.template, m.recipient])).toEqual([
      ["confirm-email", "sam@example.com"],
      ["account-exists", "sam@example.com"],
    ]);
    expect((await logIn("sam@example.com", "another1")).status).toBe(401);
    expect((await logIn("sam@example.com", "secret1")).status).toBe(302);
  });

  it("logs in with an HttpOnly, SameSite=Lax session cookie and redirects to a same-site returnTo only", async () => {
    await signUp("lee@example.com", "secret1");
    const request = formPost("/auth", {
      intent: "login",
      email: "LEE@example.com",
      password: "secret1",
      returnTo: "https://evil.example/steal",
    });
    const thrown = await authAction({ request, params: {}, context: { clientIp: "198.51.100.2" } } as never).catch(
      (r: unknown) => r,
    );
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account");
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("scam-free.session_token="))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    const user = await getSessionUser({
      request: new Request("http://localhost:3000/", { headers: { Cookie: session.split(";")[0] } }),
    });
    expect(user?.email).toBe("lee@example.com");

    // One lookup per request: the root loader and the page's loader share it. The next request
    // looks again, so a session ended in between is seen at once.
    const page = new Request("http://localhost:3000/course/scam-free/1", {
      headers: { Cookie: session.split(";")[0] },
    });
    const first = loadSession({ request: page });
    expect(loadSession({ request: page })).toBe(first);
    expect((await first).user?.email).toBe("lee@example.com");

    // Through the load context, as the server runs them: React Router hands each loader its own
    // copy of the request but one context, and the copies share one look-up. Another request's
    // context looks again; a POST never shares (its action may sign in or out before the loaders).
    const copy = (method = "GET") => new Request(page.url, { method, headers: { Cookie: session.split(";")[0]! } });
    const context = { pageSession: {} };
    const root = loadSession({ request: copy(), context });
    expect(loadSession({ request: copy(), context })).toBe(root);
    expect((await root).user?.email).toBe("lee@example.com");
    expect(loadSession({ request: copy(), context: { pageSession: {} } })).not.toBe(root);
    const postContext = { pageSession: {} };
    expect(loadSession({ request: copy("POST"), context: postContext })).not.toBe(
      loadSession({ request: copy("POST"), context: postContext }),
    );
    await suite.handle.db.delete(sessions);
    expect((await loadSession({ request: page })).user?.email).toBe("lee@example.com");
    const next = new Request(page.url, { headers: { Cookie: session.split(";")[0] } });
    expect((await loadSession({ request: next })).user).toBeNull();

    const back = formPost("/auth", {
      intent: "login",
      email: "lee@example.com",
      password: "secret1",
      returnTo: "/course/scam-free/3",
    });
    const again = (await authAction({
      request: back,
      params: {},
      context: { clientIp: "198.51.100.2" },
    } as never).catch((r: unknown) => r)) as Response;
    expect(again.headers.get("Location")).toBe("/course/scam-free/3");
  });

  it("never redirects off the site after sign-in, on GET /auth signed in or on the login POST", async () => {
    await signUp("oro@example.com", "secret1");
    const cookie = (
      (await authAction({
        request: formPost("/auth", { intent: "login", email: "oro@example.com", password: "secret1" }),
        params: {},
        context: { clientIp: "198.51.100.5" },
      } as never).catch((r: unknown) => r)) as Response
    ).headers
      .getSetCookie()
      .find((c) => c.startsWith("scam-free.session_token="))!
      .split(";")[0];
    const payloads = [
      "/.//evil.com",
      "/x/..//evil.com",
      "/..//evil.com/x",
      "/%2e%2e//evil.com",
      "//evil.com",
      "/\\evil.com",
      "/\t/evil.com",
      "https://evil.com",
      "/@evil.com",
    ];
    const stayOnSite = (location: string | null) => {
      expect(location).not.toBeNull();
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(new URL(location!, "http://localhost:3000/auth").origin).toBe("http://localhost:3000");
    };
    for (const returnTo of payloads) {
      const page = await authLoader({
        request: new Request(`http://localhost:3000/auth?returnTo=${encodeURIComponent(returnTo)}`, {
          headers: { Cookie: cookie },
        }),
        params: {},
        context: { clientIp: "198.51.100.5" },
      } as never).catch((r: unknown) => r);
      expect(page).toBeInstanceOf(Response);
      expect((page as Response).status).toBe(302);
      stayOnSite((page as Response).headers.get("Location"));

      const login = await authAction({
        request: formPost("/auth", { intent: "login", email: "oro@example.com", password: "secret1", returnTo }),
        params: {},
        context: { clientIp: "198.51.100.5" },
      } as never).catch((r: unknown) => r);
      expect(login).toBeInstanceOf(Response);
      expect((login as Response).status).toBe(302);
      stayOnSite((login as Response).headers.get("Location"));
    }
  });

  it("answers a wrong password with 'Login failed' and the reason, and locks the account only from the address that guessed", async () => {
    await signUp("max@example.com", "secret1");
    const first = await logIn("max@example.com", "wrong-one", "198.51.100.3");
    expect(first.status).toBe(401);
    expect(first.data).toMatchObject({ ok: false, title: "Login failed" });
    expect(first.data.message).toMatch(/invalid email or password/i);
    const statuses = [first.status];
    for (let i = 0; i < 6; i++) statuses.push((await logIn("max@example.com", `wrong-${i}`, "198.51.100.3")).status);
    // Five failures for the account from this address, then 429 from this address.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const blocked = await logIn("max@example.com", "secret1", "198.51.100.3");
    expect(blocked.status).toBe(429);
    expect(blocked.data.message).toMatch(/Too many attempts/);

    // The owner, somewhere else, signs in with the right password.
    expect((await logIn("max@example.com", "secret1", "203.0.113.200")).status).toBe(302);
    // Wrong passwords from other addresses are answered as wrong, not locked.
    for (let i = 0; i < 3; i++)
      expect((await logIn("max@example.com", `other-${i}`, `198.51.100.${40 + i}`)).status).toBe(401);
  });

  // 20-odd sign-ins, each hashing a password: longer than the default on a loaded machine.
  it(
    "after 20 wrong passwords for an account from many addresses in an hour, even the right password is refused until the emailed link is used",
    { timeout: 90_000 },
    async () => {
      await signUp("kim@example.com", "secret1");
      await suite.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, "kim@example.com"));
      // 12 addresses × 2 guesses: no address reaches its own limit (5), the account reaches 20.
      const guesses: { status: number; message: string }[] = [];
      for (let ip = 0; ip < 12; ip++)
        for (let i = 0; i < 2; i++) {
          const answer = await logIn("kim@example.com", `guess-${ip}-${i}`, `198.51.100.${60 + ip}`);
          guesses.push({ status: answer.status, message: answer.data.message });
        }
      expect(guesses.slice(0, 20).map((g) => g.status)).toEqual(Array(20).fill(401));
      expect(guesses.slice(20).map((g) => g.status)).toEqual([429, 429, 429, 429]);
      for (const guess of guesses.slice(20)) expect(guess.message).toMatch(PAUSED);

      // The right password, from an address that never guessed, does not get in.
      const right = await logIn("kim@example.com", "secret1", "203.0.113.201");
      expect(right.status).toBe(429);
      expect(right.data).toMatchObject({ ok: false, title: "Login failed" });
      expect(right.data.message).toMatch(PAUSED);
      expect(await suite.handle.db.select().from(sessions)).toHaveLength(0);

      // The owner is emailed once, with a one-time sign-in link (and never told where the guesses came from).
      const emails = await suite.handle.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.template, "sign-in-failures"));
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({
        recipient: "kim@example.com",
        subject: "Failed sign-in attempts on your scam-free account",
      });
      expect(emails[0].textBody).toContain("with a wrong password 20 times in the last 60 minutes");
      expect(emails[0].textBody).toContain("even with the right password");
      expect(emails[0].textBody).toContain("http://localhost:3000/forgot-password");
      expect(emails[0].textBody).not.toMatch(/198\.51\.100|203\.0\.113/);
      const link = emails[0].textBody.match(/http:\/\/localhost:3000\/sign-in-link\?token=([A-Za-z0-9]+)/);
      expect(link).not.toBeNull();
      const token = link![1]!;

      // Opening the link only shows a button (mail scanners open links): no session, the link still works.
      const shown = unwrapData<{ state: string }>(
        await signInLinkLoader({
          request: new Request(`http://localhost:3000/sign-in-link?token=${token}`),
          params: {},
          context: {},
        } as never),
      );
      expect(shown).toEqual({ status: 200, data: { state: "confirm", token } });
      expect(await suite.handle.db.select().from(sessions)).toHaveLength(0);

      // Its button signs the owner in, and ends the pause.
      const used = await run(signInLinkAction, "/sign-in-link", { token }, "203.0.113.202");
      expect(used.status).toBe(302);
      const response = (used as unknown as { response: Response }).response;
      expect(response.headers.get("Location")).toBe("/account");
      const cookie = response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const user = await getSessionUser({
        request: new Request("http://localhost:3000/account", { headers: { Cookie: cookie } }),
      });
      expect(user?.email).toBe("kim@example.com");
      expect(await suite.handle.db.select().from(sessions)).toHaveLength(1);
      // Once only.
      const again = await run(signInLinkAction, "/sign-in-link", { token }, "203.0.113.202");
      expect(again.status).toBe(400);
      expect(again.data).toMatchObject({
        state: "invalid",
        message: expect.stringMatching(/expired or was already used/),
      });
      expect(await suite.handle.db.select().from(sessions)).toHaveLength(1);
      // The password works again, even from an address that guessed.
      expect((await logIn("kim@example.com", "secret1", "198.51.100.60")).status).toBe(302);
    },
  );

  // 20-odd sign-ins, each hashing a password: longer than the default on a loaded machine.
  it(
    "an address with no account hears exactly what an account's address hears, and nobody is emailed",
    { timeout: 90_000 },
    async () => {
      await signUp("ned@example.com", "secret1");
      const answers = async (email: string, firstIp: number) => {
        const heard: { status: number; message: string }[] = [];
        for (let ip = 0; ip < 11; ip++)
          for (let i = 0; i < 2; i++) {
            const answer = await logIn(email, `guess-${ip}-${i}`, `198.51.100.${firstIp + ip}`);
            heard.push({ status: answer.status, message: answer.data.message.replace(/\d+ minutes/, "N minutes") });
          }
        return heard;
      };
      const owner = await answers("ned@example.com", 60);
      const nobody = await answers("nobody-here@example.com", 100);
      expect(nobody).toEqual(owner);
      expect(owner.slice(20).map((a) => a.status)).toEqual([429, 429]);
      expect(
        (
          await suite.handle.db.select().from(outboxMessages).where(eq(outboxMessages.template, "sign-in-failures"))
        ).map((m) => m.recipient),
      ).toEqual(["ned@example.com"]);
    },
  );

  it("the pause ends by itself when its hour is over, and a made-up sign-in link signs nobody in", async () => {
    await signUp("lee@example.com", "secret1");
    for (let i = 0; i < 20; i++) await logIn("lee@example.com", `guess-${i}`, `198.51.100.${60 + (i % 10)}`);
    expect((await logIn("lee@example.com", "secret1", "203.0.113.210")).status).toBe(429);
    const made = await run(signInLinkAction, "/sign-in-link", { token: "A".repeat(32) }, "203.0.113.210");
    expect(made.status).toBe(400);
    const malformed = await run(signInLinkAction, "/sign-in-link", { token: "x'; drop table users" }, "203.0.113.210");
    expect(malformed).toMatchObject({
      status: 400,
      data: { state: "invalid", message: "This sign-in link is not valid." },
    });
    expect(await suite.handle.db.select().from(sessions)).toHaveLength(0);
    // An hour later (every counter's window moved back past its end).
    await suite.handle.db.update(requestLimits).set({ expire: sql`${requestLimits.expire} - interval '61 minutes'` });
    expect((await logIn("lee@example.com", "secret1", "203.0.113.210")).status).toBe(302);
  });

  it("the link signs in an account whose address was never confirmed, confirms it, and retires the password set before", async () => {
    await signUp("una@example.com", "secret1");
    for (let i = 0; i < 21; i++) await logIn("una@example.com", `guess-${i}`, `198.51.100.${60 + (i % 10)}`);
    const [email] = await suite.handle.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, "sign-in-failures"));
    const token = email!.textBody.match(/\/sign-in-link\?token=([A-Za-z0-9]+)/)![1]!;
    const used = await run(signInLinkAction, "/sign-in-link", { token }, "203.0.113.220");
    expect(used.status).toBe(302);
    expect(await suite.handle.db.select().from(sessions)).toHaveLength(1);
    const [user] = await suite.handle.db.select().from(users).where(eq(users.email, "una@example.com"));
    expect(user!.emailVerified).toBe(true);
    // Anyone could have chosen that password (nobody had proved the mailbox): better-auth removes it.
    expect((await logIn("una@example.com", "secret1", "203.0.113.220")).status).toBe(401);
  });

  it("emails the owner once when twenty wrong passwords from twenty addresses arrive at once", async () => {
    await signUp("jo@example.com", "secret1");
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => logIn("jo@example.com", `guess-${i}`, `192.0.2.${100 + i}`)),
    );
    expect(results.every((r) => r.status === 401)).toBe(true);
    const warnings = await suite.handle.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, "sign-in-failures"));
    expect(warnings.map((m) => m.recipient)).toEqual(["jo@example.com"]);
  });

  it("limits failed logins from one IP across many accounts", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await logIn(`nobody${i}@example.com`, "wrong-pass", "203.0.113.50")).status);
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
    const anonymous = await accountAction(actionArgs(formPost("/account", { intent: "signout" }))).catch(
      (r: unknown) => r,
    );
    expect(anonymous).toBeInstanceOf(Response);
    expect((anonymous as Response).headers.get("Location")).toMatch(/^\/auth\?returnTo=/);

    await signUp("ned@example.com", "secret1");
    const login = (await authAction({
      request: formPost("/auth", { intent: "login", email: "ned@example.com", password: "secret1" }),
      params: {},
      context: { clientIp: "198.51.100.4" },
    } as never).catch((r: unknown) => r)) as Response;
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("scam-free.session_token="))!
      .split(";")[0];
    for (const intent of ["", "delete-everything", "<script>"]) {
      const response = (await accountAction(
        actionArgs(formPost("/account", { intent }, { Cookie: cookie })),
      )) as Response;
      expect(response.status).toBe(400);
      expect(await response.text()).toBe("Unknown action.");
    }
    expect(await suite.handle.db.select().from(sessions)).toHaveLength(1);

    const signedOut = (await accountAction(
      actionArgs(formPost("/account", { intent: "signout" }, { Cookie: cookie })),
    ).catch((r: unknown) => r)) as Response;
    expect(signedOut.headers.get("Location")).toBe("/");
    expect(await suite.handle.db.select().from(sessions)).toHaveLength(0);
  });

  it("refuses an unknown intent with a 400", async () => {
    const { status } = await run(authAction, "/auth", { intent: "delete-everything" });
    expect(status).toBe(400);
  });

  describe("password reset", () => {
    const resetEmails = () =>
      suite.handle.db.select().from(outboxMessages).where(eq(outboxMessages.template, "password-reset"));
    async function resetToken(email: string) {
      const { status, data } = await run(forgotAction, "/forgot-password", { email });
      expect(status).toBe(200);
      expect(data.message).toMatch(/If an account exists/);
      const [message] = await suite.handle.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.template, "password-reset")));
      const url = /http:\/\/localhost:3000\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(message.textBody);
      expect(url).not.toBeNull();
      return url![1];
    }

    it("sends a single-use link, sets the new password and ends every session", async () => {
      await signUp("rae@example.com", "oldpass1");
      await logIn("rae@example.com", "oldpass1");
      await logIn("rae@example.com", "oldpass1");
      expect(await suite.handle.db.select().from(sessions)).toHaveLength(2);

      const token = await resetToken("rae@example.com");
      const reset = await run(resetAction, "/reset-password", {
        token,
        password: "newpass1",
        confirmPassword: "newpass1",
      });
      expect(reset.status).toBe(302);
      expect(await suite.handle.db.select().from(sessions)).toHaveLength(0);
      expect((await logIn("rae@example.com", "oldpass1")).status).toBe(401);
      expect((await logIn("rae@example.com", "newpass1")).status).toBe(302);
      const templates = (await suite.handle.db.select().from(outboxMessages)).map((m) => m.template).sort();
      expect(templates).toEqual(["confirm-email", "password-changed", "password-reset"]);

      const reuse = await run(resetAction, "/reset-password", {
        token,
        password: "again123",
        confirmPassword: "again123",
      });
      expect(reuse.status).toBe(400);
      expect(reuse.data.message).toMatch(/invalid, already used or expired/);
    });

    it("refuses an expired link", async () => {
      await signUp("ida@example.com", "oldpass1");
      const token = await resetToken("ida@example.com");
      await suite.handle.db.update(verifications).set({ expiresAt: sql`now() - interval '1 minute'` });
      const { status } = await run(resetAction, "/reset-password", {
        token,
        password: "newpass1",
        confirmPassword: "newpass1",
      });
      expect(status).toBe(400);
      expect((await logIn("ida@example.com", "oldpass1")).status).toBe(302);
    });

    it("answers the same for an unknown email and sends nothing", async () => {
      const { status, data } = await run(forgotAction, "/forgot-password", { email: "ghost@example.com" });
      expect(status).toBe(200);
      expect(data.message).toMatch(/If an account exists/);
      expect(await suite.handle.db.select().from(outboxMessages)).toHaveLength(0);
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

    it("keeps the reset path open while sign-in is locked, and a new password lifts the lock", async () => {
      await signUp("ava@example.com", "oldpass1");
      for (let i = 0; i < 5; i++) await logIn("ava@example.com", `wrong-${i}`, "198.51.100.80");
      expect((await logIn("ava@example.com", "oldpass1", "198.51.100.80")).status).toBe(429);

      const { status, data } = await run(
        forgotAction,
        "/forgot-password",
        { email: "ava@example.com" },
        "198.51.100.80",
      );
      expect(status).toBe(200);
      expect(data.message).toMatch(/If an account exists/);
      const [message] = await suite.handle.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.template, "password-reset"));
      const token = /\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(message.textBody)![1];
      const reset = await run(
        resetAction,
        "/reset-password",
        { token, password: "newpass1", confirmPassword: "newpass1" },
        "198.51.100.80",
      );
      expect(reset.status).toBe(302);
      expect((await logIn("ava@example.com", "newpass1", "198.51.100.80")).status).toBe(302);
    });

    it("limits reset requests per email and address, so a stranger cannot use up the owner's resets; a looser cap per email", async () => {
      await signUp("tia@example.com", "oldpass1");
      const stranger: number[] = [];
      for (let i = 0; i < 4; i++)
        stranger.push((await run(forgotAction, "/forgot-password", { email: "tia@example.com" }, "192.0.2.66")).status);
      expect(stranger).toEqual([200, 200, 200, 429]);
      // The owner, from home, still gets a link.
      expect((await run(forgotAction, "/forgot-password", { email: "tia@example.com" }, "203.0.113.77")).status).toBe(
        200,
      );
      expect(await resetEmails()).toHaveLength(4);

      // Many addresses together can send at most ten links an hour to one inbox.
      const spread: number[] = [];
      for (let i = 0; i < 8; i++)
        spread.push(
          (await run(forgotAction, "/forgot-password", { email: "tia@example.com" }, `192.0.2.${10 + i}`)).status,
        );
      expect(spread).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
      const capped = await run(forgotAction, "/forgot-password", { email: "tia@example.com" }, "192.0.2.30");
      expect(capped.data.message).toMatch(/Several reset links were sent to this address in the last hour/);
      expect(await resetEmails()).toHaveLength(10);
    });

    it("refuses a bad email with a 400", async () => {
      const { status } = await run(forgotAction, "/forgot-password", { email: "x".repeat(500) });
      expect(status).toBe(400);
    });
  });
});
