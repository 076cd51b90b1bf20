import type { Page } from "@playwright/test";
import { test, expect, uniqueEmail } from "./fixtures";
import { subscribeThroughMailbox } from "./newsletter-mailbox";

/**
 * Subscribes through the real endpoint, confirms from the emailed link, and reads the unsubscribe
 * link from the welcome email in the local mailbox.
 */
async function subscribeAndGetLink(page: Page, label: string) {
  const email = uniqueEmail(label);
  await subscribeThroughMailbox(page, email);
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const message = page.getByRole("article", { name: "Selected message" });
  await expect(message).toContainText("You're subscribed to scam-free scam alerts");
  const href = await message
    .getByRole("link", { name: /\/unsubscribe\?token=/ })
    .first()
    .getAttribute("href");
  expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=[0-9a-f]{32}$/);
  return { email, link: href! };
}

test.describe("one-click unsubscribe", () => {
  test("opening the link only asks; the button unsubscribes; opening it again says so", async ({ page }) => {
    const { email, link } = await subscribeAndGetLink(page, "unsub");
    await page.goto(link);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Unsubscribe from the newsletter?" })).toBeVisible();
    // The address is shown masked: whoever holds the link learns no more than they had.
    await expect(page.locator("main strong")).toHaveText(new RegExp(`^${email[0]}\\*+@example\\.com$`));
    expect(await page.content()).not.toContain(email);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "You have been unsubscribed" })).toBeVisible();
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Already unsubscribed" })).toBeVisible();
  });

  test("a mail provider's one-click POST from another origin works; other cross-site POSTs are still refused", async ({
    page,
  }) => {
    const { link } = await subscribeAndGetLink(page, "oneclick");
    const response = await page.request.post(link, {
      headers: { Origin: "https://mail.example.net", "Content-Type": "application/x-www-form-urlencoded" },
      data: "List-Unsubscribe=One-Click",
    });
    expect(response.status()).toBe(200);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Already unsubscribed" })).toBeVisible();

    const crossSite = await page.request.post("/newsletter", {
      headers: { Origin: "https://mail.example.net" },
      form: { email: uniqueEmail("csrf") },
    });
    expect(crossSite.status()).toBe(403);
  });

  test("a broken or unknown link shows a clear page and changes nothing", async ({ page }) => {
    const broken = await page.goto("/unsubscribe?token=not-a-token");
    expect(broken?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
    const unknown = await page.goto(`/unsubscribe?token=${"f".repeat(32)}`);
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Subscription not found" })).toBeVisible();
    const posted = await page.request.post(`/unsubscribe?token=${"f".repeat(32)}`, {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(posted.status()).toBe(404);
  });
});
