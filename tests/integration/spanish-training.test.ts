import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { callRoute } from "../support/accounts";
import { callAction, callLoader } from "../support/route-calls";
import { signedInCookie } from "../support/users";
import { createTestFamily } from "../support/training-family";
import { FAMILY_TABLES } from "../support/family-tables";
import { users } from "~/account/tables";
import { members } from "~/billing/tables";
import { outboxMessages } from "~/mail/tables";
import { deliveryChecks, practiceSuppressions, trainingContacts } from "~/training/tables";
import { translatorFor } from "~/i18n/translate";
import type { TrainingPageView } from "~/training/people/contact-view";
import type { TrainingResult } from "~/training/people/contact-schema";
import { action as trainingAction, loader as trainingLoader } from "~/routes/account.training";
import { loader as checkLoader } from "~/routes/practice.check";
import { action as optInAction } from "~/routes/training.opt-in";
import { action as optInConfirmAction } from "~/routes/training.opt-in.confirm";
import type { FormResult } from "~/validation/form-result";
import { formPost } from "../support/requests";

/**
 * Your Training Program in Spanish (/es/account/training, issue #39): the same loader, action and
 * schemas as /account/training, its words and every answer in Spanish, nothing written on a
 * refusal; and a delivery test reaches a person in the language they read, whoever pressed it.
 */
const es = translatorFor("es");

describe.each(DATABASE_TARGETS)("Your Training Program in Spanish on $name", (target) => {
  // The family's tables, and the delivery tests the last case sends (emptied first: they name a person).
  const suite = databaseForSuite(target, [deliveryChecks, ...FAMILY_TABLES]);
  const db = () => suite.handle.db;

  /** Maria reads Spanish; her mother Rosa (Spanish) said yes, her son Luis (English) has not. */
  async function family() {
    const cookie = await signedInCookie(suite.handle, "maria@example.com");
    const [user] = await db().select().from(users).where(eq(users.email, "maria@example.com"));
    await db().update(users).set({ emailVerified: true, language: "es" }).where(eq(users.id, user!.id));
    const made = await createTestFamily(db(), {
      holderName: "Maria Lopez",
      holderEmail: "maria@example.com",
      userId: user!.id,
      contacts: [
        { name: "Rosa", ageBand: "older-adult", email: "rosa.lopez@gmail.com", language: "es", consent: true },
        { name: "Luis", ageBand: "adult", email: "luis@example.com", language: "en", consent: false },
      ],
    });
    // The people are on the page already: nothing is left to copy in from the checkout.
    await db().delete(members);
    return { cookie, ...made };
  }

  const page = (cookie: string, path = "/es/account/training") =>
    callLoader<{ view: TrainingPageView }>(trainingLoader, path, { Cookie: cookie });
  const post = (cookie: string, fields: Record<string, string>) =>
    callAction<TrainingResult>(trainingAction, "/es/account/training", fields, { headers: { Cookie: cookie } });
  const contactCount = async () => (await db().select().from(trainingContacts)).length;

  it("words each card in Spanish, and the English page stays English", async () => {
    const { cookie } = await family();
    const { status, data } = await page(cookie);
    expect(status).toBe(200);
    if (data.view.kind !== "program") throw new Error("expected a program");
    expect(data.view.planName).toBe(es("planName.family"));
    const rosa = data.view.contacts.find((contact) => contact.name === "Rosa");
    const luis = data.view.contacts.find((contact) => contact.name === "Luis");
    expect(rosa).toMatchObject({ statusLabel: "Activo", ageBandLabel: es("checkout.ageBand.olderAdult") });
    expect(rosa!.addresses[0]!.delivery?.steps.language).toBe("es");
    expect(luis).toMatchObject({ statusLabel: "Esperando su sí", ageBandLabel: es("checkout.ageBand.adult") });

    const english = await page(cookie, "/account/training");
    if (english.data.view.kind !== "program") throw new Error("expected a program");
    const labels = Object.fromEntries(english.data.view.contacts.map((contact) => [contact.name, contact.statusLabel]));
    expect(labels).toEqual({ Rosa: "Active", Luis: "Waiting for consent" });
    const rosaInEnglish = english.data.view.contacts.find((contact) => contact.name === "Rosa");
    expect(rosaInEnglish!.addresses[0]!.delivery?.steps.language).toBe("en");
  });

  const person = {
    intent: "add",
    name: "Ana",
    ageBand: "adult",
    email: "ana@example.com",
    phone: "",
    emailEnabled: "on",
    timeZone: "America/Chicago",
    language: "es",
  };

  it.each([
    ["no name", { ...person, name: " " }, "name", es("people.nameRequired")],
    ["HTML in the name", { ...person, name: "<b>Ana</b>" }, "name", es("name.rule", { max: 60 })],
    ["a 5,000-character name", { ...person, name: "a".repeat(5000) }, "name", es("name.rule", { max: 60 })],
    ["no age band", { ...person, ageBand: "" }, "ageBand", es("people.ageBandRequired")],
    ["a bad email", { ...person, email: "ana@" }, "email", es("people.emailInvalid")],
    [
      "a 300-character email",
      { ...person, email: `${"a".repeat(290)}@example.com` },
      "email",
      es("people.emailTooLong"),
    ],
    ["a bad phone", { ...person, phone: "call me" }, "phone", es("people.invalidPhone")],
    ["texts without a phone", { ...person, smsEnabled: "on" }, "phone", es("people.textsNeedPhone")],
    ["an unknown time zone", { ...person, timeZone: "Mars/Olympus" }, "timeZone", es("people.timeZoneRequired")],
    ["an unknown language", { ...person, language: "fr" }, "language", es("checkout.languageChoice")],
  ])("refuses %s in Spanish and adds nobody", async (_label, fields, field, message) => {
    const { cookie } = await family();
    const before = await contactCount();
    const { status, data } = await post(cookie, fields);
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, title: "Revise los datos", fields: { [field]: message } });
    expect(await contactCount()).toBe(before);
  });

  it("answers an unknown action and another family's person in Spanish", async () => {
    const { cookie } = await family();
    const unknown = await post(cookie, { intent: "launch" });
    expect(unknown.status).toBe(400);
    expect(unknown.data.message).toBe("No conocemos esa acción.");
    const stranger = await post(cookie, { intent: "pause", contactId: "00000000-0000-4000-8000-000000000000" });
    expect(stranger.status).toBe(404);
    expect(stranger.data).toMatchObject({ title: "No se encontró", message: es("people.notFound") });
  });

  it("adds a person, pauses and sends a test with Spanish answers; the test is in the language its reader reads", async () => {
    const { cookie, contacts } = await family();
    const added = await post(cookie, person);
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ ok: true, title: "Agregamos a Ana" });
    expect(added.data.message).toContain("No se envía nada hasta que diga que sí");

    const rosa = contacts[0]!;
    const test = await post(cookie, { intent: "send-test", contactId: rosa.id, channel: "email" });
    expect(test.status).toBe(200);
    expect(test.data.title).toBe("Prueba enviada");
    const [email] = await db().select().from(outboxMessages).where(eq(outboxMessages.template, "delivery-check"));
    expect(email!.subject).toBe(es("deliveryCheck.emailSubject"));
    expect(email!.textBody).toContain("Hola, Rosa:");
    expect(email!.htmlBody).toContain('<html lang="es">');

    // The page the test's link opens speaks Spanish too.
    const [check] = await db().select().from(deliveryChecks);
    const opened = await callRoute(checkLoader, new Request(`http://localhost:3000/practice/check/${check!.token}`), {
      token: check!.token,
    });
    expect((opened.value as { data: { language: string } }).data.language).toBe("es");

    const paused = await post(cookie, { intent: "pause", contactId: rosa.id });
    expect(paused.data).toMatchObject({ ok: true, title: "Rosa quedó en pausa" });
  });

  it("'Volver a recibir mensajes de práctica': the page, its refusals, the link's email and its page in Spanish", async () => {
    const optInPost = (path: string, fields: Record<string, string>) =>
      callAction<FormResult>(optInAction, path, fields);
    // Bad input: a Spanish 400 from the same schema, and nothing sent.
    for (const address of ["", "12", "<b>x</b>@"]) {
      const refused = await optInPost("/es/training/opt-in", { address });
      expect(refused.status, address).toBe(400);
      expect(refused.data).toMatchObject({ title: "Revise la dirección", message: es("optIn.addressInvalid") });
    }
    expect(await db().select().from(outboxMessages)).toEqual([]);

    // An address that said no asks from the Spanish page: its link comes in Spanish, to the Spanish page.
    await db()
      .insert(practiceSuppressions)
      .values({ address: "rosa.lopez@gmail.com", channel: "email", reason: "no-thanks" });
    const asked = await optInPost("/es/training/opt-in", { address: "Rosa.Lopez@gmail.com" });
    expect(asked.status).toBe(200);
    expect(asked.data).toEqual({ ok: true, title: "Revise sus mensajes", message: es("optIn.sent") });
    const [mail] = await db().select().from(outboxMessages);
    expect(mail).toMatchObject({ recipient: "rosa.lopez@gmail.com", subject: es("optIn.link.subject") });
    expect(mail!.htmlBody).toContain('<html lang="es">');
    expect(mail!.textBody).toContain("Quiero volver a recibir mensajes de práctica: http://");
    const token = mail!.textBody.match(/\/es\/training\/opt-in\/([A-Za-z0-9_-]+)/)![1]!;

    // Its page refuses anything but its button in Spanish, then lifts the refusal with a Spanish answer.
    const confirmPost = (fields: Record<string, string>) =>
      callRoute(optInConfirmAction, formPost(`/es/training/opt-in/${token}`, fields), { token });
    const wrong = await confirmPost({ intent: "stop" });
    expect(wrong.value).toMatchObject({
      data: { ok: false, title: "No se cambió nada", message: es("optIn.confirm.useButton") },
      init: { status: 400 },
    });
    expect(await db().select().from(practiceSuppressions)).toHaveLength(1);
    const lifted = await confirmPost({ intent: "lift" });
    expect(lifted.value).toMatchObject({ data: { ok: true, title: "Listo", message: es("optIn.confirm.done") } });
    expect(await db().select().from(practiceSuppressions)).toEqual([]);

    // The English page still answers in English, word for word.
    const english = await optInPost("/training/opt-in", { address: "12" });
    expect(english.data).toMatchObject({
      title: "Check the address",
      message: translatorFor("en")("optIn.addressInvalid"),
    });
  });
});
