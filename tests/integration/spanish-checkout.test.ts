import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { callRoute, signedInUser } from "../support/accounts";
import { formPost, unwrapData } from "../support/requests";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { accounts, sessions, users } from "~/account/tables";
import {
  checkoutSessions,
  customers,
  demoSubscriptions,
  members,
  paymentEvents,
  subscriptions,
} from "~/billing/tables";
import { outboxMessages } from "~/mail/tables";
import { trainingContacts, trainingPrograms } from "~/training/tables";
import { requestLimits } from "~/security/tables";
import { resetEnvForTests } from "~/config/env.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { action as demoPayAction, loader as demoLoader } from "~/routes/checkout.demo";
import { loader as successLoader } from "~/routes/checkout.success";
import { action as accountAction, loader as accountLoader } from "~/routes/account";
import { action as portalAction } from "~/routes/account.portal";
import { action as demoPortalAction } from "~/routes/account.demo-portal";
import type { CheckoutFormResult } from "~/billing/checkout-form";
import { checkoutMessagesFor } from "~/billing/checkout-schema";
import { translatorFor } from "~/i18n/translate";

/**
 * /es/checkout and /es/account (issue #39): the same forms, schemas and payment as /checkout and
 * /account, answering in Spanish, and a checkout begun in Spanish stays in Spanish up to the
 * receipt in the holder's inbox.
 */
const get = (path: string, cookie?: string) =>
  new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} });

const es = checkoutMessagesFor(translatorFor("es"));

const family = {
  plan: "family",
  name: "Dana Rivera",
  email: "dana@example.com",
  phone: "",
  memberEmail: ["abuela@example.com", "", "", ""],
  memberPhone: ["", "", "", ""],
  memberName: ["Rosa", "", "", ""],
  memberAgeBand: ["older-adult", "", "", ""],
  memberLanguage: ["es", "en", "en", "en"],
};

describe.each(DATABASE_TARGETS)("the Spanish checkout and account page on $name", (target) => {
  let handle: DatabaseHandle;
  const checkoutRows = async () =>
    (await handle.db.select({ n: sql<number>`count(*)::int` }).from(checkoutSessions))[0].n;

  beforeAll(async () => {
    handle = await target.open();
    resetEnvForTests();
  });
  afterAll(async () => handle.close());
  beforeEach(async () => {
    useDatabaseForTests(handle);
    for (const table of [
      trainingContacts,
      trainingPrograms,
      paymentEvents,
      demoSubscriptions,
      checkoutSessions,
      members,
      subscriptions,
      customers,
      outboxMessages,
      requestLimits,
      sessions,
      accounts,
      users,
    ]) {
      await handle.db.delete(table);
    }
  });

  /** A buyer whose account was made on the Spanish edition, its email confirmed. */
  async function spanishBuyer() {
    const account = await signedInUser(handle.db, family.email);
    await handle.db.update(users).set({ emailVerified: true, language: "es" }).where(eq(users.id, account.id));
    return account;
  }

  async function checkout(fields: Record<string, string | string[]>, cookie: string) {
    const { value, thrown } = await callRoute(checkoutAction, formPost("/es/checkout", fields, { Cookie: cookie }));
    if (thrown) return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
    const { status, data } = unwrapData<CheckoutFormResult>(value);
    return { status, location: null, data };
  }

  it("sends a signed-out visitor to the Spanish sign-in page, the plan kept", async () => {
    const page = await callRoute(checkoutLoader, get("/es/checkout?plan=family"));
    expect(page.thrown?.status).toBe(302);
    expect(page.thrown?.headers.get("Location")).toBe("/es/auth?returnTo=%2Fes%2Fcheckout%3Fplan%3Dfamily");
    const posted = await callRoute(checkoutAction, formPost("/es/checkout", family));
    expect(posted.thrown?.headers.get("Location")).toBe("/es/auth?returnTo=%2Fes%2Fcheckout");
    expect(await checkoutRows()).toBe(0);
  });

  it.each([
    ["no plan", { ...family, plan: "" }, "plan", es.required],
    ["an unknown plan id", { ...family, plan: "platinum" }, "plan", es.required],
    ["no name", { ...family, name: "  " }, "name", es.nameRequired],
    [
      "HTML in the name",
      { ...family, name: "<script>alert(1)</script>" },
      "name",
      translatorFor("es")("name.rule", { max: 60 }),
    ],
    [
      "a 10,000-character name",
      { ...family, name: "n".repeat(10_000) },
      "name",
      translatorFor("es")("name.rule", { max: 60 }),
    ],
    [
      "a Cyrillic letter inside a name",
      { ...family, name: "Pаypal Rivera" },
      "name",
      translatorFor("es")("name.mixedScript"),
    ],
    ["letters in the phone", { ...family, phone: "llámame" }, "phone", es.invalidPhone],
    [
      "no family member",
      { ...family, memberEmail: ["", "", "", ""], memberName: ["", "", "", ""], memberAgeBand: ["", "", "", ""] },
      "memberEmail1",
      es.firstMember,
    ],
    [
      "a member without an age group",
      { ...family, memberAgeBand: ["", "", "", ""] },
      "memberAgeBand1",
      es.memberAgeBand,
    ],
    [
      "a member with the holder's email",
      { ...family, memberEmail: [family.email, "", "", ""] },
      "memberEmail1",
      es.duplicateEmail,
    ],
    [
      "an unknown language",
      { ...family, memberLanguage: ["fr", "en", "en", "en"] },
      "memberLanguage1",
      es.languageChoice,
    ],
    [
      "a 300-character member email",
      { ...family, memberEmail: [`${"a".repeat(290)}@example.com`, "", "", ""] },
      "memberEmail1",
      translatorFor("es")("auth.emailTooLong", { max: 254 }),
    ],
  ])("refuses %s with a Spanish message and writes nothing", async (_case, fields, field, message) => {
    const { cookie } = await spanishBuyer();
    const answer = await checkout(fields as Record<string, string | string[]>, cookie);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, title: "Revise sus datos" });
    expect(answer.data?.fields?.[field]).toBe(message);
    expect(await checkoutRows()).toBe(0);
  });

  it("answers a different primary email in Spanish, naming the account's", async () => {
    const { cookie } = await spanishBuyer();
    const answer = await checkout({ ...family, email: "someone-else@example.com" }, cookie);
    expect(answer.status).toBe(400);
    expect(answer.data?.title).toBe("Use el correo electrónico de su cuenta");
    expect(answer.data?.fields?.email).toContain("dana@example.com");
  });

  it("/es/checkout → the Spanish demo payment → the Spanish success page → a Spanish receipt", async () => {
    const { cookie } = await spanishBuyer();
    const started = await checkout(family, cookie);
    expect(started.status).toBe(302);
    expect(started.location).toMatch(/^\/es\/checkout\/demo\/demo_cs_[0-9a-f]{24}$/);
    const sessionId = started.location!.replace("/es/checkout/demo/", "");

    const payPage = (await callRoute(demoLoader, get(started.location!, cookie), { sessionId })).value!;
    expect(payPage).toMatchObject({ plan: { id: "family", price: 25 }, people: 2 });
    const paid = await callRoute(demoPayAction, formPost(started.location!, {}, { Cookie: cookie }), { sessionId });
    expect(paid.thrown?.headers.get("Location")).toBe(`/es/checkout/success?session_id=${sessionId}`);

    const success = await callRoute(successLoader, get(`/es/checkout/success?session_id=${sessionId}`, cookie));
    expect(success.value).toEqual({ state: "success", planName: "Entrenamiento familiar" });
    const stranger = await callRoute(successLoader, get("/es/checkout/success?session_id=demo_cs_nope", cookie));
    expect(stranger.value).toEqual({
      state: "failed",
      message: "No pudimos verificar su suscripción",
      details: "Este pago no pertenece a su cuenta, o no existe.",
    });

    // The grandmother reads Spanish: her language is kept with her place on the plan.
    const [grandmother] = await handle.db
      .select({ language: members.language })
      .from(members)
      .where(eq(members.email, "abuela@example.com"));
    expect(grandmother?.language).toBe("es");

    const [receipt] = await handle.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, "subscription-started"));
    expect(receipt.recipient).toBe("dana@example.com");
    expect(receipt.subject).toBe("Recibo: su Entrenamiento familiar ya empezó");
    expect(receipt.textBody).toContain("Hola, Dana Rivera:");
    expect(receipt.textBody).toContain("$25.00 al mes, con renovación el ");
    expect(receipt.textBody).toContain("Rosa (abuela@example.com)");
    expect(receipt.textBody).not.toMatch(/\b(Thank you|Hello|your family)\b/);
    expect(receipt.textBody).toContain("/es/account/training");

    // "Administrar la suscripción" opens the Spanish demo portal, which answers in Spanish and
    // comes back to the Spanish account page.
    const portal = await callRoute(
      portalAction,
      formPost("/account/portal", { language: "es" }, { Cookie: cookie, Accept: "application/json" }),
    );
    expect(await (portal.value as Response).json()).toEqual({ success: true, url: "/es/account/demo-portal" });
    const refused = await callRoute(
      demoPortalAction,
      formPost("/es/account/demo-portal", { change: "<b>gratis</b>" }, { Cookie: cookie }),
    );
    expect(unwrapData(refused.value)).toMatchObject({ status: 400, data: { message: "No conocemos ese cambio." } });
    const changed = await callRoute(
      demoPortalAction,
      formPost("/es/account/demo-portal", { change: "cancel-at-period-end" }, { Cookie: cookie }),
    );
    expect(changed.thrown?.headers.get("Location")).toBe("/es/account/demo-portal");
  });

  /** Posts to /es/account's action: its answer's status and data, a plain Response, or what it threw (a redirect). */
  async function onSpanishAccount(
    fields: Record<string, string>,
    cookie: string,
  ): Promise<{ status?: number; data?: Record<string, unknown>; response?: Response; thrown?: Response }> {
    try {
      const value = await accountAction({
        request: formPost("/es/account", fields, { Cookie: cookie }),
        params: {},
        context: { clientIp: "203.0.113.9" },
      } as never);
      return value instanceof Response ? { response: value } : unwrapData<Record<string, unknown>>(value);
    } catch (thrown) {
      return { thrown: thrown as Response };
    }
  }

  it("/es/account answers in Spanish: its forms' refusals, a wrong password, and signing out to /es", async () => {
    const { cookie } = await spanishBuyer();
    const page = await callRoute(accountLoader, get("/es/account", cookie));
    expect(page.value).toMatchObject({ email: family.email, subscription: null });
    const anonymous = await callRoute(accountLoader, get("/es/account"));
    expect(anonymous.thrown?.headers.get("Location")).toBe("/es/auth?returnTo=%2Fes%2Faccount");

    const unticked = await onSpanishAccount({ intent: "delete-account", password: "secret-pass-1" }, cookie);
    expect(unticked).toMatchObject({
      status: 400,
      data: { ok: false, title: "No se borró nada", fields: { confirm: expect.stringContaining("Marque la casilla") } },
    });
    const wrong = await onSpanishAccount({ intent: "delete-account", confirm: "yes", password: "equivocada" }, cookie);
    expect(wrong).toMatchObject({
      status: 403,
      data: { fields: { password: "Esa no es su contraseña. Escriba la que usa para iniciar sesión." } },
    });
    const digest = await onSpanishAccount({ intent: "scam-update-digest", enabled: "maybe" }, cookie);
    expect(digest).toMatchObject({
      status: 400,
      data: { title: "No se cambió nada", message: "Use la casilla de la página de su cuenta." },
    });
    const unknown = await onSpanishAccount({ intent: "delete-everything" }, cookie);
    expect(unknown.response?.status).toBe(400);
    expect(await unknown.response?.text()).toBe("Acción desconocida.");
    expect(await handle.db.select().from(users)).toHaveLength(1);

    const signedOut = await onSpanishAccount({ intent: "signout" }, cookie);
    expect(signedOut.thrown?.headers.get("Location")).toBe("/es");
    expect(await handle.db.select().from(sessions)).toHaveLength(0);
  });
});
