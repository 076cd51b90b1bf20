import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { seedPracticeMessage } from "../support/practice-seeds";
import { openSpecDatabase, type SpecDatabase } from "../support/spec-database";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { expectFitsPhone } from "./phone-fit";

/**
 * Issue #23: "Learn more" after a practice message must never lead to a login form. A practice
 * message is written into a database of this spec's own, the built server starts on it, and a
 * browser with no account opens the message's feedback page (on the practice host), follows a
 * "Learn more" link to the main site's public red-flag page and finds no sign-in there, at 375 px.
 */
test.describe("'Learn more' after a practice message opens a public red-flag page", () => {
  // One server for the file: its tests run in order in one worker.
  test.describe.configure({ mode: "default" });

  const root = process.cwd();
  const SCENARIO = "email-parcel-redelivery-fee";
  const PHONE = { width: 375, height: 812 };
  let database: SpecDatabase | undefined;
  let baseURL = "";
  let token = "";
  /**
   * Issue #35: three red flags whose kind once opened "Look-alike senders and links", and the page
   * of their own kind each opens now.
   */
  const KINDS = [
    { scenarioId: "sms-mobile-lotto-winner", quote: "CONGRATULATION!!!", slug: "shouting-capitals" },
    { scenarioId: "email-hosting-invoice-overdue", quote: "Dear Customer", slug: "generic-greetings" },
    {
      scenarioId: "email-parking-penalty-qr",
      quote: "scan the QR code in the attached notice with your phone",
      slug: "qr-codes",
    },
  ] as const;
  const kindTokens: Record<string, string> = {};
  const pageTitle = (slug: string) =>
    /^title: (.+)$/m
      .exec(readFileSync(path.join(root, "content/red-flags", `${slug}.md`), "utf8"))![1]!
      .replace(/^(["'])(.*)\1$/, "$2")
      .replace(/''/g, "'");
  /** Locally the practice host is the site's on the other loopback name (PRACTICE_LINK_ORIGIN's default). */
  const practiceOrigin = () => baseURL.replace("127.0.0.1", "localhost");
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

  const redFlagCount = (scenarioId: string) =>
    readFileSync(path.join(root, "content/practice", `${scenarioId}.md`), "utf8").match(/^ {2}- quote:/gm)!.length;
  /** Every page file but the README: the index must list each of them. */
  const redFlagSlugs = () =>
    readdirSync(path.join(root, "content/red-flags"))
      .filter((name) => name.endsWith(".md") && name !== "README.md")
      .map((name) => name.replace(/\.md$/, ""));

  test.beforeAll(async () => {
    // Four practice messages and a server start: more than the default minute on a busy machine.
    test.setTimeout(180_000);
    database = await openSpecDatabase();
    token = (await seedPracticeMessage(database.handle.db, { scenarioId: SCENARIO, ageBand: "adult" })).token;
    for (const kind of KINDS) {
      kindTokens[kind.scenarioId] = (
        await seedPracticeMessage(database.handle.db, { scenarioId: kind.scenarioId, ageBand: "adult" })
      ).token;
    }
    baseURL = (await database.startServer()).url;
  });

  test.afterAll(async () => {
    await database?.remove();
  });

  /** Nothing on the page asks for an account: no password field, no sign-in form or tabs. */
  async function expectNoSignIn(page: Page) {
    await expect(page.locator('input[type="password"]')).toHaveCount(0);
    await expect(page.locator('form[action*="/auth"], form:has(input[type="password"])')).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Account Access" })).toHaveCount(0);
    await expect(page.getByRole("tab", { name: "Login" })).toHaveCount(0);
    await expect(page.getByRole("main").locator("input, textarea, select")).toHaveCount(0);
  }

  test("from the feedback page at 375 px, 'Learn more' opens the main site's red-flag page: no password field, no login form, axe clean", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    // The site's own mail links to the feedback page on the site's host (issue #40): it stays there.
    await page.goto(`${baseURL}/practice/${token}/feedback`);
    await expect(page).toHaveURL(`${baseURL}/practice/${token}/feedback`);
    await expect(page.getByRole("heading", { level: 1, name: "Here is what to look for" })).toBeVisible();
    // After a landing it is on the practice host; its links to the site are whole addresses on the main host.
    await page.goto(`${practiceOrigin()}/practice/${token}/feedback`);
    await expect(page.getByRole("heading", { level: 1, name: "Here is what to look for" })).toBeVisible();

    const flags = page.getByRole("list", { name: /red flags/i }).getByRole("listitem");
    await expect(flags).toHaveCount(redFlagCount(SCENARIO));
    const learnMore = page.locator("[data-red-flag] [data-learn-more] a");
    await expect(learnMore).toHaveCount(redFlagCount(SCENARIO));
    for (const href of await learnMore.evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
      expect(href).toMatch(new RegExp(`^${escaped(baseURL)}/red-flags/[a-z0-9-]+$`));
    }
    // Issue #35: the reader has no account, so nothing the page says leads to the members' course or
    // a sign-in form; each red flag has its one public "Learn more" link. (The site header's own
    // "Sign In" is the site's navigation, the same on every page.)
    await expect(page.getByText("In the course (members):")).toHaveCount(0);
    const mainLinks = await page
      .getByRole("main")
      .locator("a[href]")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    expect(mainLinks.length).toBeGreaterThan(redFlagCount(SCENARIO));
    for (const href of mainLinks) expect(href).not.toMatch(/\/(auth|login|course\/scam-free)\b/);
    await expect(flags.first().getByRole("link")).toHaveCount(1);
    // The section at the end leads to the public pages first too.
    const section = page.getByRole("region", { name: "Learn more about these red flags" });
    await expect(section.getByRole("link").first()).toHaveAttribute(
      "href",
      new RegExp(`^${escaped(baseURL)}/red-flags/`),
    );

    const link = learnMore.first();
    const title = await link.innerText();
    const href = (await link.getAttribute("href"))!;
    const opened = page.waitForResponse((response) => response.url() === href);
    await link.click();
    expect((await opened).status()).toBe(200);
    await expect(page).toHaveURL(href);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "What to do instead" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
    await expectNoSignIn(page);
    // The course is one link further, for members, and says it needs an account.
    await expect(page.getByText("In the course (members):")).toBeVisible();
    await expect(page.getByRole("main").locator("a[href^='/course/scam-free/']")).toHaveCount(1);
    await expect(page.getByRole("link", { name: "All red flags" })).toHaveAttribute("href", "/red-flags");
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expectFitsPhone(page, "a red-flag page");
    await expectNoAxeViolations(page);
  });

  for (const kind of KINDS) {
    test(`'Learn more' under ${kind.quote} opens the page of its kind, ${kind.slug}, with no sign-in`, async ({
      page,
    }) => {
      await page.setViewportSize(PHONE);
      await page.goto(`${baseURL}/practice/${kindTokens[kind.scenarioId]}/feedback`);
      const flag = page.locator("[data-red-flag]").filter({ hasText: `“${kind.quote}”` });
      await expect(flag).toHaveCount(1);
      const link = flag.locator("[data-learn-more] a");
      await expect(link).toHaveAttribute("href", `${baseURL}/red-flags/${kind.slug}`);
      await expect(link).toHaveText(pageTitle(kind.slug));
      await expect(flag.getByText("In the course (members):")).toHaveCount(0);
      await link.click();
      await expect(page).toHaveURL(`${baseURL}/red-flags/${kind.slug}`);
      await expect(page.getByRole("heading", { level: 1, name: pageTitle(kind.slug) })).toBeVisible();
      await expectNoSignIn(page);
    });
  }

  test("the index lists every red-flag page, with no sign-in, at 375 px and axe clean", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const response = await page.goto(`${baseURL}/red-flags`);
    expect(response!.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Red flags: how to spot a scam" })).toBeVisible();
    const slugs = redFlagSlugs();
    const links = page.getByRole("main").locator("a[href^='/red-flags/']");
    await expect(links).toHaveCount(slugs.length);
    expect((await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href")))).sort()).toEqual(
      slugs.map((slug) => `/red-flags/${slug}`).sort(),
    );
    await expectNoSignIn(page);
    await expectFitsPhone(page, "the red-flag index");
    await expectNoAxeViolations(page);

    // Each one answers without an account, and the sitemap names it.
    const sitemap = await (await page.request.get(`${baseURL}/sitemap.xml`)).text();
    for (const slug of slugs) {
      const answer = await page.request.get(`${baseURL}/red-flags/${slug}`, { maxRedirects: 0 });
      expect(answer.status(), slug).toBe(200);
      expect(await answer.text(), slug).not.toContain('type="password"');
      expect(sitemap).toContain(`${baseURL}/red-flags/${slug}</loc>`);
    }
  });

  test("a red-flag page reads the same with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const page = await context.newPage();
      const response = await page.goto(`${baseURL}/red-flags/deadlines`);
      expect(response!.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Deadlines and countdowns" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "What to do instead" })).toBeVisible();
      await page.getByRole("link", { name: "All red flags" }).click();
      await expect(page).toHaveURL(`${baseURL}/red-flags`);
      await expect(page.getByRole("heading", { level: 1, name: "Red flags: how to spot a scam" })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
