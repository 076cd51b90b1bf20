import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Cookie, Page } from "@playwright/test";
import { signUp } from "~/account/account-actions.server";
import { users } from "~/account/tables";
import { getDatabase } from "~/db/database.server";
import { queueText } from "~/mail/mailer.server";
import { cutMessage, trainerMessageFromScenario } from "~/red-flag-trainer/candidates";
import { loadScamUpdateFiles } from "~/scam-updates/scam-update-files.server";
import { grantStaffRole } from "~/staff/grant.server";
import { loadPracticeLibrary } from "~/training/library/practice-library.server";
import { outboxMessages } from "~/mail/tables";
import { newCheckToken } from "~/training/people/delivery-checks.server";
import { deliveryChecks, practiceAddressConsents, trainingContacts, trainingPrograms } from "~/training/tables";
import { findPracticeMessageByToken, recordClick, recordSpotted } from "~/training/tracking/tracking.server";
import { seedPracticeMessage } from "../support/practice-seeds";
import { openSpecDatabase, type SpecDatabase } from "../support/spec-database";
import { createTestFamily } from "../support/training-family";
import {
  buyFamilyPlan,
  holdSuccessPageMove,
  expectMenuOpen,
  expect,
  POPUP_SEEN_KEY,
  expectNoAxeViolations,
  signedInAs,
  test,
  toastWith,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";
import { subscribeThroughMailbox } from "./newsletter-mailbox";

/**
 * One axe scan per page and state the other specs reach: each test gets to its state as directly
 * as it can (a request, a seeded database, a few clicks), shows with a cheap check that it is the
 * intended state, and scans once. The flows themselves are tested in their own specs, without scans.
 *
 * Pages the shared server reaches in a few steps use it; states that need data the browser cannot
 * make quickly (practice messages already sent, a staff account, a queued text, a family with
 * results) come from one database of this spec's own, seeded through the app's modules.
 */

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

const library = loadPracticeLibrary();
/** The parts of a trainer message, as the page offers them to mark. */
const partsOf = (id: string) => cutMessage(trainerMessageFromScenario(library.byId(id)!)).candidates;
const trainerPath = (id: string) => `/weekly-lessons/practice?who=child&scenario=${id}`;
const DESKTOP_SCENARIO = "email-free-coins-generator";
const PHONE_SCENARIO = "sms-game-gold-weekend";

const SAMPLES_BUTTON = /Practice scam emails and texts/;
const SAMPLES_DIALOG = "Sample Practice Scam Emails";

/**
 * Signs in (signedInAs) and uses up the "Login successful" toast the next page would show: it
 * appears once React has loaded, and one fading in while axe measures would fail on contrast.
 */
async function signedInQuietly(page: Page, label: string) {
  await signedInAs(page, label);
  expect((await page.request.get("/account")).status()).toBe(200);
}

/** Signs up, buys the Training Program (one person) through the demo checkout and lands on /account. */
async function buyPremium(page: Page, label: string) {
  await signedInAs(page, label);
  await page.goto("/checkout?plan=premium");
  await waitForHydration(page);
  await page.getByLabel("Full Name").fill("Robin Ende");
  await page.getByRole("button", { name: "Complete Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\/demo_cs_/, { timeout: 15_000 });
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 10_000 });
}

test.describe("public pages", () => {
  test("home", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Stay Safe in the Digital World" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("pricing", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { level: 1, name: "Choose Your Training Program" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Family Training" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("pricing at 375 px, menu closed", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { level: 1, name: "Choose Your Training Program" })).toBeVisible();
    await expectMenuOpen(page, false);
    await expectNoAxeViolations(page);
  });

  for (const [path, title] of [
    ["/terms", "Terms of Service"],
    ["/privacy", "Privacy Policy"],
    ["/cookies", "Cookie Policy"],
  ]) {
    test(`${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("/stripe-setup", async ({ page }) => {
    await page.goto("/stripe-setup");
    await expect(page.getByRole("heading", { name: "Stripe Integration Status" })).toBeVisible();
    await expect(page.locator("#main").getByRole("status")).toContainText("Demo payments");
    await expectNoAxeViolations(page);
  });

  test("the 404 page", async ({ page }) => {
    const response = await page.goto("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("weekly lessons for a signed-out visitor", async ({ page }) => {
    await page.goto("/weekly-lessons");
    await expect(page.getByRole("heading", { name: "Weekly Cyber Security Lessons" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Already a member? Sign in here" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the course catalogue", async ({ page }) => {
    await page.goto("/course");
    await expect(page.getByRole("heading", { level: 1, name: "Free Cybersecurity Courses" })).toBeVisible();
    await expect(page.getByRole("article", { name: "How to be scam-free" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("community, after posting a comment", async ({ page }) => {
    const name = `Poster ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await page.goto("/community");
    await waitForHydration(page);
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email").fill(uniqueEmail("poster"));
    await page.getByLabel("Comment", { exact: true }).fill("A text said my parcel was held. I checked instead.");
    await page.getByLabel("Rating").selectOption("4");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(toastWith(page, "Success!")).toBeVisible();
    await expect(
      page.getByRole("article", { name: `Comment by ${name}` }).getByRole("img", { name: "Rated 4 out of 5" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("support, after sending a message", async ({ page }) => {
    await page.goto("/support");
    await waitForHydration(page);
    await page.getByLabel("Name").fill("Ruth Park");
    await page.getByLabel("Email").fill(uniqueEmail("support"));
    await page.getByLabel("Message").fill("I got a text saying my bank account is locked. What should I do?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toastWith(page, "Message sent!")).toBeVisible();
    await expect(page.getByLabel("Message")).toHaveValue("");
    await expectNoAxeViolations(page);
  });

  test("the newsletter's unsubscribe page, asking first", async ({ page }) => {
    const email = uniqueEmail("unsub");
    await subscribeThroughMailbox(page, email);
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    const href = await page
      .getByRole("article", { name: "Selected message" })
      .getByRole("link", { name: /\/unsubscribe\?token=/ })
      .first()
      .getAttribute("href");
    await page.goto(href!);
    await expect(page.getByRole("heading", { name: "Unsubscribe from the newsletter?" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the scam alerts' unsubscribe page with a broken link", async ({ page }) => {
    await page.goto("/scam-updates/unsubscribe?token=bad");
    await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("the free taste of the trainer (sample emails dialog)", () => {
  for (const [where, path, viewport] of [
    ["on /pricing, desktop", "/pricing", DESKTOP],
    ["on the home page at 375 px", "/", PHONE],
  ] as const) {
    const openSamples = async (page: Page) => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await waitForHydration(page);
      await page.getByRole("button", { name: SAMPLES_BUTTON }).click();
      const dialog = page.getByRole("dialog", { name: SAMPLES_DIALOG });
      await expect(dialog.getByRole("heading", { name: "Email 1 of 3: Account compromised" })).toBeVisible();
      return dialog;
    };

    test(`open ${where}`, async ({ page }) => {
      const dialog = await openSamples(page);
      await expect(dialog.locator(":focus")).toHaveCount(1);
      await expectNoAxeViolations(page);
    });

    // Check goes on to /sample-emails, which answers each round as a page (decision 038).
    test(`a checked round ${where}`, async ({ page }) => {
      const dialog = await openSamples(page);
      await dialog.locator("label").first().click();
      await dialog.getByRole("button", { name: "Check" }).click();
      const taste = page.locator("#taste");
      await expect(taste.getByTestId("taste-score")).toContainText(/You found \d of \d red flags/);
      await expectNoAxeViolations(page);
    });

    // Each step is a new page; every action waits for that step's own words first, so nothing is
    // pressed on the page that is being left (feedback and form pages share the #taste area).
    test(`the last screen ${where}`, async ({ page }) => {
      let area = await openSamples(page);
      for (const [round, next] of [
        [1, "Next email"],
        [2, "Next email"],
        [3, "See how you did"],
      ] as const) {
        await expect(area.getByRole("button", { name: "Check" })).toBeVisible();
        await area.locator("label").first().click();
        await expect(area.locator("label").first().locator("input")).toBeChecked();
        await area.getByRole("button", { name: "Check" }).click();
        area = page.locator("#taste");
        await expect(area.getByTestId("taste-score")).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`round=${round}&checked=1`));
        await area.getByRole("link", { name: next }).click();
        await expect(page).toHaveURL(round < 3 ? new RegExp(`round=${round + 1}&found`) : /done=1/);
      }
      await expect(area.getByRole("heading", { name: /You found \d+ of \d+ red flags/ })).toBeInViewport();
      await expect(area.getByRole("link", { name: "Join Training Program" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("accounts", () => {
  test("sign-in page after signing up: the Login tab and the toast", async ({ page }) => {
    await page.goto("/auth?tab=signup");
    await waitForHydration(page);
    const panel = page.getByRole("tabpanel", { name: "Create Account" });
    await panel.getByLabel("Email").fill(uniqueEmail("signup"));
    await panel.getByLabel("Password").fill("123456");
    await panel.getByRole("button", { name: "Create Account" }).click();
    await expect(toastWith(page, "Registration successful")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
    await expectNoAxeViolations(page);
  });

  test("account without a plan", async ({ page }) => {
    await signedInAs(page, "no-plan");
    await page.goto("/account");
    await expect(page.getByRole("heading", { name: "No Active Training Program" })).toBeVisible();
    await expect(toastWith(page, "Login successful")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("account with 'Delete my account' open", async ({ page }) => {
    await signedInQuietly(page, "leaving");
    await page.goto("/account");
    await waitForHydration(page);
    await page.getByText("Delete my account", { exact: true }).first().click();
    await expect(page.getByLabel("I understand: delete my account and everything in it.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["375 px", PHONE],
  ] as const) {
    test(`an ended subscription on the account page at ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await buyPremium(page, "ender");
      await page.goto("/account/demo-portal");
      await page.getByRole("button", { name: "End subscription now" }).click();
      await expect(page.getByText(/Status: canceled/)).toBeVisible();
      await page.goto("/account");
      await expect(page.getByTestId("subscription-status")).toHaveText("canceled");
      await expect(page.getByRole("link", { name: "Join again" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("checkout", () => {
  test("the family checkout form, filled in", async ({ page }) => {
    await signedInQuietly(page, "family-buyer");
    await page.goto("/checkout?plan=family");
    await waitForHydration(page);
    await page.getByLabel("Full Name").fill("Dana Rivera");
    await page.locator("#member-name-1").fill("Sam");
    await page.locator("#member-age-band-1").selectOption("child");
    await page.getByLabel("Email *").fill(uniqueEmail("kid"));
    await page.locator("#member-phone-1").fill("+1 555 010 2000");
    await expect(page.getByRole("button", { name: "Complete Checkout" })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test("the Training Program checkout form, filled in", async ({ page }) => {
    await signedInQuietly(page, "premium-buyer");
    await page.goto("/checkout?plan=premium");
    await waitForHydration(page);
    await page.getByLabel("Full Name").fill("Pat Doe");
    await expect(page.getByRole("button", { name: "Complete Checkout" })).toBeEnabled();
    await expect(page.locator("#checkout-blocker")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("the checkout hint at 375 px, after it took the visitor to the phone field", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signedInQuietly(page, "hints");
    await page.goto("/checkout?plan=premium");
    await waitForHydration(page);
    await page.getByLabel("Full Name").fill("Pat Doe");
    const phone = page.getByLabel("Primary Phone (optional)");
    await phone.fill("not a phone");
    await page.locator("#checkout-blocker").getByRole("button", { name: "Primary Phone" }).click();
    await expect(phone).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("Payment Successful", async ({ page }) => {
    await signedInAs(page, "success");
    await page.goto("/checkout?plan=family");
    await waitForHydration(page);
    await page.getByLabel("Full Name").fill("Dana Rivera");
    await page.locator("#member-name-1").fill("Sam");
    await page.locator("#member-age-band-1").selectOption("child");
    await page.getByLabel("Email *").fill(uniqueEmail("kid"));
    await page.getByRole("button", { name: "Complete Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout\/demo\/demo_cs_/, { timeout: 15_000 });
    const sessionId = /\/checkout\/demo\/(demo_cs_\w+)/.exec(page.url())![1]!;
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/account$/, { timeout: 10_000 });
    // The page moves on to /account 2 s after it shows, sooner than a scan ends: that one timer is
    // held back on this visit (the move itself is checked in payments.spec.ts).
    await holdSuccessPageMove(page);
    await page.goto(`/checkout/success?session_id=${sessionId}`);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(toastWith(page, "Subscription active!")).toBeVisible();
    // The step that matters next leads: setting up the family's training.
    await expect(page.getByRole("link", { name: "Set up your Training Program" })).toHaveAttribute(
      "href",
      "/account/training",
    );
    await expectNoAxeViolations(page);
  });

  test("Payment Processed, for a session id that is not this account's, with its technical details open", async ({
    page,
  }) => {
    await signedInQuietly(page, "forger");
    await page.goto("/checkout/success?session_id=demo_cs_ffffffffffffffffffffffff");
    await expect(page.getByRole("heading", { name: "Payment Processed" })).toBeVisible();
    await expect(toastWith(page, "Verification error")).toBeVisible();
    await page.getByText("Technical details").click();
    await expect(page.locator("#main").getByText("does not belong to your account")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("the free course", () => {
  test("page 1, desktop", async ({ page }) => {
    await signedInQuietly(page, "reader");
    await page.goto("/course/scam-free/1");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Scam-Free" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Course contents" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("page 36 with its iOS section open", async ({ page }) => {
    await signedInQuietly(page, "reader");
    await page.goto("/course/scam-free/36");
    await waitForHydration(page);
    const ios = page.getByTestId("course-content").locator("details").first();
    await ios.locator("summary").click();
    await expect(ios).toHaveAttribute("open");
    await expect(ios.getByText("Screen Time").first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("page 43 at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signedInQuietly(page, "reader");
    await page.goto("/course/scam-free/43");
    await expect(page.getByText("Page 43 of 46")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("members' pages", () => {
  const NEWEST_LESSON = readdirSync("content/weekly")
    .filter((name) => name.endsWith(".mdx"))
    .sort()
    .at(-1)!
    .replace(/\.mdx$/, "");
  const NEWEST_ALERT = loadScamUpdateFiles()[0];

  /**
   * One Family Training member for these pages, which only read: bought once per worker through
   * the demo checkout, and each test's browser signed in with that member's session cookie.
   */
  let memberCookies: Cookie[] = [];
  test.beforeAll(async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      extraHTTPHeaders: {
        "X-Forwarded-For": `10.253.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
      },
    });
    await context.addInitScript((key) => window.localStorage.setItem(key, "seen"), POPUP_SEEN_KEY);
    const page = await context.newPage();
    await signedInAs(page, "member");
    await buyFamilyPlan(page, [uniqueEmail("member-kid")]);
    memberCookies = await context.cookies();
    await context.close();
  });

  async function asMember(page: Page, viewport: { width: number; height: number }) {
    await page.setViewportSize(viewport);
    await page.context().addCookies(memberCookies);
  }

  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["375 px", PHONE],
  ] as const) {
    test(`a Family Training member's account at ${label}`, async ({ page }) => {
      await asMember(page, viewport);
      await page.goto("/account");
      await expect(page.getByText("Active", { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Weekly scam alerts" })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test(`weekly lessons at ${label}`, async ({ page }) => {
      await asMember(page, viewport);
      await page.goto("/weekly-lessons");
      await expect(page.getByRole("heading", { level: 1, name: "Welcome to Weekly Lessons" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Scam alerts" })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test(`a weekly lesson at ${label}`, async ({ page }) => {
      await asMember(page, viewport);
      await page.goto(`/weekly-lessons/${NEWEST_LESSON}`);
      await expect(page.getByRole("heading", { level: 2, name: "For children (8–12)" })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test(`a scam alert at ${label}`, async ({ page }) => {
      expect(NEWEST_ALERT, "content/updates holds at least one alert").toBeTruthy();
      await asMember(page, viewport);
      await page.goto(`/weekly-lessons/updates/${NEWEST_ALERT!.slug}`);
      await expect(page.getByRole("heading", { level: 1, name: NEWEST_ALERT!.title })).toBeVisible();
      await expect(page.getByRole("region", { name: "Sources" })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test(`the red flag trainer's message to mark at ${label}`, async ({ page }) => {
      const scenario = viewport === DESKTOP ? DESKTOP_SCENARIO : PHONE_SCENARIO;
      await asMember(page, viewport);
      await page.goto(trainerPath(scenario));
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: "Spot the red flags" })).toBeVisible();
      await expect(page.getByRole("checkbox")).toHaveCount(partsOf(scenario).length);
      await expectNoAxeViolations(page);
    });

    test(`support for a member at ${label}`, async ({ page }) => {
      await asMember(page, viewport);
      await page.goto("/support");
      await expect(page.getByTestId("priority-support-note")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("Your Training Program", () => {
  test("its people, waiting for consent", async ({ page }) => {
    await signedInAs(page, "training-holder");
    await buyFamilyPlan(page, [uniqueEmail("kid"), uniqueEmail("gran")]);
    await page.goto("/account/training");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Your Training Program" })).toBeVisible();
    await expect(page.getByText("Waiting for consent")).toHaveCount(3);
    await expectNoAxeViolations(page);
  });
});

test.describe("the red flag trainer", () => {
  test("the result at desktop: found, missed and a false alarm", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await buyPremium(page, "trainer");
    const parts = partsOf(DESKTOP_SCENARIO);
    const flags = parts.filter((part) => part.redFlag !== null);
    const decoy = parts.find((part) => part.part === "body" && part.redFlag === null)!;
    await page.goto(trainerPath(DESKTOP_SCENARIO));
    await waitForHydration(page);
    for (const part of [flags[0]!, flags[2]!, decoy]) {
      await page.getByText(part.text, { exact: true }).click();
      await expect(page.getByRole("checkbox", { name: part.text, exact: true })).toBeChecked();
    }
    await page.getByRole("button", { name: "Check" }).click();
    await expect(page.getByTestId("false-alarms")).toContainText(decoy.text);
    await expect(page.getByRole("img", { name: /average score/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the result at 375 px: every red flag found", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await buyPremium(page, "trainer");
    const parts = partsOf(PHONE_SCENARIO);
    await page.goto(trainerPath(PHONE_SCENARIO));
    await waitForHydration(page);
    for (const part of parts.filter((candidate) => candidate.redFlag !== null)) {
      await page.getByText(part.text, { exact: true }).click();
      await expect(page.getByRole("checkbox", { name: part.text, exact: true })).toBeChecked();
    }
    await page.getByRole("button", { name: "Check" }).click();
    await expect(page.getByTestId("score")).toContainText("Score: 100 out of 100.");
    await expect(page.getByRole("heading", { name: "How you did" })).toBeFocused();
    await expectNoAxeViolations(page);
  });
});

/**
 * States that need data the browser cannot make quickly, from one database of this spec's own
 * (tests/support/spec-database.ts). Everything is written before the server starts: the embedded
 * database allows one process at a time.
 */
test.describe("pages on seeded data", () => {
  test.describe.configure({ mode: "serial" });

  const EMAIL = "email-already-friends-request";
  const SMS = "sms-account-locked-unlock";
  const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
  const PASSWORD = "secret123";
  const TEXT_TO = "+15551230777";
  const holderEmail = uniqueEmail("seeded-holder");
  const staffEmail = uniqueEmail("seeded-staff");
  let database: SpecDatabase | undefined;
  let origin = "";
  const tokens = { landing: "", clicked: "", text: "", spotted: "", stop: "" };
  const consentTokens = { adult: "", child: "", agreed: "" };
  let checkToken = "";
  let holderMessageId = "";

  /** A seeded practice message; its token. */
  async function practiceMessage(scenarioId: string, ageBand: "child" | "adult") {
    const seeded = await seedPracticeMessage(database!.handle.db, {
      scenarioId,
      ageBand,
      phone: scenarioId.startsWith("sms-") ? "+15555550160" : null,
    });
    return seeded.token;
  }

  async function record(token: string, outcome: "clicked" | "spotted") {
    const db = database!.handle.db;
    const message = (await findPracticeMessageByToken(db, token))!;
    if (outcome === "clicked") await recordClick(db, message, CHROME);
    else await recordSpotted(db, message, { userAgent: CHROME });
  }

  async function consentToken(address: string) {
    const [row] = await database!.handle.db
      .select({ token: practiceAddressConsents.token })
      .from(practiceAddressConsents)
      .where(eq(practiceAddressConsents.address, address));
    return row!.token;
  }

  /** The holder's family: Dana (who spotted her message) and Sam, a child (no response yet). */
  async function seedHolderFamily() {
    const db = database!.handle.db;
    const signup = await signUp(new Request("http://127.0.0.1/auth", { method: "POST" }), {
      email: holderEmail,
      password: PASSWORD,
    });
    expect(signup.result.ok).toBe(true);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, holderEmail));
    const family = await createTestFamily(db, {
      holderName: "Dana Rivera",
      holderEmail,
      userId: user!.id,
      contacts: [
        { name: "Dana Rivera", ageBand: "adult", email: holderEmail },
        { name: "Sam", ageBand: "child", phone: "+15555550142" },
      ],
    });
    // The people are in already: the page must not copy them again from the checkout's members.
    await db.insert(trainingPrograms).values({ subscriptionId: family.subscription.id });
    const [dana, sam] = family.contacts;
    const danas = await seedPracticeMessage(db, {
      scenarioId: "email-parcel-redelivery-fee",
      contactId: dana!.id,
      subscriptionId: family.subscription.id,
    });
    await record(danas.token, "spotted");
    // Sam's last two practice texts were not delivered (Twilio said so): his texts are paused.
    for (const scenarioId of [SMS, "sms-parcel-redelivery-fee"]) {
      const text = await seedPracticeMessage(db, {
        scenarioId,
        contactId: sam!.id,
        subscriptionId: family.subscription.id,
        phone: "+15555550142",
      });
      await db
        .update(outboxMessages)
        .set({ transport: "twilio", providerStatus: "undelivered", providerError: "30003: Unreachable" })
        .where(eq(outboxMessages.id, text.outboxMessageId));
    }
    holderMessageId = danas.messageId;
  }

  /** Another family, whose grandparent and child have their notices and have not answered yet. */
  async function seedNotices() {
    const db = database!.handle.db;
    const family = await createTestFamily(db, {
      holderName: "Dana Rivera",
      holderEmail: uniqueEmail("notices-holder"),
      contacts: [
        { name: "Grandma Rose", ageBand: "older-adult", consent: false },
        { name: "Sam", ageBand: "child", consent: false },
        { name: "Grandpa Joe", ageBand: "older-adult" },
      ],
    });
    const [gran, child, joe] = family.contacts;
    // The parent has confirmed for the child, so the child's own page asks "Yes, I'm in".
    await db
      .update(trainingContacts)
      .set({ guardianConfirmedAt: new Date(), guardianUserId: family.userId })
      .where(eq(trainingContacts.id, child!.id));
    consentTokens.adult = await consentToken(gran!.email!);
    consentTokens.child = await consentToken(child!.email!);
    // Grandpa Joe said yes, and was sent a delivery test.
    consentTokens.agreed = await consentToken(joe!.email!);
    checkToken = newCheckToken();
    await db.insert(deliveryChecks).values({
      contactId: joe!.id,
      channel: "email",
      address: joe!.email!,
      token: checkToken,
      requestedBy: "person",
    });
  }

  test.beforeAll(async () => {
    database = await openSpecDatabase();
    tokens.landing = await practiceMessage(EMAIL, "child");
    tokens.clicked = await practiceMessage(EMAIL, "child");
    await record(tokens.clicked, "clicked");
    tokens.text = await practiceMessage(SMS, "adult");
    tokens.spotted = await practiceMessage(SMS, "adult");
    await record(tokens.spotted, "spotted");
    tokens.stop = await practiceMessage(SMS, "adult");
    await seedHolderFamily();
    await seedNotices();
    const staff = await signUp(new Request("http://127.0.0.1/auth", { method: "POST" }), {
      email: staffEmail,
      password: PASSWORD,
    });
    expect(staff.result.ok).toBe(true);
    expect(await grantStaffRole(database.handle.db, staffEmail)).toBe("granted");
    // A consent notice by text: the server's worker delivers it to the local mailbox when it starts.
    await queueText(await getDatabase(), {
      template: "training-consent-notice",
      to: TEXT_TO,
      body: `A notice text for ${TEXT_TO}`,
    });
    origin = (await database.startServer()).url;
  });

  test.afterAll(async () => {
    await database?.remove();
  });

  /** Signs this page's browser in on the seeded server, through the real login endpoint. */
  async function logIn(page: Page, email: string) {
    const login = await page.request.post(`${origin}/auth`, {
      form: { intent: "login", email, password: PASSWORD },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
    // Uses up the "Login successful" toast (see signedInQuietly).
    expect((await page.request.get(`${origin}/account`)).status()).toBe(200);
  }

  test("a practice message's landing page at 375 px", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`${origin}/practice/${tokens.landing}`);
    await expect(page.getByRole("heading", { level: 1, name: "Maya Robertson wants to be friends" })).toBeVisible();
    await expect(page.locator("main").getByRole("button")).toHaveCount(1);
    await expectNoAxeViolations(page);
  });

  for (const [label, viewport] of [
    ["375 px", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`an email's feedback page after the button was pressed, at ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(`${origin}/practice/${tokens.clicked}/feedback`);
      await expect(
        page.getByRole("heading", { level: 1, name: /It was practice, and nothing happened/ }),
      ).toBeVisible();
      await expect(page.locator("main").getByText("You pressed the button on the practice page.")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("a text's feedback page, not answered yet, at 375 px", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`${origin}/practice/${tokens.text}/feedback`);
    await expect(page.getByRole("article", { name: "The practice text as it arrived" })).toBeVisible();
    await expect(page.getByRole("button", { name: "I spotted it" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a text's feedback page once spotted, desktop", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${origin}/practice/${tokens.spotted}/feedback`);
    await expect(
      page.getByRole("heading", { level: 1, name: "You spotted it. Here is what gave it away" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "I spotted it" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a practice message's stop page", async ({ page }) => {
    await page.goto(`${origin}/practice/${tokens.stop}/stop`);
    await expect(page.getByRole("heading", { name: "Stop practice messages?" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the consent notice's page for an adult", async ({ page }) => {
    await page.goto(`${origin}/training/consent/${consentTokens.adult}`);
    // The page is for someone who has not said yes: the holder is named by first name only (nameForStranger).
    await expect(
      page.getByRole("heading", { level: 1, name: "Dana invited you to practice spotting scams" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Yes, send me practice messages" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  for (const [label, viewport] of [
    ["375 px", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`the consent page once they said yes, with the steps and "Send me a test", at ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(`${origin}/training/consent/${consentTokens.agreed}`);
      const steps = page.getByRole("region", { name: "Make sure practice messages reach you" });
      await expect(steps.getByRole("button", { name: "Send me a test" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("a delivery test's page, at 375 px", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`${origin}/practice/check/${checkToken}`);
    await expect(page.getByRole("heading", { level: 1, name: "Did the test arrive?" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Yes, it arrived" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the consent notice's page for a child", async ({ page }) => {
    await page.goto(`${origin}/training/consent/${consentTokens.child}`);
    await expect(
      page.locator("[data-short-facts]").getByText("It will look real and will not say it is practice."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Yes, I'm in" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["375 px", PHONE],
  ] as const) {
    test(`Your Training Program with active people and their results at ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await logIn(page, holderEmail);
      await page.goto(`${origin}/account/training`);
      await waitForHydration(page);
      // Each person's detail opens from their line (a <details>): both open, so axe checks them too.
      for (const name of ["Sam", "Dana Rivera"]) {
        await page
          .getByTestId("person-results-line")
          .filter({ has: page.getByTestId("person-line-name").getByText(name, { exact: true }) })
          .locator(":scope > summary")
          .click();
      }
      await expect(
        page
          .getByRole("region", { name: "Results for Sam" })
          .getByRole("img", { name: /^Sam(, last 12 weeks|: no practice messages)/ }),
      ).toBeVisible();
      await expect(
        page
          .getByRole("region", { name: "Results for Dana Rivera" })
          .getByTestId("practice-message-list")
          .getByText("Spotted", { exact: true }),
      ).toBeVisible();
      // Two undelivered texts: Sam's card says why his texts are paused, and the texts are "Not delivered".
      await expect(
        page
          .getByRole("group", { name: "Sam" })
          .getByText("Texts to this number were not delivered: check it or use email."),
      ).toBeVisible();
      await expect(
        page.getByRole("region", { name: "Results for Sam" }).getByText("Not delivered", { exact: true }).first(),
      ).toBeVisible();
      // Dana's one spotted message: good news, but too few for a rate ("—" and a note, never "100%").
      await expect(page.getByTestId("family-summary")).toHaveText(
        "This month your family spotted 1 of 1 practice message",
      );
      const dana = page.getByRole("region", { name: "Results for Dana Rivera" });
      await expect(
        dana
          .getByTestId("result-figure")
          .filter({ has: page.getByText("Report rate", { exact: true }) })
          .locator("dd"),
      ).toHaveText("—");
      await expect(dana.getByTestId("rates-note")).toBeVisible();
      // What each result means, opened, is checked too.
      await page.getByTestId("outcome-meanings").locator("summary").click();
      await expect(page.getByTestId("outcome-meanings").getByText("Scanner or preview", { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("the holder's read-only view of a member's practice message", async ({ page }) => {
    await logIn(page, holderEmail);
    await page.goto(`${origin}/account/training/messages/${holderMessageId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Dana Rivera's practice message" })).toBeVisible();
    await expect(
      page.getByText("Here is what Dana Rivera's message looked like and the warning signs in it."),
    ).toBeVisible();
    await expect(page.getByTestId("holder-message-outcome")).toContainText("Dana Rivera spotted it.");
    await expect(page.getByRole("list", { name: "The red flags" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a text message in the local mailbox", async ({ page }) => {
    await expect(async () => {
      await page.goto(`${origin}/dev/mailbox?to=${encodeURIComponent(TEXT_TO)}`);
      await expect(page.getByRole("article", { name: "Selected text message" })).toContainText("sent", {
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(
      page.getByRole("article", { name: "Selected text message" }).getByRole("heading", { name: TEXT_TO }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the staff's comments page with a comment waiting for review", async ({ page }) => {
    const held = await page.request.post(`${origin}/community`, {
      form: {
        intent: "post",
        name: "Held Commenter",
        email: uniqueEmail("held"),
        comment: "https://a.example https://b.example https://c.example",
        rating: "5",
      },
    });
    expect(held.status()).toBe(202);
    await logIn(page, staffEmail);
    await page.goto(`${origin}/staff/comments`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Waiting for review (1)" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
