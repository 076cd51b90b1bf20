import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import {
  confirmOwnEmail,
  expect,
  expectNoAxeViolations,
  holdSuccessPageMove,
  holdTheMove,
  linkInInbox,
  PRACTICE_LANDING_LINK,
  test,
  toastWith,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";
import { expectFitsPhone } from "./phone-fit";

/**
 * Issue #35, "what a phone shows first": Maria buys Family Training for herself, her father Jorge
 * (74) and her son Leo (12) on a 375 × 800 touch phone, then Jorge and Leo answer on theirs. At
 * every press that answers in the page (Yes, Stop, Add, Remove…) the answer must be inside what
 * the screen shows, and no destructive button may sit in the first screen after a "Yes".
 * Screenshots of each step are attached to the test's report (test-results/).
 */

const PHONE = { width: 375, height: 800 };
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

async function phone(browser: Browser, origin: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    userAgent: ANDROID,
    extraHTTPHeaders: { "X-Forwarded-For": "127.0.0.1" },
  });
  return { context, page: await context.newPage() };
}

/**
 * The whole of `locator` is inside the screen (no scrolling by the test). Looked at until it is: a
 * page that was just opened from the bottom of another moves to its top a frame after it shows.
 */
async function expectOnScreen(page: Page, locator: Locator, what: string) {
  await expect(locator).toBeVisible();
  const viewport = page.viewportSize()!;
  await expect(async () => {
    const box = await locator.boundingBox();
    expect(box, what).not.toBeNull();
    expect(box!.y, `${what}: its top is on screen`).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height, `${what}: its bottom is on screen`).toBeLessThanOrEqual(viewport.height);
  }).toPass({ timeout: 5_000 });
}

/** No part of `locator` is inside the screen as it is now. */
async function expectOffScreen(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  if (!box) return;
  expect(box.y >= viewport.height || box.y + box.height <= 0, `${what} is not in the first screen`).toBe(true);
}

/**
 * A look at the screen as the person sees it, kept with the test's results (and written to
 * JOURNEY_SCREENSHOTS, a folder, when that is set: for a person to look through them).
 */
let shots = 0;
async function snap(page: Page, name: string) {
  const body = await page.screenshot();
  await test.info().attach(name, { body, contentType: "image/png" });
  const folder = process.env.JOURNEY_SCREENSHOTS;
  if (folder) {
    shots += 1;
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `${String(shots).padStart(2, "0")} ${name.replace(/[^\w -]+/g, "")}.png`), body);
  }
}

/** "Spotted 1 of 1 (1 reported), opened only 0, fell for 0" → its numbers by name. */
function figures(text: string) {
  const number = (pattern: RegExp) => Number(text.match(pattern)?.[1] ?? "0");
  return {
    spotted: number(/Spotted (\d+)/),
    of: number(/Spotted \d+ of (\d+)/),
    reported: number(/\((\d+) reported/),
    checkedFirst: number(/(\d+) checked first/),
    openedOnly: number(/opened only (\d+)/),
    fellFor: number(/fell for (\d+)/),
  };
}

/** A person answers their notice on their own phone: the button is in the first screen, and so is the answer. */
async function sayYes(browser: Browser, origin: string, to: string, yes: string, who: string) {
  const { context, page } = await phone(browser, origin);
  const consent = await linkInInbox(page, to, /\/training\/consent\//);
  await page.goto(new URL(consent).pathname);
  await waitForHydration(page);
  await expectOnScreen(page, page.getByRole("button", { name: yes }), `${who}'s "${yes}" button`);
  await expectFitsPhone(page, `${who}'s consent page`);
  await expectNoAxeViolations(page);
  await snap(page, `${who}: the consent page`);
  await page.getByRole("button", { name: yes }).tap();
  const thanks = page.getByRole("status").filter({ hasText: "Thank you!" });
  await expectOnScreen(page, thanks, `${who}'s thanks after "${yes}"`);
  await expect(thanks).toBeFocused();
  await expectOffScreen(page, page.getByRole("button", { name: "Stop practice messages" }), "Stop practice messages");
  await expectNoAxeViolations(page);
  await snap(page, `${who}: after yes`);
  await context.close();
}

test("Maria, Jorge and Leo at 375 × 800: answers where the thumb is, the plan kept through sign-in, results first", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = new URL(baseURL!).origin;
  const maria = await phone(browser, origin);
  const page = maria.page;
  const mariaEmail = uniqueEmail("maria");
  const jorgeEmail = uniqueEmail("jorge");
  const leoEmail = uniqueEmail("leo");

  // 1. Signed out, "Protect Your Family" names the plan at sign-in, calmly, on the Create Account tab.
  await page.goto("/pricing");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Protect Your Family" }).tap();
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Fcheckout%3Fplan%3Dfamily$/);
  await waitForHydration(page);
  await expect(page.getByText("Create an account or log in to continue to Family Training, $25/month")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Create Account" })).toHaveAttribute("aria-selected", "true");
  await expect(toastWith(page, "Authentication required")).toHaveAttribute("data-toast-kind", "info");
  await snap(page, "Maria: sign-in names the plan");
  const signup = page.getByRole("tabpanel", { name: "Create Account" });
  await signup.getByLabel("Email").fill(mariaEmail);
  await signup.getByLabel("Password").fill("a-long-passphrase");
  await signup.getByRole("button", { name: "Create Account" }).tap();
  // "Please log in": the Login form keeps her email; the answer is on screen.
  await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  const login = page.getByRole("tabpanel", { name: "Login" });
  await expectOnScreen(page, login.getByRole("status"), "'Registration successful'");
  await expect(login.getByLabel("Email")).toHaveValue(mariaEmail);
  await login.getByLabel("Password").fill("a-long-passphrase");
  await login.getByRole("button", { name: "Log in" }).tap();
  await expect(page).toHaveURL(/\/checkout\?plan=family$/);

  // 2. Checkout and payment; the success page's set-up card fits, then My Account leads with what is left.
  await waitForHydration(page);
  await page.getByLabel("Full Name").fill("Maria Alvarez");
  const people = [
    { name: "Jorge", ageBand: "older-adult", email: jorgeEmail },
    { name: "Leo", ageBand: "child", email: leoEmail },
  ];
  for (const [index, person] of people.entries()) {
    await page.locator(`#member-name-${index + 1}`).fill(person.name);
    await page.locator(`#member-age-band-${index + 1}`).selectOption(person.ageBand);
    await page.locator(`#member-email-${index + 1}`).fill(person.email);
  }
  await page.getByRole("button", { name: "Complete Checkout" }).tap();
  await expect(page).toHaveURL(/\/checkout\/demo\/demo_cs_/, { timeout: 15_000 });
  // The success page's 2-second move to My Account (payments.spec.ts checks it) waits here, so its
  // screen can be measured at two widths; she goes on with its "View Your Account".
  await holdSuccessPageMove(page);
  await page.evaluate(holdTheMove);
  await page.getByRole("button", { name: /^Pay/ }).tap();
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible({ timeout: 10_000 });
  // The set-up card fits the narrowest phone too: its button grows with its two lines.
  await page.setViewportSize({ width: 320, height: 800 });
  await expectFitsPhone(page, "payment successful, 320 px");
  await page.setViewportSize(PHONE);
  await expectFitsPhone(page, "payment successful");
  await snap(page, "Maria: payment successful");
  await page.getByRole("link", { name: "View Your Account" }).tap();
  await expect(page).toHaveURL(/\/account$/, { timeout: 10_000 });
  await waitForHydration(page);
  const nextSteps = page.getByRole("region", { name: "Next steps" });
  await expectOnScreen(page, nextSteps.getByRole("heading", { name: "Confirm your email" }), "'Confirm your email'");
  await expectOnScreen(
    page,
    nextSteps.getByRole("link", { name: "Set up your family's training" }),
    "'Set up your family's training'",
  );
  await snap(page, "Maria: My Account after paying");
  await confirmOwnEmail(browser, origin, mariaEmail);
  await page.reload();
  await expect(nextSteps.getByText(`Done: ${mariaEmail} is confirmed.`)).toBeVisible();
  await nextSteps.getByRole("link", { name: "Set up your family's training" }).tap();
  await expect(page).toHaveURL(/\/account\/training$/);
  await waitForHydration(page);

  // 3. Set-up: the confirmation for Leo and the notices; each answer shows on screen.
  const card = (name: string) => page.getByRole("group", { name });
  await card("Leo")
    .getByLabel("I am this child's parent or guardian and I agree to practice messages for them")
    .check();
  await card("Leo").getByRole("button", { name: "Confirm for Leo" }).tap();
  await expectOnScreen(page, toastWith(page, "Thank you"), "the answer to 'Confirm for Leo'");
  for (const name of ["Jorge", "Maria Alvarez"]) {
    await card(name).getByRole("button", { name: "Send the notice" }).tap();
    await expectOnScreen(page, toastWith(page, "Notice sent").first(), `the answer to 'Send the notice' for ${name}`);
  }
  // Add and Remove answer on screen too.
  const addForm = page.getByRole("form", { name: "Add a person" });
  await addForm.getByLabel("Name").fill("Cousin Ana");
  await addForm.getByLabel("Age band").selectOption({ label: "Adult" });
  await addForm.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("ana"));
  await addForm.getByRole("button", { name: "Add person" }).tap();
  await expectOnScreen(page, toastWith(page, "Cousin Ana was added"), "the answer to 'Add person'");
  await card("Cousin Ana").locator("summary", { hasText: "Remove Cousin Ana" }).tap();
  await card("Cousin Ana").getByRole("button", { name: "Yes, remove Cousin Ana" }).tap();
  await expectOnScreen(page, toastWith(page, "Removed Cousin Ana"), "the answer to 'Yes, remove Cousin Ana'");
  await snap(page, "Maria: set-up done");

  // Maria's own notice: she says yes, then changes her mind; "Stop" answers on screen.
  const own = await phone(browser, origin);
  await own.page.goto(new URL(await linkInInbox(own.page, mariaEmail, /\/training\/consent\//)).pathname);
  await waitForHydration(own.page);
  await own.page.getByRole("button", { name: "Yes, send me practice messages" }).tap();
  await expectOnScreen(own.page, own.page.getByRole("status").filter({ hasText: "Thank you!" }), "Maria's thanks");
  await own.page.getByRole("button", { name: "Stop practice messages" }).tap();
  await expectOnScreen(
    own.page,
    own.page.getByRole("status").filter({ hasText: "We will not send you practice messages." }),
    "the answer to 'Stop practice messages'",
  );
  await snap(own.page, "Maria: after Stop on her own consent page");
  await own.context.close();

  // 4. Jorge and Leo answer on their own phones: the button in the first screen, the thanks too.
  await sayYes(browser, origin, jorgeEmail, "Yes, send me practice messages", "Jorge");
  await sayYes(browser, origin, leoEmail, "Yes, I'm in", "Leo");

  // 5. A practice message each (local mode's button). Jorge reports his; Leo presses the button in his.
  await page.reload();
  await waitForHydration(page);
  for (const name of ["Jorge", "Leo"]) {
    await card(name)
      .getByRole("button", { name: `Send a practice message now to ${name}` })
      .tap();
    await expect(toastWith(page, `is on its way to ${name}`)).toBeVisible({ timeout: 20_000 });
  }
  const jorge = await phone(browser, origin);
  await linkInInbox(jorge.page, jorgeEmail, PRACTICE_LANDING_LINK);
  await jorge.page.getByRole("button", { name: "Forward to report" }).tap();
  await expect(jorge.page.getByRole("status")).toHaveText(
    'Reported: it counts, and a "Well spotted" answer is on its way.',
  );
  await jorge.context.close();

  const leo = await phone(browser, origin);
  const leoPractice = await linkInInbox(leo.page, leoEmail, PRACTICE_LANDING_LINK);
  const seenAt = Date.now();
  await leo.page.goto(leoPractice);
  // A press within a second of delivery is what a mail scanner does (never counted): wait past it.
  await expect.poll(() => Date.now() - seenAt).toBeGreaterThan(1_500);
  await leo.page.locator("main").getByRole("button").tap();
  await expect(leo.page).toHaveURL(/\/practice\/[\w-]{43}\/feedback$/);
  // Kind words for a fall, never "Great job checking!".
  await expect(leo.page.getByRole("heading", { level: 1 })).not.toContainText(/great job/i);
  // No sign-in form is reachable from his feedback page: every link opens without an account.
  const hrefs = await leo.page
    .locator("main a[href]")
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLAnchorElement).href));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs.filter((link) => link.startsWith(origin))) {
    const response = await leo.context.request.get(href);
    expect(new URL(response.url()).pathname, `${href} opens without signing in`).not.toBe("/auth");
    expect(await response.text()).not.toContain('name="password"');
  }
  await snap(leo.page, "Leo: feedback after pressing the button");
  await leo.context.close();

  // 6. "Training" in her menu opens Your Training Program, which leads with the results now that
  // set-up is done, and the family's figures are the sums of the people's.
  await page.goto("/account");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Menu" }).tap();
  await page.getByRole("link", { name: "Training", exact: true }).last().tap();
  await expect(page).toHaveURL(/\/account\/training$/);
  await expectOnScreen(page, page.getByTestId("family-summary"), "the family's results");
  const lines = page.getByTestId("person-results-line");
  // Jorge and Leo; Maria stopped her own practice messages, and her entry says so.
  await expect(page.getByTestId("person-no-results")).toContainText("Maria Alvarez stopped practice messages");
  await expect(lines.getByTestId("person-line-name")).toHaveText(["Jorge", "Leo"]);
  const each = await lines.getByTestId("person-line-figures").allInnerTexts();
  const total = figures(await page.getByTestId("family-totals").innerText());
  const sum = each.map(figures).reduce((a, b) => ({
    spotted: a.spotted + b.spotted,
    of: a.of + b.of,
    reported: a.reported + b.reported,
    checkedFirst: a.checkedFirst + b.checkedFirst,
    openedOnly: a.openedOnly + b.openedOnly,
    fellFor: a.fellFor + b.fellFor,
  }));
  expect({
    spotted: total.spotted,
    reported: total.reported,
    checkedFirst: total.checkedFirst,
    openedOnly: total.openedOnly,
    fellFor: total.fellFor,
  }).toEqual({
    spotted: sum.spotted,
    reported: sum.reported,
    checkedFirst: sum.checkedFirst,
    openedOnly: sum.openedOnly,
    fellFor: sum.fellFor,
  });
  expect(total).toMatchObject({ spotted: 1, reported: 1, fellFor: 1 });
  await expect(page.getByTestId("person-line-level").first()).toHaveText(/^Level \d of 3: /);
  await expectFitsPhone(page, "Your Training Program with results");
  await expectNoAxeViolations(page);
  await snap(page, "Maria: results first");

  await maria.context.close();
});
