import type { Browser, Page } from "@playwright/test";
import {
  actFromInbox,
  answerNotice,
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
 * The family dashboard on /account/training, end to end: a family plan bought through the demo
 * checkout, the holder saying yes for themselves and confirming for a child, "Send a practice
 * message now" (local mode) for both, the messages delivered to the local mailbox, and then the
 * results: below set-up while it lasts, first on the page once everyone has answered; one line per
 * person (this month's figures, the last message, the level in words) whose sum is the family's
 * line, and the figures, the chart and the message list a tap away, on a desktop and a 375 px
 * phone. "Training" in the menu opens this page for the holder. Another account sees none of it and
 * gets 404 for this family's people.
 */

const person = (page: Page, name: string) => page.getByRole("group", { name });
/** Where a level-2 heading starts down the page, in pixels. */
const headingTop = async (page: Page, name: string) =>
  (await page.getByRole("heading", { level: 2, name, exact: true }).boundingBox())!.y;

/** The practice link in the newest message to this address, read from the local mailbox. */
async function practiceTokenIn(browser: Browser, origin: string, to: string) {
  const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { "X-Forwarded-For": "127.0.0.1" } });
  const mailbox = await context.newPage();
  await mailbox.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  const links = mailbox.getByRole("article", { name: "Selected message" }).locator('a[href*="/unsubscribe/"]');
  const href = await links.first().getAttribute("href");
  await context.close();
  // 256 random bits in base64url: 43 characters.
  const token = /\/unsubscribe\/([\w-]{43})/.exec(href ?? "")?.[1];
  expect(token, `a practice link in ${href}`).toBeTruthy();
  return token!;
}

/** On their own consent page (the link in their notice), the person presses "Send me a test". */
async function sendTestFromConsentPage(browser: Browser, origin: string, to: string) {
  const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { "X-Forwarded-For": "127.0.0.1" } });
  try {
    const inbox = await context.newPage();
    await inbox.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    const href = await inbox
      .getByRole("article", { name: "Selected message" })
      .getByRole("link", { name: /\/training\/consent\// })
      .first()
      .getAttribute("href");
    await inbox.goto(new URL(href!).pathname);
    const steps = inbox.getByRole("region", { name: "Make sure practice messages reach you" });
    await expect(steps).toContainText("Email");
    await expect(steps).toContainText("safe senders");
    await steps.getByRole("button", { name: "Send me a test" }).click();
    await expect(inbox.getByText("Test sent")).toBeVisible();
  } finally {
    await context.close();
  }
}

test("the holder sees each person's figures, chart and messages at desktop and phone widths; another account sees nothing", async ({
  page,
  browser,
}) => {
  // The whole family journey in one test (buy, consent, a delivery test, two practice messages, a
  // report, two widths, another account): it takes about a minute here, so it gets three.
  test.setTimeout(180_000);
  const { email: holderEmail } = await signedInAs(page, "dashboard-holder");
  const kid = uniqueEmail("kid");
  await buyFamilyPlan(page, [kid]);
  await page.goto("/account/training");
  await waitForHydration(page);

  // The set-up checklist leads the page until everyone is set up.
  const setup = page.getByRole("region", { name: "Set up your family's training" });
  await expect(setup).toBeVisible();
  await expect(setup.getByTestId("setup-steps")).toContainText("Send the notices");

  // Before anything is sent: the dashboard is there, and says so quietly.
  await expect(page.getByRole("heading", { level: 2, name: "How your family is doing" })).toBeVisible();
  await expect(page.getByTestId("family-summary")).toHaveText("No practice messages have gone out this month yet.");
  // Nobody has had one: one line each, no card of zeros and no empty chart.
  await expect(
    page.getByTestId("person-no-results").filter({ hasText: "No practice messages for Dana Rivera yet." }),
  ).toBeVisible();
  await expect(page.getByTestId("person-results")).toHaveCount(0);
  await expect(page.getByTestId("practice-trend")).toHaveCount(0);
  // While set-up lasts it leads, and the results wait below the people.
  expect(await headingTop(page, "Set up your family's training")).toBeLessThan(await headingTop(page, "People"));
  expect(await headingTop(page, "People")).toBeLessThan(await headingTop(page, "How your family is doing"));
  // "Training" in the menu opens the holder's own Training Program, not the plans.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Training" })).toHaveAttribute(
    "href",
    "/account/training",
  );

  // The holder says yes for themselves (their account email, once proved); the child is confirmed
  // by the parent and says "Yes, I'm in" from their own notice.
  const origin = new URL(page.url()).origin;
  await confirmOwnEmail(browser, origin, holderEmail);
  await page.reload();
  await waitForHydration(page);
  await person(page, "Dana Rivera").getByRole("button", { name: "Yes, send me practice messages" }).click();
  await expect(person(page, "Dana Rivera").getByText("Active", { exact: true })).toBeVisible();
  const kidCard = page.getByTestId("training-contact").filter({ hasText: kid });
  await kidCard.getByText(/^Edit /).click();
  await kidCard.getByLabel("Name").fill("Sam");
  await kidCard.getByLabel("Age band").selectOption({ label: "Child (8–12)" });
  await kidCard.getByRole("button", { name: "Save changes" }).click();
  // The save's answer can be slow while the other browser tests share the machine's two cores.
  // The form's own confirmation stays (a toast fades after four seconds), then the card is renamed.
  await expect(page.getByRole("status").filter({ hasText: "Saved Sam's settings." })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole("heading", { level: 3, name: "Sam", exact: true })).toBeVisible({ timeout: 20_000 });
  await person(page, "Sam")
    .getByLabel("I am this child's parent or guardian and I agree to practice messages for them")
    .check();
  await person(page, "Sam").getByRole("button", { name: "Confirm for Sam" }).click();
  await expect(toastWith(page, "Thank you")).toBeVisible();
  await answerNotice(browser, origin, kid, "Yes, I'm in");

  // "Make sure practice messages reach you": once Sam said yes, their page shows the steps for
  // their mail and "Send me a test"; the test arrives from the practice sender, and its button
  // (on the practice host) confirms it.
  await sendTestFromConsentPage(browser, origin, kid);
  await actFromInbox(browser, origin, kid, {
    subject: /Test from scam-free/,
    link: /\/practice\/check\//,
    button: "Yes, it arrived",
    done: "Thank you: practice messages reach you",
  });
  await page.reload();
  await waitForHydration(page);
  await expect(person(page, "Sam").getByText("Active", { exact: true })).toBeVisible();
  await expect(person(page, "Sam").getByTestId("delivery-checks")).toContainText("Test delivered");
  // Everyone is set up: the checklist has gone.
  await expect(page.getByRole("region", { name: "Set up your family's training" })).toHaveCount(0);

  // One practice message each, now.
  for (const name of ["Dana Rivera", "Sam"]) {
    await person(page, name)
      .getByRole("button", { name: `Send a practice message now to ${name}` })
      .click();
    await expect(toastWith(page, `is on its way to ${name}`)).toBeVisible();
  }

  // Once the outbox has delivered both, the dashboard counts them: just sent, so both are waiting
  // for an answer (PRACTICE_RESPONSE_WINDOW_DAYS, 3 days), and the line is not green.
  await expect
    .poll(
      async () => {
        await page.goto("/account/training");
        return page.getByTestId("family-summary").innerText();
      },
      { timeout: 30_000, intervals: [500, 1000] },
    )
    .toBe("This month your family spotted 0 of 2 practice messages: all are still waiting for an answer");
  await waitForHydration(page);
  await expect(page.getByTestId("family-summary")).toHaveAttribute("data-tone", "neutral");
  await expect(page.getByTestId("family-summary")).not.toHaveClass(/text-green/);

  // Everyone has answered and set-up is done: the family's results lead the page.
  expect(await headingTop(page, "How your family is doing")).toBeLessThan(await headingTop(page, "How it works"));
  expect(await headingTop(page, "How it works")).toBeLessThan(await headingTop(page, "People"));
  // The family's line is the sum of the people's lines.
  await expect(page.getByTestId("family-totals")).toContainText(
    "Whole family this month: Spotted 0 of 2, opened only 0, fell for 0, no answer yet 2",
  );

  for (const name of ["Dana Rivera", "Sam"]) {
    // One line each, at a glance; everything else is closed until asked for.
    const line = resultsLine(page, name);
    await expect(line.getByTestId("person-line-figures")).toHaveText(
      "Spotted 0 of 1, opened only 0, fell for 0, no answer yet 1",
    );
    await expect(line.getByTestId("person-line-last")).toContainText(
      /^Last message: [A-Z][a-z]{2} \d+, 2\d{3}, email, waiting$/,
    );
    await expect(line.getByTestId("person-line-level")).toHaveText("Level 1 of 3: messages with plenty of clues");
    await expect(results(page, name)).toBeHidden();
    await openResults(page, name);
    const card = results(page, name);
    const figure = (label: string) =>
      card
        .getByTestId("result-figure")
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator("dd");
    await expect(figure("Sent")).toHaveText("1");
    await expect(figure("Reported")).toHaveText("0");
    await expect(figure("Spotted")).toHaveText("0");
    await expect(figure("Fell for")).toHaveText("0");
    await expect(figure("Waiting")).toHaveText("1");
    await expect(figure("No response")).toHaveText("0");
    await expect(figure("Opened, did not press")).toHaveText("0");
    await expect(figure("Scanner or preview")).toHaveText("0");
    // One message, not decided yet: no percentage, and a note says why.
    await expect(figure("Report rate")).toHaveText("—");
    await expect(figure("Fall rate")).toHaveText("—");
    await expect(card.getByTestId("rates-note")).toHaveText("Rates show after 3 messages with an outcome (0 so far).");
    await expect(card.getByText("1 week in a row without a fall")).toBeVisible();
    // The chart, drawn on the server, with its summary; the same figures in a table.
    const chart = card.getByRole("img", {
      name: new RegExp(`^${name}, last 12 weeks: spotted 0 of 1 practice message\\.$`),
    });
    await expect(chart).toBeVisible();
    await expect(chart.locator("rect")).toHaveCount(1);
    await card.getByText("Show these weeks as a table").click();
    const table = card.getByRole("table", { name: `Practice messages per week for ${name}, last 12 weeks` });
    await expect(table.getByRole("row")).toHaveCount(13);
    await expect(table.getByRole("row").last().getByRole("cell")).toHaveText(["1", "0"]);
    // The message itself: its outcome, and its feedback page.
    const list = card.getByTestId("practice-message-list").getByRole("listitem");
    await expect(list).toHaveCount(1);
    await expect(list.getByText("Waiting", { exact: true })).toBeVisible();
  }

  // The dashboard links to the holder's read-only view (tests/e2e/holder-message-view.spec.ts), never
  // to the member's own feedback page, whose link is in the mailbox.
  const token = await practiceTokenIn(browser, origin, holderEmail);
  await expect(results(page, "Dana Rivera").getByRole("link", { name: /See its red flags/ })).toHaveAttribute(
    "href",
    /^\/account\/training\/messages\/[0-9a-f-]{36}$/,
  );

  // Reporting leads: Dana forwards the practice email to the report address, as a mail client
  // would (the local mailbox's "Forward to report" posts it to /api/webhooks/inbound-email); it
  // counts once, she is answered "Well spotted", and her level goes up.
  const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { "X-Forwarded-For": "127.0.0.1" } });
  const mailbox = await context.newPage();
  await mailbox.goto(`/dev/mailbox?to=${encodeURIComponent(holderEmail)}`);
  // The newest message to her is the practice email (practiceTokenIn read its link there).
  await expect(mailbox.getByRole("article", { name: "Selected message" })).toContainText(token);
  await mailbox.getByRole("button", { name: "Forward to report" }).click();
  await expect(mailbox.getByRole("status")).toHaveText(
    'Reported: it counts, and a "Well spotted" answer is on its way.',
  );
  await mailbox.getByRole("button", { name: "Forward to report" }).click();
  await expect(mailbox.getByRole("status")).toHaveText("Already reported: the first report is the one that counts.");
  await expect
    .poll(async () => {
      await mailbox.goto(`/dev/mailbox?to=${encodeURIComponent(holderEmail)}`);
      return mailbox.getByRole("link", { name: /Well spotted: that was a practice message/ }).count();
    })
    .toBe(1);
  await context.close();

  await page.goto("/account/training");
  await expect(page.getByTestId("family-summary")).toHaveText(
    "This month your family spotted 1 of 2 practice messages; 1 is still waiting for an answer",
  );
  // Her report is her spot, on her line and in the family's: the headline says no more than they do.
  await expect(resultsLine(page, "Dana Rivera").getByTestId("person-line-figures")).toHaveText(
    "Spotted 1 of 1 (1 reported), opened only 0, fell for 0",
  );
  await expect(resultsLine(page, "Dana Rivera").getByTestId("person-line-last")).toContainText(/email, reported$/);
  await expect(resultsLine(page, "Dana Rivera").getByTestId("person-line-level")).toHaveText(
    "Level 2 of 3: messages with fewer clues",
  );
  await expect(page.getByTestId("family-totals")).toContainText(
    "Whole family this month: Spotted 1 of 2 (1 reported), opened only 0, fell for 0, no answer yet 1",
  );
  await waitForHydration(page);
  await openResults(page, "Dana Rivera");
  // Dana's report decided hers: one of one decided was spotted, good news.
  await expect(page.getByTestId("family-summary")).toHaveAttribute("data-tone", "good");
  const dana = results(page, "Dana Rivera");
  const danaFigure = (label: string) =>
    dana
      .getByTestId("result-figure")
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator("dd");
  await expect(danaFigure("Reported")).toHaveText("1");
  // One message with an outcome: still no "100%" in large type.
  await expect(danaFigure("Report rate")).toHaveText("—");
  await expect(dana.getByTestId("rates-note")).toHaveText("Rates show after 3 messages with an outcome (1 so far).");
  await expect(danaFigure("Median time to report")).not.toHaveText("—");
  // "Spotted" counts her report, as her line does.
  await expect(danaFigure("Spotted")).toHaveText("1");
  await expect(dana.getByTestId("practice-message-list").getByText("Reported", { exact: true })).toBeVisible();

  // Where to report real scams; never to us.
  const report = page.getByRole("region", { name: "Got a real scam? Report it where it helps" });
  await expect(report.getByRole("link", { name: "reportfraud.ftc.gov" })).toHaveAttribute(
    "href",
    "https://reportfraud.ftc.gov",
  );
  await expect(report.getByRole("link", { name: "ic3.gov" })).toHaveAttribute("href", "https://www.ic3.gov");
  await expect(report).toContainText("forward it to 7726");

  // On a phone: the figures and the chart still show, and nothing is wider than the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/account/training");
  await waitForHydration(page);
  // The results lead on the phone too: the family's headline is in the first screen.
  await expect(page.getByTestId("family-summary")).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await openResults(page, "Sam");
  const samChart = results(page, "Sam").getByRole("img", { name: /^Sam, last 12 weeks/ });
  await expect(samChart).toBeVisible();
  await expect(results(page, "Sam").getByTestId("result-figure").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The chart's last week label is whole (it used to be cut at the drawing's edge: "Nov 2…").
  const lastLabel = await samChart.evaluate((svg) => {
    const labels = [...svg.querySelectorAll("text")].filter((text) =>
      /^[A-Z][a-z]{2} \d+$/.test(text.textContent ?? ""),
    );
    const last = labels.at(-1)!.getBoundingClientRect();
    const frame = svg.getBoundingClientRect();
    return { left: last.left, right: last.right, frameLeft: frame.left, frameRight: frame.right };
  });
  expect(lastLabel.right).toBeLessThanOrEqual(lastLabel.frameRight);
  expect(lastLabel.left).toBeGreaterThanOrEqual(lastLabel.frameLeft);

  // The holder can download everything held about Sam.
  const exportHref = await results(page, "Sam")
    .getByRole("link", { name: "Download everything we hold about Sam (JSON)" })
    .getAttribute("href");
  const download = await page.request.get(exportHref!);
  expect(download.status()).toBe(200);
  expect((await download.json()).person.name).toBe("Sam");

  // Another account: none of this family on its page, and 404 for this family's people.
  const contactId = await person(page, "Sam").locator('input[name="contactId"]').first().getAttribute("value");
  const other = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { "X-Forwarded-For": "10.251.3.4" } });
  const otherPage = await other.newPage();
  await signedInAs(otherPage, "other-dashboard");
  await otherPage.goto("/account/training");
  await expect(otherPage.getByRole("heading", { name: "The Training Program is part of a membership" })).toBeVisible();
  await expect(otherPage.getByTestId("family-results")).toHaveCount(0);
  // Without a plan of their own, "Training" still shows the plans.
  await expect(
    otherPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Training" }),
  ).toHaveAttribute("href", "/pricing");
  expect(await otherPage.content()).not.toContain(token);
  await expect(otherPage.getByText("Sam")).toHaveCount(0);
  const attempt = await otherPage.request.post("/account/training", {
    form: { intent: "send-now", contactId: contactId! },
    maxRedirects: 0,
  });
  expect(attempt.status()).toBe(404);
  expect((await otherPage.request.get(exportHref!)).status()).toBe(404);
  await other.close();
});
