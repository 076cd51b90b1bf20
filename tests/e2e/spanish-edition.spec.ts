import type { Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations, signedInAs, waitForReact } from "./fixtures";
import { expectFitsPhone } from "./phone-fit";
import { expectNoEnglish } from "./spanish-text";

/**
 * The Spanish edition (issue 39): /es and /es/check at 375 px, in Spanish from top to bottom, with
 * lang="es" and hreflang pairs; the checker answering a Spanish scam text in Spanish, with
 * JavaScript and without; the language switch (a plain link that remembers the choice); and
 * Accept-Language as a line that only suggests, never a redirect.
 */

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

const SPANISH_SCAM =
  "Aviso de peaje: tiene un saldo pendiente de $6.99. Pague hoy para evitar una multa de $50: https://peaje-cobro.top/pagar";

async function expectEditions(page: Page, english: string, spanish: string) {
  const alternates = await page
    .locator('head link[rel="alternate"][hreflang]')
    .evaluateAll((links) =>
      links.map((link) => [link.getAttribute("hreflang"), new URL(link.getAttribute("href")!).pathname]),
    );
  expect(alternates).toEqual([
    ["en", english],
    ["es", spanish],
    ["x-default", english],
  ]);
}

test("the Spanish home at 375 px: in Spanish throughout, lang and hreflang, no script, axe clean", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  const response = await page.goto("/es");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Viva seguro en el mundo digital");
  await expectEditions(page, "/", "/es");
  await expect(page.locator('head meta[property="og:locale"]')).toHaveAttribute("content", "es_US");
  // The plans in Spanish, with US prices.
  await expect(page.getByRole("heading", { name: "Entrenamiento familiar" })).toBeVisible();
  await expect(page.getByText("$25", { exact: true })).toBeVisible();
  // The course starts on its Spanish first page.
  await expect(page.getByRole("link", { name: "Empezar el curso GRATIS" })).toHaveAttribute(
    "href",
    "/es/course/scam-free/1",
  );
  await expectNoEnglish(page);
  await expectFitsPhone(page, "the Spanish home");
  await expectNoAxeViolations(page);
  expect(scripts).toEqual([]);
});

test("the Spanish plans page and a Spanish 404 at 375 px", async ({ page }) => {
  await page.goto("/es/pricing");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle(/^Precios \| scam-free$/);
  await expectEditions(page, "/pricing", "/es/pricing");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Elija su Programa de entrenamiento");
  await expect(page.getByRole("heading", { level: 2, name: "Aprendizaje" })).toBeVisible();
  await expect(page.getByText("$10", { exact: true })).toBeVisible();
  await expectNoEnglish(page);
  await expectFitsPhone(page, "the Spanish plans");
  await expectNoAxeViolations(page);

  const missing = await page.goto("/es/no-existe");
  expect(missing?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { name: "¡Uy! No encontramos esta página" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/es");
  await expect(page).toHaveTitle(/^Página no encontrada/);
});

test("'Volver a recibir mensajes de práctica' at 375 px: Spanish throughout, a refusal in Spanish, axe clean", async ({
  page,
}) => {
  await page.goto("/es/training/opt-in");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Volver a recibir mensajes de práctica");
  await expectEditions(page, "/training/opt-in", "/es/training/opt-in");
  await page.getByLabel("Correo electrónico o número de celular").fill("12");
  await page.getByRole("button", { name: "Enviarme el enlace" }).click();
  await expect(page.getByText("Revise la dirección")).toBeVisible();
  await expectNoEnglish(page);
  await expectFitsPhone(page, "the Spanish opt-in page");
  await expectNoAxeViolations(page);
});

test("the red-flag pages in Spanish: the index and a page, lang and hreflang, axe clean", async ({ page }) => {
  await page.goto("/es/red-flags");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Señales de alerta: cómo reconocer una estafa");
  await expectEditions(page, "/red-flags", "/es/red-flags");
  await expectNoEnglish(page);
  await page.getByRole("link", { name: "Plazos y cuentas regresivas" }).click();
  await expect(page).toHaveURL(/\/es\/red-flags\/deadlines$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plazos y cuentas regresivas");
  await expect(page.getByRole("heading", { level: 2, name: "Qué hacer" })).toBeVisible();
  await expectEditions(page, "/red-flags/deadlines", "/es/red-flags/deadlines");
  await expectNoEnglish(page);
  await expectFitsPhone(page, "a Spanish red-flag page");
  await expectNoAxeViolations(page);
  expect((await page.goto("/es/red-flags/no-such-flag"))?.status()).toBe(404);
});

test("¿Es una estafa? checks a Spanish scam text in the browser and answers in Spanish", async ({ page }) => {
  await page.goto("/es/check");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expectEditions(page, "/check", "/es/check");
  await waitForReact(page);

  // An empty form is refused in Spanish, by the same schema the server uses.
  await page.getByRole("button", { name: "Revisar este mensaje" }).click();
  await expect(page.getByText("Pegue el mensaje que quiere revisar.")).toBeVisible();

  await page.getByRole("textbox", { name: "El mensaje", exact: true }).fill(SPANISH_SCAM);
  await page.getByRole("button", { name: "Revisar este mensaje" }).click();
  const verdict = page.locator("#verdict-heading");
  await expect(verdict).toBeFocused();
  await expect(page.locator("[data-verdict]")).toHaveAttribute("data-verdict", "warning-signs");
  await expect(verdict).toContainText(/\d+ señales de alerta\. Trátelo como una estafa/);
  await expect(page.getByText("Una dirección web desechable", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Le pide que /)).toBeVisible();
  // "Más información" opens the Spanish red-flag page of the sign's kind.
  await expect(page.getByRole("link", { name: "Una dirección web desechable" }).first()).toHaveAttribute(
    "href",
    /^\/es\/red-flags\/[a-z-]+$/,
  );
  // Where to report, for US Spanish speakers.
  await expect(page.getByRole("link", { name: "ReporteFraude.ftc.gov" })).toHaveAttribute(
    "href",
    "https://reportefraude.ftc.gov/",
  );
  await expectNoEnglish(page);
  await expectFitsPhone(page, "a Spanish answer");
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server answers /es/check in Spanish, refusals included", async ({ page }) => {
    await page.goto("/es/check");
    await page.getByRole("button", { name: "Revisar este mensaje" }).click();
    await expect(page.getByText("Pegue el mensaje que quiere revisar.")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");

    await page.getByRole("textbox", { name: "El mensaje", exact: true }).fill(SPANISH_SCAM);
    await page.getByRole("button", { name: "Revisar este mensaje" }).click();
    await expect(page.locator("#verdict-heading")).toContainText("señales de alerta");
    await expect(page).toHaveURL(/\/es\/check$/);
    await expectNoEnglish(page);
  });

  test("the language switch is a link that remembers the choice; the line offers, never redirects", async ({
    page,
  }) => {
    await page.goto("/check");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // No choice yet and an English browser: no line.
    await expect(page.getByText("Esta página también está en español.")).toHaveCount(0);
    await page.getByRole("banner").getByRole("link", { name: "Español" }).click();
    await expect(page).toHaveURL(/\/es\/check$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¿Es una estafa?");

    // Back on an English page with a Spanish edition, the choice is remembered as a line.
    await page.goto("/");
    await expect(page).toHaveURL(/\/$/);
    const line = page.getByText("Esta página también está en español.");
    await expect(line).toBeVisible();
    await expect(page.getByRole("link", { name: "Leer en español" })).toHaveAttribute("href", /to=es/);
    await page.getByRole("button", { name: "No, gracias" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(line).toHaveCount(0);

    // The footer's switch from a page with no Spanish edition leads to the Spanish home.
    await page.goto("/support");
    await page.getByRole("contentinfo").getByRole("link", { name: "Español" }).click();
    await expect(page).toHaveURL(/\/es$/);
    // Until its stylesheet applies, the header shows both its switches (the wide menu's and the
    // narrow one's): wait for the page to finish loading, not only for its address.
    await page.waitForLoadState("load");
    await page.getByRole("banner").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

test.describe("a browser that reads Spanish first", () => {
  test.use({ locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9,en;q=0.5" } });

  test("sees the English home with a line offering Spanish, not a redirect", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const line = page.locator('[lang="es"]').filter({ hasText: "Esta página también está en español." });
    await expect(line).toBeVisible();
    expect(response?.headers()["vary"]).toMatch(/Accept-Language/);
    await line.getByRole("link", { name: "Leer en español" }).click();
    await expect(page).toHaveURL(/\/es$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Viva seguro en el mundo digital");
  });
});

test("the course's home in Spanish at 375 px: no script, the Spanish pages named, the track kept", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  const response = await page.goto("/es/course");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cursos gratis de ciberseguridad");
  await expectEditions(page, "/course", "/es/course");
  await expect(page.getByTestId("spanish-pages")).toHaveText(
    "En español: las páginas 1–10 y 14–19. El resto está en inglés por ahora, y sus enlaces lo indican.",
  );
  await expect(page.getByRole("link", { name: "Empezar el curso", exact: true })).toHaveAttribute(
    "href",
    "/es/course/scam-free/1",
  );
  await expectNoEnglish(page);
  await expectFitsPhone(page, "the Spanish course home");
  await expectNoAxeViolations(page);
  expect(scripts).toEqual([]);

  await page.getByRole("button", { name: "Niños" }).click();
  await expect(page).toHaveURL(/\/es\/course\?track=kids$/);
  await expect(page.getByTestId("track-hint")).toContainText("Niños (8 a 12 años)");
  await expect(page.getByRole("link", { name: "Empezar el curso", exact: true })).toHaveAttribute(
    "href",
    "/es/course/scam-free/1?track=kids",
  );
});

test("the course in Spanish at 375 px: a Spanish page in each track, its boxes and self-check in Spanish, English pages marked", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signedInAs(page, "spanish-course-reader");
  const response = await page.goto("/es/course/scam-free/15");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expectEditions(page, "/course/scam-free/15", "/es/course/scam-free/15");
  await expect(page.getByText("Módulo 1 · Lección 4: Estafas comunes")).toBeVisible();
  await expect(page.getByText("Página 15 de 46")).toBeVisible();
  const content = page.getByTestId("course-content");
  await expect(content.getByRole("complementary", { name: "Señales de alerta" })).toBeVisible();
  // The sidebar (folded on a phone) names Spanish pages in Spanish and marks the rest, which open in English.
  await page.getByText("Contenido del curso").click();
  const contents = page.getByRole("navigation", { name: "Contenido del curso" });
  await expect(contents.locator('a[href="/es/course/scam-free/1"]')).toContainText("Bienvenidos");
  const englishOnly = contents.locator('a[href="/course/scam-free/20"]');
  await expect(englishOnly).toHaveAttribute("hreflang", "en");
  await expect(englishOnly).toContainText("(en inglés)");
  await expectNoEnglish(page);
  await expectFitsPhone(page, "a Spanish course page");
  await expectNoAxeViolations(page);

  // Each track has its own Spanish page: the picker keeps the Spanish address.
  await page.getByRole("button", { name: "Niños" }).click();
  await expect(page).toHaveURL(/\/es\/course\/scam-free\/15\?track=kids$/);
  await expect(content).toHaveAttribute("data-track", "kids");
  await expect(page.getByRole("button", { name: "Niños" })).toHaveAttribute("aria-pressed", "true");
  // Every Kids page ends with a self-check: it answers in Spanish, its running total from the page's sentences.
  await expect(content.getByRole("heading", { name: "Autoevaluación" })).toBeVisible();
  const firstQuestion = content.locator("[data-self-check] fieldset").first();
  await firstQuestion.locator("input[data-right]").check();
  await expect(firstQuestion.getByText("¡Correcto!")).toBeVisible();
  await expect(content.locator("[data-self-check-total]")).toHaveText(/^1 de \d respondidas\.$/);
  await expectNoEnglish(page);

  // A page not written in Spanish opens in English, at its English address.
  await page.goto("/es/course/scam-free/20");
  await expect(page).toHaveURL(/\/course\/scam-free\/20(\?track=kids)?$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("the legal pages in Spanish say the English version is binding", async ({ page }) => {
  for (const [path, title] of [
    ["/es/terms", "Términos del servicio"],
    ["/es/privacy", "Política de privacidad"],
    ["/es/cookies", "Política de cookies"],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText("la versión en inglés es la que vale legalmente")).toBeVisible();
    await expect(page.getByText("Última actualización: 21 de noviembre de 2026")).toBeVisible();
    await expectEditions(page, path.slice(3), path);
    await expectNoEnglish(page);
  }
  await expectNoAxeViolations(page);
});
