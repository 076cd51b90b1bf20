import { test as base, expect, type Browser, type Locator, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

export const POPUP_SEEN_KEY = "scam-free:newsletter-popup-seen";

/** Every page starts as a returning visitor who already saw the newsletter pop-up, unless a test says otherwise. */
export const test = base.extend<{ freshVisitor: boolean }>({
  freshVisitor: [false, { option: true }],
  // Each test comes from its own address (the test server trusts one proxy), so per-IP limits
  // on sign-in and sign-up apply per test, as they would per visitor.
  // Playwright reads the fixtures a function needs from its first parameter, so it must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => {
    const octet = () => Math.floor(Math.random() * 250) + 1;
    await use({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` });
  },
  page: async ({ page, freshVisitor }, use) => {
    if (!freshVisitor) {
      await page.addInitScript((key) => window.localStorage.setItem(key, "seen"), POPUP_SEEN_KEY);
    }
    // The local mailbox answers only requests made on this machine, and a request that names
    // another client in X-Forwarded-For counts as relayed: the visitor address above is a
    // stand-in for the per-IP limits, so it is left off when the test reads its mail.
    await page.route(/\/dev\//, async (route) => {
      const headers = { ...route.request().headers() };
      delete headers["x-forwarded-for"];
      await route.continue({ headers });
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await use(page);
    expect(errors, "uncaught errors in the page").toEqual([]);
  },
});

export { expect };

export async function expectNoAxeViolations(page: Page) {
  // Toasts (app/ui/toast.tsx) appear and go without a fade, so axe never measures one half transparent.
  // Only violations are read, so axe need not collect every passing node's details (it is much faster).
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

/**
 * Waits until the page answers presses: once the document is parsed on a page that ships no React
 * (decisions 037 and 039), else when React has hydrated it (the root's announceHydrated).
 *
 * "Parsed" matters: React Router's module script comes last in the body, so a page still arriving
 * (a slow server, a form's answer) has none yet. Asked then, a page React will hydrate looked like
 * one without scripts, and fields filled at once were emptied by hydration a moment later.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      document.readyState !== "loading" &&
      (document.querySelector('script[type="module"]') === null ||
        document.documentElement.hasAttribute("data-hydrated")),
  );
}

/** The site header's phone menu: the Menu button and the popover it opens (app/layout/site-header.tsx). */
export function siteMenu(page: Page) {
  return { button: page.getByRole("button", { name: "Menu", exact: true }), panel: page.locator("#site-menu") };
}

/**
 * Whether the phone menu is open. It is a popover, whose expanded state the browser gives the
 * button itself (no aria-expanded attribute to read), so the test asks the popover.
 */
export async function expectMenuOpen(page: Page, open: boolean) {
  const panel = siteMenu(page).panel;
  await expect.poll(() => panel.evaluate((element) => element.matches(":popover-open"))).toBe(open);
  if (open) await expect(panel).toBeVisible();
  else await expect(panel).toBeHidden();
}

/** Waits until React itself has hydrated the page (root's announceHydrated), on load or on an interaction. */
export async function waitForReact(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

/**
 * A new address for each call. Dots, not hyphens: a browser may break a line at a hyphen but not
 * at a dot, so a long address like a real family's ("rosemary.lopez.1948@…") must fit a phone by
 * the page's own wrapping.
 */
export function uniqueEmail(label: string) {
  return `${label.replaceAll("-", ".")}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A toast (app/ui/toast.tsx) containing the given text. */
export function toastWith(page: Page, text: string) {
  return page.locator("[data-toast]").filter({ hasText: text });
}

/** Creates an account and signs this page's browser context in, through the real forms' endpoints. */
export async function signedInAs(page: Page, label = "learner") {
  const email = uniqueEmail(label);
  const password = "secret123";
  const signup = await page.request.post("/auth", { form: { intent: "signup", email, password } });
  expect(signup.status()).toBe(200);
  const login = await page.request.post("/auth", { form: { intent: "login", email, password }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  return { email, password };
}

/** Words of the visible text inside a locator. */
export async function wordCount(locator: Locator) {
  const text = await locator.innerText();
  return text.split(/\s+/).filter((word) => /[A-Za-z0-9]/.test(word)).length;
}

/** A family member as the checkout asks for them; a bare email is an adult with a name from the list. */
export type CheckoutMember =
  string | { email: string; name: string; ageBand: "child" | "teen" | "adult" | "older-adult" };
const CHECKOUT_NAMES = ["Alex", "Blair", "Casey", "Drew"];

/** In the page: the success page's one 2-second timer (its move to My Account) never fires. */
export function holdTheMove() {
  const setTimeoutAsUsual = window.setTimeout;
  window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) =>
    delay === 2000 && /^(\/es)?\/checkout\/success$/.test(window.location.pathname)
      ? setTimeoutAsUsual(() => undefined, 0)
      : setTimeoutAsUsual(handler, delay, ...rest)) as typeof window.setTimeout;
}

/**
 * "Payment Successful!" moves on to My Account 2 s after it shows (SPEC.md; payments.spec.ts checks
 * the move), sooner than an axe scan or a look at the screen may take: on every page this one loads
 * from now on, the success page keeps still.
 */
export async function holdSuccessPageMove(page: Page) {
  await page.addInitScript(holdTheMove);
}

/** Buys Family Training through the demo checkout (signed in already), naming these members; lands on /account. */
export async function buyFamilyPlan(page: Page, members: CheckoutMember[]) {
  await buyFamilyPlanDetails(page, members);
}

/**
 * The family checkout through the demo payment page, with a look at each screen on the way for a
 * test that wants one (tests/e2e/phone-journeys.spec.ts). Ends on My Account.
 */
export async function buyFamilyPlanDetails(
  page: Page,
  members: CheckoutMember[],
  screens: {
    beforeSubmit?: () => Promise<void>;
    onPaymentPage?: () => Promise<void>;
    onSuccessPage?: () => Promise<void>;
  } = {},
) {
  await page.goto("/checkout?plan=family");
  await waitForHydration(page);
  await page.getByLabel("Full Name").fill("Dana Rivera");
  for (const [index, member] of members.entries()) {
    const person =
      typeof member === "string" ? { email: member, name: CHECKOUT_NAMES[index]!, ageBand: "adult" } : member;
    await page.locator(`#member-name-${index + 1}`).fill(person.name);
    await page.locator(`#member-age-band-${index + 1}`).selectOption(person.ageBand);
    await page.locator(`#member-email-${index + 1}`).fill(person.email);
  }
  await screens.beforeSubmit?.();
  await page.getByRole("button", { name: "Complete Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\/demo_cs_/, { timeout: 15_000 });
  await screens.onPaymentPage?.();
  if (screens.onSuccessPage) {
    // "Payment Successful!" moves on to My Account 2 s after it shows (SPEC.md; payments.spec.ts
    // checks the move), sooner than a look at the screen may take: on that page only, that one
    // timer is held back, and the test goes on to My Account itself. The success page may arrive
    // as a new document or by client-side navigation, so both this page and any new one hold it.
    await holdSuccessPageMove(page);
    await page.evaluate(holdTheMove);
  }
  await page.getByRole("button", { name: /^Pay/ }).click();
  if (screens.onSuccessPage) {
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible({
      timeout: 10_000,
    });
    await screens.onSuccessPage();
    await page.getByRole("link", { name: "View Your Account" }).click();
  }
  await expect(page).toHaveURL(/\/account$/, { timeout: 10_000 });
}

/**
 * What the person at `to` does with the newest message in their inbox: a browser from this machine
 * (the local mailbox answers only loopback) opens it (or the newest whose subject matches
 * `subject`), follows its first link whose text matches
 * `link`, and presses `button` on that page; it waits for `done` to show.
 */
export async function actFromInbox(
  browser: Browser,
  origin: string,
  to: string,
  step: { subject?: RegExp; link: RegExp; button: string; done: RegExp | string },
) {
  const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { "X-Forwarded-For": "127.0.0.1" } });
  try {
    const inbox = await context.newPage();
    let href: string | null = null;
    // The outbox delivers in the background: wait for the message, not for a fixed time. Each
    // look is a whole page load (goto waits for it however slow the machine is); only finding a
    // link on a loaded page has a short limit, so a message not there yet means "look again".
    // (A click's 1 s limit also covered the navigation it started, and on a busy CI machine every
    // look timed out although the message was there.)
    await expect(async () => {
      await inbox.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
      // The newest message is shown; another one is opened from the list by its subject.
      if (step.subject) {
        const listed = await inbox
          .getByRole("list", { name: "Messages" })
          .getByRole("link", { name: step.subject })
          .first()
          .getAttribute("href", { timeout: 1_000 });
        await inbox.goto(listed!);
      }
      href = await inbox
        .getByRole("article", { name: "Selected message" })
        .getByRole("link", { name: step.link })
        .first()
        .getAttribute("href", { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await inbox.goto(new URL(href!).pathname + new URL(href!).search);
    await inbox.getByRole("button", { name: step.button }).click();
    await expect(inbox.getByText(step.done).first()).toBeVisible();
  } finally {
    await context.close();
  }
}

/** The account holder proves their email address from the confirmation email sign-up sent. */
export function confirmOwnEmail(browser: Browser, origin: string, email: string) {
  return actFromInbox(browser, origin, email, {
    subject: /Confirm your email address/,
    link: /confirm-email/,
    button: "Confirm my email address",
    done: "Email address confirmed",
  });
}

/** The person at `to` answers the Training Program notice sent there ("Yes, I'm in", "This isn't me"…). */
export function answerNotice(browser: Browser, origin: string, to: string, button: string) {
  return actFromInbox(browser, origin, to, { link: /\/training\/consent\//, button, done: /Thank you/ });
}

/**
 * A practice message's landing link as it arrives: one or two segments of its story's path, then
 * the token (issue #36: nothing in it says "practice"). The token is the first group.
 */
export const PRACTICE_LANDING_LINK =
  /^https?:\/\/[^/]+(?!\/unsubscribe\/)(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){1,2}\/([\w-]{43})$/;

/** The first link in the newest message to `to` whose address matches `href`, waiting for the outbox. */
export async function linkInInbox(page: Page, to: string, href: RegExp) {
  let found: string | null = null;
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    const links = page.getByRole("article", { name: "Selected message" }).locator("a[href]");
    const hrefs = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href") ?? ""));
    found = hrefs.find((candidate) => href.test(candidate)) ?? null;
    expect(found, `a link like ${href} in the newest message to ${to}`).toBeTruthy();
  }).toPass({ timeout: 20_000 });
  return found!;
}

/** Opens the local mailbox on the newest message to `email` and waits for it to be the one titled `subject`. */
export async function openLatestMail(page: Page, email: string, subject: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const message = page.getByRole("article", { name: "Selected message" });
  await expect(message.getByRole("heading", { name: subject })).toBeVisible();
  return message;
}
