import type { Page } from "@playwright/test";
import { loadScamUpdateFiles } from "../../app/scam-updates/scam-update-files.server";
import { buyFamilyPlan, expect, signedInAs, test, uniqueEmail, waitForHydration } from "./fixtures";

/**
 * Scam alerts on the members' Weekly Lessons page and priority support. Works for whatever alerts
 * content/updates/ holds (the build serves the same files): none is fine too.
 */
const UPDATES = loadScamUpdateFiles();

/** Text from every alert that must never reach someone who is not a member. */
const SECRET_TEXT = UPDATES.flatMap((update) => [
  update.title,
  update.summary,
  update.sources[0]!.url,
  // A sentence from the body, which only the alert page shows.
  update.body
    .split("\n")
    .find((line) => line.length > 60 && !line.startsWith("#") && !line.startsWith("-"))!
    .slice(0, 60),
]);

const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

async function expectNoUpdateText(html: string) {
  for (const text of SECRET_TEXT) {
    expect(html).not.toContain(text);
    expect(html).not.toContain(escapeHtml(text));
    expect(html).not.toContain(escapeHtml(text).replaceAll("'", "&#x27;"));
  }
  expect(html).not.toContain("Scam alerts, newest first");
}

async function becomeMember(page: Page) {
  await signedInAs(page, "alerts");
  await buyFamilyPlan(page, [uniqueEmail("family")]);
}

test("a non-member gets no alert content, signed out or signed in", async ({ page }) => {
  const slug = UPDATES[0]?.slug ?? "2026-11-20-any-alert";
  const listOut = await page.request.get("/weekly-lessons");
  expect(listOut.status()).toBe(200);
  await expectNoUpdateText(await listOut.text());
  const alertOut = await page.request.get(`/weekly-lessons/updates/${slug}`, { maxRedirects: 0 });
  expect(alertOut.status()).toBe(302);
  expect(alertOut.headers()["location"]).toMatch(/^\/auth/);
  await expectNoUpdateText(await alertOut.text());

  await signedInAs(page, "not-member");
  const listIn = await page.request.get("/weekly-lessons");
  await expectNoUpdateText(await listIn.text());
  const alertIn = await page.request.get(`/weekly-lessons/updates/${slug}`, { maxRedirects: 0 });
  expect(alertIn.status()).toBe(302);
  expect(alertIn.headers()["location"]).toBe("/weekly-lessons");
  await expectNoUpdateText(await alertIn.text());
  // The page's data request too (client navigation), not only the HTML.
  const dataIn = await page.request.get(`/weekly-lessons/updates/${slug}.data`, { maxRedirects: 0 });
  await expectNoUpdateText(await dataIn.text());

  await page.goto("/weekly-lessons");
  await expect(page.getByRole("heading", { name: "Weekly Cyber Security Lessons" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Scam alerts" })).toHaveCount(0);
});

test("a member sees the alerts newest first and opens one with its dated sources", async ({ page }) => {
  await becomeMember(page);
  await page.goto("/weekly-lessons");
  await expect(page.getByRole("heading", { name: "Scam alerts" })).toBeVisible();
  const items = page.getByTestId("scam-update");
  await expect(items).toHaveCount(UPDATES.length);
  if (UPDATES.length === 0) {
    await expect(page.getByText("There are no scam alerts yet.")).toBeVisible();
    return;
  }
  await expect(items.getByRole("heading", { level: 3 })).toHaveText(UPDATES.map((update) => update.title));
  await expect(items.first()).toContainText(UPDATES[0]!.summary);
  await expect(items.first()).toContainText(`For: ${UPDATES[0]!.audience}`);
  await expect(items.first().locator("time")).toHaveAttribute("datetime", UPDATES[0]!.published);

  const newest = UPDATES[0]!;
  await items.first().getByRole("link", { name: newest.title }).click();
  await expect(page).toHaveURL(new RegExp(`/weekly-lessons/updates/${newest.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: newest.title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "What is happening" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "What to do" })).toBeVisible();
  const sources = page.getByRole("region", { name: "Sources" });
  for (const source of newest.sources) {
    await expect(sources.getByRole("link", { name: source.title })).toHaveAttribute("href", source.url);
    await expect(sources.locator(`time[datetime="${source.date}"]`)).toBeVisible();
  }
  await expect(page.getByText(/^Last reviewed/)).toBeVisible();
  await expect(page.locator(`time[datetime="${newest.lastReviewed}"]`).last()).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  const missing = await page.request.get("/weekly-lessons/updates/2020-01-01-no-such-alert");
  expect(missing.status()).toBe(404);
});

test("the weekly alerts email is off until a member turns it on from the account page, and turns off again", async ({
  page,
}) => {
  await becomeMember(page);
  await waitForHydration(page);
  const box = page.getByRole("checkbox", { name: /Email me on Mondays when there are new scam alerts/ });
  // Nobody ticked it: it is not ticked for them (issue #35).
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole("button", { name: "Save email setting" }).click();
  await expect(page.getByText("Weekly scam alerts on").first()).toBeVisible();
  await page.reload();
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByRole("button", { name: "Save email setting" }).click();
  await expect(page.getByText("Weekly scam alerts off").first()).toBeVisible();
  await page.reload();
  await expect(box).not.toBeChecked();
});

test("the support page tells members, and only members, that they are answered first", async ({ page }) => {
  const note = "You're a Training Program member, so we answer your requests first.";
  await page.goto("/support");
  await expect(page.getByRole("heading", { name: "Send us a message" })).toBeVisible();
  await expect(page.getByText(note)).toHaveCount(0);
  await signedInAs(page, "support-visitor");
  await page.goto("/support");
  await expect(page.getByText(note)).toHaveCount(0);

  await buyFamilyPlan(page, [uniqueEmail("family")]);
  await page.goto("/support");
  await expect(page.getByTestId("priority-support-note")).toHaveText(note);
});

test("the unsubscribe page asks first and explains a bad link", async ({ page }) => {
  await page.goto(`/scam-updates/unsubscribe?token=${"A".repeat(43)}`);
  await expect(page.getByRole("heading", { name: "Link not found" })).toBeVisible();
  await page.goto("/scam-updates/unsubscribe?token=bad");
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
});
