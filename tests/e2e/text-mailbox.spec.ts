import { getDatabase } from "~/db/database.server";
import { queueText } from "~/mail/mailer.server";
import { sendNotices } from "~/training/people/contact-notices.server";
import { openSpecDatabase, type SpecDatabase } from "../support/spec-database";
import { createTestFamily } from "../support/training-family";
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
  /** Two families' people share this number; each family's notice carries its own reply code. */
  const sharedPhone = "+15551230778";
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
    for (const [holderName, holderEmail] of [
      ["Ana Moreno", "ana.moreno@example.com"],
      ["Bo Lindqvist", "bo.lindqvist@example.com"],
    ]) {
      const family = await createTestFamily(database.handle.db, {
        holderName: holderName!,
        holderEmail: holderEmail!,
        contacts: [{ name: "Sam", ageBand: "adult", email: null, phone: sharedPhone, consent: false }],
      });
      const run = await sendNotices(
        database.handle.db,
        family.userId,
        { subscriptionId: family.subscription.id, holderName: holderName! },
        family.contacts[0]!,
        { resend: true },
      );
      if (run.sent.length !== 1) throw new Error(`the notice to ${sharedPhone} was not sent`);
    }
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

  test("a text's reply box answers as the phone would: a plain YES to two families' notices asks for the code, naming no one", async ({
    page,
  }) => {
    await page.goto(`${baseURL}/dev/mailbox?to=${encodeURIComponent(sharedPhone)}`);
    const bubble = page.getByRole("article", { name: "Selected text message" });
    await expect(bubble).toContainText(/reply YES \d{4}/i);
    await bubble.getByLabel("Reply from this phone").fill("YES");
    await bubble.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("status")).toHaveText(`Replied "YES" from ${sharedPhone}.`);
    // The site's one answer, in the phone's messages: which notice? (and no family's name).
    await page.goto(`${baseURL}/dev/mailbox?to=${encodeURIComponent(sharedPhone)}`);
    const list = page.getByRole("list", { name: "Messages" });
    await expect(list.getByRole("link", { name: /Text message/ })).toHaveCount(3);
    await expect(bubble).toContainText("we could not tell which message your YES answers");
    for (const name of ["Ana", "Moreno", "Bo", "Lindqvist", "Sam"]) await expect(bubble).not.toContainText(name);
  });

  test("the reply box's form is refused from another site, like every form", async ({ page }) => {
    await page.goto(`${baseURL}/dev/mailbox?to=${encodeURIComponent(sharedPhone)}`);
    const id = await page.locator('input[name="id"]').first().getAttribute("value");
    const answer = await page.request.post(`${baseURL}/dev/mailbox`, {
      headers: { Origin: "https://elsewhere.example" },
      form: { intent: "text-reply", id: id!, body: "YES" },
    });
    expect(answer.status()).toBe(403);
    expect(await answer.text()).toBe("This request came from another site and was refused.");
  });
});
