import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { seedPracticeMessage } from "../support/practice-seeds";
import { openSpecDatabase, type SpecDatabase } from "../support/spec-database";
import { test, expect } from "./fixtures";
import { expectFitsPhone } from "./phone-fit";

/**
 * A practice message's link, its landing page and the feedback page, in a browser. The practice
 * messages are written into a database of this spec's own through the app's modules, then the
 * built server starts on it.
 */
test.describe("a practice message's landing and feedback pages", () => {
  // One server for the file: its tests run in order in one worker.
  test.describe.configure({ mode: "default" });

  const root = process.cwd();
  const EMAIL = "email-already-friends-request";
  const SMS = "sms-account-locked-unlock";
  const tokens: Record<string, string> = {};
  let database: SpecDatabase | undefined;
  let baseURL = "";
  /** Locally the practice host is the site's on the other loopback name (PRACTICE_LINK_ORIGIN's default). */
  const practiceOrigin = () => baseURL.replace("127.0.0.1", "localhost");

  const redFlagCount = (scenarioId: string) =>
    readFileSync(path.join(root, "content/practice", `${scenarioId}.md`), "utf8").match(/^ {2}- quote:/gm)!.length;

  test.beforeAll(async () => {
    database = await openSpecDatabase();
    for (const [scenarioId, ageBand] of [
      [EMAIL, "child"],
      [SMS, "adult"],
    ] as const) {
      const seeded = await seedPracticeMessage(database.handle.db, {
        scenarioId,
        ageBand,
        phone: scenarioId.startsWith("sms-") ? "+15555550160" : null,
      });
      tokens[scenarioId] = seeded.token;
    }
    baseURL = (await database.startServer()).url;
  });

  test.afterAll(async () => {
    await database?.remove();
  });

  /** The red flags are numbered 1..N, each highlighted once in the message and explained once in the list. */
  async function expectNumberedRedFlags(page: Page, count: number) {
    const numbers = Array.from({ length: count }, (_, i) => String(i + 1));
    const marks = page.locator("mark[data-red-flag]");
    await expect(marks).toHaveCount(count);
    // Numbered in reading order: 1, 2, 3 … down the message.
    expect(await marks.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-red-flag")))).toEqual(numbers);
    const list = page.getByRole("list", { name: /red flags|clues/i });
    await expect(list.getByRole("listitem")).toHaveCount(count);
    expect(
      await list.getByRole("listitem").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-red-flag"))),
    ).toEqual(numbers);
    for (const number of numbers) {
      await expect(page.locator(`mark[data-red-flag="${number}"]`)).toContainText(`Red flag ${number}:`);
    }
  }

  test("the link's page has one button and no inputs; pressing it leads to the numbered feedback, at 375 px and on a desktop", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const response = await page.goto(`${baseURL}/practice/${tokens[EMAIL]}`);
    expect(response!.status()).toBe(200);
    const headers = response!.headers();
    expect(headers["cache-control"]).toBe("private, no-store");
    expect(headers["referrer-policy"]).toContain("same-origin");
    // The page answers on the practice host (the site's own one sent it there), and loads no script.
    expect(new URL(page.url()).host).toBe(new URL(practiceOrigin()).host);
    await expect(page.locator("script[src]")).toHaveCount(0);
    expect(headers["x-robots-tag"]).toContain("noindex");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1, name: "Maya Robertson wants to be friends" })).toBeVisible();
    const main = page.locator("main");
    // The invented organisation's page: its name over the heading, none of the site's header,
    // footer or links.
    await expect(main.getByText("PalPage", { exact: true })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("link")).toHaveCount(0);
    // Not even our shield in the tab: an empty icon.
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "data:,");
    await expect(main.getByText("Practice page: nothing you type is collected.")).toBeVisible();
    await expect(main.getByRole("button")).toHaveCount(1);
    await expect(main.locator("input:not([type=hidden]), textarea, select")).toHaveCount(0);
    await expectFitsPhone(page, "the practice landing page");

    await main.getByRole("button", { name: "Accept request" }).click();
    await expect(page).toHaveURL(`${practiceOrigin()}/practice/${tokens[EMAIL]}/feedback`);
    await expect(page.locator("main p").first()).toHaveText(
      "This was a practice message from scam-free. Nothing happened, and nothing you type here is collected.",
    );
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: "It was practice, and nothing happened. Here is what could have given it away",
      }),
    ).toBeVisible();
    // The click was recorded (the page says so from the database), and there is no "I spotted it" after a fall.
    await expect(page.locator("main").getByText("You pressed the button on the practice page.")).toBeVisible();
    await expect(page.getByRole("button", { name: "I spotted it" })).toHaveCount(0);
    await expect(page.getByRole("article", { name: "The practice email as it arrived" })).toContainText(
      "Maya Robertson wants to be your friend",
    );
    await expectNumberedRedFlags(page, redFlagCount(EMAIL));
    await expect(page.getByRole("heading", { name: "What to do next time" })).toBeVisible();
    // Links to the site are whole addresses on the main host (this page is on the practice host):
    // "Learn more" opens a public red-flag page (issue #23).
    const learnMore = page.locator("main [data-learn-more] a");
    await expect(learnMore).toHaveCount(redFlagCount(EMAIL));
    for (const href of await learnMore.evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
      expect(href).toMatch(new RegExp(`^${baseURL}/red-flags/[a-z0-9-]+$`));
    }
    // No members-only course link after a practice scam: its reader may have no account (issue #35).
    await expect(page.locator(`main a[href^='${baseURL}/course/scam-free/']`)).toHaveCount(0);
    await expect(page.locator("main input:not([type=hidden]), main textarea, main select")).toHaveCount(0);
    await expectFitsPhone(page, "an email's feedback page");

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await expectNumberedRedFlags(page, redFlagCount(EMAIL));
  });

  test("a text's feedback page, opened without a click, offers 'I spotted it' and records it", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${baseURL}/practice/${tokens[SMS]}/feedback`);
    await expect(page.getByRole("heading", { level: 1, name: "Here is what to look for" })).toBeVisible();
    const bubble = page.getByRole("article", { name: "The practice text as it arrived" });
    await expect(bubble).toContainText("FlickPost Security");
    // The link as it arrived: the story's own path before the token, no "practice" in it (issue #36).
    const landingPath = /^ {2}path: (\S+)$/m.exec(
      readFileSync(path.join(root, "content/practice", `${SMS}.md`), "utf8"),
    )![1];
    await expect(bubble).toContainText(`${landingPath}/${tokens[SMS]}`);
    await expect(bubble).not.toContainText("/practice/");
    await expectNumberedRedFlags(page, redFlagCount(SMS));
    await expectFitsPhone(page, "a text's feedback page");

    await page.getByRole("button", { name: "I spotted it" }).click();
    await expect(page.getByRole("status").filter({ hasText: "We noted that you spotted it." })).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole("heading", { level: 1, name: "You spotted it. Here is what gave it away" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "I spotted it" })).toHaveCount(0);
  });

  test("unknown or tampered links get the site's 404 page", async ({ page }) => {
    const tampered = `${tokens[EMAIL].slice(0, -2)}zz`;
    for (const address of [
      `/practice/${tampered}`,
      `/practice/${tampered}/feedback`,
      `/practice/${tampered}/stop`,
      "/practice/short",
    ]) {
      const response = await page.goto(`${baseURL}${address}`);
      expect(response!.status(), address).toBe(404);
      await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    }
  });

  test("the stop link: GET asks first, a mail app's one-click POST from another site stops, and other cross-site posts are still refused", async ({
    page,
  }) => {
    const stop = `${baseURL}/practice/${tokens[SMS]}/stop`;
    await page.goto(stop);
    await expect(page.getByRole("heading", { name: "Stop practice messages?" })).toBeVisible();

    const fromElsewhere = {
      headers: { Origin: "https://mail.provider.example" },
      form: { "List-Unsubscribe": "One-Click" },
    };
    const click = await page.request.post(`${baseURL}/practice/${tokens[SMS]}`, {
      ...fromElsewhere,
      form: { intent: "click" },
    });
    expect(click.status()).toBe(403);
    const oneClick = await page.request.post(stop, fromElsewhere);
    expect(oneClick.status()).toBe(200);

    await page.goto(stop);
    await expect(page.getByRole("heading", { name: "Practice messages are stopped" })).toBeVisible();
  });
});
