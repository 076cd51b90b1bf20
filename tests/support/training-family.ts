import { randomBytes, randomUUID } from "node:crypto";
import type { Database } from "~/db/client.server";
import { users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { trainingContacts } from "~/training/tables";
import type { AgeBand } from "~/training/practice-scenario-schema";

/**
 * A family on the Training Program written straight into the tables (account, customer,
 * subscription, checkout members, contacts), so scheduling tests do not depend on the pages that
 * manage contacts. A contact has consent unless `consent: false`.
 */
export interface TestContact {
  name: string;
  ageBand: AgeBand;
  email?: string | null;
  phone?: string | null;
  emailEnabled?: boolean;
  smsEnabled?: boolean;
  timeZone?: string;
  consent?: boolean;
  pausedAt?: Date | null;
  optedOutAt?: Date | null;
  level?: number;
}

export interface TestFamilyOptions {
  holderName: string;
  holderEmail: string;
  plan?: "premium" | "family";
  status?: string;
  cancelAtPeriodEnd?: boolean;
  currentPeriodEnd?: Date | null;
  contacts: TestContact[];
  /** An account that already exists (e.g. signed in through the real forms); made here otherwise. */
  userId?: string;
}

export async function createTestFamily(db: Database, options: TestFamilyOptions) {
  const userId = options.userId ?? randomUUID();
  if (!options.userId)
    await db
      .insert(users)
      .values({ id: userId, name: options.holderName, email: options.holderEmail, emailVerified: true });
  const [customer] = await db
    .insert(customers)
    .values({ name: options.holderName, email: options.holderEmail, userId })
    .returning();
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      customerId: customer!.id,
      provider: "demo",
      providerSubscriptionId: `demo_sub_${randomBytes(6).toString("hex")}`,
      plan: options.plan ?? "family",
      status: options.status ?? "active",
      cancelAtPeriodEnd: options.cancelAtPeriodEnd ?? false,
      currentPeriodEnd:
        options.currentPeriodEnd === undefined ? new Date("2099-01-01T00:00:00Z") : options.currentPeriodEnd,
    })
    .returning();
  const contacts = [];
  for (const [position, contact] of options.contacts.entries()) {
    const email =
      contact.email === undefined
        ? `${contact.name.toLowerCase().replace(/\W+/g, ".")}.${randomBytes(3).toString("hex")}@example.com`
        : contact.email;
    if (email)
      await db.insert(members).values({
        subscriptionId: subscription!.id,
        position,
        name: contact.name,
        email,
        phone: contact.phone ?? null,
      });
    const [row] = await db
      .insert(trainingContacts)
      .values({
        subscriptionId: subscription!.id,
        name: contact.name,
        ageBand: contact.ageBand,
        email,
        phone: contact.phone ?? null,
        emailEnabled: contact.emailEnabled ?? email !== null,
        smsEnabled: contact.smsEnabled ?? Boolean(contact.phone),
        timeZone: contact.timeZone ?? "America/New_York",
        consentToken: randomBytes(32).toString("base64url"),
        consentGivenAt: contact.consent === false ? null : new Date("2026-01-01T00:00:00Z"),
        consentMethod:
          contact.consent === false
            ? null
            : contact.ageBand === "child" || contact.ageBand === "teen"
              ? "guardian"
              : "self",
        consentBy: contact.consent === false ? null : userId,
        pausedAt: contact.pausedAt ?? null,
        optedOutAt: contact.optedOutAt ?? null,
        level: contact.level ?? 1,
        checkoutPosition: position,
      })
      .returning();
    contacts.push(row!);
  }
  return { userId, customer: customer!, subscription: subscription!, contacts };
}
