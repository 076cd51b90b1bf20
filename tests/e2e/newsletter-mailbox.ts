import type { Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";

/**
 * The newsletter's double opt-in as its subscriber meets it: the confirmation email in the local
 * mailbox, its link (which only shows a button), then the button. Leaves the page on "You're
 * subscribed". `scripts: false` for a page with JavaScript off, which never hydrates.
 */
export async function confirmNewsletterFromMailbox(page: Page, email: string, { scripts = true } = {}) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const message = page.getByRole("article", { name: "Selected message" });
  await expect(message).toContainText("Confirm your scam-free scam alerts subscription");
  const href = await message
    .getByRole("link", { name: /\/newsletter\/confirm\?token=/ })
    .first()
    .getAttribute("href");
  expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}$/);
  await page.goto(href!);
  await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
  if (scripts) await waitForHydration(page);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { name: "You're subscribed" })).toBeVisible();
}

/** Signs up through the real endpoint and confirms from the mailbox: the address is then on the list. */
export async function subscribeThroughMailbox(page: Page, email: string) {
  const response = await page.request.post("/newsletter", { form: { email } });
  expect(response.status()).toBe(200);
  await confirmNewsletterFromMailbox(page, email);
}
