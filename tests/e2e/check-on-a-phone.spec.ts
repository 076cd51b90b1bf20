import type { APIRequestContext, Page, Request } from "@playwright/test";
import { test, expect, expectNoAxeViolations, waitForReact } from "./fixtures";
import { expectFitsPhone } from "./phone-fit";

/**
 * "Is this a scam?" one tap away on a phone (issue #34, part 3): the site installs as a web app
 * (public/manifest.webmanifest, public/sw.js), and a message shared to it (Android's share sheet,
 * through the manifest's share target, or an iPhone Shortcut opening /check?text=…) is checked at
 * once in the browser, then taken out of the address bar. The verdict's words belong to the
 * checker and change with it, so the answer is found by its id and data-verdict, not by its words.
 */

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

/** A word in the shared message that nothing else on the site holds. */
const SECRET = "Zebrafinch42";
const SCAM_TEXT = `Grandma it's me, I lost my phone. I need you to buy gift cards today and send me the codes. Please don't tell Mom. ${SECRET}`;

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
  share_target: { action: string; method: string; enctype?: string; params: Record<string, string> };
}

/** A PNG's own width and height, from its IHDR chunk (bytes 16 to 23, after the signature). */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function readManifest(request: APIRequestContext): Promise<Manifest> {
  const response = await request.get("/manifest.webmanifest");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  return JSON.parse(await response.text()) as Manifest;
}

function verdictOf(page: Page) {
  return { section: page.locator("[data-verdict]"), heading: page.locator("#verdict-heading") };
}

/** Waits until /check has registered the service worker and it is active (registration is left until idle). */
async function serviceWorkerReady(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? "";
  });
}

/** Every request the page makes from now on, with its Referer. */
function recordRequests(page: Page) {
  const sent: Request[] = [];
  page.on("request", (request) => sent.push(request));
  return sent;
}

test("the web app manifest: installable as “Is this a scam?”, with real icons and a share target", async ({ page }) => {
  const manifest = await readManifest(page.request);
  expect(manifest).toMatchObject({
    name: "scam-free: Is this a scam?",
    short_name: "Is this a scam?",
    start_url: "/check",
    scope: "/",
    display: "standalone",
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  // Shared messages arrive as a plain GET of /check, which the page reads in the browser.
  expect(manifest.share_target).toEqual({
    action: "/check",
    method: "GET",
    params: { title: "title", text: "text", url: "url" },
  });

  const kinds = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`);
  expect(kinds).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
  for (const icon of manifest.icons) {
    const response = await page.request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()["content-type"], icon.src).toBe("image/png");
    expect(icon.type).toBe("image/png");
    const { width, height } = pngSize(await response.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }

  // Every page names it, with the same colour for the browser's bar, and an icon for an iPhone's home screen.
  await page.goto("/check");
  await expect(page).toHaveTitle(/^Is this a scam\?/);
  await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('head meta[name="theme-color"]')).toHaveAttribute("content", manifest.theme_color);
  await expect(page.locator('head meta[name="apple-mobile-web-app-title"]')).toHaveAttribute(
    "content",
    "Is this a scam?",
  );
  const touchIcon = await page.locator('head link[rel="apple-touch-icon"]').getAttribute("href");
  const touch = await page.request.get(touchIcon!);
  expect(touch.headers()["content-type"]).toBe("image/png");
  expect(pngSize(await touch.body())).toEqual({ width: 180, height: 180 });
});

test("/check?text=… (an iPhone Shortcut) is checked at once, then the message leaves the address bar", async ({
  page,
}) => {
  const sent = recordRequests(page);
  await page.goto(`/check?text=${encodeURIComponent(SCAM_TEXT)}`);
  await waitForReact(page);
  const verdict = verdictOf(page);
  // Checked without a press of the button, and the answer has the focus as after a press.
  await expect(verdict.section).toBeVisible();
  await expect(verdict.section).toHaveAttribute("data-verdict", /\S/);
  await expect(verdict.heading).toBeFocused();
  await expect(page.getByRole("textbox", { name: "The message", exact: true })).toHaveValue(SCAM_TEXT);
  await expect(page).toHaveURL(/\/check$/);
  expect(await page.evaluate(() => window.location.search)).toBe("");

  // The service worker is registered (once the page is idle) and active, then the page is still.
  expect(await serviceWorkerReady(page)).toMatch(/\/sw\.js$/);
  // Only the page's own address ever held the message: no other request carried it, in its
  // address or its Referer, and nothing was posted or fetched as data.
  const carriers = sent.filter(
    (request, index) =>
      index > 0 && (request.url().includes(SECRET) || (request.headers()["referer"] ?? "").includes(SECRET)),
  );
  expect(carriers.map((request) => request.url())).toEqual([]);
  expect(sent[0]!.url()).toContain(SECRET);
  expect(sent.filter((request) => request.method() !== "GET").map((request) => request.url())).toEqual([]);
  expect(sent.map((request) => request.url()).filter((url) => /\.data(\?|$)|\/api\//.test(url))).toEqual([]);

  await expectFitsPhone(page, "a shared message, checked");
  await expectNoAxeViolations(page);
});

test("the page makes no request once its answer is there, when checking again", async ({ page }) => {
  await page.goto(`/check?text=${encodeURIComponent(SCAM_TEXT)}`);
  await waitForReact(page);
  await expect(verdictOf(page).heading).toBeFocused();
  await serviceWorkerReady(page);
  await page.waitForLoadState("networkidle");

  const sent = recordRequests(page);
  const message = page.getByRole("textbox", { name: "The message", exact: true });
  await message.fill(`${SCAM_TEXT} Reply today.`);
  await page.getByRole("button", { name: "Check this message" }).tap();
  await expect(verdictOf(page).heading).toBeFocused();
  await expect(verdictOf(page).section).toBeVisible();
  // Long enough for a stray request (a reload, an analytics beacon, a data fetch) to show.
  await page.waitForTimeout(500);
  expect(sent.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
});

test("a share with a title, text and link fills the message and the links field, and checks it", async ({ page }) => {
  const link = "https://tolls.example.com-payfast.icu/pay";
  const shared = new URLSearchParams({
    title: "Unpaid toll notice",
    text: "You have an unpaid toll. Pay $6.99 today to avoid a fine of $50.",
    url: link,
  });
  await page.goto(`/check?${shared}`);
  await waitForReact(page);
  await expect(verdictOf(page).heading).toBeFocused();
  await expect(page.getByRole("textbox", { name: "The message", exact: true })).toHaveValue(
    `Unpaid toll notice\nYou have an unpaid toll. Pay $6.99 today to avoid a fine of $50.\n${link}`,
  );
  await expect(page.getByRole("textbox", { name: "Where its links really go (optional)" })).toHaveValue(link);
  await expect(page).toHaveURL(/\/check$/);
  await expectFitsPhone(page, "a shared message with a link, checked");
});

test("the service worker keeps only the offline page, and shows it for a page that cannot load", async ({
  page,
  context,
}) => {
  await page.goto("/check");
  await waitForReact(page);
  await serviceWorkerReady(page);
  // It keeps one thing: the offline page, the same for everyone.
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(kept).toEqual(["/offline.html"]);

  await context.setOffline(true);
  try {
    await page.goto("/check");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page.getByText("Contact the company or person it claims to come from yourself")).toBeVisible();
    await expectFitsPhone(page, "the offline page");
    await expectNoAxeViolations(page);
  } finally {
    await context.setOffline(false);
  }
});
