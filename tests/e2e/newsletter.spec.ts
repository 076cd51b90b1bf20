import { test, expect, expectNoAxeViolations, toastWith, uniqueEmail, waitForHydration } from "./fixtures";
import { confirmNewsletterFromMailbox } from "./newsletter-mailbox";
import { expectFitsPhone } from "./phone-fit";

/** The answer to every accepted sign-up, known address or not: the spec's "Success!" and the link to press. */
const ASK_TO_CONFIRM =
  "You'll be subscribed to our newsletter once you confirm: please press the link we've emailed you. If this address is already subscribed, nothing changes.";

test.describe("newsletter on the home page", () => {
  // The home page ships no script (decision 038): its form posts as a plain form, and the
  // newsletter page answers with the outcome; from there the form is React's again.
  test("asks the address to confirm, subscribes once the emailed link's button is pressed, and answers a second sign-up the same way", async ({
    page,
  }) => {
    const email = uniqueEmail("news");
    await page.goto("/");
    const section = page.locator("#newsletter");
    await section.getByLabel("Name (optional)").fill("Nia");
    await section.getByLabel("Email").fill(email);
    await section.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("status").filter({ hasText: "Success!" })).toContainText(ASK_TO_CONFIRM);

    // Only the confirmation email was sent; the welcome comes with the button on the link's page.
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole("list", { name: "Messages" }).getByRole("listitem")).toHaveText([
      /Confirm your scam-free scam alerts subscription/,
    ]);
    await confirmNewsletterFromMailbox(page, email);
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole("article", { name: "Selected message" })).toContainText(
      "You're subscribed to scam-free scam alerts",
    );

    // Signing up again says exactly what it said the first time: the form tells nobody who is subscribed.
    await page.goto("/newsletter");
    await waitForHydration(page);
    await page.getByRole("main").getByLabel("Email").fill(email.toUpperCase());
    await page.getByRole("main").getByRole("button", { name: "Subscribe" }).click();
    await expect(toastWith(page, "Success!")).toContainText(ASK_TO_CONFIRM);
  });

  test("a page opening the link, as a mail scanner does, subscribes nobody; a used link says so", async ({ page }) => {
    const email = uniqueEmail("scanner");
    expect((await page.request.post("/newsletter", { form: { email } })).status()).toBe(200);
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    const href = await page
      .getByRole("article", { name: "Selected message" })
      .getByRole("link", { name: /\/newsletter\/confirm\?token=/ })
      .first()
      .getAttribute("href");
    for (let i = 0; i < 3; i++) expect((await page.request.get(href!)).status()).toBe(200);
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole("article", { name: "Selected message" })).toContainText("Confirm your");

    await page.goto(href!);
    await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
    await expectNoAxeViolations(page);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { name: "You're subscribed" })).toBeVisible();
    const reopened = await page.goto(href!);
    expect(reopened?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("an empty email gives 'Email required'", async ({ page }) => {
    await page.goto("/");
    const section = page.locator("#newsletter");
    await section.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("status").filter({ hasText: "Email required" })).toContainText(
      "Please enter your email address.",
    );
    await expect(page.getByRole("main").getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  });

  test("the server refuses an empty email with 400 even without the browser's checks", async ({ request }) => {
    const response = await request.post("/newsletter", { form: { email: "" } });
    expect(response.status()).toBe(400);
  });
});

test.describe("newsletter without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts, the result page asks to confirm, and the emailed link's button works without scripts too", async ({
    page,
  }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/");
    const section = page.locator("#newsletter");
    await section.getByLabel("Email").fill(email);
    await section.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("status")).toContainText(ASK_TO_CONFIRM);
    await confirmNewsletterFromMailbox(page, email, { scripts: false });
  });
});

test.describe("newsletter pop-up", () => {
  test.use({ freshVisitor: true });

  test("appears once for a new visitor, can be dismissed, and does not come back", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.mouse.wheel(0, 20_000);
    const popup = page.getByRole("dialog", { name: "Get free scam alerts" });
    await expect(popup).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();
    await page.reload();
    await waitForHydration(page);
    await page.mouse.wheel(0, 20_000);
    // The page has handled the scroll once two frames have been drawn after it.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(popup).toBeHidden();
  });

  test("half a minute on another page neither opens it nor uses it up: it still comes on the home page", async ({
    page,
  }) => {
    await page.clock.install();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/pricing");
    await page.waitForLoadState("networkidle");
    await page.clock.fastForward(35_000);
    await page.waitForLoadState("networkidle");
    // Nothing woke the pricing page up, and the pop-up is still to come.
    expect(scripts).toEqual([]);
    expect(await page.evaluate(() => window.localStorage.getItem("scam-free:newsletter-popup-seen"))).toBeNull();

    await page.goto("/");
    await waitForHydration(page);
    await page.mouse.wheel(0, 20_000);
    await expect(page.getByRole("dialog", { name: "Get free scam alerts" })).toBeVisible();
  });

  test("on a 375 px phone it fits the screen, passes axe and works from the keyboard alone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    await waitForHydration(page);
    await page.mouse.wheel(0, 20_000);
    const popup = page.getByRole("dialog", { name: "Get free scam alerts" });
    await expect(popup).toBeVisible();
    await expectFitsPhone(page, "the newsletter pop-up");
    await expectNoAxeViolations(page);
    // A modal dialog keeps the keyboard off the page behind it: Tab goes through its fields and
    // buttons (and past the last one to the browser's own controls, then round), never behind it.
    const controls = popup.locator("input:not([type=hidden]), button");
    const count = await controls.count();
    await controls.first().focus();
    const reached = new Set<string>();
    for (let i = 0; i < count + 2; i++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return "outside the page";
        return active.closest("dialog[open]") ? `dialog: ${active.id || active.getAttribute("aria-label")}` : "behind";
      });
      expect(where).not.toBe("behind");
      reached.add(where);
    }
    expect(reached).toContain("dialog: popup-newsletter-email");
    expect(reached).toContain("dialog: Close");
    // Close from the keyboard: the Close button, then Enter.
    await popup.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Enter");
    await expect(popup).toBeHidden();
  });

  test("subscribes from the pop-up", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.mouse.wheel(0, 20_000);
    const popup = page.getByRole("dialog", { name: "Get free scam alerts" });
    await popup.getByLabel("Email").fill(uniqueEmail("popup"));
    await popup.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("status").filter({ hasText: "Success!" })).toContainText(ASK_TO_CONFIRM);
  });

  test("never opens on top of the sample emails dialog, and waits until it is closed", async ({ page }) => {
    // A fake clock lets the test pass the 30-second timer without waiting for it.
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    // Pressing the button scrolls it into view, well past half of the page.
    await page.getByRole("button", { name: /Practice scam emails and texts.*see samples/ }).click();
    const samples = page.getByRole("dialog", { name: "Sample Practice Scam Emails" });
    await expect(samples).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.clock.fastForward(35_000);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("dialog")).toHaveCount(1);
    await expect(samples).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(samples).toBeHidden();
    await page.clock.fastForward(5_000);
    const popup = page.getByRole("dialog", { name: "Get free scam alerts" });
    await expect(popup).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(1);
  });

  test("a jump the visitor asked for ('Stay Informed') does not open it, nor does time while a field has focus", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Stay Informed" }).click();
    await expect(page.getByRole("heading", { name: "Stay informed about new scams" })).toBeInViewport();
    await page.waitForLoadState("networkidle");
    await page.clock.fastForward(3_000);
    await page.waitForLoadState("networkidle");
    const popup = page.getByRole("dialog", { name: "Get free scam alerts" });
    await expect(popup).toHaveCount(0);

    // Typing in the newsletter section: the 30 seconds pass, and still no pop-up over the form.
    const email = page.locator("#newsletter").getByLabel("Email");
    await email.click();
    await email.pressSequentially("someone@");
    await page.clock.fastForward(40_000);
    await page.waitForLoadState("networkidle");
    await expect(popup).toHaveCount(0);
    await expect(email).toBeFocused();

    // Once the visitor leaves the form alone, the pop-up may come.
    await email.blur();
    await page.clock.fastForward(5_000);
    await expect(popup).toBeVisible();
  });
});
