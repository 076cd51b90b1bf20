import { buyFamilyPlan, confirmOwnEmail, expect, test, toastWith, uniqueEmail, waitForHydration } from "./fixtures";

/**
 * The embedded database (PGlite) is what a new user runs (`npm start` with no DATABASE_URL). When
 * the other specs run on PostgreSQL (TEST_DATABASE_URL, as CI runs them), this one runs against a
 * second server on PGlite, so the default stays covered end to end: sign-up through the form, the
 * demo checkout, and one practice message delivered to the local mailbox, with its feedback page.
 */
test("on the embedded database: sign up, buy Family Training, get a practice message and its feedback page", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("embedded");
  const password = "secret123";
  await page.goto("/auth?tab=signup");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(toastWith(page, "Registration successful")).toBeVisible();
  const login = page.getByRole("tabpanel", { name: "Login" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/account$/);

  await buyFamilyPlan(page, [uniqueEmail("embedded-kid")]);
  await expect(page.getByText("Active", { exact: true })).toBeVisible();

  const origin = new URL(page.url()).origin;
  await confirmOwnEmail(browser, origin, email);
  await page.goto("/account/training");
  await waitForHydration(page);
  const me = page.getByRole("group", { name: "Dana Rivera" });
  await me.getByRole("button", { name: "Yes, send me practice messages" }).click();
  await expect(me.getByText("Active", { exact: true })).toBeVisible();
  await me.getByRole("button", { name: "Send a practice message now to Dana Rivera" }).click();
  await expect(toastWith(page, "is on its way to Dana Rivera")).toBeVisible();

  // The outbox delivers it in the background: read the mailbox until it is there. Every practice
  // email carries its stop link (a "call this number" scam has no other link).
  // From this machine (the local mailbox answers only loopback), not the test's stand-in visitor address.
  const inbox = await browser.newPage({ baseURL: origin, extraHTTPHeaders: { "X-Forwarded-For": "127.0.0.1" } });
  let token = "";
  await expect(async () => {
    await inbox.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    const href = await inbox
      .getByRole("article", { name: "Selected message" })
      .locator('a[href*="/unsubscribe/"]')
      .first()
      .getAttribute("href", { timeout: 1_000 });
    token = /\/unsubscribe\/([\w-]{43})/.exec(href ?? "")![1];
  }).toPass({ timeout: 20_000 });
  const feedback = await inbox.goto(`/practice/${token}/feedback`);
  expect(feedback!.status()).toBe(200);
  await expect(inbox.getByRole("heading", { level: 1, name: "Here is what to look for" })).toBeVisible();
  expect(await inbox.locator("mark[data-red-flag]").count()).toBeGreaterThan(0);
  await expect(inbox.locator("main input:not([type=hidden]), main textarea, main select")).toHaveCount(0);
  await inbox.close();
});
