import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations, signedInAs, toastWith, uniqueEmail, waitForHydration } from "./fixtures";

const STAFF_PATHS = [
  "/staff",
  "/staff/comments",
  "/staff/support",
  "/staff/subscribers",
  "/staff/subscribers.csv",
  "/staff/anything-else",
];

test.describe("staff console for everyone else", () => {
  test("anonymous visitors and signed-in members get 404 for every /staff path", async ({ page }) => {
    for (const pathname of STAFF_PATHS) {
      const response = await page.request.get(pathname);
      expect(response.status(), `anonymous ${pathname}`).toBe(404);
    }
    const shown = await page.goto("/staff");
    expect(shown?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();

    await signedInAs(page, "not-staff");
    for (const pathname of STAFF_PATHS) {
      const response = await page.request.get(pathname);
      expect(response.status(), `member ${pathname}`).toBe(404);
      expect(await response.text()).not.toContain("Staff console");
    }
    const post = await page.request.post("/staff/comments", {
      form: { intent: "delete", id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(post.status()).toBe(404);
    await page.goto("/account");
    await expect(page.getByRole("link", { name: "Open the staff console" })).toHaveCount(0);
  });
});

/**
 * The embedded database allows one process at a time, so the shared e2e server cannot be given a
 * staff member from outside while it runs. This suite runs its own server on its own data folder,
 * stops it, grants the role with the real `staff:grant` script, starts it again, and then drives
 * the staff console in the browser, exactly as an operator would.
 */
test.describe("staff console with the role granted by npm run staff:grant", () => {
  test.describe.configure({ mode: "serial", timeout: 180_000 });

  const root = process.cwd();
  let dataDir = "";
  let baseURL = "";
  let server: ChildProcess | undefined;
  let serverErrors = "";
  const pageErrors: string[] = [];
  const tag = `T${Date.now().toString(36)}`;
  const staffEmail = uniqueEmail("staff");
  const password = "staff-secret-1";
  const ip = () => `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${((Math.random() * 250) | 0) + 1}`;

  async function freePort() {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    return port;
  }

  async function startServer(port: number) {
    const { DATABASE_URL: _unused, ...env } = process.env;
    serverErrors = "";
    const child = spawn(process.execPath, ["build/server.js"], {
      cwd: root,
      env: {
        ...env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        TRUST_PROXY: "1",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    child.stderr!.on("data", (chunk: Buffer) => (serverErrors += chunk.toString()));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${serverErrors}`);
      const ready = await fetch(`${baseURL}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return child;
      if (Date.now() > deadline) throw new Error(`server did not start: ${serverErrors}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async function stopServer() {
    if (!server || server.exitCode !== null) return;
    const exited = once(server, "exit");
    server.kill("SIGTERM");
    await exited;
    server = undefined;
  }

  async function newPage(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": ip() } });
    await context.addInitScript(() => window.localStorage.setItem("scam-free:newsletter-popup-seen", "seen"));
    const page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
    return page;
  }

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(path.join(tmpdir(), "scam-free-staff-e2e-"));
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    server = await startServer(port);

    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": ip() } });
    expect((await api.post("/auth", { form: { intent: "signup", email: staffEmail, password } })).status()).toBe(200);
    const comment = (name: string, text: string) =>
      api.post("/community", { form: { intent: "post", name, email: uniqueEmail("c"), comment: text, rating: "5" } });
    expect((await comment(`${tag} Visible`, "A story anyone can read")).status()).toBe(200);
    expect((await comment(`${tag} Held`, "https://a.example https://b.example https://c.example")).status()).toBe(202);
    const support = await api.post("/support", {
      form: { name: `${tag} Asker`, email: uniqueEmail("asker"), subject: `${tag} question`, message: "Is this real?" },
    });
    expect(support.status()).toBe(200);
    expect((await api.post("/newsletter", { form: { email: uniqueEmail("csv"), name: "=1+2" } })).status()).toBe(200);
    await api.dispose();

    // The embedded database is one process at a time: stop the site, grant, start it again.
    await stopServer();
    const grant = spawnSync(
      process.execPath,
      [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/staff-grant.ts", staffEmail],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
        encoding: "utf8",
      },
    );
    expect(grant.stderr).toBe("");
    expect(grant.status).toBe(0);
    expect(grant.stdout).toContain(`${staffEmail} is now staff.`);
    server = await startServer(port);
  });

  test.afterAll(async () => {
    await stopServer();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("a staff member moderates comments, handles support and exports subscribers", async ({ browser }) => {
    const page = await newPage(browser);
    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByRole("tabpanel", { name: "Login" }).getByLabel("Email").fill(staffEmail);
    await page.getByRole("tabpanel", { name: "Login" }).getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await page.getByRole("link", { name: "Open the staff console" }).click();
    await expect(page).toHaveURL(/\/staff$/);
    await expect(page.getByTestId("count-comments")).toHaveText("1");
    await expect(page.getByTestId("count-support")).toHaveText("1");

    // Moderation: approve the held comment, hide the other; the forum follows for everyone else.
    const visitor = await newPage(browser);
    await visitor.goto("/community");
    await expect(visitor.getByRole("article", { name: `Comment by ${tag} Visible` })).toBeVisible();
    await expect(visitor.getByRole("article", { name: `Comment by ${tag} Held` })).toHaveCount(0);

    await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Comments" }).click();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Waiting for review (1)" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: `Approve comment by ${tag} Held` }).click();
    await expect(toastWith(page, "Done")).toContainText("The comment is visible on the forum.");
    await expect(page.getByRole("heading", { name: "Waiting for review (0)" })).toBeVisible();
    await page.getByRole("button", { name: `Hide comment by ${tag} Visible` }).click();
    await expect(toastWith(page, "The comment is hidden from the forum.")).toBeVisible();

    await visitor.reload();
    await expect(visitor.getByRole("article", { name: `Comment by ${tag} Held` })).toBeVisible();
    await expect(visitor.getByRole("article", { name: `Comment by ${tag} Visible` })).toHaveCount(0);

    await page.getByRole("button", { name: `Delete comment by ${tag} Held` }).click();
    await expect(toastWith(page, "The comment was deleted.")).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole("article", { name: `Comment by ${tag} Held` })).toHaveCount(0);

    // Support inbox.
    await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Support inbox" }).click();
    const request = page.getByTestId("support-request").filter({ hasText: `${tag} question` });
    await expect(request).toContainText("Is this real?");
    await request.getByRole("button", { name: "Mark handled" }).click();
    await expect(request).toContainText("Handled");
    await expect(request.getByRole("button", { name: "Reopen" })).toBeVisible();

    // Subscribers and the CSV export.
    await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Subscribers" }).click();
    await expect(page.getByRole("table")).toContainText("=1+2");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv.split("\r\n")[0]).toBe("email,name,source,status,subscribed_at,unsubscribed_at,provider_synced_at");
    expect(csv).toContain(`"'=1+2"`);
    const response = await page.request.get("/staff/subscribers.csv");
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(pageErrors, "uncaught errors in the page").toEqual([]);
  });
});
