import type { Page } from "@playwright/test";
import {
  buyFamilyPlan,
  confirmOwnEmail,
  expect,
  signedInAs,
  test,
  toastWith,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";
import { openResults, results, resultsLine } from "./family-results-page";

/**
 * The account holder's read-only view of a family member's practice message: from the family
 * results on /account/training, "See its red flags" opens /account/training/messages/<id> (not the
 * member's own /practice/<token>/feedback page), which shows the message as it arrived with its
 * numbered red flags, worded for the holder (never the member's "Great job checking!"), has no
 * button that records anything, and leaves the results as they were.
 * Another account gets the plain 404 there.
 */

const person = (page: Page, name: string) => page.getByRole("group", { name });
const figure = (page: Page, name: string, label: string) =>
  results(page, name)
    .getByTestId("result-figure")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");

test("the holder opens a member's practice message from the family results, sees its red flags, and nothing is recorded", async ({
  page,
  browser,
}) => {
  // A whole family journey in one test (checkout, consent, messages, the mailbox): about a minute
  // here, so it gets three.
  test.setTimeout(180_000);
  const { email: holderEmail } = await signedInAs(page, "message-view-holder");
  // A family plan needs one more person; they stay waiting for consent and get nothing.
  await buyFamilyPlan(page, [uniqueEmail("message-view-kid")]);
  await page.goto("/account/training");
  await waitForHydration(page);

  // The holder is a member of their own family: yes for themselves (their proved account email),
  // then one practice message now.
  await confirmOwnEmail(browser, new URL(page.url()).origin, holderEmail);
  await page.reload();
  await waitForHydration(page);
  await person(page, "Dana Rivera").getByRole("button", { name: "Yes, send me practice messages" }).click();
  await expect(person(page, "Dana Rivera").getByText("Active", { exact: true })).toBeVisible();
  await person(page, "Dana Rivera").getByRole("button", { name: "Send a practice message now to Dana Rivera" }).click();
  await expect(toastWith(page, "is on its way to Dana Rivera")).toBeVisible();

  // Once the outbox has delivered it, the dashboard lists it, waiting for an answer (just sent).
  const summary = "This month your family spotted 0 of 1 practice message: it is still waiting for an answer";
  await expect
    .poll(
      async () => {
        await page.goto("/account/training");
        return page.getByTestId("family-summary").innerText();
      },
      { timeout: 30_000, intervals: [500, 1000] },
    )
    .toBe(summary);
  await waitForHydration(page);
  await openResults(page, "Dana Rivera");
  const row = results(page, "Dana Rivera").getByTestId("practice-message-list").getByRole("listitem");
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Waiting", { exact: true })).toBeVisible();

  const link = results(page, "Dana Rivera").getByRole("link", { name: /See its red flags/ });
  await expect(link).toHaveAttribute("href", /^\/account\/training\/messages\/[0-9a-f-]{36}$/);
  const href = (await link.getAttribute("href"))!;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));

  // The message as it arrived, its red flags numbered in it and explained beside it.
  await expect(page.getByRole("heading", { level: 1, name: "Dana Rivera's practice message" })).toBeVisible();
  // Words for the holder about the member, not the member's own page.
  await expect(page.getByTestId("holder-message-intro")).toHaveText(
    "Here is what Dana Rivera's message looked like and the warning signs in it.",
  );
  await expect(page.getByTestId("holder-message-outcome")).toContainText(
    "Waiting: This went to Dana Rivera less than 3 days ago, and Dana Rivera has not answered yet.",
  );
  await expect(page.locator("main").getByText(/Great job|Did you spot it\?|Stop practice messages/)).toHaveCount(0);
  const arrived = page.getByRole("article", { name: /^The practice (email|text) as it arrived$/ });
  await expect(arrived).toBeVisible();
  const flags = page.getByRole("list", { name: "The red flags" }).getByRole("listitem");
  const count = await flags.count();
  expect(count).toBeGreaterThan(0);
  await expect(page.locator("main mark[data-red-flag]")).toHaveCount(count);
  for (let number = 1; number <= count; number++) {
    await expect(page.locator(`mark[data-red-flag="${number}"]`)).toContainText(`Red flag ${number}:`);
    await expect(flags.nth(number - 1)).toHaveAttribute("data-red-flag", String(number));
  }
  await expect(page.getByRole("heading", { name: "What Dana Rivera can do next time" })).toBeVisible();

  // Nothing here records anything: no button, no form, no input, no link to the member's own pages.
  const main = page.locator("main");
  await expect(main.getByRole("button")).toHaveCount(0);
  await expect(main.locator("form")).toHaveCount(0);
  await expect(main.locator("input:not([type=hidden]), textarea, select")).toHaveCount(0);
  await expect(main.locator('a[href*="/practice/"]')).toHaveCount(0);

  // Opened twice, on a phone too: still fits, still nothing recorded.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dana Rivera's practice message" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole("link", { name: "Back to your Training Program" }).click();
  await expect(page).toHaveURL(/\/account\/training$/);
  await expect(page.getByTestId("family-summary")).toHaveText(summary);
  await openResults(page, "Dana Rivera");
  await expect(figure(page, "Dana Rivera", "Waiting")).toHaveText("1");
  await expect(figure(page, "Dana Rivera", "No response")).toHaveText("0");
  await expect(figure(page, "Dana Rivera", "Spotted")).toHaveText("0");
  await expect(figure(page, "Dana Rivera", "Fell for")).toHaveText("0");
  await expect(figure(page, "Dana Rivera", "Opened, did not press")).toHaveText("0");
  await expect(figure(page, "Dana Rivera", "Scanner or preview")).toHaveText("0");
  await expect(resultsLine(page, "Dana Rivera").getByText("Level 1 of 3: messages with plenty of clues")).toBeVisible();
  // The member's own download lists the message with no event at all.
  const exportHref = await results(page, "Dana Rivera")
    .getByRole("link", { name: /^Download everything we hold about Dana Rivera/ })
    .getAttribute("href");
  const exported = await (await page.request.get(exportHref!)).json();
  // Only messages that went out are in it (one planned meanwhile by the scheduler's minute run is not).
  type Exported = { delivery: string; events: { kind: string }[] };
  const sent = exported.practiceMessages as Exported[];
  expect(sent).toHaveLength(1);
  expect(sent[0]!.delivery).toBe("sent");
  expect(sent[0]!.events.filter((event) => event.kind !== "sent")).toEqual([]);

  // Another account: the plain 404 page.
  const origin = new URL(page.url()).origin;
  const other = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { "X-Forwarded-For": "10.252.3.4" } });
  const otherPage = await other.newPage();
  await signedInAs(otherPage, "message-view-other");
  const response = await otherPage.goto(href);
  expect(response!.status()).toBe(404);
  await expect(otherPage.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(otherPage.getByText("Dana Rivera's practice message")).toHaveCount(0);
  await other.close();
});
