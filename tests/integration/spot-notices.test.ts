import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { inboundEmailSecret } from "~/config/env.server";
import { users } from "~/account/tables";
import { subscriptions } from "~/billing/tables";
import { signInboundEmail } from "~/mail/inbound-email.server";
import { outboxMessages } from "~/mail/tables";
import { action as inboundEmail } from "~/routes/api.webhooks.inbound-email";
import { action as feedbackAction } from "~/routes/practice.feedback";
import { action as trainingAction, loader as trainingLoader } from "~/routes/account.training";
import type { TrainingPageView } from "~/training/people/contact-view";
import type { TrainingResult } from "~/training/people/contact-schema";
import { trainingPrograms } from "~/training/tables";
import { registerTrainingReplies, unregisterTrainingReplies } from "~/training/tracking/practice-replies.server";
import { handlePracticeTextReport } from "~/training/tracking/practice-reports.server";
import { findPracticeMessageByToken, recordClick } from "~/training/tracking/tracking.server";
import { DATABASE_TARGETS } from "../support/databases";
import { eventsOf, seedPracticeMessage } from "../support/practice-seeds";
import { callAction, callLoader } from "../support/route-calls";
import { databaseForSuite } from "../support/suite-database";
import { createTestFamily } from "../support/training-family";
import { signedInCookie } from "../support/users";

/**
 * "Tell me when someone spots one", on each database: off by default; once the holder turns it on,
 * a family member's first counted report (by email or text) or "I spotted it" emails the holder,
 * at most once a day per family even when two spots arrive at once; the holder's own spots, a
 * stranger's report and a spot after a fall tell nobody; and only the holder, with access, can
 * change the setting, with bad input refused.
 */
const EMAIL_SCENARIO = "email-already-friends-request";
const OTHER_EMAIL_SCENARIO = "email-bank-kyc-suspended";
const SMS_SCENARIO = "sms-account-locked-unlock";
const BROWSER =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const RESULTS_URL = "http://localhost:3000/account/training";

function forwardOf(from: string, token: string) {
  return Buffer.from(
    [
      "MIME-Version: 1.0",
      `From: ${from}`,
      "To: report@practice.scam-free.test",
      "Subject: Fwd: Friend request",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "---------- Forwarded message ---------",
      `Accept the request <http://127.0.0.1:3000/practice/${token}>`,
      "",
    ].join("\r\n"),
  );
}

/** A report by email through the real webhook: forwarded to the report address. */
async function report(from: string, token: string) {
  const body = forwardOf(from, token);
  const request = new Request("http://localhost:3000/api/webhooks/inbound-email", {
    method: "POST",
    headers: {
      "Content-Type": "message/rfc822",
      "X-Scam-Free-Signature": signInboundEmail(body, inboundEmailSecret()!),
    },
    body: new Uint8Array(body),
  });
  const response = (await inboundEmail({ request, params: {}, context: {} } as never)) as Response;
  return ((await response.json()) as { outcome: string }).outcome;
}

/** "I spotted it" on the message's feedback page. */
async function spot(token: string) {
  const request = new Request(`http://localhost:3000/practice/${token}/feedback`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": BROWSER },
    body: new URLSearchParams({ intent: "spotted" }),
  });
  const result = (await feedbackAction({ request, params: { token }, context: {} } as never)) as {
    init?: { status?: number };
  };
  return result.init?.status ?? 200;
}

describe.each(DATABASE_TARGETS)("spot notices to the account holder on $name", (target) => {
  // Every test makes its own family with its own addresses, so nothing is emptied between them.
  const suite = databaseForSuite(target, []);
  const db = () => suite.handle.db;
  beforeAll(() => registerTrainingReplies());
  afterAll(() => unregisterTrainingReplies());

  /**
   * A holder signed in through the real forms (their account email confirmed unless
   * `confirmed: false`), on the practice themselves, with Grandma Rosa and Grandpa Joe (who has a
   * phone too), all of whom said yes. `checkoutEmail`: another address given as the customer's.
   */
  async function family(
    options: { status?: string; confirmed?: boolean; checkoutEmail?: string; rosaName?: string } = {},
  ) {
    const id = randomBytes(4).toString("hex");
    const holderEmail = `holder-${id}@example.com`;
    const cookie = await signedInCookie(suite.handle, holderEmail);
    if (options.confirmed !== false)
      await db().update(users).set({ emailVerified: true }).where(eq(users.email, holderEmail));
    const [user] = await db().select().from(users).where(eq(users.email, holderEmail));
    const made = await createTestFamily(db(), {
      holderName: "Pat Holder",
      holderEmail: options.checkoutEmail ?? holderEmail,
      userId: user!.id,
      status: options.status,
      contacts: [
        { name: "Pat Holder", ageBand: "adult", email: holderEmail },
        { name: options.rosaName ?? "Grandma Rosa", ageBand: "older-adult", email: `rosa-${id}@example.com` },
        {
          name: "Grandpa Joe",
          ageBand: "older-adult",
          email: `joe-${id}@example.com`,
          phone: `+1202555${String(parseInt(id.slice(0, 4), 16) % 10_000).padStart(4, "0")}`,
        },
      ],
    });
    // The checkout people were copied in already (the marker row), as after the page's first visit.
    await db().insert(trainingPrograms).values({ subscriptionId: made.subscription.id });
    const [holder, rosa, joe] = made.contacts;
    const send = (contact: { id: string }, scenarioId = EMAIL_SCENARIO) =>
      seedPracticeMessage(db(), { scenarioId, contactId: contact.id, subscriptionId: made.subscription.id });
    return { cookie, holderEmail, subscriptionId: made.subscription.id, holder: holder!, rosa: rosa!, joe: joe!, send };
  }

  const noticesTo = async (address: string) =>
    db()
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.template, "training-spot-notice"), eq(outboxMessages.recipient, address)))
      .orderBy(outboxMessages.createdAt);

  const setting = (cookie: string, fields: Record<string, string | string[]>) =>
    callAction<TrainingResult>(
      trainingAction,
      "/account/training",
      { intent: "spot-notices", ...fields },
      { headers: { Cookie: cookie } },
    );

  const programOf = async (subscriptionId: string) =>
    (await db().select().from(trainingPrograms).where(eq(trainingPrograms.subscriptionId, subscriptionId)))[0]!;

  /** As if the last spot email went more than a day ago. */
  const aDayLater = (subscriptionId: string) =>
    db()
      .update(trainingPrograms)
      .set({ spotNoticeSentAt: sql`now() - interval '25 hours'` })
      .where(eq(trainingPrograms.subscriptionId, subscriptionId));

  it("is off by default: the page shows it off and a family member's counted report sends the holder nothing", async () => {
    const f = await family();
    const page = await callLoader<{ view: TrainingPageView }>(trainingLoader, "/account/training", {
      Cookie: f.cookie,
    });
    expect(page.data.view).toMatchObject({ kind: "program", spotNotices: false });

    const message = await f.send(f.rosa);
    expect(await report(f.rosa.email!, message.token)).toBe("counted");
    expect(await spot((await f.send(f.joe)).token)).toBe(200);
    expect(await noticesTo(f.holderEmail)).toEqual([]);
    expect((await programOf(f.subscriptionId)).spotNoticeSentAt).toBeNull();
  });

  it("once on, a member's counted report emails the holder once a day at most, and again the next day", async () => {
    const f = await family();
    const on = await setting(f.cookie, { enabled: "on" });
    expect(on).toMatchObject({ status: 200, data: { ok: true, intent: "spot-notices" } });
    const page = await callLoader<{ view: TrainingPageView }>(trainingLoader, "/account/training", {
      Cookie: f.cookie,
    });
    expect(page.data.view).toMatchObject({ kind: "program", spotNotices: true });

    // Grandma Rosa forwards her practice email to the report address: counted, and the holder hears of it.
    const first = await f.send(f.rosa);
    expect(await report(`Rosa <${f.rosa.email!.toUpperCase()}>`, first.token)).toBe("counted");
    const notices = await noticesTo(f.holderEmail);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe("Someone in your family spotted a practice message");
    expect(notices[0]!.textBody).toContain("Grandma Rosa spotted a practice message and reported it to us");
    expect(notices[0]!.textBody).toContain(`See your family's results: ${RESULTS_URL}`);
    expect(notices[0]!.textBody).toContain("at most one of these emails a day");
    expect(notices[0]!.textBody).toContain('untick "Tell me when someone spots one"');
    // Nothing about the message itself: not its link, not what was forwarded.
    expect(notices[0]!.textBody).not.toContain(first.token);
    expect((await programOf(f.subscriptionId)).spotNoticeSentAt).not.toBeNull();

    // The same day: Grandpa Joe presses "I spotted it", and the same report comes again. No more emails.
    const second = await f.send(f.joe);
    expect(await spot(second.token)).toBe(200);
    expect((await eventsOf(db(), second.messageId)).map((event) => event.kind)).toEqual(["spotted"]);
    expect(await report(f.rosa.email!, first.token)).toBe("already-counted");
    expect(await noticesTo(f.holderEmail)).toHaveLength(1);

    // A day later one more goes: Grandpa Joe's "I spotted it" on another message.
    await aDayLater(f.subscriptionId);
    const third = await f.send(f.joe, OTHER_EMAIL_SCENARIO);
    expect(await spot(third.token)).toBe(200);
    const later = await noticesTo(f.holderEmail);
    expect(later).toHaveLength(2);
    expect(later[1]!.subject).toBe("Someone in your family spotted a practice message");
    expect(later[1]!.textBody).toContain('said so on its feedback page ("I spotted it")');
    // Pressing it again on the same message records nothing more and sends nothing.
    await aDayLater(f.subscriptionId);
    expect(await spot(third.token)).toBe(200);
    expect(await noticesTo(f.holderEmail)).toHaveLength(2);

    // A text answered SCAM is a report too.
    const text = await f.send(f.joe, SMS_SCENARIO);
    const record = (await findPracticeMessageByToken(db(), text.token))!;
    expect(await handlePracticeTextReport(db(), { from: f.joe.phone!, body: "SCAM", latest: record })).toBe("reported");
    expect(await noticesTo(f.holderEmail)).toHaveLength(3);
  });

  it("sends one email when two spots arrive at once", async () => {
    const f = await family();
    await setting(f.cookie, { enabled: "on" });
    const [rosas, joes] = [await f.send(f.rosa), await f.send(f.joe)];
    expect(await Promise.all([spot(rosas.token), spot(joes.token)])).toEqual([200, 200]);
    expect(await noticesTo(f.holderEmail)).toHaveLength(1);
  });

  it("tells nobody of the holder's own spots, a stranger's report, or a spot after a fall", async () => {
    const f = await family();
    await setting(f.cookie, { enabled: "on" });

    const own = await f.send(f.holder);
    expect(await report(f.holderEmail, own.token)).toBe("counted");
    expect(await spot((await f.send(f.holder, OTHER_EMAIL_SCENARIO)).token)).toBe(200);

    const rosas = await f.send(f.rosa);
    expect(await report("someone.else@example.com", rosas.token)).toBe("kept");
    expect((await eventsOf(db(), rosas.messageId)).map((event) => [event.kind, event.flagged])).toEqual([
      ["reported", true],
    ]);

    const joes = await f.send(f.joe);
    await recordClick(db(), (await findPracticeMessageByToken(db(), joes.token))!, BROWSER);
    expect(await spot(joes.token)).toBe(200);

    expect(await noticesTo(f.holderEmail)).toEqual([]);
    expect((await programOf(f.subscriptionId)).spotNoticeSentAt).toBeNull();
    // The day was not used up: Grandma Rosa's own report still tells the holder.
    expect(await report(f.rosa.email!, rosas.token)).toBe("counted");
    expect(await noticesTo(f.holderEmail)).toHaveLength(1);
  });

  it("has a subject of fixed words: the holder-typed name is in the body only", async () => {
    const f = await family({ rosaName: "Urgent Call Your Bank Now" });
    await setting(f.cookie, { enabled: "on" });
    expect(await spot((await f.send(f.rosa)).token)).toBe(200);
    const [notice] = await noticesTo(f.holderEmail);
    expect(notice!.subject).toBe("Someone in your family spotted a practice message");
    for (const word of ["Urgent", "Call", "Bank"]) expect(notice!.subject).not.toContain(word);
    expect(notice!.textBody).toContain("Urgent Call Your Bank Now spotted a practice message");
  });

  it("goes only to the holder's confirmed account email: never to a checkout email that is someone else's", async () => {
    const stranger = `stranger-${randomBytes(4).toString("hex")}@example.com`;
    const f = await family({ checkoutEmail: stranger });
    await setting(f.cookie, { enabled: "on" });
    expect(await spot((await f.send(f.rosa)).token)).toBe(200);
    expect(await noticesTo(stranger)).toEqual([]);
    expect(await noticesTo(f.holderEmail)).toHaveLength(1);
  });

  it("waits, without using up the day, while the holder's account email is unconfirmed", async () => {
    const stranger = `stranger-${randomBytes(4).toString("hex")}@example.com`;
    const f = await family({ confirmed: false, checkoutEmail: stranger });
    await setting(f.cookie, { enabled: "on" });
    const rosas = await f.send(f.rosa);
    expect(await spot(rosas.token)).toBe(200);
    expect(await noticesTo(stranger)).toEqual([]);
    expect(await noticesTo(f.holderEmail)).toEqual([]);
    expect((await programOf(f.subscriptionId)).spotNoticeSentAt).toBeNull();
    // Confirmed now: Grandpa Joe's spot is told, to the account's email.
    await db().update(users).set({ emailVerified: true }).where(eq(users.email, f.holderEmail));
    expect(await spot((await f.send(f.joe)).token)).toBe(200);
    expect(await noticesTo(f.holderEmail)).toHaveLength(1);
    expect(await noticesTo(stranger)).toEqual([]);
  });

  it("turns off again, and then a spot sends nothing", async () => {
    const f = await family();
    await setting(f.cookie, { enabled: "on" });
    const off = await setting(f.cookie, {});
    expect(off).toMatchObject({ status: 200, data: { ok: true, title: "No more spot emails" } });
    expect((await programOf(f.subscriptionId)).spotNoticesEnabled).toBe(false);
    expect(await spot((await f.send(f.rosa)).token)).toBe(200);
    expect(await noticesTo(f.holderEmail)).toEqual([]);
  });

  it("refuses bad input with a 400 and changes nothing; only the holder's own program changes; no access refuses", async () => {
    const f = await family();
    for (const enabled of ["yes", "<b>on</b>", "", ["on", "on"]]) {
      const answer = await setting(f.cookie, { enabled });
      expect([enabled, answer.status, answer.data.ok, answer.data.message]).toEqual([
        enabled,
        400,
        false,
        'Please use the "Tell me when someone spots one" box on this page.',
      ]);
    }
    expect((await programOf(f.subscriptionId)).spotNoticesEnabled).toBe(false);

    // Another family's holder: whatever they send, only their own program changes.
    const other = await family();
    const theirs = await setting(other.cookie, { enabled: "on", subscriptionId: f.subscriptionId });
    expect(theirs.status).toBe(200);
    expect((await programOf(other.subscriptionId)).spotNoticesEnabled).toBe(true);
    expect((await programOf(f.subscriptionId)).spotNoticesEnabled).toBe(false);
    expect(await spot((await f.send(f.rosa)).token)).toBe(200);
    expect(await noticesTo(f.holderEmail)).toEqual([]);
    expect(await noticesTo(other.holderEmail)).toEqual([]);

    // An account without a plan has no program to change.
    const strangerCookie = await signedInCookie(suite.handle, `stranger-${randomBytes(4).toString("hex")}@example.com`);
    expect((await setting(strangerCookie, { enabled: "on" })).status).toBe(404);

    // A membership without access (a payment due) refuses like the other actions, and tells nobody.
    const lapsed = await family();
    await setting(lapsed.cookie, { enabled: "on" });
    await db().update(subscriptions).set({ status: "past_due" }).where(eq(subscriptions.id, lapsed.subscriptionId));
    const refused = await setting(lapsed.cookie, {});
    expect(refused).toMatchObject({ status: 403, data: { ok: false, title: "Membership not active" } });
    expect((await programOf(lapsed.subscriptionId)).spotNoticesEnabled).toBe(true);
    expect(await spot((await lapsed.send(lapsed.rosa)).token)).toBe(200);
    expect(await noticesTo(lapsed.holderEmail)).toEqual([]);

    // Signed out: sent to sign in.
    expect(
      (await callAction(trainingAction, "/account/training", { intent: "spot-notices", enabled: "on" })).status,
    ).toBe(302);
  });
});
