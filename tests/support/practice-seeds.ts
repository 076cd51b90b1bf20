/**
 * Practice messages written straight into the tables (customer, subscription, contact, outbox row,
 * practice message), for tests of what happens after a message was sent: its landing, feedback and
 * stop pages, and replies to it. The scheduler that really sends them is tested on its own.
 */
import { writeAddressConsent } from "./training-family";
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, subscriptions } from "~/billing/tables";
import { outboxMessages } from "~/mail/tables";
import { practiceEvents, practiceMessages, trainingContacts } from "~/training/tables";

export interface SeededPracticeMessage {
  token: string;
  messageId: string;
  contactId: string;
  outboxMessageId: string;
  subscriptionId: string;
}

export interface PracticeSeed {
  scenarioId: string;
  ageBand?: "child" | "teen" | "adult" | "older-adult";
  level?: number;
  phone?: string | null;
  /** How long ago the outbox delivered it; null: queued but not sent yet. Default 10 minutes. */
  sentSecondsAgo?: number | null;
  /** Another contact of the same subscription, instead of a new family. */
  subscriptionId?: string;
  /** Seed another message for an existing contact. */
  contactId?: string;
  queuedSecondsAgo?: number;
}

export function newPracticeToken() {
  return randomBytes(32).toString("base64url");
}

export async function seedSubscription(db: Database): Promise<string> {
  const id = randomUUID().slice(0, 8);
  const [customer] = await db
    .insert(customers)
    .values({ name: "Pat Example", email: `pat-${id}@example.com` })
    .returning({ id: customers.id });
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      customerId: customer.id,
      provider: "demo",
      providerSubscriptionId: `demo_sub_${id}`,
      plan: "family",
      status: "active",
    })
    .returning({ id: subscriptions.id });
  return subscription.id;
}

export async function seedContact(
  db: Database,
  options: { subscriptionId?: string; ageBand?: PracticeSeed["ageBand"]; level?: number; phone?: string | null } = {},
): Promise<{ contactId: string; subscriptionId: string }> {
  const subscriptionId = options.subscriptionId ?? (await seedSubscription(db));
  const id = randomUUID().slice(0, 8);
  const [contact] = await db
    .insert(trainingContacts)
    .values({
      subscriptionId,
      // Letters only, like every name a person can enter (no digits: see personName in app/validation/fields.ts).
      name: `Sam ${id.replace(/[0-9]/g, (digit) => "ghijklmnop"[Number(digit)]!)}`,
      ageBand: options.ageBand ?? "adult",
      email: `sam-${id}@example.com`,
      phone: options.phone ?? null,
      smsEnabled: Boolean(options.phone),
      timeZone: "America/New_York",
      guardianConfirmedAt: options.ageBand === "child" || options.ageBand === "teen" ? new Date() : null,
      level: options.level ?? 2,
    })
    .returning({ id: trainingContacts.id });
  await writeAddressConsent(db, subscriptionId, [`sam-${id}@example.com`, ...(options.phone ? [options.phone] : [])], {
    agreed: true,
  });
  return { contactId: contact.id, subscriptionId };
}

export async function seedPracticeMessage(db: Database, seed: PracticeSeed): Promise<SeededPracticeMessage> {
  const { contactId, subscriptionId } = seed.contactId
    ? { contactId: seed.contactId, subscriptionId: seed.subscriptionId ?? "" }
    : await seedContact(db, {
        subscriptionId: seed.subscriptionId,
        ageBand: seed.ageBand,
        level: seed.level,
        phone: seed.phone,
      });
  const channel = seed.scenarioId.startsWith("sms-") ? "sms" : "email";
  const sentSecondsAgo = seed.sentSecondsAgo === undefined ? 600 : seed.sentSecondsAgo;
  const queuedAt = new Date(Date.now() - (seed.queuedSecondsAgo ?? Math.max(sentSecondsAgo ?? 0, 0) + 60) * 1000);
  const [outbox] = await db
    .insert(outboxMessages)
    .values({
      channel,
      template: `practice-${channel}`,
      recipient: channel === "sms" ? (seed.phone ?? "+15555550100") : "sam@example.com",
      subject: channel === "email" ? "Practice" : null,
      textBody: "A practice message.",
      status: sentSecondsAgo === null ? "pending" : "sent",
      sentAt: sentSecondsAgo === null ? null : new Date(Date.now() - sentSecondsAgo * 1000),
    })
    .returning({ id: outboxMessages.id });
  const token = newPracticeToken();
  // As the scheduler does: the address it went to is recorded with it.
  const [contact] = await db
    .select({ email: trainingContacts.email, phone: trainingContacts.phone })
    .from(trainingContacts)
    .where(eq(trainingContacts.id, contactId));
  const address = channel === "sms" ? (seed.phone ?? contact?.phone ?? null) : (contact?.email?.toLowerCase() ?? null);
  const [message] = await db
    .insert(practiceMessages)
    .values({
      contactId,
      scenarioId: seed.scenarioId,
      channel,
      level: seed.level ?? 2,
      token,
      weekKey: null,
      status: "queued",
      scheduledFor: queuedAt,
      outboxMessageId: outbox.id,
      address,
      queuedAt,
    })
    .returning({ id: practiceMessages.id });
  return { token, messageId: message.id, contactId, outboxMessageId: outbox.id, subscriptionId };
}

/** A message planned for later (not yet in the outbox), which stopping must cancel. */
export async function seedPlannedMessage(db: Database, contactId: string, scenarioId: string, weekKey = "2099-W01") {
  const [message] = await db
    .insert(practiceMessages)
    .values({
      contactId,
      scenarioId,
      channel: scenarioId.startsWith("sms-") ? "sms" : "email",
      level: 2,
      token: newPracticeToken(),
      weekKey,
      status: "planned",
      scheduledFor: new Date(Date.now() + 7 * 86_400_000),
    })
    .returning({ id: practiceMessages.id });
  return message.id;
}

export async function eventsOf(db: Database, messageId: string) {
  return db.select().from(practiceEvents).where(eq(practiceEvents.messageId, messageId)).orderBy(practiceEvents.id);
}

export async function contactOf(db: Database, contactId: string) {
  const [contact] = await db.select().from(trainingContacts).where(eq(trainingContacts.id, contactId));
  return contact;
}

export async function messageRow(db: Database, messageId: string) {
  const [message] = await db.select().from(practiceMessages).where(eq(practiceMessages.id, messageId));
  return message;
}
