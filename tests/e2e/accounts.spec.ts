import type { Page } from "@playwright/test";
import { buyFamilyPlan, signedInAs, test, expect, toastWith, uniqueEmail, waitForHydration } from "./fixtures";

async function signUp(page: Page, email: string, password: string) {
  await page.goto("/auth?tab=signup");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(toastWith(page, "Registration successful")).toContainText(
    "Success! Please log in to access your account.",
  );
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole("tabpanel", { name: "Login" }).getByLabel("Email").fill(email);
  await page.getByRole("tabpanel", { name: "Login" }).getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

test.describe("accounts", () => {
  test("sign-up refuses a short password, then succeeds and switches to the Login tab", async ({ page }) => {
    await page.goto("/auth");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Account Access" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Create Account" }).click();
    const panel = page.getByRole("tabpanel", { name: "Create Account" });
    await expect(panel.getByText("Password must be at least 6 characters long")).toBeVisible();
    const newsletter = panel.getByLabel("Sign up for our newsletter to receive cybersecurity tips and updates");
    await expect(newsletter).not.toBeChecked();
    await panel.getByLabel("Email").fill(uniqueEmail("short"));
    await panel.getByLabel("Password").fill("12345");
    await panel.getByRole("button", { name: "Create Account" }).click();
    await expect(panel.locator("#signup-password-error")).toHaveText("Password must be at least 6 characters long");
    await expect(page.getByRole("tab", { name: "Create Account" })).toHaveAttribute("aria-selected", "true");

    await panel.getByLabel("Password").fill("123456");
    await newsletter.check();
    await panel.getByRole("button", { name: "Create Account" }).click();
    await expect(toastWith(page, "Registration successful")).toContainText(
      "Success! Please log in to access your account.",
    );
    await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  });

  test("the server refuses a short password too", async ({ request }) => {
    const response = await request.post("/auth", {
      form: { intent: "signup", email: uniqueEmail("srv"), password: "123" },
    });
    expect(response.status()).toBe(400);
  });

  test("login failure and success, session-aware navigation, and sign-out", async ({ page }) => {
    const email = uniqueEmail("login");
    await signUp(page, email, "secret12");
    await logIn(page, email, "wrong-password");
    await expect(toastWith(page, "Login failed")).toContainText(/Invalid email or password/i);
    await expect(page.getByRole("alert")).toContainText("Login failed");

    await logIn(page, email, "secret12");
    await expect(page).toHaveURL(/\/account$/);
    await expect(toastWith(page, "Login successful")).toContainText("Welcome back!");
    await expect(page.getByTestId("account-email")).toHaveText(email);
    await expect(page.getByRole("heading", { name: "No Active Training Program" })).toBeVisible();
    await expect(page.getByRole("link", { name: "View Training Plans" })).toHaveAttribute("href", "/pricing");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/account");
    await expect(nav.getByRole("link", { name: "Sign In" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Get Started" })).toHaveCount(0);

    // A signed-in visitor who opens /auth goes to their account.
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/account$/);

    const cookies = await page.context().cookies();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
    // The home page ships no script (decision 038): the message shows as text under the header.
    await expect(page.getByRole("status").filter({ hasText: "Signed out successfully" })).toContainText(
      "You have been logged out of your account.",
    );
    await expect(nav.getByRole("link", { name: "Sign In" })).toBeVisible();

    // The old session cookie no longer works: it was ended on the server.
    await page.context().addCookies(cookies);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Faccount$/);
  });

  test("/account sends anonymous visitors to /auth and brings them back after login", async ({ page }) => {
    const email = uniqueEmail("guard");
    await signUp(page, email, "secret12");
    await page.context().clearCookies();
    const response = await page.goto("/account");
    expect(response?.url()).toMatch(/\/auth\?returnTo=%2Faccount$/);
    await waitForHydration(page);
    await logIn(page, email, "secret12");
    await expect(page).toHaveURL(/\/account$/);
  });

  test("an outside returnTo is ignored", async ({ page }) => {
    const email = uniqueEmail("evil");
    await signUp(page, email, "secret12");
    await page.goto("/auth?returnTo=https%3A%2F%2Fevil.example%2F");
    await waitForHydration(page);
    await logIn(page, email, "secret12");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/account$/);
    // Signed in, /auth sends people on to returnTo: paths that normalise to "//evil.example" stay here.
    for (const returnTo of [
      "/.//evil.example",
      "/x/..//evil.example",
      "/..//evil.example/x",
      "/%2e%2e//evil.example",
    ]) {
      await page.goto(`/auth?returnTo=${encodeURIComponent(returnTo)}`);
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/account$/);
    }
  });

  test("forgotten password round trip through the local mailbox", async ({ page, browser }) => {
    const email = uniqueEmail("reset");
    await signUp(page, email, "oldpass1");

    // Another device stays signed in until the password changes.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto("/auth");
    await otherPage.getByLabel("Email").fill(email);
    await otherPage.getByLabel("Password").fill("oldpass1");
    await otherPage.getByRole("button", { name: "Log in" }).click();
    await expect(otherPage).toHaveURL(/\/account$/);

    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account exists for that email");

    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    const message = page.getByRole("article", { name: "Selected message" });
    await expect(message.getByRole("heading", { name: "Reset your scam-free password" })).toBeVisible();
    const link = await message.getByRole("link", { name: /reset-password/ }).getAttribute("href");
    await page.goto(link!);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel("New password").fill("newpass1");
    await page.getByLabel("Type it again").fill("newpass1");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(toastWith(page, "Password updated")).toBeVisible();

    await logIn(page, email, "oldpass1");
    await expect(toastWith(page, "Login failed")).toBeVisible();
    await logIn(page, email, "newpass1");
    await expect(page).toHaveURL(/\/account$/);

    // The link works once.
    await page.goto(link!);
    await expect(page.getByRole("alert")).toContainText("invalid, already used or expired");

    // The other device was signed out when the password changed.
    await otherPage.goto("/account");
    await expect(otherPage).toHaveURL(/\/auth\?returnTo=/);
    await other.close();
  });

  test("a family member confirms their address from the email, and the relative's Family Training opens for them", async ({
    page,
  }) => {
    const member = uniqueEmail("family-member");
    await signedInAs(page, "family-buyer");
    await buyFamilyPlan(page, [member]);
    await page.context().clearCookies();

    await signUp(page, member, "member-pass1");
    await logIn(page, member, "member-pass1");
    await expect(page).toHaveURL(/\/account$/);
    // Not proved yet: the address could be anyone's, so the family's plan is not shown as theirs.
    await expect(page.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No Active Training Program" })).toBeVisible();
    await page.getByRole("button", { name: "Send the link again" }).click();
    await expect(toastWith(page, "Confirmation email sent")).toBeVisible();

    await page.goto(`/dev/mailbox?to=${encodeURIComponent(member)}`);
    const message = page.getByRole("article", { name: "Selected message" });
    await expect(message.getByRole("heading", { name: "Confirm your email address for scam-free" })).toBeVisible();
    const link = await message.getByRole("link", { name: /confirm-email/ }).getAttribute("href");
    await page.goto(link!);
    await expect(page.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
    await page.getByRole("button", { name: "Confirm my email address" }).click();
    await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible();

    await page.getByRole("link", { name: "Go to My Account" }).click();
    await expect(page.getByRole("heading", { name: "You are part of a family's Training Program" })).toBeVisible();
    // Whose plan it is (the name given at checkout), and when it renews.
    await expect(page.getByText("Dana Rivera included your email address in their Family Training.")).toBeVisible();
    await expect(page.getByTestId("family-plan-period")).toHaveText(/^Their plan renews on \w+ \d{1,2}, \d{4}\.$/);
    await expect(page.getByRole("heading", { name: "Confirm your email address" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "No Active Training Program" })).toHaveCount(0);
    await page.goto("/weekly-lessons");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Weekly Lessons" })).toBeVisible();
  });

  test("repeated failed logins answer 429 with a clear message", async ({ page, request }) => {
    const email = uniqueEmail("brute");
    await signUp(page, email, "secret12");
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await request.post("/auth", { form: { intent: "login", email, password: `guess-${i}` } });
      statuses.push(response.status());
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    await page.goto("/auth");
    await waitForHydration(page);
    await logIn(page, email, "secret12");
    await expect(page.getByRole("alert")).toContainText("Too many attempts");
  });

  test("better-auth's own endpoints are mounted and refuse bad input with 4xx", async ({ request }) => {
    const session = await request.get("/api/auth/get-session");
    expect(session.status()).toBe(200);
    const bad = await request.post("/api/auth/sign-in/email", { data: { email: "not-an-email" } });
    expect(bad.status()).toBeGreaterThanOrEqual(400);
    expect(bad.status()).toBeLessThan(500);
  });

  test("a cross-site form post is refused", async ({ request }) => {
    const response = await request.post("/auth", {
      form: { intent: "login", email: "a@example.com", password: "secret12" },
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status()).toBe(403);
  });

  test("deleting the account asks for a ticked box and the password, then signs out and the login no longer works", async ({
    page,
  }) => {
    const { email, password } = await signedInAs(page, "leaving");
    await page.goto("/account");
    await waitForHydration(page);
    await page.getByText("Delete my account", { exact: true }).first().click();
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByRole("alert")).toContainText("Tick the box");
    await expect(page).toHaveURL(/\/account$/);
    await page.getByLabel("I understand: delete my account and everything in it.").check();
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByRole("alert")).toContainText("Enter your password");
    await page.getByLabel("Your password").fill("not-my-password");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByRole("alert").first()).toContainText("That is not your password");
    await expect(page).toHaveURL(/\/account$/);
    await page.getByLabel("Your password").fill(password);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status").filter({ hasText: "Your account has been deleted" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
    const login = await page.request.post("/auth", { form: { intent: "login", email, password }, maxRedirects: 0 });
    expect(login.status()).not.toBe(302);
  });
});
