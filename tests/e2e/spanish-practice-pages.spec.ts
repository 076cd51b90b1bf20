import { eq } from "drizzle-orm";
import { seedPracticeMessage } from "../support/practice-seeds";
import { createTestFamily } from "../support/training-family";
import { practiceAddressConsents } from "~/training/tables";
import { openSpecDatabase, type SpecDatabase } from "../support/spec-database";
import { test, expect, expectNoAxeViolations } from "./fixtures";
import { expectFitsPhone } from "./phone-fit";
import { expectNoEnglish } from "./spanish-text";

/**
 * A Spanish practice message's link, at 375 px (issue #39): its landing page, the feedback page
 * and the stop page are in Spanish, marked lang="es", axe clean, with no English left outside
 * what is marked lang="en" (a source's English title). The grandmother's walk, from the pages a
 * practice message opens.
 */
test.describe("the pages after a Spanish practice message's link", () => {
  test.describe.configure({ mode: "default" });
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  const SCENARIO = "email-es-mayor-loteria-sorteo-latino";
  let database: SpecDatabase | undefined;
  let baseURL = "";
  let token = "";
  let consentToken = "";

  test.beforeAll(async () => {
    database = await openSpecDatabase();
    token = (await seedPracticeMessage(database.handle.db, { scenarioId: SCENARIO, ageBand: "older-adult" })).token;
    // A grandmother who reads Spanish, whose notice went out and who has not answered yet.
    const family = await createTestFamily(database.handle.db, {
      holderName: "Dana Rivera",
      holderEmail: "dana.rivera@example.com",
      contacts: [{ name: "Rosa", ageBand: "older-adult", consent: false, language: "es" }],
    });
    const [row] = await database.handle.db
      .select({ token: practiceAddressConsents.token })
      .from(practiceAddressConsents)
      .where(eq(practiceAddressConsents.address, family.contacts[0]!.email!));
    consentToken = row!.token;
    baseURL = (await database.startServer()).url;
  });

  test.afterAll(async () => {
    await database?.remove();
  });

  test("landing, then feedback in Spanish; 'La descubrí' is not offered after a fall; stop in one step", async ({
    page,
  }) => {
    await page.goto(`${baseURL}/practice/${token}`);
    await expect(page.locator('[lang="es"]').first()).toBeVisible();
    await expect(page.getByText("Página de práctica: no se guarda nada de lo que escriba.")).toBeVisible();
    await expectNoEnglish(page);
    await page.getByRole("button", { name: "Liberar mi premio" }).click();

    await expect(
      page.getByRole("heading", { level: 1, name: "Era una práctica y no pasó nada. Esto es lo que podía delatarla" }),
    ).toBeVisible();
    await expect(
      page.getByText("Este era un mensaje de práctica de scam-free. No pasó nada, y no se guarda nada"),
    ).toBeVisible();
    await expect(page.getByRole("article", { name: "El correo de práctica tal como llegó" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Las señales de alerta" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Qué hacer la próxima vez" })).toBeVisible();
    // "Más información" opens the Spanish red-flag pages.
    expect(await page.locator('a[href*="/es/red-flags/"]').count()).toBeGreaterThan(0);
    await expect(page.getByRole("button", { name: "La descubrí" })).toHaveCount(0);
    await expectNoEnglish(page);
    await expectNoAxeViolations(page);
    await expectFitsPhone(page, "feedback in Spanish");

    await page.getByRole("link", { name: "Dejar los mensajes de práctica" }).click();
    await expect(page.getByRole("heading", { name: "¿Dejar los mensajes de práctica?" })).toBeVisible();
    await expectNoEnglish(page);
    await page.getByRole("button", { name: "Dejar los mensajes de práctica" }).click();
    await expect(page.getByRole("heading", { name: "Mensajes de práctica cancelados" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("her consent page: in Spanish from the header to the footer, the facts before the buttons, a Spanish yes", async ({
    page,
  }) => {
    await page.goto(`${baseURL}/training/consent/${consentToken}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(
      page.getByRole("heading", { level: 1, name: "Dana le invita a practicar cómo reconocer estafas" }),
    ).toBeVisible();
    await expect(page.getByText("Hola, Rosa:")).toBeVisible();
    await expect(page.getByText("no dirá que es de práctica")).toBeVisible();
    await expectNoEnglish(page);
    await expectNoAxeViolations(page);
    await expectFitsPhone(page, "consent page in Spanish");
    await page.getByRole("button", { name: "Sí, envíenme mensajes de práctica" }).click();
    await expect(page.getByText("Recibirá como máximo un mensaje de práctica por semana.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Ya recibe mensajes de práctica" })).toBeVisible();
    // The steps that make practice messages arrive are written in Spanish for her too.
    const steps = page.locator('[lang="es"]').filter({ hasText: /Correo no deseado|Spam|Remitentes desconocidos/ });
    await expect(steps.first()).toBeVisible();
    await expectNoEnglish(page);
    await expectNoAxeViolations(page);
  });
});
