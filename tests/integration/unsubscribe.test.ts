import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { testChannels } from "../support/delivery";
import { startFakeSmtpServer } from "../fakes/smtp-server";
import { callAction, callLoader } from "../support/route-calls";
import { subscribeAndConfirm } from "../support/newsletter";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { newsletterConfirmations, newsletterSubscribers } from "~/newsletter/tables";
import { outboxMessages } from "~/mail/tables";
import { requestLimits } from "~/security/tables";
import { deliverMessage } from "~/mail/outbox.server";
import { smtpTransport } from "~/mail/transports.server";
import { action, loader } from "~/routes/unsubscribe";

type View = { state: string; maskedEmail?: string; token?: string; message?: string };

describe.each(DATABASE_TARGETS)("newsletter emails and one-click unsubscribe on $name", (target) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => handle.close());
  beforeEach(async () => {
    useDatabaseForTests(handle);
    for (const table of [newsletterSubscribers, newsletterConfirmations, outboxMessages, requestLimits]) {
      await handle.db.delete(table);
    }
  });

  /** Signs up and presses the emailed confirmation link (double opt-in), as the address's owner would. */
  async function subscribe(email: string) {
    await subscribeAndConfirm(handle.db, email);
    const [row] = await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    return row;
  }
  const current = async (email: string) =>
    (await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
  const welcomes = () =>
    handle.db.select().from(outboxMessages).where(eq(outboxMessages.template, "newsletter-welcome"));

  it("sends a welcome email with the unsubscribe link and the RFC 8058 one-click headers", async () => {
    const row = await subscribe("ann@example.com");
    const mail = await welcomes();
    expect(mail).toHaveLength(1);
    const link = `http://localhost:3000/unsubscribe?token=${row.unsubscribeToken}`;
    expect(mail[0]).toMatchObject({ template: "newsletter-welcome", recipient: "ann@example.com" });
    expect(mail[0].headers).toEqual({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail[0].textBody).toContain(link);
    expect(mail[0].htmlBody).toContain(link);
  });

  it("keeps those headers when the email goes out over SMTP", async () => {
    const smtp = await startFakeSmtpServer();
    try {
      const row = await subscribe("smtp@example.com");
      const [mail] = await welcomes();
      expect(await deliverMessage(handle.db, testChannels({ email: smtpTransport(smtp.url) }), mail.id)).toBe("sent");
      const raw = smtp.received[0].raw.replace(/\r\n\s+/g, " ");
      expect(raw).toContain(`List-Unsubscribe: <http://localhost:3000/unsubscribe?token=${row.unsubscribeToken}>`);
      expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    } finally {
      await smtp.close();
    }
  });

  it("shows a confirmation on GET without changing anything (mail scanners open links)", async () => {
    const row = await subscribe("bo@example.com");
    for (let i = 0; i < 3; i++) {
      const { status, data } = await callLoader<View>(loader, `/unsubscribe?token=${row.unsubscribeToken}`);
      expect(status).toBe(200);
      expect(data).toEqual({ state: "confirm", token: row.unsubscribeToken, maskedEmail: "b*@example.com" });
    }
    expect((await current("bo@example.com")).unsubscribedAt).toBeNull();
  });

  it("unsubscribes with the page's button (token in the form), once", async () => {
    const row = await subscribe("cy@example.com");
    const { status, data } = await callAction<View>(action, "/unsubscribe", { token: row.unsubscribeToken });
    expect(status).toBe(200);
    expect(data.state).toBe("done");
    const first = (await current("cy@example.com")).unsubscribedAt;
    expect(first).toBeInstanceOf(Date);

    const again = await callAction<View>(action, "/unsubscribe", { token: row.unsubscribeToken });
    expect(again.status).toBe(200);
    expect((await current("cy@example.com")).unsubscribedAt).toEqual(first);
    expect((await callLoader<View>(loader, `/unsubscribe?token=${row.unsubscribeToken}`)).data.state).toBe("already");
  });

  it("unsubscribes with a mail provider's RFC 8058 one-click POST (token in the URL)", async () => {
    const row = await subscribe("dee@example.com");
    const { status } = await callAction<View>(action, `/unsubscribe?token=${row.unsubscribeToken}`, {
      "List-Unsubscribe": "One-Click",
    });
    expect(status).toBe(200);
    expect((await current("dee@example.com")).unsubscribedAt).toBeInstanceOf(Date);
  });

  it("accepts the one-click POST as multipart/form-data too", async () => {
    const row = await subscribe("multi@example.com");
    const body = new FormData();
    body.set("List-Unsubscribe", "One-Click");
    const request = new Request(`http://localhost:3000/unsubscribe?token=${row.unsubscribeToken}`, {
      method: "POST",
      body,
    });
    const result = (await action({ request, params: {}, context: {} } as never)) as { init?: { status?: number } };
    expect(result.init?.status).toBe(200);
    expect((await current("multi@example.com")).unsubscribedAt).toBeInstanceOf(Date);
  });

  it.each([
    ["no token", "", 400, "invalid"],
    ["a short token", "?token=abc", 400, "invalid"],
    ["SQL in the token", "?token=%27%20OR%20%271%27%3D%271", 400, "invalid"],
    ["HTML in the token", "?token=%3Cscript%3E", 400, "invalid"],
    ["a 10,000-character token", `?token=${"a".repeat(10_000)}`, 400, "invalid"],
    ["an unknown token", `?token=${"0".repeat(32)}`, 404, "unknown"],
  ])("answers %s with a clear page and changes nothing", async (_label, query, status, state) => {
    await subscribe("eve@example.com");
    const page = await callLoader<View>(loader, `/unsubscribe${query}`);
    expect(page.status).toBe(status);
    expect(page.data.state).toBe(state);
    const posted = await callAction<View>(action, `/unsubscribe${query}`, { "List-Unsubscribe": "One-Click" });
    expect(posted.status).toBe(status);
    expect(posted.data.state).toBe(state);
    if (state === "invalid") expect(posted.data.message).toMatch(/unsubscribe link is (not valid|incomplete)/);
    expect((await current("eve@example.com")).unsubscribedAt).toBeNull();
  });

  it("welcomes back someone who unsubscribed: unsubscribed_at is cleared and a new welcome is sent", async () => {
    const row = await subscribe("fay@example.com");
    await callAction(action, "/unsubscribe", { token: row.unsubscribeToken });
    expect((await current("fay@example.com")).unsubscribedAt).not.toBeNull();
    await subscribe("fay@example.com");
    expect((await current("fay@example.com")).unsubscribedAt).toBeNull();
    expect(await welcomes()).toHaveLength(2);
  });
});
