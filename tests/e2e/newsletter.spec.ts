import { test, expect, toastWith, uniqueEmail, waitForHydration } from "./fixtures";

test.describe("newsletter on the home page", () => {
  test("subscribes, clears the fields and then says 'Already subscribed' for the same address in another case", async ({ page }) => {
    const email = uniqueEmail("news");
    await page.goto("/");
    await waitForHydration(page);
    const section = page.locator("#newsletter");
    await section.getByLabel("Name (optional)").fill("Nia");
    await section.getByLabel("Email").fill(email);
    await section.getByRole("button", { name: "Subscribe" }).click();
    await expect(toastWith(page, "Success!")).toContainText("You've been subscribed to our newsletter.");
    await expect(section.getByLabel("Email")).toHaveValue("");

    await section.getByLabel("Email").fill(email.toUpperCase());
    await section.getByRole("button", { name: "Subscribe" }).click();
    await expect(toastWith(page, "Already subscribed")).toContainText("This email is already subscribed to our newsletter.");
  });

  test("an empty email gives 'Email required'", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const section = page.locator("#newsletter");
    await section.getByRole("button", { name: "Subscribe" }).click();
    await expect(toastWith(page, "Email required")).toContainText("Please enter your email address.");
  });

  test("the server refuses an empty email with 400 even without the browser's checks", async ({ request }) => {
    const response = await request.post("/newsletter", { form: { email: "" } });
    expect(response.status()).toBe(400);
  });
});

test.describe("newsletter without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts and the result page shows the outcome", async ({ page }) => {
    await page.goto("/");
    const section = page.locator("#newsletter");
    await section.getByLabel("Email").fill(uniqueEmail("nojs"));
    await section.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("status")).toContainText("You've been subscribed to our newsletter.");
  });
});

test.describe("newsletter pop-up", () => {
  test.use({ freshVisitor: true });

  test("appears once for a new visitor, can be dismissed, and does not come back", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.mouse.wheel(0, 20_000);
    const popup = page.getByRole("dialog", { name: "Get free scam alerts" });
    await expect(popup).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();
    await page.reload();
    await waitForHydration(page);
    await page.mouse.wheel(0, 20_000);
    await page.waitForTimeout(500);
    await expect(popup).toBeHidden();
  });

  test("subscribes from the pop-up", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.mouse.wheel(0, 20_000);
    const popup = page.getByRole("dialog", { name: "Get free scam alerts" });
    await popup.getByLabel("Email").fill(uniqueEmail("popup"));
    await popup.getByRole("button", { name: "Subscribe" }).click();
    await expect(toastWith(page, "Success!")).toContainText("You've been subscribed to our newsletter.");
    await expect(popup).toBeHidden();
  });
});
