import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inboundEmailSecret } from "~/config/env.server";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { INBOUND_EMAIL_MAX_BYTES, signInboundEmail } from "~/mail/inbound-email.server";
import { outboxMessages } from "~/mail/tables";
import { action as mailboxAction } from "~/routes/dev.mailbox";
import { action as inboundEmail, loader as inboundEmailGet } from "~/routes/api.webhooks.inbound-email";
import { callAction } from "../support/route-calls";
import { registerTrainingReplies, unregisterTrainingReplies } from "~/training/tracking/practice-replies.server";
import { DATABASE_TARGETS } from "../support/databases";
import { contactOf, eventsOf, seedPracticeMessage } from "../support/practice-seeds";

/**
 * Reporting a practice email through /api/webhooks/inbound-email, on each database: a forward
 * counts once, a replayed one changes nothing, a stranger's is kept but not counted, and anything
 * unsigned, oversized, malformed or unknown is refused with a 4xx and changes nothing.
 */
const EMAIL_SCENARIO = "email-already-friends-request";

function forwardOf(input: { from: string; token: string; subject?: string }) {
  return Buffer.from(
    [
      "MIME-Version: 1.0",
      `From: ${input.from}`,
      "To: report@practice.scam-free.test",
      `Subject: Fwd: ${input.subject ?? "Friend request"}`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      "---------- Forwarded message ---------",
      "From: PalPage <friend-alerts@practice.scam-free.test>",
      "",
      `Accept the request <http://127.0.0.1:3000/practice/${input.token}>`,
      "",
    ].join("\r\n"),
  );
}

async function post(body: Buffer, signature: string | null = signInboundEmail(body, inboundEmailSecret()!)) {
  const headers: Record<string, string> = { "Content-Type": "message/rfc822" };
  if (signature) headers["X-Scam-Free-Signature"] = signature;
  const request = new Request("http://localhost:3000/api/webhooks/inbound-email", {
    method: "POST",
    headers,
    body: new Uint8Array(body),
  });
  const response = (await inboundEmail({ request, params: {}, context: {} } as never)) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe.each(DATABASE_TARGETS)("reports of practice emails on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
    registerTrainingReplies();
  });
  afterAll(async () => {
    unregisterTrainingReplies();
    await handle.close();
  });
  beforeEach(() => useDatabaseForTests(handle));
  const db = () => handle.db;
  const thanksTo = async (address: string) =>
    (await db().select().from(outboxMessages)).filter(
      (row) => row.template === "practice-report-thanks" && row.recipient === address,
    );

  it("counts a forward from the person once, with the time since delivery, answers once, and a replay changes nothing", async () => {
    const seeded = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO, level: 2, sentSecondsAgo: 900 });
    const { email } = await contactOf(db(), seeded.contactId);
    const forward = forwardOf({ from: `Sam <${email!.toUpperCase()}>`, token: seeded.token });

    expect(await post(forward)).toEqual({ status: 200, body: { outcome: "counted" } });
    const events = await eventsOf(db(), seeded.messageId);
    expect(events.map((event) => [event.kind, event.flagged, event.detail])).toEqual([["reported", false, "email"]]);
    expect(events[0]!.secondsSinceDelivery).toBeGreaterThanOrEqual(900);
    expect((await contactOf(db(), seeded.contactId)).level).toBe(3);
    const thanks = await thanksTo(email!.toLowerCase());
    expect(thanks).toHaveLength(1);
    expect(thanks[0]!.subject).toBe("Well spotted: that was a practice message");
    expect(thanks[0]!.textBody).toContain(`/practice/${seeded.token}/feedback`);

    // The same forward again (a provider's retry, or a second forward): one report, one answer.
    expect(await post(forward)).toEqual({ status: 200, body: { outcome: "already-counted" } });
    expect(await eventsOf(db(), seeded.messageId)).toHaveLength(1);
    expect(await thanksTo(email!.toLowerCase())).toHaveLength(1);
    expect((await contactOf(db(), seeded.contactId)).level).toBe(3);
  });

  it("counts a reply, found by the Message-ID it answers", async () => {
    const seeded = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO, level: 1 });
    const { email } = await contactOf(db(), seeded.contactId);
    const reply = Buffer.from(
      [
        `From: ${email}`,
        "To: friend-alerts@practice.scam-free.test",
        "Subject: Re: Friend request",
        `In-Reply-To: <${seeded.outboxMessageId}@practice.scam-free.test>`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Is this a scam?",
      ].join("\r\n"),
    );
    expect(await post(reply)).toEqual({ status: 200, body: { outcome: "counted" } });
    expect((await eventsOf(db(), seeded.messageId)).map((event) => event.kind)).toEqual(["reported"]);
  });

  it("keeps a report from another address, flagged and not counted, and writes nothing to that address", async () => {
    const seeded = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO, level: 2 });
    const stranger = "someone.else@example.com";
    expect(await post(forwardOf({ from: stranger, token: seeded.token }))).toEqual({
      status: 200,
      body: { outcome: "kept" },
    });
    expect((await eventsOf(db(), seeded.messageId)).map((event) => [event.kind, event.flagged, event.detail])).toEqual([
      ["reported", true, "email; reported-by-another-address"],
    ]);
    expect((await contactOf(db(), seeded.contactId)).level).toBe(2);
    expect(await thanksTo(stranger)).toEqual([]);
  });

  it("refuses what is unsigned, oversized, not an email or about no practice message, and changes nothing", async () => {
    const seeded = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO });
    const { email } = await contactOf(db(), seeded.contactId);
    const forward = forwardOf({ from: email!, token: seeded.token });
    expect((await post(forward, null)).status).toBe(401);
    expect((await post(forward, signInboundEmail(forward, "another-secret-of-at-least-32-chars!"))).status).toBe(401);
    expect((await post(Buffer.from("not an email at all"))).status).toBe(400);
    const unknown = forwardOf({ from: email!, token: "A".repeat(43) });
    expect(await post(unknown)).toEqual({
      status: 422,
      body: { error: "No practice message is named in this email." },
    });
    const huge = Buffer.concat([forward, Buffer.alloc(INBOUND_EMAIL_MAX_BYTES, "a")]);
    expect((await post(huge)).status).toBe(413);
    expect(await eventsOf(db(), seeded.messageId)).toEqual([]);
    expect(await thanksTo(email!.toLowerCase())).toEqual([]);
  });

  it("the local mailbox's report buttons refuse anything but a sent practice email, with a clear message, and change nothing", async () => {
    const seeded = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO });
    const [other] = await db()
      .insert(outboxMessages)
      .values({ channel: "email", template: "password-reset", recipient: "x@example.com", textBody: "Reset" })
      .returning({ id: outboxMessages.id });
    const cases: [Record<string, string>, string][] = [
      [{ id: seeded.outboxMessageId }, "Choose Forward to report or Reply."],
      [{ intent: "<b>forward</b>", id: seeded.outboxMessageId }, "Choose Forward to report or Reply."],
      [{ intent: "forward" }, "That message is not in the mailbox."],
      [{ intent: "forward", id: "not-an-id" }, "That message is not in the mailbox."],
      [
        { intent: "reply", id: "00000000-0000-4000-8000-000000000000" },
        "Only a practice email that was sent can be reported.",
      ],
      [{ intent: "forward", id: other!.id }, "Only a practice email that was sent can be reported."],
    ];
    for (const [fields, message] of cases) {
      const answer = await callAction<{ ok: boolean; message: string }>(mailboxAction, "/dev/mailbox", fields);
      expect([fields, answer.status, answer.data]).toEqual([fields, 400, { ok: false, message }]);
    }
    expect(await eventsOf(db(), seeded.messageId)).toEqual([]);
    // The endpoint takes only POSTed mail.
    expect((inboundEmailGet() as Response).status).toBe(405);
  });
});
