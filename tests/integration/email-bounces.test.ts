import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { outboxMessages } from "~/mail/tables";
import { contactEligibility } from "~/training/sending/practice-eligibility.server";
import { DATABASE_TARGETS } from "../support/databases";
import { seedPracticeMessage } from "../support/practice-seeds";

/**
 * Two practice emails in a row that failed for good pause the person's email channel (their texts
 * go on); a delivered one in between, or a new address, means it is not paused.
 */
describe.each(DATABASE_TARGETS)("bounced practice emails on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => handle.close());
  beforeEach(() => useDatabaseForTests(handle));
  const db = () => handle.db;

  /** A person never gets the same scenario twice: each email is another one. */
  const SCENARIOS = ["email-already-friends-request", "email-bank-fraud-team-call", "email-antivirus-renewal-refund"];
  let next = 0;
  async function emailTo(contactId: string | undefined, outcome: "sent" | "failed", queuedSecondsAgo: number) {
    const seeded = await seedPracticeMessage(db(), {
      scenarioId: SCENARIOS[next++ % SCENARIOS.length]!,
      contactId,
      phone: contactId ? undefined : "+15555550161",
      queuedSecondsAgo,
    });
    if (outcome === "failed") {
      await db()
        .update(outboxMessages)
        .set({ status: "failed", sentAt: null, lastError: "The mail server refused the address: 550 no such user" })
        .where(eq(outboxMessages.id, seeded.outboxMessageId));
    }
    return seeded;
  }

  const channelsOf = async (contactId: string) => {
    const verdict = (await contactEligibility(db(), contactId, new Date()))!;
    return verdict.eligible ? verdict.recipient.channels : verdict.reason;
  };

  it("pauses email after two failures in a row, and only email", async () => {
    next = 0;
    const first = await emailTo(undefined, "failed", 7200);
    const { contactId } = first;
    // Texts are on for this person too (the seed gave them a phone that agreed).
    expect(await channelsOf(contactId)).toContain("email");
    await emailTo(contactId, "failed", 3600);
    expect(await channelsOf(contactId)).toEqual(["sms"]);
  });

  it("does not pause after a failure, a delivery and a failure", async () => {
    next = 0;
    const first = await emailTo(undefined, "failed", 9000);
    await emailTo(first.contactId, "sent", 6000);
    await emailTo(first.contactId, "failed", 3000);
    expect(await channelsOf(first.contactId)).toContain("email");
  });
});
