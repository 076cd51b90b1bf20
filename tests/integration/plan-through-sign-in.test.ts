import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { FAMILY_TABLES } from "../support/family-tables";
import { holderWithFamilyPlan } from "../support/family-holder";
import { callAction, callLoader } from "../support/route-calls";
import { formPost } from "../support/requests";
import { users } from "~/account/tables";
import { listContacts } from "~/training/people/programs.server";
import { action as authAction, loader as authLoader } from "~/routes/auth";
import { loader as accountLoader } from "~/routes/account";
import { loader as checkoutLoader } from "~/routes/checkout";
import { action as trainingAction } from "~/routes/account.training";

/**
 * Issue #35: the plan chosen is named at sign-in and kept through it, and after paying My Account
 * leads with the two steps left ("Confirm your email", "Set up your family's training") until
 * both are done.
 */
type AuthView = { returnTo: string | null; plan: { name: string; price: number } | null; tab: "login" | "signup" };

describe.each(DATABASE_TARGETS)("the plan through sign-in, and the next steps after paying, on $name", (target) => {
  const suite = databaseForSuite(target, FAMILY_TABLES);
  const auth = (query: string, cookie?: string) =>
    callLoader<AuthView>(authLoader, `/auth${query}`, cookie ? { Cookie: cookie } : {});

  it("signed out, a plan's checkout goes to /auth with a calm note, and /auth names the plan and its price", async () => {
    const detour = await callLoader(checkoutLoader, "/checkout?plan=family");
    expect(detour.status).toBe(302);
    expect(detour.headers.get("Location")).toBe(`/auth?returnTo=${encodeURIComponent("/checkout?plan=family")}`);
    // The specification's words travel with it, as a note rather than an error.
    const flash = detour.headers.get("Set-Cookie") ?? "";
    const value = JSON.parse(atob(decodeURIComponent(flash.split(";")[0]!.split("=")[1]!))) as Record<string, string>;
    expect(value).toMatchObject({ kind: "info", title: "Authentication required" });

    const page = await auth(`?returnTo=${encodeURIComponent("/checkout?plan=family")}`);
    expect(page.data.plan).toEqual({ name: "Family Training", price: 25 });
    expect(page.data.tab).toBe("signup"); // someone new on their way to a plan
    expect(page.data.returnTo).toBe("/checkout?plan=family");
    // Someone who has logged in on this browser before gets the Login tab first.
    expect(
      (await auth(`?returnTo=${encodeURIComponent("/checkout?plan=family")}`, "scam-free-returning=1")).data.tab,
    ).toBe("login");
    expect((await auth(`?returnTo=${encodeURIComponent("/checkout?plan=premium")}`)).data.plan).toEqual({
      name: "Training Program",
      price: 10,
    });
  });

  it("only a same-site checkout names a plan; anything else opens the plain Login tab", async () => {
    for (const returnTo of ["/checkout?plan=gold", "//evil.example/checkout?plan=family", "/course?plan=family", ""]) {
      const page = await auth(returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : "");
      expect(page.data.plan).toBeNull();
      expect(page.data.tab).toBe("login");
    }
    expect(
      (await auth(`?returnTo=${encodeURIComponent("https://evil.example/checkout?plan=family")}`)).data.returnTo,
    ).toBeNull();
  });

  it("creating an account hands its email to the Login form, and logging in goes on to the plan's checkout", async () => {
    const ip = { clientIp: "198.51.100.201" };
    const signUp = (await authAction({
      request: formPost("/auth", { intent: "signup", email: "maria@example.com", password: "a-long-passphrase" }),
      params: {},
      context: ip,
    } as never)) as { data: { ok: boolean; intent: string; message: string; email?: string } };
    expect(signUp.data).toMatchObject({ ok: true, intent: "signup", email: "maria@example.com" });
    expect(signUp.data.message).toBe("Success! Please log in to access your account.");

    const failed = (await authAction({
      request: formPost("/auth", { intent: "signup", email: "maria@example.com", password: "short" }),
      params: {},
      context: ip,
    } as never)) as { data: { ok: boolean; email?: string } };
    expect(failed.data.ok).toBe(false);
    expect(failed.data.email).toBeUndefined();

    const login = await authAction({
      request: formPost("/auth", {
        intent: "login",
        email: "maria@example.com",
        password: "a-long-passphrase",
        returnTo: "/checkout?plan=family",
      }),
      params: {},
      context: ip,
    } as never).catch((thrown: unknown) => thrown);
    expect(login).toBeInstanceOf(Response);
    expect((login as Response).headers.get("Location")).toBe("/checkout?plan=family");
    expect((login as Response).headers.getSetCookie().some((c) => c.startsWith("scam-free-returning=1"))).toBe(true);
  });

  it("My Account leads with 'Confirm your email' and 'Set up your family's training' until both are done", async () => {
    const { cookie, userId, subscriptionId } = await holderWithFamilyPlan(suite.handle, "dana@example.com", {
      people: ["gran@example.com"],
    });
    type AccountView = { emailConfirmed: boolean; trainingSetUp: boolean | null };
    const account = async () => (await callLoader<AccountView>(accountLoader, "/account", { Cookie: cookie })).data;

    await suite.handle.db.update(users).set({ emailVerified: false }).where(eq(users.id, userId));
    expect(await account()).toMatchObject({ emailConfirmed: false, trainingSetUp: false });

    // The last step is a notice to every address, the holder's own included.
    const [dana, gran] = await listContacts(suite.handle.db, subscriptionId);
    for (const person of [gran!, dana!]) {
      expect((await account()).trainingSetUp).toBe(false);
      const sent = await callAction(
        trainingAction,
        "/account/training",
        { intent: "send-notice", contactId: person.id },
        { headers: { Cookie: cookie } },
      );
      expect(sent.status).toBe(200);
    }
    expect((await account()).trainingSetUp).toBe(true);
  });

  it("someone with no Training Program has no set-up step", async () => {
    const cookie = (await holderWithFamilyPlan(suite.handle, "lee@example.com")).cookie;
    const view = (await callLoader<{ trainingSetUp: boolean | null }>(accountLoader, "/account", { Cookie: cookie }))
      .data;
    // Only the holder is in the program: there is nobody to set up, so the step is not done.
    expect(view.trainingSetUp).toBe(false);
  });
});
