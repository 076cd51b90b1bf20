import type { Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations, waitForReact } from "./fixtures";
import { expectFitsPhone } from "./phone-fit";

/**
 * "Is this a scam?" (/check, issue #25): paste a message, see its warning signs highlighted,
 * numbered and explained, then what to do. With JavaScript the check runs in the browser (no
 * request leaves the page); without it, the form post gets the same answer from the server.
 */

const SCAM_TEXT =
  "Hi Mom, this is my new number, I broke my phone. I'm in trouble and need $300 today. Can you buy gift cards and send me the codes? Please don't tell Dad.";
const ORDINARY_TEXT = "Running ten minutes late, start dinner without me. Love, Dad";
const VERDICT_SIGNS = /^\d+ warning signs\. Treat it as a scam: don't reply, don't click, don't pay\.$/;
const VERDICT_NONE =
  "We found no warning signs we know. That does not make it safe: contact the company or person through a number or website you already know.";

function messageField(page: Page) {
  return page.getByRole("textbox", { name: "The message", exact: true });
}

/** Requests the page makes after it has loaded (the check itself must make none). */
function requestsFrom(page: Page) {
  const sent: string[] = [];
  page.on("request", (request) => sent.push(`${request.method()} ${request.url()}`));
  return sent;
}

async function expectSignsExplained(page: Page) {
  const verdict = page.getByRole("heading", { level: 2, name: VERDICT_SIGNS });
  await expect(verdict).toBeVisible();
  const count = Number(/^(\d+)/.exec((await verdict.textContent())!)![1]);
  expect(count).toBeGreaterThanOrEqual(3);
  // Every sign is a numbered mark in the message and an explained item in the list, 1..n in order.
  const marks = page.getByRole("article", { name: "The message you pasted, with its warning signs" }).locator("mark");
  await expect(marks).toHaveCount(count);
  expect(await marks.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-warning-sign")))).toEqual(
    Array.from({ length: count }, (_, index) => String(index + 1)),
  );
  const list = page.getByRole("list", { name: "What each warning sign means" }).getByRole("listitem");
  await expect(list).toHaveCount(count);
  await expect(list.filter({ hasText: "“this is my new number”" })).toHaveCount(1);
  await expect(
    list.filter({ hasText: "“buy gift cards”" }).getByRole("link", { name: "Pay by gift card or crypto" }),
  ).toHaveAttribute("href", "/red-flags/gift-cards-and-crypto");
  for (const item of await list.all()) {
    // A sign found again in another place points to where it was first explained.
    if ((await item.getByText(/^The same warning sign as/).count()) > 0) {
      await expect(item.getByRole("link")).toHaveCount(1);
      await expect(item.getByRole("link")).toHaveAttribute("href", /^#warning-sign-\d+$/);
      continue;
    }
    await expect(item.getByRole("link").first()).toHaveAttribute("href", /^\/red-flags\/[a-z-]+$/);
    await expect(item.getByRole("link").last()).toHaveAttribute("href", /^\/course\/scam-free\/\d+$/);
  }
  return verdict;
}

async function expectAdvice(page: Page) {
  await expect(page.getByRole("heading", { name: "Where to report it" })).toBeVisible();
  await expect(page.getByRole("link", { name: "ReportFraud.ftc.gov" })).toHaveAttribute(
    "href",
    "https://reportfraud.ftc.gov/",
  );
  await expect(page.getByRole("link", { name: "ic3.gov" })).toHaveAttribute("href", "https://www.ic3.gov/");
  await expect(page.getByRole("link", { name: "Report Fraud", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "If you already clicked, paid or gave a code" })).toBeVisible();
}

test("a sign found in several places is explained once; the other places point back to it", async ({ page }) => {
  await page.goto("/check");
  await waitForReact(page);
  await messageField(page).fill(
    "URGENT: your account will be closed today. Act now! Verify within 24 hours or lose access. Final notice: https://zqfp.example/k",
  );
  await page.getByRole("button", { name: "Check this message" }).click();
  await expect(page.getByRole("heading", { level: 2, name: VERDICT_SIGNS })).toBeVisible();
  const list = page.getByRole("list", { name: "What each warning sign means" }).getByRole("listitem");
  const repeats = list.filter({ hasText: /^.*The same warning sign as number \d+, in another place\.$/s });
  const explained = list.filter({ has: page.locator("[data-learn-more]") });
  // Six places, three kinds: each kind explained once, with its links.
  await expect(list).toHaveCount(6);
  await expect(explained).toHaveCount(3);
  await expect(repeats).toHaveCount(3);
  // A sign's title, without the number read out to screen readers before it.
  const titleOf = (text: string | null) => (text ?? "").replace(/^Warning sign \d+: /, "");
  const titles = (await explained.locator("p.font-semibold").allTextContents()).map(titleOf);
  expect(new Set(titles).size).toBe(3);
  // The pointer leads to the first place's explanation, with the same title.
  const pointer = repeats.first().getByRole("link");
  const target = (await pointer.getAttribute("href"))!;
  await pointer.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.locator(target).locator("[data-learn-more]")).toHaveCount(1);
  expect(titleOf(await page.locator(target).locator("p.font-semibold").textContent())).toBe(
    titleOf(await repeats.first().locator("p.font-semibold").textContent()),
  );
});

test("a pasted scam text: its warning signs highlighted and explained, checked in the browser", async ({ page }) => {
  await page.goto("/check");
  await waitForReact(page);
  await expect(page.getByRole("heading", { level: 1, name: "Is this a scam?" })).toBeVisible();
  const sent = requestsFrom(page);
  await messageField(page).fill(SCAM_TEXT);
  await page.getByLabel("Who sent it (optional)").fill("+1 (202) 555-0143");
  await page.getByRole("button", { name: "Check this message" }).click();
  const verdict = await expectSignsExplained(page);
  await expect(verdict).toBeFocused();
  await expectAdvice(page);
  // Nothing left the page: no request at all was made for the check.
  expect(sent).toEqual([]);
});

test("an ordinary message: no warning signs found, and never told it is safe", async ({ page }) => {
  await page.goto("/check");
  await waitForReact(page);
  await messageField(page).fill(ORDINARY_TEXT);
  await page.getByRole("button", { name: "Check this message" }).click();
  await expect(page.getByRole("heading", { level: 2, name: VERDICT_NONE })).toBeFocused();
  await expect(page.getByRole("heading", { name: "Still not sure?" })).toBeVisible();
  await expect(page.locator("mark")).toHaveCount(0);
  // The answer never calls the message safe (the page's introduction says it never will).
  const words = await page.locator("[data-verdict]").innerText();
  expect(words).not.toMatch(/\b(is|looks|seems|probably|likely) (safe|real|genuine|fine)\b/i);
  expect(words).not.toMatch(/\bsafe to\b/i);
  await expectAdvice(page);
});

test("three answers, each with its own words, color and icon: a warning, 'be careful' and none found", async ({
  page,
}) => {
  await page.goto("/check");
  await waitForReact(page);
  const answers = [
    { text: SCAM_TEXT, verdict: "warning-signs", heading: VERDICT_SIGNS },
    {
      text: "Hi, is this Amy? It's Karen from the book club, we met at the library sale.",
      verdict: "be-careful",
      heading: "Be careful: one thing here is worth checking.",
    },
    { text: ORDINARY_TEXT, verdict: "none-found", heading: VERDICT_NONE },
  ];
  const looks: string[] = [];
  for (const answer of answers) {
    await messageField(page).fill(answer.text);
    await page.getByRole("button", { name: "Check this message" }).click();
    const heading = page.getByRole("heading", { level: 2, name: answer.heading });
    await expect(heading).toBeFocused();
    await expect(page.locator("[data-verdict]")).toHaveAttribute("data-verdict", answer.verdict);
    await expect(page.locator(`svg[data-verdict-icon="${answer.verdict}"]`)).toBeVisible();
    // The box around the heading: its background and border colours.
    const look = await heading.evaluate((node) => {
      const box = getComputedStyle(node.parentElement!);
      return `${box.backgroundColor} ${box.boxShadow}`;
    });
    // Never green: no answer means "safe".
    expect(look).not.toMatch(/rgb\(\d{1,2}, 1[2-9]\d, \d{1,2}\)/);
    looks.push(look);
  }
  expect(new Set(looks).size).toBe(3);
  // "Be careful" shows the one thing worth checking, and says it does not prove a scam.
  await messageField(page).fill(answers[1]!.text);
  await page.getByRole("button", { name: "Check this message" }).click();
  await expect(page.getByText("On its own it does not prove a scam.", { exact: false })).toBeVisible();
  await expect(page.getByRole("list", { name: "What is worth checking" }).getByRole("listitem").first()).toContainText(
    "A friendly stranger",
  );
  // A warning says what the message asks and which signs decided it.
  await messageField(page).fill(
    "E-ZPass: you have an unpaid toll of $4.35. Pay within 12 hours to avoid a $50 fee: https://e-zpassny.com-etcaa.icu/pay",
  );
  await page.getByLabel("Who sent it (optional)").fill("+63 917 555 0142");
  await page.getByRole("button", { name: "Check this message" }).click();
  await expect(page.getByText("It asks you to open a link.")).toBeVisible();
  await expect(page.getByText(/^What decided it: signs? \d+ \(A look-alike web address\)/)).toBeVisible();
  await expect(page.getByText("Deciding sign").first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an empty form says what to do, with the field in focus", async ({ page }) => {
  await page.goto("/check");
  await waitForReact(page);
  await page.getByRole("button", { name: "Check this message" }).click();
  const field = messageField(page);
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Paste the message you want to check.")).toBeVisible();
});

test("from the keyboard at 375 px: fits the screen and axe is clean, before and after the answer", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/check");
  await waitForReact(page);
  await expectFitsPhone(page, "the checker");
  await expectNoAxeViolations(page);
  await messageField(page).focus();
  await page.keyboard.type(SCAM_TEXT);
  // Sender, subject, links, then the button.
  for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Check this message" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(await expectSignsExplained(page)).toBeFocused();
  await expectFitsPhone(page, "the checker's answer");
  await expectNoAxeViolations(page);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the form post gets the same answer from the server", async ({ page }) => {
    await page.goto("/check");
    await messageField(page).fill(SCAM_TEXT);
    await page.getByLabel("Where its links really go (optional)").fill("https://bit.ly/3xYz12");
    await page.getByRole("button", { name: "Check this message" }).click();
    await expectSignsExplained(page);
    await expect(messageField(page)).toHaveValue(SCAM_TEXT);
    await expectAdvice(page);
  });

  test("an ordinary message and an empty form", async ({ page }) => {
    await page.goto("/check");
    await messageField(page).fill(ORDINARY_TEXT);
    await page.getByRole("button", { name: "Check this message" }).click();
    await expect(page.getByRole("heading", { level: 2, name: VERDICT_NONE })).toBeVisible();
    await messageField(page).fill("");
    await page.getByRole("button", { name: "Check this message" }).click();
    await expect(page.getByText("Paste the message you want to check.")).toBeVisible();
    await expect(messageField(page)).toHaveAttribute("aria-invalid", "true");
  });
});

test("the site header and the home page lead to the checker", async ({ page }) => {
  await page.goto("/");
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Is this a scam?" }),
  ).toHaveAttribute("href", "/check");
  await page
    .getByRole("main")
    .getByRole("link", { name: /Is this a scam\? Check it here/ })
    .click();
  await expect(page).toHaveURL(/\/check$/);
  await expect(page.getByRole("heading", { level: 1, name: "Is this a scam?" })).toBeVisible();
});
