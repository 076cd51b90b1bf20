import { expect, signedInAs, test, toastWith, uniqueEmail, waitForHydration } from "./fixtures";
import type { Page } from "@playwright/test";

test("anonymous /checkout goes to /auth with 'Authentication required' and a return address", async ({ page }) => {
  await page.goto("/checkout?plan=family");
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Fcheckout%3Fplan%3Dfamily$/);
  await expect(toastWith(page, "Authentication required")).toBeVisible();
  await expect(toastWith(page, "Please log in to complete your purchase.")).toBeVisible();
  // A calm note, not an error: nothing went wrong, and the page names the plan on the way (#35).
  await expect(toastWith(page, "Authentication required")).toHaveAttribute("data-toast-kind", "info");
  await expect(page.getByText("Create an account or log in to continue to Family Training, $25/month")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Create Account" })).toHaveAttribute("aria-selected", "true");
});

test("family checkout with the demo provider: success page, Active account with member emails, weekly lessons member view", async ({
  page,
}) => {
  const { email } = await signedInAs(page, "family-buyer");
  const kid = uniqueEmail("kid");
  await page.goto("/checkout?plan=family");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Complete Your Membership" })).toBeVisible();
  await expect(page.getByText("Select Your Plan")).toBeVisible();
  await expect(page.getByText("Your Information")).toBeVisible();
  await expect(page.getByText("Family Member Contact Information")).toBeVisible();
  await expect(page.getByText("$10/mo", { exact: true })).toBeVisible();
  await expect(page.getByText("$25/mo", { exact: true })).toBeVisible();
  await expect(page.getByText("Selected")).toHaveCount(1);
  await expect(page.getByText("Order Summary")).toBeVisible();
  await expect(page.getByText("$25/month")).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("$25.00/month");
  await expect(page.getByLabel("Primary Email")).toHaveValue(email);

  const submit = page.getByRole("button", { name: "Complete Checkout" });
  await page.getByLabel("Full Name").fill("Dana Rivera");
  // The first family member's email is required: the button waits for it.
  await expect(submit).toBeDisabled();
  await page.getByLabel("Email *").fill(kid);
  await page.locator("#member-phone-1").fill("+1 555 010 2000");
  // Each person's first name and age group are asked too: nobody is an "Adult" by default.
  await expect(submit).toBeDisabled();
  await page.locator("#member-name-1").fill("Sam");
  await page.locator("#member-age-band-1").selectOption({ label: "Child (8–12)" });
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page).toHaveURL(/\/checkout\/demo\/demo_cs_/);
  await expect(page.getByText("Family Training").first()).toBeVisible();
  await expect(page.getByText("$25.00 / month")).toBeVisible();
  await page.getByRole("button", { name: /^Pay/ }).click();

  await expect(page).toHaveURL(/\/checkout\/success\?session_id=demo_cs_/);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(toastWith(page, "Subscription active!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Learning Now" })).toHaveAttribute("href", "/course");

  // Moves on by itself after 2 seconds.
  await expect(page).toHaveURL(/\/account$/, { timeout: 6_000 });
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByTestId("member-emails")).toHaveText(kid);
  await expect(page.getByText("Dana Rivera")).toBeVisible();

  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(toastWith(page, "Refreshed subscription details")).toBeVisible();

  await page.goto("/weekly-lessons");
  await expect(page.getByRole("heading", { name: "Welcome to Weekly Lessons" })).toBeVisible();
  await expect(page.getByText("This week's lesson")).toBeVisible();
  await page
    .getByRole("link", { name: /AI voices, deepfake videos and the family safe word/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/voice/i);
  await expect(page.getByRole("heading", { name: "For children (8–12)" })).toBeVisible();
  await expect(page.getByText("Check your answer").first()).toBeVisible();
});

test("the demo portal opens in a new tab and cancels at period end; the account shows the notice", async ({
  page,
  context,
}) => {
  await signedInAs(page, "portal-user");
  await page.goto("/checkout?plan=premium");
  await waitForHydration(page);
  await page.getByLabel("Full Name").fill("Sam Lee");
  await page.getByRole("button", { name: "Complete Checkout" }).click();
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 8_000 });
  await waitForHydration(page);

  const [portal] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("button", { name: /Manage Subscription/ }).click(),
  ]);
  await expect(portal).toHaveURL(/\/account\/demo-portal$/);
  await portal.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(portal.getByRole("button", { name: "Resume subscription" })).toBeVisible();

  await page.reload();
  await expect(page.getByText("Your subscription will cancel at the end of the current period.")).toBeVisible();
  // The extra payment-method button is hidden once cancelling.
  await expect(page.getByRole("button", { name: /Update Payment Method/ })).toHaveCount(0);
});

test("a forged session id grants nothing: 'Payment Processed', technical details, and no member view", async ({
  page,
}) => {
  await signedInAs(page, "forger");
  await page.goto("/checkout/success?session_id=demo_cs_ffffffffffffffffffffffff");
  await expect(page.getByRole("heading", { name: "Payment Processed" })).toBeVisible();
  await expect(toastWith(page, "Verification error")).toBeVisible();
  await page.getByText("Technical details").click();
  await expect(page.locator("#main").getByText("does not belong to your account")).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/support");

  await page.goto("/checkout/success");
  await page.getByText("Technical details").click();
  await expect(page.locator("#main").getByText("No session ID found in URL. Please contact support.")).toBeVisible();

  await page.goto("/weekly-lessons");
  await expect(page.getByRole("heading", { name: "Weekly Cyber Security Lessons" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Already a member? Sign in here" })).toHaveCount(0);
  const lesson = await page.request.get("/weekly-lessons/2026-11-16-ai-voices-and-images", { maxRedirects: 0 });
  expect(lesson.status()).toBe(302);
});

test("weekly lessons for signed-out visitors: the marketing panel and 'Already a member? Sign in here'", async ({
  page,
}) => {
  await page.goto("/weekly-lessons");
  await expect(page.getByRole("heading", { name: "Weekly Cyber Security Lessons" })).toBeVisible();
  for (const card of ["Expert Knowledge", "Weekly Updates", "Family Protection"]) {
    await expect(page.getByRole("heading", { name: card })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Join Training Program" })).toHaveAttribute("href", "/pricing");
  await expect(page.getByRole("link", { name: "Already a member? Sign in here" })).toHaveAttribute("href", /^\/auth/);
});

test("checkout validation: server messages without JavaScript, and /stripe-setup shows demo mode", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signedInAs(page, "nojs-buyer");
  await page.goto("/checkout?plan=family");
  await page.getByLabel("Full Name").fill("Kim");
  await page.getByRole("button", { name: "Complete Checkout" }).click();
  await expect(page.getByText("Please provide at least one additional family member email.").first()).toBeVisible();
  await page.getByLabel("Email *").fill("not-an-email");
  await page.getByRole("button", { name: "Complete Checkout" }).click();
  await expect(page.getByText("Please enter a valid email address, like name@example.com.").first()).toBeVisible();

  await page.goto("/stripe-setup");
  await expect(page.getByRole("heading", { name: "Stripe Integration Status" })).toBeVisible();
  await expect(page.getByText("Demo payments", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Account" })).toHaveAttribute("href", "/account");
  await context.close();
});

/** Signs up, buys the premium plan through the demo provider and lands on /account. */
async function buyPremium(page: Page, label: string) {
  await signedInAs(page, label);
  await page.goto("/checkout?plan=premium");
  await waitForHydration(page);
  await page.getByLabel("Full Name").fill("Robin Ende");
  await page.getByRole("button", { name: "Complete Checkout" }).click();
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 8_000 });
}

test("after 'End subscription now' the account shows the ended subscription honestly, with a way to join again", async ({
  page,
}) => {
  await buyPremium(page, "ender");
  await expect(page.getByRole("button", { name: /Update Payment Method/ })).toBeVisible();

  await page.goto("/account/demo-portal");
  await page.getByRole("button", { name: "End subscription now" }).click();
  await expect(page.getByText(/Status: canceled/)).toBeVisible();

  await page.goto("/account");
  await waitForHydration(page);
  await expect(page.getByTestId("subscription-status")).toHaveText("canceled");
  await expect(page.getByText("Active", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Renews on")).toHaveCount(0);
  await expect(page.getByText("Access ends on")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Update Payment Method/ })).toHaveCount(0);
  await expect(
    page.getByText("This subscription has ended, so practice messages and weekly lessons have stopped."),
  ).toBeVisible();
  const joinAgain = page.getByRole("link", { name: "Join again" });
  await expect(joinAgain).toHaveAttribute("href", "/pricing");

  await joinAgain.click();
  await expect(page).toHaveURL(/\/pricing$/);
  // Checkout is open again: the old subscription no longer counts as active.
  await page.goto("/checkout?plan=premium");
  await expect(page.getByRole("button", { name: "Complete Checkout" })).toBeVisible();
});

test("checkout: the hint names the field that blocks, the plan follows the chosen card, and Full Name starts empty", async ({
  page,
}) => {
  await signedInAs(page, "hints");
  await page.goto("/checkout?plan=premium");
  await waitForHydration(page);
  // Sign-up keeps no real name, so the email's local part is not offered as one.
  await expect(page.getByLabel("Full Name")).toHaveValue("");

  const submit = page.getByRole("button", { name: "Complete Checkout" });
  const hint = page.locator("#checkout-blocker");
  await expect(hint).toContainText("Full Name");
  await page.getByLabel("Full Name").fill("Pat Doe");
  await expect(submit).toBeEnabled();
  await expect(hint).toHaveCount(0);

  const phone = page.getByLabel("Primary Phone (optional)");
  await phone.fill("not a phone");
  await expect(submit).toBeDisabled();
  await expect(hint).toContainText("Primary Phone");
  await expect(hint).toContainText("Please enter a valid phone number, like +1 555 123 4567.");
  await expect(hint).not.toContainText("Choose a plan");
  await expect(submit).toHaveAccessibleDescription(/Primary Phone/);
  // On a phone the field may be off screen: the hint takes you there.
  await page.setViewportSize({ width: 375, height: 740 });
  await hint.getByRole("button", { name: "Primary Phone" }).click();
  await expect(phone).toBeFocused();
  await expect(phone).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 720 });
  await phone.fill("");

  // The chosen card, the address and the subtitle stay in step, without a reload.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const subtitle = page.getByText(/Safe practice scam emails and texts for you/);
  await expect(subtitle).not.toContainText("and your family");
  await page.locator("label").filter({ hasText: "Family Training" }).click();
  await expect(page).toHaveURL(/\/checkout\?plan=family$/);
  await expect(subtitle).toContainText("for you and your family");
  await expect(hint).toContainText("Please provide at least one additional family member email.");
  await page.getByLabel("Email *").fill(uniqueEmail("member"));
  // Then their first name and age group: the hint names each in turn.
  await expect(hint).toContainText("Family Member 1 First Name");
  await page.locator("#member-name-1").fill("Robin");
  await expect(hint).toContainText("Family Member 1 Age Group");
  await page.locator("#member-age-band-1").selectOption("adult");
  await expect(submit).toBeEnabled();
  await page.locator("label").filter({ hasText: "Training Program" }).first().click();
  await expect(page).toHaveURL(/\/checkout\?plan=premium$/);
  await expect(subtitle).not.toContainText("and your family");
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test("checkout: the 'Please check your details' banner goes once the family member's email, name and age group are filled in", async ({
  page,
}) => {
  await signedInAs(page, "banner");
  // The form is sent before JavaScript has loaded (slow phone): the server answers with the banner.
  await page.route("**/assets/**", (route) => route.abort());
  await page.goto("/checkout?plan=family");
  await page.getByLabel("Full Name").fill("Kim Banner");
  await page.unroute("**/assets/**");
  await page.getByRole("button", { name: "Complete Checkout" }).click();
  await waitForHydration(page);
  const banner = page.locator("form").getByRole("alert");
  await expect(banner).toContainText("Please check your details");
  await expect(banner).toContainText("Please provide at least one additional family member email.");

  await page.getByLabel("Email *").fill(uniqueEmail("kid"));
  await page.locator("#member-name-1").fill("Sam");
  await page.locator("#member-age-band-1").selectOption("child");
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Complete Checkout" })).toBeEnabled();
});
