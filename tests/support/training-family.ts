import { randomBytes, randomUUID } from "node:crypto";
import type { Database } from "~/db/client.server";
import { users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { practiceAddressConsents, practiceSuppressions, trainingContacts } from "~/training/tables";
import type { AgeBand } from "~/family/age-bands";

/**
 * A family on the Training Program written straight into the tables (account, customer,
 * subscription, checkout members, contacts), so scheduling tests do not depend on the pages that
 * manage contacts. A contact's addresses said yes (and a child's guardian confirmed) unless
 * `consent: false`; `optedOutAt` suppresses them.
 */
export interface TestContact {
  name: string;
  ageBand: AgeBand;
  email?: string | null;
  phone?: string | null;
  emailEnabled?: boolean;
  smsEnabled?: boolean;
  timeZone?: string;
  /** The language they read; English when left out. */
  language?: "en" | "es";
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
        language: contact.language ?? "en",
        guardianConfirmedAt:
          contact.consent !== false && (contact.ageBand === "child" || contact.ageBand === "teen")
            ? new Date("2026-01-01T00:00:00Z")
            : null,
        guardianUserId:
          contact.consent !== false && (contact.ageBand === "child" || contact.ageBand === "teen") ? userId : null,
        pausedAt: contact.pausedAt ?? null,
        level: contact.level ?? 1,
        checkoutPosition: position,
      })
      .returning();
    const addresses = [email, contact.phone].filter((value): value is string => Boolean(value));
    await writeAddressConsent(db, subscription!.id, addresses, {
      agreed: contact.consent !== false,
      optedOut: Boolean(contact.optedOutAt),
    });
    contacts.push(row!);
  }
  return { userId, customer: customer!, subscription: subscription!, contacts };
}

/**
 * Writes an address's answer directly (as if it had pressed the button on its notice's page):
 * agreed for this family, and/or opted out (for every family, in answer to this family's notice).
 */
export async function writeAddressConsent(
  db: Database,
  subscriptionId: string,
  addresses: string[],
  answer: { agreed: boolean; optedOut?: boolean },
) {
  for (const raw of addresses) {
    const address = raw.includes("@") ? raw.toLowerCase() : raw;
    const channel = address.includes("@") ? "email" : "sms";
    await db
      .insert(practiceAddressConsents)
      .values({
        subscriptionId,
        address,
        channel,
        token: randomBytes(32).toString("base64url"),
        noticeSentAt: new Date("2026-01-01T00:00:00Z"),
        confirmedAt: answer.agreed && !answer.optedOut ? new Date("2026-01-01T00:00:00Z") : null,
        confirmedHow: answer.agreed && !answer.optedOut ? "notice-link" : null,
        // The refusal answered this family's own notice, so this family is told of it.
        refusedAt: answer.optedOut ? new Date("2026-01-02T00:00:00Z") : null,
      })
      .onConflictDoNothing();
    if (answer.optedOut)
      await db.insert(practiceSuppressions).values({ address, channel, reason: "stop-link" }).onConflictDoNothing();
  }
}
