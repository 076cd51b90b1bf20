import { readFileSync } from "node:fs";
import { request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import { signUp } from "~/account/account-actions.server";
import { grantStaffRole } from "~/staff/grant.server";
import { openSpecDatabase, type SpecDatabase } from "../support/spec-database";
import { test, expect, signedInAs, toastWith, uniqueEmail, waitForHydration } from "./fixtures";
import { confirmNewsletterFromMailbox } from "./newsletter-mailbox";

const STAFF_PATHS = [
  "/staff",
  "/staff/comments",
  "/staff/support",
  "/staff/subscribers",
  "/staff/subscribers.csv",
  "/staff/anything-else",
];

test.describe("staff console for everyone else", () => {
  test("anonymous visitors and signed-in members get 404 for every /staff path", async ({ page }) => {
    for (const pathname of STAFF_PATHS) {
      const response = await page.request.get(pathname);
      expect(response.status(), `anonymous ${pathname}`).toBe(404);
    }
    const shown = await page.goto("/staff");
    expect(shown?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();

    await signedInAs(page, "not-staff");
    for (const pathname of STAFF_PATHS) {
      const response = await page.request.get(pathname);
      expect(response.status(), `member ${pathname}`).toBe(404);
      expect(await response.text()).not.toContain("Staff console");
    }
    const post = await page.request.post("/staff/comments", {
      form: { intent: "delete", id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(post.status()).toBe(404);
    await page.goto("/account");
    await expect(page.getByRole("link", { name: "Open the staff console" })).toHaveCount(0);
  });
});

/**
 * The staff console driven in the browser as a staff member would. The staff account is made in a
 * database of this suite's own, from the test process, with the same function `npm run
 * staff:grant` calls (tests/integration/staff.test.ts covers the script); then the server starts on it.
 */
test.describe("staff console for a staff member", () => {
  const tag = `T${Date.now().toString(36)}`;
  const staffEmail = uniqueEmail("staff");
  const password = "staff-secret-1";
  const pageErrors: string[] = [];
  let database: SpecDatabase | undefined;
  let baseURL = "";
  const ip = () => `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${((Math.random() * 250) | 0) + 1}`;

  async function newPage(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": ip() } });
    await context.addInitScript(() => window.localStorage.setItem("scam-free:newsletter-popup-seen", "seen"));
    const page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
    return page;
  }

  test.beforeAll(async ({ browser }) => {
    database = await openSpecDatabase();
    const signup = await signUp(new Request("http://127.0.0.1/auth", { method: "POST" }), {
      email: staffEmail,
      password,
    });
    expect(signup.result.ok).toBe(true);
    expect(await grantStaffRole(database.handle.db, staffEmail)).toBe("granted");
    baseURL = (await database.startServer()).url;

    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": ip() } });
    const comment = (name: string, text: string) =>
      api.post("/community", { form: { intent: "post", name, email: uniqueEmail("c"), comment: text, rating: "5" } });
    expect((await comment(`${tag} Visible`, "A story anyone can read")).status()).toBe(200);
    expect((await comment(`${tag} Held`, "https://a.example https://b.example https://c.example")).status()).toBe(202);
    const support = await api.post("/support", {
      form: { name: `${tag} Asker`, email: uniqueEmail("asker"), subject: `${tag} question`, message: "Is this real?" },
    });
    expect(support.status()).toBe(200);
    const subscriber = uniqueEmail("csv");
    expect((await api.post("/newsletter", { form: { email: subscriber, name: "=1+2" } })).status()).toBe(200);
    await api.dispose();
    // Only a confirmed address is a subscriber: its owner presses the emailed link's button.
    // The local mailbox answers only this machine, so the pages here name no other client.
    const mailbox = await browser.newContext({ baseURL });
    const reader = await mailbox.newPage();
    await reader.route(/./, async (route) => {
      const headers = { ...route.request().headers() };
      delete headers["x-forwarded-for"];
      await route.continue({ headers });
    });
    await confirmNewsletterFromMailbox(reader, subscriber);
    await mailbox.close();
  });

  test.afterAll(async () => {
    await database?.remove();
  });

  test("a staff member moderates comments, handles support and exports subscribers", async ({ browser }) => {
    const page = await newPage(browser);
    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByRole("tabpanel", { name: "Login" }).getByLabel("Email").fill(staffEmail);
    await page.getByRole("tabpanel", { name: "Login" }).getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await page.getByRole("link", { name: "Open the staff console" }).click();
    await expect(page).toHaveURL(/\/staff$/);
    await expect(page.getByTestId("count-comments")).toHaveText("1");
    await expect(page.getByTestId("count-support")).toHaveText("1");

    // Moderation: approve the held comment, hide the other; the forum follows for everyone else.
    const visitor = await newPage(browser);
    await visitor.goto("/community");
    await expect(visitor.getByRole("article", { name: `Comment by ${tag} Visible` })).toBeVisible();
    await expect(visitor.getByRole("article", { name: `Comment by ${tag} Held` })).toHaveCount(0);

    await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Comments" }).click();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Waiting for review (1)" })).toBeVisible();
    await page.getByRole("button", { name: `Approve comment by ${tag} Held` }).click();
    await expect(toastWith(page, "Done")).toContainText("The comment is visible on the forum.");
    await expect(page.getByRole("heading", { name: "Waiting for review (0)" })).toBeVisible();
    await page.getByRole("button", { name: `Hide comment by ${tag} Visible` }).click();
    await expect(toastWith(page, "The comment is hidden from the forum.")).toBeVisible();

    await visitor.reload();
    await expect(visitor.getByRole("article", { name: `Comment by ${tag} Held` })).toBeVisible();
    await expect(visitor.getByRole("article", { name: `Comment by ${tag} Visible` })).toHaveCount(0);

    await page.getByRole("button", { name: `Delete comment by ${tag} Held` }).click();
    await expect(toastWith(page, "The comment was deleted.")).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole("article", { name: `Comment by ${tag} Held` })).toHaveCount(0);

    // Support inbox.
    await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Support inbox" }).click();
    const request = page.getByTestId("support-request").filter({ hasText: `${tag} question` });
    await expect(request).toContainText("Is this real?");
    await request.getByRole("button", { name: "Mark handled" }).click();
    await expect(request).toContainText("Handled");
    await expect(request.getByRole("button", { name: "Reopen" })).toBeVisible();

    // Subscribers and the CSV export.
    await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Subscribers" }).click();
    await expect(page.getByRole("table")).toContainText("=1+2");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv.split("\r\n")[0]).toBe("email,name,source,status,subscribed_at,unsubscribed_at,provider_synced_at");
    expect(csv).toContain(`"'=1+2"`);
    const response = await page.request.get("/staff/subscribers.csv");
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(pageErrors, "uncaught errors in the page").toEqual([]);
  });
});
