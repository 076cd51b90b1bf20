import { test, expect, toastWith, uniqueEmail, waitForHydration } from "./fixtures";

test.describe("support", () => {
  test("sends a message: toast, cleared form, a confirmation in the mailbox", async ({ page }) => {
    const email = uniqueEmail("support");
    await page.goto("/support");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Support", level: 1 })).toBeVisible();
    await expect(page.getByText("We typically reply within 24 business hours.")).toBeVisible();
    await page.getByLabel("Name").fill("Ruth Park");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Subject (optional)").fill("Is this text real?");
    await page.getByLabel("Message").fill("I got a text saying my bank account is locked. What should I do?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toastWith(page, "Message sent!")).toContainText("We'll get back to you as soon as possible.");
    await expect(page.getByLabel("Message")).toHaveValue("");

    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole("list", { name: "Messages" })).toContainText(
      "We received your message to scam-free support",
    );
  });

  test("an empty form says 'Missing information' in the browser; the server answers 400 too", async ({
    page,
    request,
  }) => {
    await page.goto("/support");
    await waitForHydration(page);
    await page.getByLabel("Subject (optional)").fill("Only a subject");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toastWith(page, "Missing information")).toContainText("Please fill in all required fields.");
    await expect(page.locator("#support-message-error")).toHaveText("Please fill in all required fields.");
    const response = await request.post("/support", { form: { name: "A", email: "", message: "" } });
    expect(response.status()).toBe(400);
  });
});

test.describe("support without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts and the page shows the outcome", async ({ page }) => {
    await page.goto("/support");
    await page.getByLabel("Name").fill("No Script");
    await page.getByLabel("Email").fill(uniqueEmail("support-nojs"));
    await page.getByLabel("Message").fill("Sent with JavaScript turned off.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toContainText("Message sent!");
    await expect(page.getByRole("status")).toContainText("We'll get back to you as soon as possible.");
  });
});
