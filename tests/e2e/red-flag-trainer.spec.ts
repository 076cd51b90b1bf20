import type { Page } from "@playwright/test";
import { expect, signedInAs, test, waitForHydration } from "./fixtures";
import { cutMessage, trainerMessageFromScenario } from "~/red-flag-trainer/candidates";
import { loadPracticeLibrary } from "~/training/library/practice-library.server";

/**
 * The spot-the-red-flags trainer end to end: members only (the raw HTML of a signed-out and a
 * signed-in non-member request carries no message text), a round by mouse and one by keyboard
 * alone with what was found, missed and marked wrongly, a child's good instinct (half points for
 * the subject's "Winner Notice!!"), the free taste on / and /pricing (three rounds, no POST, no cookie,
 * no storage), at 375 px and on a desktop.
 */

const library = loadPracticeLibrary();
const partsOf = (id: string) => cutMessage(trainerMessageFromScenario(library.byId(id)!)).candidates;

const MOUSE_SCENARIO = "email-free-coins-generator";
const KEYBOARD_SCENARIO = "sms-game-gold-weekend";
/** A child's prize email whose subject shouts "Winner Notice!!", while the body's prize claim is the counted red flag. */
const PRIZE_SCENARIO = "email-lawn-mower-prize";
const practicePath = (id: string) => `/weekly-lessons/practice?who=child&scenario=${id}`;

async function buyPremium(page: Page) {
  await signedInAs(page, "trainer");
  await page.goto("/checkout?plan=premium");
  await waitForHydration(page);
  await page.getByLabel("Full Name").fill("Dana Rivera");
  await page.getByRole("button", { name: "Complete Checkout" }).click();
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 10_000 });
}

test("a non-member gets no trainer content: signed out, and signed in without a plan", async ({ page }) => {
  const secret = library.byId(MOUSE_SCENARIO)!.redFlags[1]!.quote;
  const signedOut = await page.request.get(practicePath(MOUSE_SCENARIO), { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers()["location"]).toMatch(/^\/auth/);
  expect(await signedOut.text()).not.toContain(secret);
  const followed = await page.request.get(practicePath(MOUSE_SCENARIO));
  const signedOutHtml = await followed.text();
  expect(signedOutHtml).not.toContain(secret);
  expect(signedOutHtml).not.toContain("Mark the suspicious parts");

  await signedInAs(page, "not-member");
  const nonMember = await page.request.get(practicePath(MOUSE_SCENARIO), { maxRedirects: 0 });
  expect(nonMember.status()).toBe(302);
  expect(nonMember.headers()["location"]).toBe("/weekly-lessons");
  const landing = await page.request.get(practicePath(MOUSE_SCENARIO));
  const nonMemberHtml = await landing.text();
  expect(nonMemberHtml).toContain("Weekly Cyber Security Lessons");
  expect(nonMemberHtml).not.toContain(secret);
  expect(nonMemberHtml).not.toContain("Mark the suspicious parts");
  // The action refuses too, and says nothing about the message.
  const posted = await page.request.post("/weekly-lessons/practice", {
    form: { scenarioId: MOUSE_SCENARIO, ageBand: "child" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
});

test("a member marks parts with the mouse, checks, and sees found, missed and false alarms (desktop)", async ({
  page,
}) => {
  await buyPremium(page);
  await page.goto(practicePath(MOUSE_SCENARIO));
  await waitForHydration(page);
  const parts = partsOf(MOUSE_SCENARIO);
  const flags = parts.filter((part) => part.redFlag !== null);
  const decoy = parts.find((part) => part.part === "body" && part.redFlag === null)!;
  await expect(page.getByRole("heading", { level: 1, name: "Spot the red flags" })).toBeVisible();
  await expect(page.getByRole("checkbox")).toHaveCount(parts.length);

  for (const part of [flags[0]!, flags[2]!, decoy]) {
    await page.getByText(part.text, { exact: true }).click();
    await expect(page.getByRole("checkbox", { name: part.text, exact: true })).toBeChecked();
  }
  // A second click unmarks, a third marks again.
  await page.getByText(decoy.text, { exact: true }).click();
  await expect(page.getByRole("checkbox", { name: decoy.text, exact: true })).not.toBeChecked();
  await page.getByText(decoy.text, { exact: true }).click();

  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByTestId("score")).toHaveText(
    `You found 2 of ${flags.length} red flags and marked 1 ordinary part. Score: ${Math.round(200 / (flags.length + 1))} out of 100.`,
  );
  await expect(page.getByTestId("found").getByRole("listitem")).toHaveCount(2);
  await expect(page.getByTestId("missed").getByRole("listitem")).toHaveCount(flags.length - 2);
  await expect(page.getByTestId("false-alarms")).toContainText(decoy.text);
  await expect(page.getByTestId("false-alarms")).toContainText("Not one of this message's red flags");
  // Missed red flags are highlighted in the message itself.
  await expect(page.locator('[data-mark="missed"]')).toHaveCount(flags.length - 2);
  await expect(page.locator('[data-mark="found"]')).toHaveCount(2);
  const firstFound = page.getByTestId("found").getByRole("listitem").first();
  // "Learn more" opens the public red-flag page; the course page follows, for members (issue #23).
  await expect(firstFound.locator("[data-learn-more]").getByRole("link")).toHaveAttribute(
    "href",
    /^\/red-flags\/[a-z0-9-]+$/,
  );
  await expect(firstFound.getByRole("link").last()).toHaveAttribute("href", /^\/course\/scam-free\/\d+$/);
  await expect(page.getByTestId("totals")).toContainText("Rounds1");
  await expect(page.getByRole("img", { name: /average score/ })).toBeVisible();

  await page.getByRole("link", { name: "Next message" }).click();
  await expect(page.getByRole("button", { name: "Check" })).toBeVisible();
  await expect(page.getByText(parts[0]!.text, { exact: true })).toHaveCount(0);
});

test("a second round entirely by keyboard on a 375 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await buyPremium(page);
  await page.goto(practicePath(KEYBOARD_SCENARIO));
  await waitForHydration(page);
  const parts = partsOf(KEYBOARD_SCENARIO);

  // Tab from the top of the page to the first part of the message.
  await page.locator("body").focus();
  for (let presses = 0; presses < 60; presses++) {
    const onPart = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === "checkbox");
    if (onPart) break;
    await page.keyboard.press("Tab");
  }
  const focusedPart = () => page.evaluate(() => (document.activeElement as HTMLInputElement).value);
  expect(await focusedPart()).toBe(parts[0]!.id);
  // The focused part shows a ring around its text.
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement!.closest("label")!).outlineStyle);
  expect(ring).toBe("solid");

  // Mark every red flag: Space on some, Enter on the others; Shift+Tab goes back.
  for (const [index, part] of parts.entries()) {
    expect(await focusedPart()).toBe(part.id);
    if (part.redFlag !== null) await page.keyboard.press(index % 2 === 0 ? "Space" : "Enter");
    if (index < parts.length - 1) await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Shift+Tab");
  expect(await focusedPart()).toBe(parts[parts.length - 2]!.id);
  await page.keyboard.press("Tab");
  for (const part of parts) {
    const box = page.locator(`input[value="${part.id}"]`);
    if (part.redFlag !== null) await expect(box).toBeChecked();
    else await expect(box).not.toBeChecked();
  }
  await expect(page).toHaveURL(/scenario=/); // Enter marked, it did not submit.

  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Check" })).toBeFocused();
  await page.keyboard.press("Enter");
  const flagCount = parts.filter((part) => part.redFlag !== null).length;
  await expect(page.getByTestId("score")).toHaveText(
    `You found ${flagCount} of ${flagCount} red flags and no false alarms. Score: 100 out of 100.`,
  );
  await expect(page.getByTestId("missed")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "How you did" })).toBeFocused();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

test('a child who marks only the subject\'s "Winner Notice!!" gets a good instinct for half points, not 0', async ({
  page,
}) => {
  await buyPremium(page);
  await page.goto(practicePath(PRIZE_SCENARIO));
  await waitForHydration(page);
  const parts = partsOf(PRIZE_SCENARIO);
  const flagCount = parts.filter((part) => part.redFlag !== null).length;
  const youWon = parts.find((part) => part.part === "subject" && part.text === "Winner Notice!!")!;
  expect(youWon.redFlag).toBeNull();
  expect(youWon.related).toBeTruthy();

  await page.getByText(youWon.text, { exact: true }).click();
  await expect(page.getByRole("checkbox", { name: youWon.text, exact: true })).toBeChecked();
  await page.getByRole("button", { name: "Check" }).click();

  // Half a red flag: (0 + ½) / (red flags + the one part marked).
  const score = Math.round(50 / (flagCount + 1));
  expect(score).toBeGreaterThan(0);
  await expect(page.getByTestId("score")).toHaveText(
    `You found 0 of ${flagCount} red flags, plus 1 good instinct for half points, and no false alarms. Score: ${score} out of 100.`,
  );
  const instincts = page.getByTestId("good-instincts");
  await expect(instincts.getByRole("listitem")).toHaveCount(1);
  await expect(instincts).toContainText("Winner Notice!!");
  await expect(instincts).toContainText("Good instinct: here is why it is not counted.");
  await expect(page.getByTestId("false-alarms")).toHaveCount(0);
  // In the message: the marked part as a good instinct, every red flag as missed.
  await expect(page.locator('[data-mark="good-instinct"]')).toHaveCount(1);
  await expect(page.locator('[data-mark="good-instinct"]')).toContainText("Winner Notice!!");
  await expect(page.locator('[data-mark="missed"]')).toHaveCount(flagCount);
});

test("without JavaScript the trainer is a plain form: marks post as checkboxes and the answer shows the result", async ({
  page,
  browser,
  baseURL,
}) => {
  await buyPremium(page);
  const noScript = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto(practicePath(KEYBOARD_SCENARIO));
  const parts = partsOf(KEYBOARD_SCENARIO);
  const flag = parts.find((part) => part.redFlag !== null)!;
  await plain.getByText(flag.text, { exact: true }).click();
  await plain.getByRole("button", { name: "Check" }).click();
  const flagCount = parts.filter((part) => part.redFlag !== null).length;
  await expect(plain.getByTestId("score")).toHaveText(
    `You found 1 of ${flagCount} red flags and no false alarms. Score: ${Math.round(100 / flagCount)} out of 100.`,
  );
  await expect(plain.getByTestId("missed").getByRole("listitem")).toHaveCount(flagCount - 1);
  await noScript.close();
});

for (const path of ["/", "/pricing"]) {
  test(`the free taste on ${path}: a native dialog, then three rounds to 'Join Training Program', with no script, POST, cookie or storage`, async ({
    page,
    context,
  }) => {
    if (path === "/") await page.setViewportSize({ width: 375, height: 800 });
    const scripts: string[] = [];
    const writes: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
      if (request.method() !== "GET") writes.push(`${request.method()} ${request.url()}`);
    });
    await page.goto(path);
    const cookiesBefore = await context.cookies();
    const storageBefore = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));

    await page.getByRole("button", { name: /Practice scam emails and texts/ }).click();
    const dialog = page.getByRole("dialog", { name: "Sample Practice Scam Emails" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Email 1 of 3: Account compromised" })).toBeVisible();

    // Check leaves the dialog for /sample-emails, which answers each round as a page.
    let area = dialog;
    for (const [round, kind] of [
      "Account compromised",
      "Tax refund with attachment",
      "Fake tech support phone call",
    ].entries()) {
      await expect(area.getByRole("heading", { name: `Email ${round + 1} of 3: ${kind}` })).toBeVisible();
      const boxes = area.getByRole("checkbox");
      if (round === 1) {
        // By keyboard: Space marks a part, Tab moves to the next. The page has arrived whole first
        // (its jump to #taste moves the keyboard's starting point, which must not race the Tab).
        await page.waitForLoadState("load");
        await boxes.nth(0).focus();
        await page.keyboard.press("Space");
        await expect(boxes.nth(0)).toBeChecked();
        await page.keyboard.press("Tab");
        await expect(boxes.nth(1)).toBeFocused();
        await page.keyboard.press("Space");
        await expect(boxes.nth(1)).toBeChecked();
      } else {
        await area.locator("label").first().click();
      }
      await expect(boxes.nth(0)).toBeChecked();
      await area.getByRole("button", { name: "Check" }).click();
      await expect(page).toHaveURL(new RegExp(`/sample-emails\\?round=${round + 1}&checked=1.*#taste$`));
      area = page.locator("#taste");
      await expect(area.getByTestId("taste-score")).toContainText(/You found \d of \d red flags/);
      await expect(area.getByText(/Red flags you (found|missed)/).first()).toBeVisible();
      // The visitor has no account: "Learn more" is public, and no link leads to the members' course (issue #35).
      await expect(area.locator("[data-learn-more] a").first()).toHaveAttribute("href", /^\/red-flags\/[a-z0-9-]+$/);
      await expect(area.getByText("In the course (members):")).toHaveCount(0);
      await expect(area.locator("a[href^='/course/scam-free'], a[href^='/auth']")).toHaveCount(0);
      await area.getByRole("link", { name: round < 2 ? "Next email" : "See how you did" }).click();
    }

    const summary = page.getByRole("heading", { name: /You found \d+ of \d+ red flags/ });
    await expect(summary).toBeInViewport();
    await expect(
      page.getByText(/Training Program and Family Training members receive weekly practice emails/),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Join Training Program" }).last()).toHaveAttribute(
      "href",
      "/checkout?plan=premium",
    );
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(
      page.locator("#taste").getByRole("heading", { name: "Email 1 of 3: Account compromised" }),
    ).toBeVisible();

    expect(scripts).toEqual([]);
    expect(writes).toEqual([]);
    expect(await context.cookies()).toEqual(cookiesBefore);
    expect(await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]))).toBe(storageBefore);
  });
}

test("the free taste's page refuses marks that are not parts of the email, and works from a bare address", async ({
  page,
}) => {
  await page.goto("/sample-emails?round=2&checked=1&mark=not-a-part");
  await expect(page.getByRole("alert")).toHaveText(
    "Those marks do not match this email. Mark its parts again, then press Check.",
  );
  await expect(page.getByRole("heading", { name: "Email 2 of 3: Tax refund with attachment" })).toBeVisible();
  await page.goto("/sample-emails?round=99&found=-4");
  await expect(page.getByRole("heading", { name: "Email 1 of 3: Account compromised" })).toBeVisible();
  await expect(page.locator("script")).toHaveCount(0);
});
