import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { actionArgs, formPost, unwrapData } from "../support/requests";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { newsletterSubscribers } from "~/newsletter/tables";
import { action } from "~/routes/newsletter";
import type { NewsletterResult } from "~/newsletter/newsletter-schema";

describe.each(DATABASE_TARGETS)("newsletter sign-up on $name", (target) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await target.open();
    useDatabaseForTests(handle);
  });
  afterAll(async () => handle.close());
  beforeEach(async () => {
    useDatabaseForTests(handle);
    await handle.db.delete(newsletterSubscribers);
  });

  async function submit(fields: Record<string, string>) {
    const result = await action(actionArgs(formPost("/newsletter", fields)));
    return unwrapData<NewsletterResult>(result);
  }

  async function count() {
    const rows = await handle.db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscribers);
    return rows[0].n;
  }

  it("subscribes a new address, storing it lower-cased with a null name when blank", async () => {
    const { status, data } = await submit({ email: "  Ann.Lee@Example.COM ", name: "", source: "popup" });
    expect(status).toBe(200);
    expect(data).toMatchObject({ ok: true, title: "Success!", message: "You've been subscribed to our newsletter." });
    const rows = await handle.db.select().from(newsletterSubscribers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "ann.lee@example.com", name: null, source: "popup" });
    expect(rows[0].unsubscribeToken).toMatch(/^[0-9a-f]{32}$/);
  });

  it("keeps the name when one is given", async () => {
    await submit({ email: "bo@example.com", name: "  Bo Diaz " });
    const rows = await handle.db.select().from(newsletterSubscribers);
    expect(rows[0].name).toBe("Bo Diaz");
  });

  it("answers a duplicate in any letter case with 'Already subscribed' and stores nothing new", async () => {
    await submit({ email: "cy@example.com" });
    const { status, data } = await submit({ email: "CY@Example.com", name: "Cy" });
    expect(status).toBe(409);
    expect(data).toMatchObject({
      ok: false,
      title: "Already subscribed",
      message: "This email is already subscribed to our newsletter.",
    });
    expect(await count()).toBe(1);
    const rows = await handle.db.select().from(newsletterSubscribers);
    expect(rows[0].name).toBeNull();
  });

  it.each([
    ["no email field at all", {}, "Email required", "Please enter your email address."],
    ["an empty email", { email: "" }, "Email required", "Please enter your email address."],
    ["only spaces", { email: "    " }, "Email required", "Please enter your email address."],
    ["a malformed email", { email: "not-an-email" }, "Invalid email", "Please enter a valid email address"],
    ["SQL in the email", { email: "x@y.com'; DROP TABLE newsletter_subscribers; --" }, "Invalid email", "valid email"],
    [
      "a 10,000-character email",
      { email: `${"a".repeat(9_990)}@example.com` },
      "Invalid email",
      "at most 254 characters",
    ],
    [
      "HTML in the name",
      { email: "dee@example.com", name: "<script>alert(1)</script>" },
      "Check your name",
      "cannot contain < or >",
    ],
    [
      "a 10,000-character name",
      { email: "eve@example.com", name: "n".repeat(10_000) },
      "Check your name",
      "at most 100 characters",
    ],
  ])("refuses %s with a clear 400 and stores nothing", async (_label, fields, title, message) => {
    const { status, data } = await submit(fields as Record<string, string>);
    expect(status).toBe(400);
    expect(data.ok).toBe(false);
    expect(data.title).toBe(title);
    expect(data.message).toContain(message);
    expect(await count()).toBe(0);
  });

  it("ignores an unknown source instead of failing", async () => {
    const { status } = await submit({ email: "fay@example.com", source: "somewhere-else" });
    expect(status).toBe(200);
    const rows = await handle.db.select().from(newsletterSubscribers);
    expect(rows[0].source).toBe("home");
  });

  it("welcomes back someone who had unsubscribed", async () => {
    await submit({ email: "gus@example.com" });
    await handle.db.update(newsletterSubscribers).set({ unsubscribedAt: new Date() });
    const { status } = await submit({ email: "gus@example.com" });
    expect(status).toBe(200);
    const rows = await handle.db.select().from(newsletterSubscribers);
    expect(rows[0].unsubscribedAt).toBeNull();
  });
});
