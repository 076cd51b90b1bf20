import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page, Response } from "@playwright/test";
import { test, expect, expectMenuOpen, expectNoAxeViolations, signedInAs, siteMenu } from "./fixtures";

/**
 * Pages that need no JavaScript ship none (issue #24, decision 037): the route says so in its
 * handle, and the root leaves React Router's scripts out. Their one widget, the phone menu, is the
 * platform's popover, so it works the same with JavaScript on or off.
 */
const READING_PAGES: [path: string, heading: string][] = [
  ["/terms", "Terms of Service"],
  ["/privacy", "Privacy Policy"],
  ["/cookies", "Cookie Policy"],
  ["/red-flags", "Red flags: how to spot a scam"],
  ["/red-flags/deadlines", "Deadlines and countdowns"],
  ["/course", "Free Cybersecurity Courses"],
];

const PHONE = { width: 375, height: 812 };

/** Every script the page asked for, from the first request on. */
function scriptRequests(page: Page) {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  return scripts;
}

for (const [path, heading] of READING_PAGES) {
  test(`${path} loads no script at all, and its menu works from the keyboard at 375 px`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    const scripts = scriptRequests(page);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    await expect(page.locator("script")).toHaveCount(0);
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);

    const { button, panel } = siteMenu(page);
    await button.focus();
    await page.keyboard.press("Enter");
    await expectMenuOpen(page, true);
    await expect(panel.getByRole("link", { name: "Community Forum" })).toBeVisible();
    // Inside the viewport, not sideways.
    const box = (await panel.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expectMenuOpen(page, false);
    await expect(button).toBeFocused();
    expect(scripts).toEqual([]);
  });
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the menu opens, leads on, and closes with a tap outside", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/terms");
    const { button, panel } = siteMenu(page);
    await button.click();
    await expectMenuOpen(page, true);
    await page.mouse.click(PHONE.width / 2, PHONE.height - 20);
    await expectMenuOpen(page, false);
    await button.click();
    await panel.getByRole("link", { name: "Free Course", exact: true }).click();
    await expect(page).toHaveURL(/\/course$/);
    await expectMenuOpen(page, false);
  });

  test("the sample emails dialog opens from the keyboard at 375 px, and its Check leads on", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    const samples = page.getByRole("button", { name: /Practice scam emails and texts.*see samples/ });
    await samples.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Sample Practice Scam Emails" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(samples).toBeFocused();
    await page.keyboard.press("Enter");
    await dialog.getByRole("checkbox").first().focus();
    await page.keyboard.press("Space");
    await dialog.getByRole("button", { name: "Check" }).click();
    await expect(page.locator("#taste").getByTestId("taste-score")).toContainText(/You found \d of \d red flags/);
  });
});

test("a message from the step before shows as text on a page without scripts", async ({ page }) => {
  // Signing in leaves a one-time "Login successful" message for the next page.
  await signedInAs(page, "no-script-flash");
  const scripts = scriptRequests(page);
  await page.goto("/course");
  await expect(page.getByRole("status").filter({ hasText: "Login successful" })).toContainText("Welcome back!");
  expect(scripts).toEqual([]);
  // Once only.
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "Login successful" })).toHaveCount(0);
});

test("pages that need React still hydrate on load, and the menu closes when React Router changes page", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signedInAs(page, "menu-client-navigation");
  await page.goto("/support");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  const { button, panel } = siteMenu(page);
  await button.click();
  await expectMenuOpen(page, true);
  await panel.getByRole("link", { name: "Weekly Lessons", exact: true }).click();
  await expect(page).toHaveURL(/\/weekly-lessons$/);
  await expectMenuOpen(page, false);
});

test("a page React owns leads to a page without scripts as a whole page load, so that page's own scripts run", async ({
  page,
}) => {
  /** Marks this document: a change React Router makes in the browser keeps the mark, a page load does not. */
  const markDocument = () => page.evaluate(() => document.documentElement.setAttribute("data-left-alone", ""));
  const expectWholePage = async () => {
    await expect(page.locator("html[data-left-alone]")).toHaveCount(0);
    await expect(page.locator("script[type=module]")).toHaveCount(0);
  };
  const nav = page.getByRole("navigation", { name: "Main" });
  await signedInAs(page, "whole-page-loads");

  await page.goto("/support");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  await markDocument();
  await nav.getByRole("link", { name: "Free Course" }).click();
  await expect(page.getByRole("heading", { name: "Free Cybersecurity Courses" })).toBeVisible();
  await expectWholePage();
  // Its links are whole page loads again: the course page gets its own inline script.
  await page.getByRole("link", { name: "Start Course" }).click();
  await expect(page).toHaveURL(/\/course\/scam-free\/1$/);
  await expectWholePage();
  await expect(page.locator("script:not([src])")).not.toHaveCount(0);

  await page.goto("/account");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  await markDocument();
  await nav.getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectWholePage();
  // Home's pop-up watcher and dialog fallback are inline scripts, there as on a first visit.
  await expect(page.locator("script:not([src])")).not.toHaveCount(0);
});

/** The text of every script the page loads, from the first request until the network is idle. */
async function scriptTextsOf(page: Page, path: string) {
  const texts: Promise<string>[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === "script") texts.push(response.text());
  };
  page.on("response", collect);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  page.off("response", collect);
  return (await Promise.all(texts)).join("\n");
}

test("pages that need React load only the widgets they use: the account dialog on My Account, the trainer with the trainer", async ({
  page,
}) => {
  // Markers that survive minifying: the dialog library's component name and the trainer's words.
  const DIALOG = "DialogContent";
  const TRAINER = "Good instinct: here is why it is not counted.";
  await signedInAs(page, "split-widgets");
  for (const pathname of ["/community", "/support", "/checkout", "/account/training"]) {
    const scripts = await scriptTextsOf(page, pathname);
    expect([pathname, scripts.length > 0]).toEqual([pathname, true]);
    expect([pathname, scripts.includes(DIALOG)]).toEqual([pathname, false]);
    expect([pathname, scripts.includes(TRAINER)]).toEqual([pathname, false]);
  }
  // The markers are the right ones: My Account loads the dialog, and the trainer's chunk (for the
  // members' practice page) carries its words.
  expect(await scriptTextsOf(page, "/account")).toContain(DIALOG);
  const assets = join(import.meta.dirname, "../../build/client/assets");
  const chunks = readdirSync(assets).filter((name) => name.endsWith(".js"));
  expect(chunks.some((name) => readFileSync(join(assets, name), "utf8").includes(TRAINER))).toBe(true);
});
