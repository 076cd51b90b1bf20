import { getDatabase } from "~/db/database.server";
import { queueText } from "~/mail/mailer.server";
import { openSpecDatabase, type SpecDatabase } from "../support/spec-database";
import { test, expect } from "./fixtures";

/**
 * A text queued by another process (this test process, through the site's own code, into a
 * database of the spec's own) is delivered by the server's worker when it starts (its outbox sweep
 * finds work left from before), and the browser reads it in the local mailbox.
 */
test.describe("a text message in the local mailbox", () => {
  // One server for the file: its tests run in order in one worker.
  test.describe.configure({ mode: "default" });

  const phone = "+15551230777";
  let database: SpecDatabase | undefined;
  let baseURL = "";

  test.beforeAll(async () => {
    database = await openSpecDatabase();
    // A consent notice: a practice text would need a consenting contact and its practice message.
    await queueText(await getDatabase(), {
      template: "training-consent-notice",
      to: phone,
      body: `A notice text for ${phone}`,
    });
    baseURL = (await database.startServer()).url;
  });

  test.afterAll(async () => {
    await database?.remove();
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
