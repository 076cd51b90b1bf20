import { request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { accounts, users } from "~/account/tables";
import { outboxMessages } from "~/mail/tables";
import { grantStaffRole } from "~/staff/grant.server";
import { practiceBrakes, practiceEvents } from "~/training/tables";
import { seedPracticeMessage } from "../support/practice-seeds";
import { openSpecDatabase, type SpecDatabase } from "../support/spec-database";
import { expectFitsPhone } from "./phone-fit";
import { expect, expectNoAxeViolations, signedInAs, test, toastWith, uniqueEmail, waitForHydration } from "./fixtures";

test.describe("program health for everyone else", () => {
  test("a visitor and a signed-in member get 404", async ({ page }) => {
    expect((await page.request.get("/staff/program")).status()).toBe(404);
    await signedInAs(page, "not-staff-program");
    const response = await page.request.get("/staff/program");
    expect(response.status()).toBe(404);
    expect(await response.text()).not.toContain("Program health");
    const post = await page.request.post("/staff/program", {
      form: { intent: "resume", id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(post.status()).toBe(404);
  });
});

/**
 * The staff page on a database of its own: a few practice messages sent today (one bounced, one
 * drew a complaint, one fell for) and a scenario brake holding, seeded from the test process.
 */
test.describe("program health for a staff member", () => {
  // The last test lifts the brake the others look for.
  test.describe.configure({ mode: "serial" });
  const staffEmail = uniqueEmail("program-staff");
  const password = "staff-secret-1";
  let database: SpecDatabase | undefined;
  let baseURL = "";
  const ip = () => `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${((Math.random() * 250) | 0) + 1}`;

  async function signedInStaff(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ baseURL, viewport, extraHTTPHeaders: { "X-Forwarded-For": ip() } });
    await context.addInitScript(() => window.localStorage.setItem("scam-free:newsletter-popup-seen", "seen"));
    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": ip() } });
    const login = await api.post("/auth", { form: { intent: "login", email: staffEmail, password }, maxRedirects: 0 });
    expect(login.status()).toBe(302);
    await context.addCookies((await api.storageState()).cookies);
    await api.dispose();
    return context.newPage();
  }

  test.beforeAll(async () => {
    database = await openSpecDatabase();
    const db = database.handle.db;
    // The account as sign-up makes it (better-auth's own password hash), written directly: the
    // sign-up action's module graph loads mail code this runner cannot import.
    const userId = randomUUID();
    await db.insert(users).values({ id: userId, name: "Program Staff", email: staffEmail, emailVerified: true });
    await db.insert(accounts).values({
      id: randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: await hashPassword(password),
    });
    expect(await grantStaffRole(db, staffEmail)).toBe("granted");
    const seeded = [];
    for (let i = 0; i < 4; i += 1)
      seeded.push(await seedPracticeMessage(db, { scenarioId: "email-lottery-processing-fee" }));
    await db
      .update(outboxMessages)
      .set({ bouncedAt: new Date() })
      .where(eq(outboxMessages.id, seeded[0]!.outboxMessageId));
    await db
      .update(outboxMessages)
      .set({ complainedAt: new Date() })
      .where(eq(outboxMessages.id, seeded[1]!.outboxMessageId));
    await db
      .insert(practiceEvents)
      .values({ messageId: seeded[2]!.messageId, kind: "clicked", occurredAt: new Date() });
    await db.insert(practiceBrakes).values({
      scope: "scenario",
      scenarioId: "email-lottery-processing-fee",
      reason: "Complaints 0.50% (1 of the last 200 practice emails), over the 0.3% limit",
    });
    baseURL = (await database.startServer()).url;
  });

  test.afterAll(async () => {
    await database?.remove();
  });

  for (const [name, viewport] of [
    ["a 375 px phone", { width: 375, height: 800 }],
    ["a desktop", { width: 1280, height: 900 }],
  ] as const) {
    test(`renders the chart, the table and the brakes on ${name}, axe clean`, async ({ browser }) => {
      const page = await signedInStaff(browser, viewport);
      const response = await page.goto("/staff/program");
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: "Program health" })).toBeVisible();
      const complaints = page.getByTestId("complaint-rate-chart");
      await expect(
        complaints.getByRole("img", { name: /Complaint rate per day, last 30 days: highest 25\.00%/ }),
      ).toBeVisible();
      await expect(complaints.locator("text", { hasText: "0.1% keep under" })).toHaveCount(1);
      await expect(complaints.locator("text", { hasText: "0.3% limit" })).toHaveCount(1);
      await expect(page.getByTestId("bounce-rate-chart").locator("text", { hasText: "2% limit" })).toHaveCount(1);
      const days = page.getByRole("table", { name: "Practice messages per day (UTC), newest first" });
      await expect(days).toBeVisible();
      const today = days.getByRole("row").nth(1);
      await expect(today.getByRole("cell")).toHaveText(["4", "3", "1", "1", "0", "0", "1", "25.00%", "25.00%"]);
      await expect(page.getByRole("table", { name: "Practice messages per scenario" })).toContainText(
        "email-lottery-processing-fee",
      );
      await expect(page.getByTestId("practice-brake")).toContainText("over the 0.3% limit");
      if (viewport.width === 375) await expectFitsPhone(page, "staff program");
      await expectNoAxeViolations(page);
      await page.context().close();
    });
  }

  test("a staff member resumes a brake", async ({ browser }) => {
    const page = await signedInStaff(browser, { width: 1280, height: 900 });
    await page.goto("/staff/program");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Resume: Scenario email-lottery-processing-fee" }).click();
    await expect(toastWith(page, "Resumed")).toContainText("can be chosen again");
    await expect(page.getByRole("heading", { name: "Brakes holding (0)" })).toBeVisible();
    await page.context().close();
  });
});
