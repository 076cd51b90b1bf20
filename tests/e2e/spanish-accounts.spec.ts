import {
  expect,
  expectNoAxeViolations,
  openLatestMail,
  test,
  toastWith,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";
import { expectFitsPhone } from "./phone-fit";
import { expectNoEnglish } from "./spanish-text";

/**
 * The account in Spanish (issue #39): /es/auth creates an account that keeps its language, so its
 * confirmation and reset emails come in Spanish and lead to the Spanish pages; the forms refuse bad
 * input in Spanish, in the browser and on the server, at 375 px.
 */

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

test("sign up, confirm and sign in in Spanish: the forms, the answers and the emails", async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("cuenta-es");
  await page.goto("/es/auth?tab=signup");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acceso a su cuenta");
  const signup = page.getByRole("tabpanel", { name: "Crear cuenta" });
  // The newsletter is English: the Spanish form does not offer it.
  await expect(signup.getByRole("checkbox")).toHaveCount(0);
  await signup.getByLabel("Correo electrónico").fill(email);
  await signup.getByLabel("Contraseña").fill("12345");
  await signup.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(signup.locator("#signup-password-error")).toHaveText("La contraseña debe tener al menos 6 caracteres");
  await expectNoEnglish(page);
  await expectFitsPhone(page, "the Spanish sign-up form");
  await expectNoAxeViolations(page);

  await signup.getByLabel("Contraseña").fill("secreto12");
  await signup.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(toastWith(page, "Cuenta creada")).toContainText("Ahora inicie sesión");
  await expect(page.getByRole("tab", { name: "Iniciar sesión" })).toHaveAttribute("aria-selected", "true");

  // The confirmation email is in Spanish and opens the Spanish page.
  const mail = await openLatestMail(page, email, "Confirme su correo electrónico para scam-free");
  const link = await mail.getByRole("link", { name: /\/es\/confirm-email\?token=/ }).getAttribute("href");
  await page.goto(link!);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.getByRole("button", { name: "Confirmar mi correo" }).click();
  await expect(page.getByRole("heading", { name: "Correo confirmado" })).toBeVisible();
  await expectNoEnglish(page);

  // Signing in: a wrong password in Spanish, then in.
  await page.getByRole("link", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/es\/auth$/);
  await waitForHydration(page);
  const login = page.getByRole("tabpanel", { name: "Iniciar sesión" });
  await login.getByLabel("Correo electrónico").fill(email);
  await login.getByLabel("Contraseña").fill("equivocada1");
  await login.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(toastWith(page, "No se pudo iniciar sesión")).toContainText(
    "El correo o la contraseña no son correctos",
  );
  await login.getByLabel("Contraseña").fill("secreto12");
  await login.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(toastWith(page, "Sesión iniciada")).toBeVisible();
});

test("a forgotten password in Spanish: the email, the link and the form", async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("clave-es");
  const created = await page.request.post("/es/auth", { form: { intent: "signup", email, password: "antigua12" } });
  expect(created.status()).toBe(200);

  await page.goto("/es/auth");
  await page.getByRole("link", { name: "¿Olvidó su contraseña?" }).click();
  await expect(page).toHaveURL(/\/es\/forgot-password$/);
  await waitForHydration(page);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByRole("button", { name: "Enviar el enlace" }).click();
  await expect(page.getByRole("status")).toContainText("Si hay una cuenta con ese correo");
  await expectNoEnglish(page);

  const mail = await openLatestMail(page, email, "Cambie su contraseña de scam-free");
  const link = await mail.getByRole("link", { name: /reset-password/ }).getAttribute("href");
  await page.goto(link!);
  await expect(page).toHaveURL(/\/es\/reset-password\?token=/);
  await waitForHydration(page);
  await page.getByLabel("Contraseña nueva").fill("nueva1234");
  await page.getByLabel("Escríbala otra vez").fill("nueva1235");
  await page.getByRole("button", { name: "Guardar la contraseña nueva" }).click();
  await expect(page.locator("#reset-confirm-error")).toHaveText("Las dos contraseñas no coinciden.");
  await expectNoEnglish(page);
  await page.getByLabel("Escríbala otra vez").fill("nueva1234");
  await page.getByRole("button", { name: "Guardar la contraseña nueva" }).click();
  await expect(page).toHaveURL(/\/es\/auth$/);
  await expect(toastWith(page, "Contraseña cambiada")).toBeVisible();
  await openLatestMail(page, email, "Se cambió su contraseña de scam-free");
});

test("the server refuses bad input on the Spanish forms in Spanish, with a 400 and nothing stored", async ({
  request,
}) => {
  const email = uniqueEmail("malo-es");
  const short = await request.post("/es/auth", { form: { intent: "signup", email, password: "123" } });
  expect(short.status()).toBe(400);
  expect(await short.text()).toContain("La contraseña debe tener al menos 6 caracteres");
  const noEmail = await request.post("/es/forgot-password", { form: { email: "" } });
  expect(noEmail.status()).toBe(400);
  expect(await noEmail.text()).toContain("Escriba su correo electrónico.");
  // No account was made: signing in with that address fails as any unknown address does.
  const login = await request.post("/es/auth", { form: { intent: "login", email, password: "123456" } });
  expect(login.status()).toBe(401);
});
