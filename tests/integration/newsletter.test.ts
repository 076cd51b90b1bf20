import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { callLoader } from "../support/route-calls";
import { signedInCookie } from "../support/users";
import {
  emailedConfirmationToken,
  freshIp,
  postNewsletter,
  pressConfirm,
  subscribeAndConfirm,
} from "../support/newsletter";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { outboxMessages } from "~/mail/tables";
import { requestLimits } from "~/security/tables";
import { newsletterConfirmations, newsletterSubscribers } from "~/newsletter/tables";
import { NEWSLETTER_LIMITS } from "~/newsletter/confirmation.server";
import { NEWSLETTER_MESSAGES } from "~/newsletter/newsletter-schema";
import { countActiveSubscribers, listSubscribers, subscribersCsv } from "~/newsletter/subscribers.server";
import { loader as confirmLoader } from "~/routes/newsletter.confirm";
import { loader as staffListLoader } from "~/routes/staff.subscribers";
import { loader as staffCsvLoader } from "~/routes/staff.subscribers-csv";

const SUCCESS = { ok: true, title: NEWSLETTER_MESSAGES.success.title, message: NEWSLETTER_MESSAGES.success.text };

describe.each(DATABASE_TARGETS)("newsletter sign-up with double opt-in on $name", (target) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await target.open();
    useDatabaseForTests(handle);
  });
  afterAll(async () => handle.close());
  beforeEach(async () => {
    useDatabaseForTests(handle);
    for (const table of [newsletterSubscribers, newsletterConfirmations, outboxMessages, requestLimits]) {
      await handle.db.delete(table);
    }
  });

  const subscribers = () => handle.db.select().from(newsletterSubscribers);
  const mailOf = async (template: string) =>
    handle.db.select().from(outboxMessages).where(eq(outboxMessages.template, template));
  const allMail = () => handle.db.select().from(outboxMessages);
  const count = async (table: typeof newsletterSubscribers | typeof newsletterConfirmations) =>
    (await handle.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
  const openLink = (token: string) =>
    callLoader<{ state: string; maskedEmail?: string }>(
      confirmLoader,
      `/newsletter/confirm?token=${encodeURIComponent(token)}`,
    );

  it("sends a stranger's address one confirmation email and nothing else: no welcome, not on the list, not in the CSV", async () => {
    const { status, data } = await postNewsletter({ email: "  Ann.Lee@Example.COM ", name: "Urgent Call Your Bank" });
    expect(status).toBe(200);
    expect(data).toEqual(SUCCESS);
    expect(data.message).toContain("once you confirm");

    const mail = await allMail();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ template: "newsletter-confirm", recipient: "ann.lee@example.com" });
    expect(mail[0].subject).toBe("Confirm your scam-free scam alerts subscription");
    // Whatever the person who typed the address chose stays out of the email.
    expect(`${mail[0].subject} ${mail[0].textBody} ${mail[0].htmlBody}`).not.toMatch(/Urgent|Bank/);
    expect(await mailOf("newsletter-welcome")).toHaveLength(0);

    expect(await subscribers()).toHaveLength(0);
    expect(await countActiveSubscribers(handle.db)).toBe(0);
    expect(subscribersCsv(await listSubscribers(handle.db))).not.toContain("ann.lee@example.com");

    // Only a hash of the emailed token is stored.
    const token = await emailedConfirmationToken(handle.db, "ann.lee@example.com");
    const [pending] = await handle.db.select().from(newsletterConfirmations);
    expect(pending.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(pending)).not.toContain(token);
    const days = (pending.expiresAt.getTime() - pending.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
  });

  it("opening the link only shows a button; pressing it subscribes, welcomes once, and the link then stops working", async () => {
    await postNewsletter({ email: "bo@example.com", name: "  Bo Diaz ", source: "popup" });
    const token = await emailedConfirmationToken(handle.db, "bo@example.com");

    // A mail scanner opens the link, twice: nothing changes.
    for (let i = 0; i < 2; i++) {
      const opened = await openLink(token);
      expect(opened.status).toBe(200);
      expect(opened.data).toMatchObject({ state: "confirm", maskedEmail: "b*@example.com" });
      expect(opened.headers.get("Cache-Control")).toBe("no-store");
      expect(opened.headers.get("Referrer-Policy")).toBe("no-referrer");
    }
    expect(await subscribers()).toHaveLength(0);
    expect(await mailOf("newsletter-welcome")).toHaveLength(0);

    const pressed = await pressConfirm(token);
    expect(pressed).toMatchObject({ status: 200, data: { state: "subscribed" } });
    const rows = await subscribers();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "bo@example.com", name: "Bo Diaz", source: "popup", unsubscribedAt: null });
    const welcome = await mailOf("newsletter-welcome");
    expect(welcome).toHaveLength(1);
    expect(welcome[0].recipient).toBe("bo@example.com");
    expect(welcome[0].textBody).toContain(`/unsubscribe?token=${rows[0].unsubscribeToken}`);
    expect(await count(newsletterConfirmations)).toBe(0);

    expect(await pressConfirm(token)).toMatchObject({ status: 404, data: { state: "unknown" } });
    expect((await openLink(token)).status).toBe(404);
    expect(await mailOf("newsletter-welcome")).toHaveLength(1);
  });

  it("confirms once when the button is pressed twice at the same moment", async () => {
    await postNewsletter({ email: "cy@example.com" });
    const token = await emailedConfirmationToken(handle.db, "cy@example.com");
    const answers = await Promise.all([pressConfirm(token), pressConfirm(token)]);
    expect(answers.map((answer) => answer.data.state).sort()).toEqual(["subscribed", "unknown"]);
    expect(await mailOf("newsletter-welcome")).toHaveLength(1);
    expect(await subscribers()).toHaveLength(1);
  });

  it("a link past its seven days works no more, and the expired sign-up is deleted", async () => {
    await postNewsletter({ email: "dee@example.com" });
    const token = await emailedConfirmationToken(handle.db, "dee@example.com");
    await handle.db.update(newsletterConfirmations).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await openLink(token)).data).toMatchObject({ state: "unknown" });
    expect(await pressConfirm(token)).toMatchObject({ status: 404, data: { state: "unknown" } });
    expect(await subscribers()).toHaveLength(0);
    // The next sign-up (anyone's) clears out what expired.
    await postNewsletter({ email: "other@example.com" });
    expect((await handle.db.select().from(newsletterConfirmations)).map((row) => row.email)).toEqual([
      "other@example.com",
    ]);
  });

  it("answers a malformed link with 400 and changes nothing", async () => {
    for (const bad of ["", "short", `${"a".repeat(42)}!`, "a".repeat(44), "<script>x</script>"]) {
      expect((await openLink(bad)).status, bad).toBe(400);
      expect((await pressConfirm(bad)).status, bad).toBe(400);
    }
    expect(await subscribers()).toHaveLength(0);
  });

  it(`75 stranger addresses from one network address: ${NEWSLETTER_LIMITS.perIp.max} get a confirmation, then 429 with a clear message and no more mail`, async () => {
    const ip = "192.0.2.44";
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof postNewsletter>> | undefined;
    for (let i = 0; i < 75; i++) {
      const answer = await postNewsletter({ email: `stranger.${i}@example.com` }, ip);
      statuses.push(answer.status);
      if (answer.status === 429) refused ??= answer;
    }
    const allowed = NEWSLETTER_LIMITS.perIp.max;
    expect(statuses.slice(0, allowed)).toEqual(Array(allowed).fill(200));
    expect(statuses.slice(allowed)).toEqual(Array(75 - allowed).fill(429));
    expect(refused!.data).toMatchObject({ ok: false, title: "Please wait" });
    expect(refused!.data.message).toMatch(/^Too many newsletter sign-ups from your network\. Please wait \d+ minutes?/);
    expect(Number(refused!.headers.get("Retry-After"))).toBeGreaterThan(0);

    const mail = await allMail();
    expect(mail).toHaveLength(allowed);
    expect(mail.every((row) => row.template === "newsletter-confirm")).toBe(true);
    expect(await subscribers()).toHaveLength(0);
    // Someone else's network is not held up.
    expect((await postNewsletter({ email: "neighbour@example.com" }, "192.0.2.45")).status).toBe(200);
  });

  it(`one mailbox gets at most ${NEWSLETTER_LIMITS.confirmationsPerMailbox.max} confirmation emails a day, whatever its spelling or the network asking`, async () => {
    const spellings = [
      "pat.lee@gmail.com",
      "PatLee@gmail.com",
      "p.a.t.l.e.e@googlemail.com",
      "patlee+news@gmail.com",
      "pat.lee+again@gmail.com",
      "patlee@gmail.com",
      "pat.lee@gmail.com",
      "PAT.LEE@GMAIL.COM",
      "patlee+x@googlemail.com",
      "p.atlee@gmail.com",
    ];
    for (const email of spellings) {
      const answer = await postNewsletter({ email }, freshIp());
      expect(answer.status).toBe(200);
      expect(answer.data).toEqual(SUCCESS);
    }
    expect(await allMail()).toHaveLength(NEWSLETTER_LIMITS.confirmationsPerMailbox.max);
    // Another mailbox is not affected.
    await postNewsletter({ email: "pat.lee@example.com" });
    expect(await allMail()).toHaveLength(NEWSLETTER_LIMITS.confirmationsPerMailbox.max + 1);
  });

  it("answers byte for byte the same for an unknown, a pending, a subscribed, an unsubscribed and a mailbox-limited address", async () => {
    await subscribeAndConfirm(handle.db, "member@example.com");
    await subscribeAndConfirm(handle.db, "left@example.com");
    await handle.db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: sql`now()` })
      .where(eq(newsletterSubscribers.email, "left@example.com"));
    await postNewsletter({ email: "pending@example.com" });
    for (let i = 0; i < NEWSLETTER_LIMITS.confirmationsPerMailbox.max; i++) {
      await postNewsletter({ email: "limited@example.com" });
    }
    const mailBefore = await allMail();

    const answers = [];
    for (const email of [
      "nobody@example.com",
      "pending@example.com",
      "member@example.com",
      "MEMBER@Example.com",
      "left@example.com",
      "limited@example.com",
    ]) {
      const { status, data, headers } = await postNewsletter({ email, name: "Sam" });
      answers.push({ email, answer: JSON.stringify({ status, data, headers: [...headers.entries()] }) });
    }
    const first = answers[0].answer;
    for (const { email, answer } of answers) expect(answer, email).toBe(first);
    expect(JSON.parse(first)).toMatchObject({ status: 200, data: SUCCESS });

    // What happened behind the answer: a link for the unknown, the pending and the unsubscribed
    // addresses; nothing for the subscriber (twice) and the mailbox at its limit.
    const newMail = (await allMail()).filter((row) => !mailBefore.some((before) => before.id === row.id));
    expect(newMail.map((row) => `${row.template} ${row.recipient}`).sort()).toEqual([
      "newsletter-confirm left@example.com",
      "newsletter-confirm nobody@example.com",
      "newsletter-confirm pending@example.com",
    ]);
  });

  it("welcomes back someone who unsubscribed, but only once they confirm again", async () => {
    await subscribeAndConfirm(handle.db, "gus@example.com", "Gus");
    await handle.db.update(newsletterSubscribers).set({ unsubscribedAt: new Date() });
    expect((await postNewsletter({ email: "gus@example.com" })).status).toBe(200);
    expect((await subscribers())[0].unsubscribedAt).not.toBeNull();
    expect(await mailOf("newsletter-welcome")).toHaveLength(1);

    const confirmed = await pressConfirm(await emailedConfirmationToken(handle.db, "gus@example.com"));
    expect(confirmed.data.state).toBe("subscribed");
    const [row] = await subscribers();
    expect(row).toMatchObject({ unsubscribedAt: null, name: "Gus" });
    expect(await mailOf("newsletter-welcome")).toHaveLength(2);
  });

  it("an older link still works after a newer one was sent, and confirming retires both", async () => {
    await postNewsletter({ email: "hal@example.com" });
    const older = await emailedConfirmationToken(handle.db, "hal@example.com");
    await postNewsletter({ email: "hal@example.com" });
    const newer = await emailedConfirmationToken(handle.db, "hal@example.com");
    expect(newer).not.toBe(older);
    expect((await pressConfirm(older)).data.state).toBe("subscribed");
    expect((await pressConfirm(newer)).data.state).toBe("unknown");
    expect(await mailOf("newsletter-welcome")).toHaveLength(1);
  });

  it("staff see only confirmed subscribers: a sign-up waiting for its link is counted, never listed or exported", async () => {
    const staff = await signedInCookie(handle, "staff.newsletter@example.com", { role: "staff" });
    await subscribeAndConfirm(handle.db, "confirmed@example.com");
    await postNewsletter({ email: "waiting@example.com" });
    await postNewsletter({ email: "waiting@example.com" });

    const list = await callLoader<{ subscribers: { email: string }[]; awaitingConfirmation: number }>(
      staffListLoader,
      "/staff/subscribers",
      { Cookie: staff },
    );
    expect(list.data.subscribers.map((row) => row.email)).toEqual(["confirmed@example.com"]);
    expect(list.data.awaitingConfirmation).toBe(1);
    expect(JSON.stringify(list.data)).not.toContain("waiting@");

    const csv = await (
      await callLoader<unknown>(staffCsvLoader, "/staff/subscribers.csv", { Cookie: staff })
    ).response!.text();
    expect(csv).toContain(`"confirmed@example.com"`);
    expect(csv).not.toContain("waiting@");
  });

  it("ignores an unknown source instead of failing", async () => {
    await subscribeAndConfirm(handle.db, "fay@example.com");
    const [row] = await subscribers();
    expect(row.source).toBe("home");
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
  ])("refuses %s with a clear 400, stores nothing and sends nothing", async (_label, fields, title, message) => {
    const { status, data } = await postNewsletter(fields as Record<string, string>);
    expect(status).toBe(400);
    expect(data.ok).toBe(false);
    expect(data.title).toBe(title);
    expect(data.message).toContain(message);
    expect(await count(newsletterSubscribers)).toBe(0);
    expect(await count(newsletterConfirmations)).toBe(0);
    expect(await allMail()).toHaveLength(0);
  });
});
