import {
  expect,
  expectNoAxeViolations,
  holdSuccessPageMove,
  holdTheMove,
  openLatestMail,
  test,
  toastWith,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";
import { expectFitsPhone } from "./phone-fit";
import { expectNoEnglish } from "./spanish-text";

/**
 * Buying in Spanish (issue #39), at 375 px: the Spanish plans page → the Spanish sign-in page, the
 * plan kept → /es/checkout, its checks in Spanish → the demo payment page and the page after it in
 * Spanish → My Account in Spanish → the receipt in Spanish in the holder's inbox.
 */

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

test("a family buys the Training Program in Spanish, with a Spanish-speaking grandmother", async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("familia-es");
  const grandmother = uniqueEmail("abuela-es");

  // An account made in Spanish, its address confirmed (a receipt goes only to a confirmed address).
  const created = await page.request.post("/es/auth", { form: { intent: "signup", email, password: "secreto12" } });
  expect(created.status()).toBe(200);
  const mail = await openLatestMail(page, email, "Confirme su correo electrónico para scam-free");
  await page.goto((await mail.getByRole("link", { name: /\/es\/confirm-email\?token=/ }).getAttribute("href"))!);
  await page.getByRole("button", { name: "Confirmar mi correo" }).click();
  await expect(page.getByRole("heading", { name: "Correo confirmado" })).toBeVisible();

  // The Spanish plans page leads to the Spanish checkout, through the Spanish sign-in page.
  await page.goto("/es/pricing");
  await page.getByRole("link", { name: "Proteger a su familia" }).click();
  await expect(page).toHaveURL(/\/es\/auth\?returnTo=%2Fes%2Fcheckout%3Fplan%3Dfamily$/);
  await expect(toastWith(page, "Necesita iniciar sesión")).toContainText("Inicie sesión para completar su compra.");
  await expect(page.getByText("Entrenamiento familiar, $25 al mes")).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Iniciar sesión" }).click();
  const login = page.getByRole("tabpanel", { name: "Iniciar sesión" });
  await login.getByLabel("Correo electrónico").fill(email);
  await login.getByLabel("Contraseña").fill("secreto12");
  await login.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/es\/checkout\?plan=family$/);

  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Complete su membresía");
  await expect(page.getByTestId("order-total")).toHaveText("$25.00 al mes");
  await expect(page.getByLabel("Correo electrónico principal")).toHaveValue(email);
  const submit = page.getByRole("button", { name: "Completar el pago" });
  await page.getByLabel("Nombre completo").fill("Dana Rivera");
  // The button waits for the first family member, and says so in Spanish.
  await expect(submit).toBeDisabled();
  await expect(page.locator("#checkout-blocker")).toHaveText(
    "Correo electrónico del familiar 1: Escriba el correo electrónico de al menos un familiar más.",
  );
  await page.locator("#member-name-1").fill("Rosa");
  await page.locator("#member-age-band-1").selectOption({ label: "Adulto mayor" });
  await page.locator("#member-language-1").selectOption("es");
  await page.locator("#member-email-1").fill("no es un correo");
  await page.locator("#member-email-1").blur();
  await expect(page.locator("#member-email-1-error")).toHaveText(
    "Escriba un correo electrónico válido, como nombre@ejemplo.com.",
  );
  await expectNoEnglish(page);
  await expectFitsPhone(page, "the Spanish checkout");
  await expectNoAxeViolations(page);
  await page.locator("#member-email-1").fill(grandmother);
  await expect(submit).toBeEnabled();
  await submit.click();

  // The demo payment page, in Spanish.
  await expect(page).toHaveURL(/\/es\/checkout\/demo\/demo_cs_/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagar Entrenamiento familiar");
  await expect(page.getByText("Para 2 personas")).toBeVisible();
  await expectNoEnglish(page);
  await expectNoAxeViolations(page);
  // The page after paying moves on to My Account after 2 s; held still here to be looked at.
  await holdSuccessPageMove(page);
  await page.evaluate(holdTheMove);
  await page.getByRole("button", { name: "Pagar $25.00" }).click();

  await expect(page).toHaveURL(/\/es\/checkout\/success\?session_id=demo_cs_/);
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago completado!" })).toBeVisible();
  await expect(page.getByText("Gracias por unirse al Entrenamiento familiar.")).toBeVisible();
  await expect(toastWith(page, "¡Suscripción activa!")).toBeVisible();
  await expectNoEnglish(page);
  await expectFitsPhone(page, "the Spanish page after paying");
  await expectNoAxeViolations(page);

  // My Account, in Spanish: the plan, what is left to do, and the forms.
  await page.getByRole("link", { name: "Ver su cuenta" }).click();
  await expect(page).toHaveURL(/\/es\/account$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi cuenta");
  await expect(page.getByRole("heading", { name: "Próximos pasos" })).toBeVisible();
  await expect(page.getByText("Activa", { exact: true })).toBeVisible();
  await expect(page.getByTestId("member-emails")).toHaveText(grandmother);
  await page.getByText("Borrar mi cuenta", { exact: true }).first().click();
  await page.getByRole("button", { name: "Borrar mi cuenta" }).click();
  await expect(page.getByText("Marque la casilla para confirmar").first()).toBeVisible();
  await expectNoEnglish(page);
  await expectFitsPhone(page, "My Account in Spanish");
  await expectNoAxeViolations(page);

  const receipt = await openLatestMail(page, email, "Recibo: su Entrenamiento familiar ya empezó");
  await expect(receipt).toContainText("Hola, Dana Rivera:");
  await expect(receipt).toContainText(`Rosa (${grandmother})`);
});
