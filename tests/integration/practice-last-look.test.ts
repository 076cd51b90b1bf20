import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { startFakeSmtpServer } from "../fakes/smtp-server";
import { testChannels } from "../support/delivery";
import { newPracticeToken, seedContact } from "../support/practice-seeds";
import { customers, subscriptions } from "~/billing/tables";
import { outboxMessages } from "~/mail/tables";
import { deliverDueMessages, type DeliveryChannels } from "~/mail/outbox.server";
import { smtpTransport } from "~/mail/transports.server";
import { practiceAddressConsents, practiceEvents, practiceMessages, trainingContacts } from "~/training/tables";
import { suppressAddress } from "~/training/people/address-consent.server";
import { practiceLastLook } from "~/training/sending/practice-last-look.server";

/** Monday 16 November 2026, 22:00 in New York (03:00 UTC on Tuesday): night. */
const MONDAY_NIGHT = new Date("2026-11-17T03:00:00Z");
/** Tuesday 17 November 2026, 08:00 in New York: the next allowed moment for an adult. */
const TUESDAY_0800 = new Date("2026-11-17T13:00:00Z");
/** Tuesday, 10:00 in New York: school hours for a child. */
const TUESDAY_1000 = new Date("2026-11-17T15:00:00Z");
/** Tuesday, 15:00 in New York: school is out. */
const TUESDAY_1500 = new Date("2026-11-17T20:00:00Z");

describe.each(DATABASE_TARGETS)("the last look before a practice message is sent, on $name", (target) => {
  const suite = databaseForSuite(target, [
    practiceEvents,
    practiceMessages,
    trainingContacts,
    subscriptions,
    customers,
    outboxMessages,
  ]);
  const db = () => suite.handle.db;
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterAll(async () => smtp.close());
  beforeEach(() => {
    smtp.received.length = 0;
  });

  /** The outbox as the worker runs it, with the Training Program's last look at a chosen moment. */
  const deliverAt = (now: Date) => {
    const channels: DeliveryChannels = {
      ...testChannels({ email: smtpTransport(smtp.url) }),
      lastLook: (database, message) => practiceLastLook(database, message, now),
    };
    return deliverDueMessages(db(), channels);
  };

  /** A practice email queued by the scheduler (in a week) or by "Send a practice message now" (no week). */
  async function queuedPracticeEmail(options: { ageBand?: "child" | "adult"; week?: string | null } = {}) {
    const { contactId } = await seedContact(db(), { ageBand: options.ageBand ?? "adult" });
    const [contact] = await db().select().from(trainingContacts).where(eq(trainingContacts.id, contactId));
    const [outbox] = await db()
      .insert(outboxMessages)
      .values({
        channel: "email",
        template: "practice-email",
        recipient: contact!.email!,
        subject: "Your parcel is waiting",
        textBody: "A practice message.",
      })
      .returning({ id: outboxMessages.id });
    const [message] = await db()
      .insert(practiceMessages)
      .values({
        contactId,
        scenarioId: "email-parcel-fee",
        channel: "email",
        level: 2,
        token: newPracticeToken(),
        weekKey: options.week === undefined ? "2026-W47" : options.week,
        status: "queued",
        scheduledFor: new Date(MONDAY_NIGHT.getTime() - 3_600_000),
        outboxMessageId: outbox!.id,
        queuedAt: new Date(MONDAY_NIGHT.getTime() - 3_600_000),
      })
      .returning({ id: practiceMessages.id });
    return { contactId, outboxId: outbox!.id, messageId: message!.id };
  }

  const outboxRow = async (id: string) =>
    (await db().select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
  const practiceRow = async (id: string) =>
    (await db().select().from(practiceMessages).where(eq(practiceMessages.id, id)))[0]!;

  it("holds a message that waited into the night until 08:00 in the person's time zone, without counting an attempt", async () => {
    const { outboxId } = await queuedPracticeEmail();

    // The test's clock is days behind the database's, so the held message is due again at once:
    // the run sees it come back and stops instead of claiming it over and over.
    const results = await deliverAt(MONDAY_NIGHT);
    expect(results.length).toBeLessThanOrEqual(2);
    for (const held of results) {
      expect(held).toMatchObject({ id: outboxId, outcome: "held", nextAttemptAt: TUESDAY_0800 });
    }
    expect(smtp.received).toHaveLength(0);
    const waiting = await outboxRow(outboxId);
    expect(waiting).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: TUESDAY_0800 });
    expect(waiting.lastError).toContain("quiet hours");

    const [sent] = await deliverAt(TUESDAY_0800);
    expect(sent).toMatchObject({ id: outboxId, outcome: "sent" });
    expect(smtp.received).toHaveLength(1);
    expect(await outboxRow(outboxId)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("keeps a child's message out of school hours, and lets 'Send a practice message now' go at night as when it was queued", async () => {
    const child = await queuedPracticeEmail({ ageBand: "child" });
    const [held] = await deliverAt(TUESDAY_1000);
    expect(held).toMatchObject({ outcome: "held", nextAttemptAt: TUESDAY_1500 });
    expect(smtp.received).toHaveLength(0);

    await db().delete(outboxMessages).where(eq(outboxMessages.id, child.outboxId));
    const sentNow = await queuedPracticeEmail({ week: null });
    const [sent] = await deliverAt(MONDAY_NIGHT);
    expect(sent).toMatchObject({ id: sentNow.outboxId, outcome: "sent" });
    expect(smtp.received).toHaveLength(1);
  });

  it("drops a queued message when the person said stop, paused, or lost the plan after it was queued, and cancels its practice message", async () => {
    const changes: { reason: string; change: (contactId: string, email: string) => Promise<unknown> }[] = [
      {
        reason: "opted out",
        // "No thanks" on this family's own notice: this family's card and last look both say opted out.
        change: async (id, email) => {
          const [contact] = await db().select().from(trainingContacts).where(eq(trainingContacts.id, id));
          return db().transaction(async (tx) =>
            suppressAddress(tx as never, email, "no-thanks", { subscriptionIds: [contact!.subscriptionId] }),
          );
        },
      },
      {
        reason: "paused",
        change: (id) => db().update(trainingContacts).set({ pausedAt: new Date() }).where(eq(trainingContacts.id, id)),
      },
      {
        // Its address's yes was withdrawn (the consent row forgotten after an address change and back).
        reason: "no consent",
        change: (_id, email) =>
          db()
            .update(practiceAddressConsents)
            .set({ confirmedAt: null })
            .where(eq(practiceAddressConsents.address, email)),
      },
    ];
    for (const { reason, change } of changes) {
      const { contactId, outboxId, messageId } = await queuedPracticeEmail();
      const [contact] = await db().select().from(trainingContacts).where(eq(trainingContacts.id, contactId));
      await change(contactId, contact!.email!);
      const [dropped] = await deliverAt(TUESDAY_0800);
      expect(dropped, reason).toMatchObject({ id: outboxId, outcome: "dropped" });
      expect(await outboxRow(outboxId), reason).toMatchObject({ status: "dropped", lastError: `not sent: ${reason}` });
      expect(await practiceRow(messageId), reason).toMatchObject({ status: "cancelled", cancelReason: reason });
    }
    const lapsed = await queuedPracticeEmail();
    await db()
      .update(subscriptions)
      .set({ status: "canceled", currentPeriodEnd: new Date(Date.now() - 86_400_000) });
    expect((await deliverAt(TUESDAY_0800))[0]).toMatchObject({ id: lapsed.outboxId, outcome: "dropped" });
    expect(smtp.received).toHaveLength(0);
  });

  it("drops a message whose person's address was changed after it was queued: it never goes to the old one", async () => {
    const { contactId, outboxId, messageId } = await queuedPracticeEmail();
    await db()
      .update(trainingContacts)
      .set({ email: "corrected@example.com" })
      .where(eq(trainingContacts.id, contactId));
    expect((await deliverAt(TUESDAY_0800))[0]).toMatchObject({ id: outboxId, outcome: "dropped" });
    expect(await practiceRow(messageId)).toMatchObject({ status: "cancelled" });
    expect(smtp.received).toHaveLength(0);
  });

  it("leaves every other email alone, at any hour", async () => {
    const [outbox] = await db()
      .insert(outboxMessages)
      .values({ template: "password-reset", recipient: "night-owl@example.com", subject: "Reset", textBody: "Reset." })
      .returning({ id: outboxMessages.id });
    expect((await deliverAt(MONDAY_NIGHT))[0]).toMatchObject({ id: outbox!.id, outcome: "sent" });
    expect(smtp.received).toHaveLength(1);
  });
});
