/**
 * better-auth's own HTTP endpoints (/api/auth/*) as React Router hands requests to them: only the
 * ones the site uses are served, every redirect target stays on this site, the JSON sign-in is
 * limited exactly like the /auth form, and made-up paths cost no database rows. Expired counters
 * of both limit tables are pruned by a background job.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { formPost, unwrapData } from "../support/requests";
import { accounts, sessions, users, verifications } from "~/account/tables";
import { outboxMessages } from "~/mail/tables";
import { requestLimits } from "~/security/tables";
import { JobRunner } from "~/jobs/job-runner.server";
import { LIMIT_PRUNING_QUEUE, pruneExpiredLimits, registerLimitPruning } from "~/security/limit-pruning.server";
import type { AuthFormResult } from "~/account/account-actions.server";
import { action as authAction } from "~/routes/auth";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as apiAction, loader as apiLoader } from "~/routes/api.auth";

const SITE = "http://localhost:3000";

/** Calls the /api/auth/* route the way React Router does for a GET (loader) or a POST (action). */
async function api(
  path: string,
  options: { method?: string; json?: unknown; body?: string; contentType?: string; ip?: string } = {},
): Promise<Response> {
  const method = options.method ?? (options.json === undefined && options.body === undefined ? "GET" : "POST");
  const body = options.json !== undefined ? JSON.stringify(options.json) : options.body;
  const request = new Request(`${SITE}${path}`, {
    method,
    body,
    headers: {
      Origin: SITE,
      ...(body !== undefined ? { "Content-Type": options.contentType ?? "application/json" } : {}),
    },
  });
  const args = { request, params: {}, context: { clientIp: options.ip ?? "198.51.100.20" } } as never;
  const result = await (method === "GET" || method === "HEAD" ? apiLoader(args) : apiAction(args));
  return result as Response;
}

async function formLogIn(email: string, password: string, ip: string) {
  try {
    const result = await authAction({
      request: formPost("/auth", { intent: "login", email, password }),
      params: {},
      context: { clientIp: ip },
    } as never);
    return unwrapData<AuthFormResult>(result);
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: undefined as unknown as AuthFormResult };
    throw thrown;
  }
}

async function signUp(email: string, password: string) {
  const result = unwrapData<AuthFormResult>(
    await authAction({
      request: formPost("/auth", { intent: "signup", email, password }),
      params: {},
      context: { clientIp: `192.0.2.${Math.floor(Math.random() * 250) + 1}` },
    } as never),
  );
  expect(result.status).toBe(200);
}

/** The payloads that used to leave the site through better-auth's own redirects. */
const OFF_SITE = [
  "/.//evil.example",
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "/x/..//evil.example",
  "//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "https://evil.example/",
  "http://localhost:3000@evil.example/",
  "http://localhost:3000.evil.example/",
  "http://localhost:3000/.//evil.example",
  "javascript:alert(1)",
];

describe.each(DATABASE_TARGETS)("better-auth's HTTP endpoints on $name", (target) => {
  const suite = databaseForSuite(target, [sessions, accounts, verifications, users, requestLimits, outboxMessages]);
  const count = async (table: typeof requestLimits) =>
    (await suite.handle.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  async function resetLinkFor(email: string) {
    const forgot = unwrapData<AuthFormResult>(
      await forgotAction({
        request: formPost("/forgot-password", { email }),
        params: {},
        context: { clientIp: "203.0.113.90" },
      } as never),
    );
    expect(forgot.status).toBe(200);
    const [message] = await suite.handle.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.template, "password-reset")));
    const link = /http:\/\/localhost:3000(\/api\/auth\/reset-password\/\S+)/.exec(message!.textBody);
    expect(link).not.toBeNull();
    return new URL(link![1]!, SITE);
  }

  it("the password-reset link in the email still works, and leads to our page with its token", async () => {
    await signUp("reset-link@example.com", "secret12");
    const link = await resetLinkFor("reset-link@example.com");
    const token = link.pathname.split("/").pop()!;
    const response = await api(`${link.pathname}${link.search}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${SITE}/reset-password?token=${token}`);
    const relative = await api(`${link.pathname}?callbackURL=${encodeURIComponent("/reset-password")}`);
    expect(relative.status).toBe(302);
    expect(relative.headers.get("location")).toBe(`${SITE}/reset-password?token=${token}`);
  });

  it.each(OFF_SITE)("refuses the redirect target %j with 400 before better-auth sees it", async (payload) => {
    await signUp("redirects@example.com", "secret12");
    const link = await resetLinkFor("redirects@example.com");
    for (const name of ["callbackURL", "newUserCallbackURL", "errorCallbackURL", "redirectTo"]) {
      const response = await api(
        `${link.pathname}?callbackURL=%2Freset-password&${name}=${encodeURIComponent(payload)}`,
      );
      expect([name, response.status]).toEqual([name, 400]);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.json()).toEqual({
        code: "INVALID_CALLBACK_URL",
        message: `${name} must be a path on this site, like "/account".`,
      });
    }
    // The same in a JSON body, with a right password: no session is made.
    const signIn = await api("/api/auth/sign-in/email", {
      json: { email: "redirects@example.com", password: "secret12", callbackURL: payload },
    });
    expect(signIn.status).toBe(400);
    expect(signIn.headers.getSetCookie()).toEqual([]);
    expect((await signIn.json()).code).toBe("INVALID_CALLBACK_URL");
    expect(await suite.handle.db.select().from(sessions)).toHaveLength(0);
  });

  it("answers 404 for the verify-email redirect from the review, and every endpoint the site does not use", async () => {
    const unused: [string, unknown?][] = [
      ["/api/auth/verify-email?token=abc&callbackURL=%2F.%2F%2Fevil.example"],
      ["/api/auth/verify-email?token=abc&callbackURL=%2F"],
      ["/api/auth/sign-up/email", { email: "new@example.com", password: "secret12", name: "New" }],
      ["/api/auth/sign-out", {}],
      ["/api/auth/request-password-reset", { email: "a@example.com", redirectTo: "/reset-password" }],
      ["/api/auth/reset-password", { newPassword: "secret12", token: "abc" }],
      ["/api/auth/send-verification-email", { email: "a@example.com" }],
      ["/api/auth/change-email", { newEmail: "b@example.com" }],
      ["/api/auth/change-password", { currentPassword: "a", newPassword: "b" }],
      ["/api/auth/update-user", { name: "x" }],
      ["/api/auth/delete-user", {}],
      ["/api/auth/list-sessions"],
      ["/api/auth/sign-in/social", { provider: "google", callbackURL: "/" }],
      ["/api/auth/ok"],
      ["/api/auth/error"],
      ["/api/auth/get-session", {}],
      ["/api/auth/sign-in/email"],
      ["/api/auth/GET-SESSION"],
      ["/api/auth/get-session/"],
      ["/api/auth/sign-in%2Femail", { email: "a@example.com", password: "secret12" }],
      [`/api/auth/reset-password/${"a".repeat(129)}?callbackURL=%2F`],
    ];
    for (const [path, json] of unused) {
      const response = await api(path, { json });
      expect([path, response.status]).toEqual([path, 404]);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.json()).toEqual({ code: "NOT_FOUND", message: "Not found." });
    }
    expect(await count(requestLimits)).toBe(0);
    expect(await suite.handle.db.select().from(users)).toHaveLength(0);
  });

  it("writes no limiter rows for 300 made-up 8,000-character paths", async () => {
    for (let i = 0; i < 300; i++) {
      const response = await api(`/api/auth/${randomUUID()}${"x".repeat(8_000)}`, { ip: `203.0.113.${i % 250}` });
      expect(response.status).toBe(404);
    }
    expect(await count(requestLimits)).toBe(0);
  });

  it("still serves the session probe", async () => {
    const response = await api("/api/auth/get-session");
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });

  it("limits the session probe to 60 a minute per address, with the site's own limiter", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await api("/api/auth/get-session", { ip: "198.51.100.61" })).status);
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(200));
    const refused = await api("/api/auth/get-session", { ip: "198.51.100.61" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).code).toBe("TOO_MANY_REQUESTS");
    // Another address has its own allowance.
    expect((await api("/api/auth/get-session", { ip: "198.51.100.62" })).status).toBe(200);
  });

  it("signs in through the JSON endpoint with a session cookie", async () => {
    await signUp("json-in@example.com", "secret12");
    const response = await api("/api/auth/sign-in/email", {
      json: { email: " JSON-In@Example.com ", password: "secret12", callbackURL: "/account" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("scam-free.session_token="))).toBe(true);
    expect(await suite.handle.db.select().from(sessions)).toHaveLength(1);
  });

  it("allows five wrong passwords per account and address through the API, then 429 with the form's message", async () => {
    await signUp("api-guess@example.com", "secret12");
    const statuses: number[] = [];
    // Any spelling of the address counts against the same account.
    const spellings = ["api-guess@example.com", "API-GUESS@example.com", " Api-Guess@Example.com"];
    for (let i = 0; i < 7; i++) {
      const response = await api("/api/auth/sign-in/email", {
        json: { email: spellings[i % spellings.length], password: `guess-${i}` },
        ip: "198.51.100.31",
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.json()).toEqual({
          code: "TOO_MANY_REQUESTS",
          message: "Too many attempts. Please wait 15 minutes and try again.",
        });
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // The right password from that address is locked out too, through the API and through the form.
    const right = await api("/api/auth/sign-in/email", {
      json: { email: "api-guess@example.com", password: "secret12" },
      ip: "198.51.100.31",
    });
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie()).toEqual([]);
    const form = await formLogIn("api-guess@example.com", "secret12", "198.51.100.31");
    expect(form.status).toBe(429);
    expect(form.data.message).toBe("Too many attempts. Please wait 15 minutes and try again.");
    // The owner, from another address, still gets in.
    expect((await formLogIn("api-guess@example.com", "secret12", "203.0.113.45")).status).toBe(302);
  });

  it("shares one count between the form and the API, and pauses the account for failures through both", async () => {
    await signUp("mixed@example.com", "secret12");
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await formLogIn("mixed@example.com", `form-${i}`, "198.51.100.32")).status);
    for (let i = 0; i < 3; i++) {
      const response = await api("/api/auth/sign-in/email", {
        json: { email: "mixed@example.com", password: `api-${i}` },
        ip: "198.51.100.32",
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Failures from other addresses through the API count towards the account's ceiling (20 an hour) as well.
    for (let i = 0; i < 15; i++) {
      const response = await api("/api/auth/sign-in/email", {
        json: { email: "mixed@example.com", password: `far-${i}` },
        ip: `198.51.100.${120 + i}`,
      });
      expect(response.status).toBe(401);
    }
    const emails = await suite.handle.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, "sign-in-failures"));
    expect(emails.map((m) => m.recipient)).toEqual(["mixed@example.com"]);
    expect(emails[0]!.textBody).toMatch(/\/sign-in-link\?token=[A-Za-z0-9]{32}/);

    // Now the right password is refused through both, from an address that never guessed, in the same words.
    const right = await api("/api/auth/sign-in/email", {
      json: { email: "mixed@example.com", password: "secret12" },
      ip: "203.0.113.46",
    });
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie()).toEqual([]);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(59 * 60);
    const answer = (await right.json()) as { code: string; message: string };
    expect(answer.code).toBe("TOO_MANY_REQUESTS");
    expect(answer.message).toMatch(
      /^Too many wrong passwords were tried for this account, so signing in with a password is paused for (60|59) minutes, even with the right one\./,
    );
    const form = await formLogIn("mixed@example.com", "secret12", "203.0.113.47");
    expect(form.status).toBe(429);
    expect(form.data.message.replace(/\d+ minutes/, "")).toBe(answer.message.replace(/\d+ minutes/, ""));
    expect(await suite.handle.db.select().from(sessions)).toHaveLength(0);
  });

  it("serves neither of the sign-in link's better-auth endpoints over HTTP: only our page uses a link", async () => {
    await signUp("link-api@example.com", "secret12");
    const asked = await api("/api/auth/sign-in/magic-link", { json: { email: "link-api@example.com" } });
    expect(asked.status).toBe(404);
    const verify = await api("/api/auth/magic-link/verify?token=abc");
    expect(verify.status).toBe(404);
    expect(
      await suite.handle.db.select().from(outboxMessages).where(eq(outboxMessages.template, "sign-in-failures")),
    ).toEqual([]);
    expect(await suite.handle.db.select().from(verifications)).toEqual([]);
  });

  it("limits one address guessing across many accounts through the API, as the form does", async () => {
    const answers: { status: number; message: string }[] = [];
    for (let i = 0; i < 22; i++) {
      const response = await api("/api/auth/sign-in/email", {
        json: { email: `nobody${i}@example.com`, password: "wrong-pass" },
        ip: "198.51.100.33",
      });
      answers.push({ status: response.status, message: ((await response.json()) as { message: string }).message });
    }
    // The one limiter, exactly as for the form: 20 per address in 15 minutes, then 429 from the 21st.
    expect(answers.slice(0, 20).map((a) => a.status)).toEqual(Array(20).fill(401));
    expect(answers.slice(20)).toEqual(
      Array(2).fill({ status: 429, message: "Too many attempts. Please wait 15 minutes and try again." }),
    );
  });

  it("refuses a sign-in body that is not JSON, or not a valid login, without counting or calling better-auth", async () => {
    const form = await api("/api/auth/sign-in/email", {
      body: "email=a%40example.com&password=x",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(415);
    for (const body of ["not json", "[1,2]", "null", JSON.stringify({ email: "not-an-email", password: "x" })]) {
      const response = await api("/api/auth/sign-in/email", { body });
      expect([body, response.status]).toEqual([body, 400]);
    }
    expect(await count(requestLimits)).toBe(0);
  });
});

describe.each(DATABASE_TARGETS)("pruning expired request counters on $name", (target) => {
  const suite = databaseForSuite(target, [requestLimits]);
  let runner: JobRunner | undefined;
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
  });

  async function seed() {
    const minute = 60 * 1000;
    await suite.handle.db.insert(requestLimits).values([
      { key: "old:a", points: 3, expire: new Date(Date.now() - minute) },
      { key: "old:b", points: 1, expire: new Date(Date.now() - 40 * 24 * 60 * minute) },
      { key: "current", points: 1, expire: new Date(Date.now() + minute) },
    ]);
  }
  const keys = async () =>
    (await suite.handle.db.select({ key: requestLimits.key }).from(requestLimits)).map((r) => r.key).sort();

  it("deletes only counters whose window has ended", async () => {
    await seed();
    expect(await pruneExpiredLimits(suite.handle.db)).toBe(2);
    expect(await keys()).toEqual(["current"]);
  });

  it("runs as a background job", async () => {
    await seed();
    runner = new JobRunner(suite.handle, { workers: true, pollingIntervalSeconds: 0.5 });
    registerLimitPruning(runner, suite.handle.db);
    await runner.start();
    await runner.send(LIMIT_PRUNING_QUEUE, {});
    await runner.idle();
    expect(await keys()).toEqual(["current"]);
  });
});
