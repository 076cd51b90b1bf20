import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { inboundEmailSecret } from "~/config/env.server";
import { INBOUND_EMAIL_MAX_BYTES, signInboundEmail } from "~/mail/inbound-email.server";
import { outboxMessages } from "~/mail/tables";
import { unsubscribeHeaders, unsubscribeUrl } from "~/newsletter/newsletter-emails";
import { newsletterSubscribers } from "~/newsletter/tables";
import { digestUnsubscribeUrl } from "~/scam-updates/digest-email";
import { scamUpdateDigestSettings } from "~/scam-updates/tables";
import { action as inboundEmail } from "~/routes/api.webhooks.inbound-email";
import { contactEligibility } from "~/training/sending/practice-eligibility.server";
import { loadTrainingPage } from "~/training/people/contact-settings.server";
import { EMAIL_BOUNCED_EXPLANATION } from "~/training/people/failed-deliveries.server";
import { summariesUnsubscribeUrl } from "~/training/results/weekly-summary-emails";
import { planPracticeMessages } from "~/training/sending/scheduler.server";
import { practiceEvents, practiceMessages, trainingContacts, trainingPrograms } from "~/training/tables";
import { DATABASE_TARGETS } from "../support/databases";
import { eventsOf, seedPracticeMessage } from "../support/practice-seeds";
import { databaseForSuite } from "../support/suite-database";
import { createTestFamily } from "../support/training-family";

/**
 * Feedback loops end to end (issue #40): receivers' complaints (ARF, RFC 5965) and late bounces
 * (DSN, RFC 3464), the RFC samples in tests/fixtures/mail-feedback pointed at rows made here,
 * posted as signed raw MIME to /api/webhooks/inbound-email on each database.
 */
const DOMAIN = "practice.scam-free.test";
const DAY_MS = 86_400_000;

function fixture(name: string, outboxId: string, recipient: string) {
  const text = readFileSync(`tests/fixtures/mail-feedback/${name}.eml`, "utf8")
    .replaceAll("{{OUTBOX_ID}}", outboxId)
    .replaceAll("{{RECIPIENT}}", recipient)
    .replaceAll("{{DOMAIN}}", DOMAIN);
  return Buffer.from(text.replace(/\r?\n/g, "\r\n"));
}

async function post(body: Buffer) {
  const request = new Request("http://localhost:3000/api/webhooks/inbound-email", {
    method: "POST",
    headers: {
      "Content-Type": "message/rfc822",
      "X-Scam-Free-Signature": signInboundEmail(body, inboundEmailSecret()!),
    },
    body: new Uint8Array(body),
  });
  const response = (await inboundEmail({ request, params: {}, context: {} } as never)) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe.each(DATABASE_TARGETS)("feedback loops on $name", (target) => {
  const suite = databaseForSuite(target, [
    practiceEvents,
    practiceMessages,
    trainingContacts,
    trainingPrograms,
    outboxMessages,
    newsletterSubscribers,
    scamUpdateDigestSettings,
    members,
    subscriptions,
    customers,
    users,
  ]);
  const db = () => suite.handle.db;

  /** Ana (email and texts) in Dana's family, and a practice email sent to her. */
  async function anaWithPracticeEmail() {
    const family = await createTestFamily(db(), {
      holderName: "Dana Rivera",
      holderEmail: "dana@example.com",
      contacts: [
        { name: "Ana", ageBand: "adult", email: "Ana@Example.com", phone: "+15555550143", smsEnabled: true, level: 2 },
      ],
    });
    await db().insert(trainingPrograms).values({ subscriptionId: family.subscription.id });
    const ana = family.contacts[0]!;
    const seeded = await seedPracticeMessage(db(), {
      scenarioId: "email-already-friends-request",
      contactId: ana.id,
      subscriptionId: family.subscription.id,
    });
    await db()
      .update(outboxMessages)
      .set({ recipient: "ana@example.com" })
      .where(eq(outboxMessages.id, seeded.outboxMessageId));
    return { family, ana, seeded };
  }

  const outboxRow = async (id: string) =>
    (await db().select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
  const contactRow = async (id: string) =>
    (await db().select().from(trainingContacts).where(eq(trainingContacts.id, id)))[0]!;

  it("counts a complaint on a practice email as Reported, rests email practice 28 days (texts go on) with a line on the card", async () => {
    const { family, ana, seeded } = await anaWithPracticeEmail();
    const before = Date.now();
    const report = fixture("arf-rfc5965-b2-complete", seeded.outboxMessageId, "ANA@example.com");
    expect(await post(report)).toEqual({ status: 200, body: { outcome: "complained" } });

    expect((await outboxRow(seeded.outboxMessageId)).complainedAt).not.toBeNull();
    const events = await eventsOf(db(), seeded.messageId);
    expect(events.map((event) => [event.kind, event.detail, event.flagged])).toEqual([
      ["reported", "complaint", false],
    ]);
    const rest = (await contactRow(ana.id)).emailPracticePausedUntil!;
    expect(rest.getTime()).toBeGreaterThanOrEqual(before + 28 * DAY_MS);
    expect(rest.getTime()).toBeLessThan(Date.now() + 28 * DAY_MS + 1000);

    // No practice email meanwhile; texts go on, and email comes back once the date passes.
    const verdict = (await contactEligibility(db(), ana.id, new Date()))!;
    expect(verdict.eligible && verdict.recipient.channels).toEqual(["sms"]);
    const planned = await planPracticeMessages(db(), { now: new Date() });
    expect(planned.filter((plan) => plan.contactId === ana.id).map((plan) => plan.channel)).toEqual(["sms"]);
    const later = (await contactEligibility(db(), ana.id, new Date(rest.getTime() + 1000)))!;
    expect(later.eligible && later.recipient.channels).toEqual(["email", "sms"]);

    const page = await loadTrainingPage(db(), { id: family.userId, email: "dana@example.com" } as never);
    if (page.kind !== "program") throw new Error("expected the holder's program");
    const email = page.contacts[0]!.addresses.find((address) => address.channel === "email")!;
    const date = rest.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "America/New_York" });
    // Shown as good news beside the address, not as the red "paused" of a failing address.
    expect(email.resting).toBe(
      `Email practice rests until ${date}: Ana marked a practice email as spam, which is just what we teach.`,
    );
    expect(email.paused).toBeNull();
    const sms = page.contacts[0]!.addresses.find((address) => address.channel === "sms")!;
    expect([sms.paused, sms.resting]).toEqual([null, null]);

    // The same complaint again changes nothing.
    expect(await post(report)).toEqual({ status: 200, body: { outcome: "already-complained" } });
    expect(await eventsOf(db(), seeded.messageId)).toHaveLength(1);
  });

  it("does not count a complaint twice on a message the person already reported", async () => {
    const { seeded } = await anaWithPracticeEmail();
    await db().insert(practiceEvents).values({ messageId: seeded.messageId, kind: "reported", detail: "email" });
    const report = fixture("arf-rfc5965-b1-minimal", seeded.outboxMessageId, "ana@example.com");
    expect(await post(report)).toEqual({ status: 200, body: { outcome: "complained" } });
    expect((await eventsOf(db(), seeded.messageId)).map((event) => event.kind)).toEqual(["reported"]);
  });

  it("unsubscribes the newsletter subscriber who complained about newsletter mail", async () => {
    const token = randomBytes(16).toString("hex");
    await db()
      .insert(newsletterSubscribers)
      .values({ email: "reader@example.com", unsubscribeToken: token, confirmedAt: new Date() } as never);
    const [row] = await db()
      .insert(outboxMessages)
      .values({
        template: "newsletter-welcome",
        recipient: "reader@example.com",
        subject: "Welcome",
        textBody: "Welcome.",
        status: "sent",
        headers: unsubscribeHeaders(unsubscribeUrl("http://localhost:3000", token)),
      })
      .returning();
    expect(await post(fixture("arf-rfc5965-b2-complete", row!.id, "reader@example.com"))).toEqual({
      status: 200,
      body: { outcome: "complained" },
    });
    const [subscriber] = await db().select().from(newsletterSubscribers);
    expect(subscriber!.unsubscribedAt).not.toBeNull();
    expect((await outboxRow(row!.id)).complainedAt).not.toBeNull();
  });

  it("stops the weekly summary a person complained about, and only complained_at for account mail", async () => {
    const { ana } = await anaWithPracticeEmail();
    const token = randomBytes(32).toString("base64url");
    await db().update(trainingContacts).set({ summaryToken: token }).where(eq(trainingContacts.id, ana.id));
    const [summary] = await db()
      .insert(outboxMessages)
      .values({
        template: "practice-weekly-summary",
        recipient: "ana@example.com",
        subject: "Your week",
        textBody: "Your week.",
        status: "sent",
        headers: unsubscribeHeaders(summariesUnsubscribeUrl("http://localhost:3000", token)),
      })
      .returning();
    expect((await post(fixture("arf-rfc5965-b1-minimal", summary!.id, "ana@example.com"))).status).toBe(200);
    expect((await contactRow(ana.id)).summariesOptedOutAt).not.toBeNull();
    expect((await contactRow(ana.id)).emailPracticePausedUntil).toBeNull();

    const [reset] = await db()
      .insert(outboxMessages)
      .values({ template: "password-reset", recipient: "dana@example.com", textBody: "Reset.", status: "sent" })
      .returning();
    expect(await post(fixture("arf-rfc5965-b2-complete", reset!.id, "dana@example.com"))).toEqual({
      status: 200,
      body: { outcome: "complained" },
    });
    expect((await outboxRow(reset!.id)).complainedAt).not.toBeNull();
  });

  it("turns off the scam-update digest of a member who complained about it", async () => {
    const { family } = await anaWithPracticeEmail();
    const token = randomBytes(32).toString("base64url");
    await db().insert(scamUpdateDigestSettings).values({ userId: family.userId, unsubscribeToken: token });
    const [digest] = await db()
      .insert(outboxMessages)
      .values({
        template: "scam-update-digest",
        recipient: "dana@example.com",
        subject: "This week's scams",
        textBody: "This week.",
        status: "sent",
        headers: unsubscribeHeaders(digestUnsubscribeUrl("http://localhost:3000", token)),
      })
      .returning();
    expect(await post(fixture("arf-rfc5965-b2-complete", digest!.id, "dana@example.com"))).toEqual({
      status: 200,
      body: { outcome: "complained" },
    });
    const [setting] = await db().select().from(scamUpdateDigestSettings);
    expect(setting!.unsubscribedAt).not.toBeNull();
  });

  it("counts a late bounce like a refusal: bounced_at, a failed event, and two in a row pause email with the reason", async () => {
    const { family, ana, seeded } = await anaWithPracticeEmail();
    expect(await post(fixture("dsn-rfc3464-multi-recipient", seeded.outboxMessageId, "ana@example.com"))).toEqual({
      status: 200,
      body: { outcome: "bounced" },
    });
    const row = await outboxRow(seeded.outboxMessageId);
    expect(row.bouncedAt).not.toBeNull();
    expect(row.status).toBe("sent");
    const events = await eventsOf(db(), seeded.messageId);
    expect(events.map((event) => event.kind)).toEqual(["failed"]);
    expect(events[0]!.detail).toContain("5.0.0");

    const second = await seedPracticeMessage(db(), {
      scenarioId: "email-parcel-redelivery-fee",
      contactId: ana.id,
      subscriptionId: family.subscription.id,
      sentSecondsAgo: 60,
    });
    await db()
      .update(outboxMessages)
      .set({ recipient: "ana@example.com" })
      .where(eq(outboxMessages.id, second.outboxMessageId));
    let verdict = (await contactEligibility(db(), ana.id, new Date()))!;
    expect(verdict.eligible && verdict.recipient.channels).toEqual(["email", "sms"]);
    expect((await post(fixture("dsn-rfc3464-multi-recipient", second.outboxMessageId, "ana@example.com"))).status).toBe(
      200,
    );
    verdict = (await contactEligibility(db(), ana.id, new Date()))!;
    expect(verdict.eligible && verdict.recipient.channels).toEqual(["sms"]);
    const page = await loadTrainingPage(db(), { id: family.userId, email: "dana@example.com" } as never);
    if (page.kind !== "program") throw new Error("expected the holder's program");
    expect(page.contacts[0]!.addresses.find((address) => address.channel === "email")!.paused).toBe(
      EMAIL_BOUNCED_EXPLANATION,
    );
  });

  it("changes nothing for a 'not-spam' report (the person took our email out of spam)", async () => {
    const { ana, seeded } = await anaWithPracticeEmail();
    const notSpam = Buffer.from(
      fixture("arf-rfc5965-b2-complete", seeded.outboxMessageId, "ana@example.com")
        .toString("utf8")
        .replace(/Feedback-Type: abuse/i, "Feedback-Type: not-spam"),
    );
    expect(notSpam.toString("utf8")).toContain("Feedback-Type: not-spam");
    expect(await post(notSpam)).toEqual({ status: 200, body: { outcome: "unchanged" } });
    expect((await outboxRow(seeded.outboxMessageId)).complainedAt).toBeNull();
    expect(await eventsOf(db(), seeded.messageId)).toEqual([]);
    expect((await contactRow(ana.id)).emailPracticePausedUntil).toBeNull();
  });

  it("changes nothing for a delayed DSN or a failure with a 4.x.x status", async () => {
    const { seeded } = await anaWithPracticeEmail();
    for (const name of ["dsn-rfc3464-delayed", "dsn-rfc3464-simple"]) {
      expect(await post(fixture(name, seeded.outboxMessageId, "ana@example.com"))).toEqual({
        status: 200,
        body: { outcome: "unchanged" },
      });
    }
    expect((await outboxRow(seeded.outboxMessageId)).bouncedAt).toBeNull();
    expect(await eventsOf(db(), seeded.messageId)).toEqual([]);
  });

  it("acknowledges a report that names another recipient or no message of ours, changing nothing", async () => {
    const { ana, seeded } = await anaWithPracticeEmail();
    for (const report of [
      fixture("arf-rfc5965-b2-complete", seeded.outboxMessageId, "mallory@example.com"),
      fixture("dsn-rfc3464-multi-recipient", seeded.outboxMessageId, "mallory@example.com"),
      fixture("arf-rfc5965-b2-complete", "5f0c2b8e-1d3a-4e6f-9b7c-0a1b2c3d4e5f", "ana@example.com"),
    ]) {
      expect(await post(report)).toEqual({ status: 200, body: { outcome: "unmatched" } });
    }
    const row = await outboxRow(seeded.outboxMessageId);
    expect([row.complainedAt, row.bouncedAt]).toEqual([null, null]);
    expect(await eventsOf(db(), seeded.messageId)).toEqual([]);
    expect((await contactRow(ana.id)).emailPracticePausedUntil).toBeNull();
  });

  it("refuses malformed and oversized reports with a 4xx, changing nothing", async () => {
    const { ana, seeded } = await anaWithPracticeEmail();
    for (const name of [
      "malformed-no-report-part",
      "malformed-garbage-report-part",
      "malformed-no-message-id",
      "malformed-wrong-report-type",
    ]) {
      const answer = await post(fixture(name, seeded.outboxMessageId, "ana@example.com"));
      expect(answer.status, name).toBe(400);
      expect(answer.body.error, name).toBeTruthy();
    }
    const huge = fixture("arf-rfc5965-b2-complete", seeded.outboxMessageId, "ana@example.com");
    const padded = Buffer.concat([huge, Buffer.alloc(INBOUND_EMAIL_MAX_BYTES, "x")]);
    expect((await post(padded)).status).toBe(413);
    const row = await outboxRow(seeded.outboxMessageId);
    expect([row.complainedAt, row.bouncedAt]).toEqual([null, null]);
    expect(await eventsOf(db(), seeded.messageId)).toEqual([]);
    expect((await contactRow(ana.id)).emailPracticePausedUntil).toBeNull();
  });
});
