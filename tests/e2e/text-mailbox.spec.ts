import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startBuiltServer, stopBuiltServer } from "./built-server";
import { test, expect, expectNoAxeViolations } from "./fixtures";

/**
 * The embedded database allows one process at a time, so this suite queues a text (a consent
 * notice: a practice text would need a consenting contact and its practice message) with the site's
 * own code (tests/support/site-process.ts, WORKERS=off) into a fresh data folder, then starts the
 * built server on that folder; its worker delivers the text to the local mailbox, and the browser
 * reads it.
 */
test.describe("a text message in the local mailbox", () => {
  test.describe.configure({ mode: "serial", timeout: 180_000 });

  const root = process.cwd();
  const phone = "+15551230777";
  let dataDir = "";
  let baseURL = "";
  let server: ChildProcess | undefined;

  async function queueText() {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/site-process.ts"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", WORKERS: "off", LOG_LEVEL: "silent" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    let errors = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    const deadline = Date.now() + 90_000;
    const until = async (text: string) => {
      while (!output.includes(text)) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`seeding failed: ${errors}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await until("ready\n");
    child.stdin!.write(`text ${phone}\n`);
    await until("queued ");
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  }

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(path.join(tmpdir(), "scam-free-texts-e2e-"));
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    await queueText();
    server = await startBuiltServer({ port, baseURL, dataDir });
  });

  test.afterAll(async () => {
    await stopBuiltServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("shows the text as a phone message, addressed to the phone number", async ({ page }) => {
    await page.goto(`${baseURL}/dev/mailbox?to=${encodeURIComponent(phone)}`);
    const list = page.getByRole("list", { name: "Messages" });
    await expect(list.getByRole("link", { name: new RegExp(`Text message\\s*To \\${phone}`) })).toBeVisible();
    const bubble = page.getByRole("article", { name: "Selected text message" });
    await expect(bubble.getByRole("heading", { name: phone })).toBeVisible();
    await expect(bubble).toContainText(`A notice text for ${phone}`);
    // The server's worker delivered it to the local mailbox.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("article", { name: "Selected text message" })).toContainText("sent");
    }).toPass({ timeout: 20_000 });
    await expectNoAxeViolations(page);
  });

  test("the Twilio webhook is exempt from the cross-site check but still needs Twilio's signature", async ({
    page,
  }) => {
    const fromElsewhere = { headers: { Origin: "https://api.twilio.example" }, form: { From: phone, Body: "STOP" } };
    const webhook = await page.request.post(`${baseURL}/api/webhooks/twilio`, fromElsewhere);
    // The route answered (no Twilio configured here, so nothing can be verified), not the CSRF check.
    expect(webhook.status()).toBe(403);
    expect(await webhook.text()).toBe("Text messages are not configured here.");
    const page403 = await page.request.post(`${baseURL}/support`, fromElsewhere);
    expect(await page403.text()).toBe("This request came from another site and was refused.");
  });
});
