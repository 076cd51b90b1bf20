import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { FAMILY_TABLES } from "../support/family-tables";
import { startFakeTwilio, type FakeTwilio } from "../fakes/twilio-server";
import { eventsOf, seedPracticeMessage } from "../support/practice-seeds";
import { postSignedText } from "../support/twilio-webhook";
import { resetEnvForTests } from "~/config/env.server";
import { getLogger } from "~/config/logger.server";
import { useDatabaseForTests } from "~/db/database.server";
import { outboxMessages } from "~/mail/tables";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { messageOutcome } from "~/training/results/practice-results";
import { registerTrainingReplies, unregisterTrainingReplies } from "~/training/tracking/practice-replies.server";

/**
 * Verification drills (issue #36): a practice text that pretends to be family or a friend invites a
 * reply. A reply that checks first counts as "Checked first" (a spot), one that gives something
 * away as a fall; each is answered once. The reply's words are read once and kept nowhere: not in
 * any text column of any table, not in any log line.
 */
const WEBHOOK_URL = "http://localhost:3000/api/webhooks/twilio";
const TWILIO_NUMBER = "+15005550006";
const DRILL = "sms-grandchild-new-number";

describe.each(DATABASE_TARGETS)("verification drills on $name", (target) => {
  const suite = databaseForSuite(target, FAMILY_TABLES);
  let twilio: FakeTwilio;
  const logged: string[] = [];

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    Object.assign(process.env, {
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: TWILIO_NUMBER,
    });
    resetEnvForTests();
    registerTrainingReplies();
    // Every line the site logs, at any level, as it would be written.
    const logger = getLogger();
    for (const level of ["trace", "debug", "info", "warn", "error", "fatal"] as const) {
      const original = logger[level].bind(logger);
      vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
        logged.push(JSON.stringify(args));
        return (original as (...a: unknown[]) => void)(...args);
      }) as never);
    }
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    unregisterTrainingReplies();
    for (const key of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"]) delete process.env[key];
    resetEnvForTests();
    await twilio.close();
  });
  afterEach(() => {
    logged.length = 0;
  });

  const db = () => {
    useDatabaseForTests(suite.handle);
    return suite.handle.db;
  };

  let sid = 0;
  async function textFrom(from: string, body: string) {
    sid += 1;
    const params = { MessageSid: `SM${sid}`, AccountSid: twilio.accountSid, From: from, To: TWILIO_NUMBER, Body: body };
    const response = await postSignedText(twilio, WEBHOOK_URL, params);
    expect(response.status).toBe(200);
  }

  /** Every text, varchar and jsonb column of every table in the database, searched for `needle`. */
  async function columnsHolding(needle: string): Promise<string[]> {
    const { rows: columns } = await suite.handle.executeSql(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json')`,
    );
    expect(columns.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { table_name, column_name } of columns as { table_name: string; column_name: string }[]) {
      const { rows: hits } = await suite.handle.executeSql(
        `SELECT 1 FROM "${table_name}" WHERE "${column_name}"::text LIKE $1 LIMIT 1`,
        [`%${needle}%`],
      );
      if (hits.length > 0) found.push(`${table_name}.${column_name}`);
    }
    return found;
  }

  const answersTo = (phone: string) =>
    db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, phone))
      .then((rows) => rows.filter((row) => row.template === "practice-drill-answer"));

  it("is a drill: a text that pretends to be family and invites a reply", () => {
    expect(practiceLibrary().byId(DRILL)).toMatchObject({ channel: "sms", drill: "check-first" });
  });

  it("counts a reply asking for the code word as Checked first, answers it once, and keeps its words nowhere", async () => {
    const phone = "+15555550161";
    const seeded = await seedPracticeMessage(db(), { scenarioId: DRILL, phone, ageBand: "older-adult" });
    const secret = "Zephyrine-Quokka";
    await textFrom(phone, `What's our family code word? I'll call you back on your old number. ${secret}`);
    const events = await eventsOf(db(), seeded.messageId);
    expect(events.map((event) => event.kind)).toEqual(["checked_first"]);
    const [answer, ...more] = await answersTo(phone);
    expect(more).toEqual([]);
    expect(answer!.textBody).toMatch(/^Well done: that is exactly what to do\./);
    expect(answer!.textBody).toContain(`/practice/${seeded.token}/feedback`);
    // A second reply changes nothing and is not answered again.
    await textFrom(phone, "whats the code word??");
    expect((await eventsOf(db(), seeded.messageId)).map((event) => event.kind)).toEqual(["checked_first"]);
    expect(await answersTo(phone)).toHaveLength(1);
    // The outcome is a spot of its own in the results.
    const outcome = messageOutcome(
      { sentAt: new Date(Date.now() - 600_000), events: (await eventsOf(db(), seeded.messageId)) as never },
      new Date(),
    );
    expect(outcome).toBe("checked-first");
    expect(await columnsHolding(secret)).toEqual([]);
    // The search does find what is stored: the phone number is in the tables it was written to.
    expect(await columnsHolding(phone)).toEqual(expect.arrayContaining(["practice_messages.address"]));
    expect(logged.join("\n")).not.toContain(secret);
    expect(logged.join("\n")).toContain("practice drill reply");
  });

  it("counts a reply that gives a code away as a fall, answers with the feedback link, and keeps the code nowhere", async () => {
    const phone = "+15555550162";
    const seeded = await seedPracticeMessage(db(), { scenarioId: DRILL, phone, ageBand: "older-adult" });
    const code = "739104";
    await textFrom(phone, `ok here is the code ${code}`);
    expect((await eventsOf(db(), seeded.messageId)).map((event) => [event.kind, event.flagged])).toEqual([
      ["clicked", false],
    ]);
    const [answer] = await answersTo(phone);
    expect(answer!.textBody).toContain("check first: ask for your family's code word");
    expect(answer!.textBody).toContain(`/practice/${seeded.token}/feedback`);
    expect(await columnsHolding(code)).toEqual([]);
    expect(logged.join("\n")).not.toContain(code);
  });

  it("ignores a reply to a practice text that is not a drill, and a reply that decides nothing", async () => {
    const notDrill = practiceLibrary().scenarios.find(
      (s) => s.channel === "sms" && !s.drill && s.ageBands.includes("adult"),
    )!;
    const phone = "+15555550163";
    const seeded = await seedPracticeMessage(db(), { scenarioId: notDrill.id, phone, ageBand: "adult" });
    await textFrom(phone, "What's our code word?");
    expect(await eventsOf(db(), seeded.messageId)).toEqual([]);
    const other = "+15555550164";
    const drill = await seedPracticeMessage(db(), { scenarioId: DRILL, phone: other, ageBand: "older-adult" });
    await textFrom(other, "Who is this?");
    expect(await eventsOf(db(), drill.messageId)).toEqual([]);
    expect(await answersTo(other)).toEqual([]);
  });
});
