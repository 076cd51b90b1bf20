import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { at } from "../support/clock";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { callAction, callLoader } from "../support/route-calls";
import { createTestFamily } from "../support/training-family";
import { users } from "~/account/tables";
import { getEnv } from "~/config/env.server";
import { customers, members, subscriptions } from "~/billing/tables";
import { outboxMessages } from "~/mail/tables";
import {
  practiceEvents,
  practiceSuppressions,
  practiceMessages,
  trainingContacts,
  trainingPrograms,
  weeklySummaries,
} from "~/training/tables";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { isoWeekKey } from "~/family/quiet-hours";
import { sendWeeklySummaries } from "~/training/results/weekly-summaries.server";
import { action as stopAction, loader as stopLoader } from "~/routes/training.summaries.unsubscribe";

/**
 * The weekly summaries over four weeks for a family of three, on a clock the test controls: one
 * practice message a week goes out on Tuesdays (written straight into the tables), and the
 * summary job runs three times each Monday. Each person hears once a week about last week's
 * message, at an allowed hour in their own zone; the holder gets the family's results; one-click
 * unsubscribe stops exactly that recipient's summaries.
 */
const BRAND = {
  productName: "scam-free",
  siteUrl: "https://scam-free.example",
  supportEmail: "support@scam-free.example",
};
const TUESDAYS = ["2026-11-03", "2026-11-10", "2026-11-17", "2026-11-24"];
const MONDAYS = ["2026-11-09", "2026-11-16", "2026-11-23", "2026-11-30"];

describe.each(DATABASE_TARGETS)("weekly practice summaries on $name", (target) => {
  const suite = databaseForSuite(target, [
    weeklySummaries,
    practiceEvents,
    practiceMessages,
    trainingContacts,
    trainingPrograms,
    outboxMessages,
    members,
    subscriptions,
    customers,
    users,
  ]);

  const library = practiceLibrary();

  async function sendPractice(
    contact: { id: string; timeZone: string; email: string | null; phone: string | null },
    scenarioId: string,
    sentAt: Date,
  ) {
    const channel = scenarioId.startsWith("sms-") ? "sms" : "email";
    const [outbox] = await suite.handle.db
      .insert(outboxMessages)
      .values({
        channel,
        template: "practice-message",
        recipient: channel === "sms" ? contact.phone! : contact.email!,
        textBody: "practice",
        status: "sent",
        sentAt,
      })
      .returning();
    const token = randomBytes(32).toString("base64url");
    const [message] = await suite.handle.db
      .insert(practiceMessages)
      .values({
        contactId: contact.id,
        scenarioId,
        channel,
        level: 1,
        token,
        weekKey: isoWeekKey(sentAt, contact.timeZone),
        status: "queued",
        scheduledFor: sentAt,
        outboxMessageId: outbox!.id,
        queuedAt: sentAt,
      })
      .returning();
    await suite.handle.db.insert(practiceEvents).values({ messageId: message!.id, kind: "sent", occurredAt: sentAt });
    return { id: message!.id, token, scenarioId };
  }

  const summaries = () =>
    suite.handle.db.select().from(outboxMessages).where(eq(outboxMessages.template, "practice-weekly-summary"));
  const familySummaries = () =>
    suite.handle.db.select().from(outboxMessages).where(eq(outboxMessages.template, "training-family-summary"));

  it("sends each person and the holder one summary a week, at allowed hours, until they unsubscribe", async () => {
    const family = await createTestFamily(suite.handle.db, {
      holderName: "Dana Rivera",
      holderEmail: "dana@example.com",
      contacts: [
        { name: "Dana Rivera", ageBand: "adult", email: "dana@example.com" },
        { name: "Sam Rivera", ageBand: "child", email: "sam@example.com" },
        {
          name: "Grandpa Joe",
          ageBand: "older-adult",
          email: null,
          phone: "+15555550123",
          smsEnabled: true,
          timeZone: "America/Los_Angeles",
        },
      ],
    });
    await suite.handle.db.insert(trainingPrograms).values({ subscriptionId: family.subscription.id });
    const [dana, sam, joe] = family.contacts as [
      (typeof family.contacts)[0],
      (typeof family.contacts)[0],
      (typeof family.contacts)[0],
    ];
    const ids = {
      dana: library.scenariosFor({ channel: "email", ageBand: "adult" }).map((s) => s.id),
      sam: library.scenariosFor({ channel: "email", ageBand: "child" }).map((s) => s.id),
      joe: library.scenariosFor({ channel: "sms", ageBand: "older-adult" }).map((s) => s.id),
    };

    const sent: Record<string, { token: string; scenarioId: string }[]> = { dana: [], sam: [], joe: [] };
    let danaToken = "";
    let holderToken = "";
    for (const [week, tuesday] of TUESDAYS.entries()) {
      sent.dana!.push(await sendPractice(dana, ids.dana[week]!, at(tuesday, 15)));
      // Sam has no message in the second week: no summary about it either.
      if (week !== 1) sent.sam!.push(await sendPractice(sam, ids.sam[week]!, at(tuesday, 21)));
      sent.joe!.push(await sendPractice(joe, ids.joe[week]!, at(tuesday, 19)));
      const eventsBefore = (await suite.handle.db.select().from(practiceEvents)).length;

      // Monday 09:00 in New York is 06:00 in Los Angeles: Grandpa Joe is not texted at night,
      // and Sam (a child) not before school ends at 15:00 (20:00 UTC) on a weekday.
      const monday = MONDAYS[week]!;
      const early = await sendWeeklySummaries(suite.handle.db, { now: at(monday, 14), brand: BRAND });
      const recipientsEarly = (
        await suite.handle.db.select().from(outboxMessages).where(isNull(outboxMessages.sentAt))
      ).map((row) => row.recipient);
      expect(recipientsEarly).not.toContain("+15555550123");
      expect(recipientsEarly).not.toContain("sam@example.com");
      await sendWeeklySummaries(suite.handle.db, { now: at(monday, 20), brand: BRAND });
      // Running again the same week (another hour, a second process) sends nothing more.
      const again = await sendWeeklySummaries(suite.handle.db, { now: at(monday, 22), brand: BRAND });
      expect(again.outboxIds).toEqual([]);
      if (week === 0) expect(early.people).toBe(1);

      const rows = await summaries();
      const thisWeek = rows.filter((row) => row.createdAt.getTime() > 0 && !row.sentAt);
      const to = (recipient: string) => thisWeek.filter((row) => row.recipient === recipient);
      expect(to("dana@example.com"), `week ${week + 1}: Dana`).toHaveLength(week >= 2 ? 0 : 1);
      expect(to("sam@example.com"), `week ${week + 1}: Sam`).toHaveLength(week === 1 ? 0 : 1);
      expect(to("+15555550123"), `week ${week + 1}: Joe`).toHaveLength(1);
      const holder = (await familySummaries()).filter((row) => !row.sentAt);
      expect(holder, `week ${week + 1}: holder`).toHaveLength(week === 3 ? 0 : 1);

      if (week === 0) {
        const [note] = to("dana@example.com");
        // Site mail links to the feedback page on the site's own host, never the practice host
        // (issue #40): a block of the practice host must not touch the site's mail.
        const feedback = `${BRAND.siteUrl}/practice/${sent.dana![0]!.token}/feedback`;
        expect(note!.textBody).not.toContain(getEnv().practice!.linkOrigin);
        expect(note!.subject).toBe("Last week's practice email: did you spot it?");
        expect(note!.textBody).toContain(library.byId(sent.dana![0]!.scenarioId)!.title);
        expect(note!.textBody).toContain(`I spotted it: ${feedback}`);
        expect(note!.textBody).toContain(`I didn't notice: ${feedback}`);
        expect(note!.htmlBody).toContain(`href="${feedback}"`);
        danaToken = /summaries\/unsubscribe\?token=([\w-]{43})/.exec(note!.headers["List-Unsubscribe"]!)![1]!;
        expect(note!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

        const [text] = to("+15555550123");
        expect(text!.channel).toBe("sms");
        expect(text!.textBody).toContain(`${BRAND.siteUrl}/practice/${sent.joe![0]!.token}/feedback`);
        expect(text!.textBody).toContain("Reply STOP to end all texts.");

        const [familyNote] = holder;
        expect(familyNote!.recipient).toBe("dana@example.com");
        expect(familyNote!.subject).toBe("Last week's practice at home: the family summary");
        for (const line of [
          "Dana Rivera: spotted 0 of 1 practice message.",
          "Sam Rivera: spotted 0 of 1 practice message.",
          "Grandpa Joe: spotted 0 of 1 practice message.",
        ]) {
          expect(familyNote!.textBody).toContain(line);
        }
        expect(familyNote!.textBody).toContain(`See your family's results: ${BRAND.siteUrl}/account/training`);
        holderToken = /summaries\/unsubscribe\?token=([\w-]{43})/.exec(familyNote!.headers["List-Unsubscribe"]!)![1]!;
      }

      // Neither summary records anything about the message (no click, no spot).
      expect((await suite.handle.db.select().from(practiceEvents)).length).toBe(eventsBefore);

      // After week 2, Dana stops her notes with one click; after week 3 the holder stops theirs.
      if (week === 1) {
        const scanner = await callLoader<{ state: string }>(
          stopLoader,
          `/training/summaries/unsubscribe?token=${danaToken}`,
        );
        expect(scanner.data.state).toBe("confirm");
        const click = await callAction<{ state: string }>(
          stopAction,
          `/training/summaries/unsubscribe?token=${danaToken}`,
          { "List-Unsubscribe": "One-Click" },
        );
        expect(click.status).toBe(200);
        expect(click.data.state).toBe("done");
      }
      if (week === 2) {
        const click = await callAction<{ state: string }>(stopAction, "/training/summaries/unsubscribe", {
          token: holderToken,
        });
        expect(click.data.state).toBe("done");
      }
      // Mark this week's summaries as delivered, so the next week's stand apart.
      await suite.handle.db
        .update(outboxMessages)
        .set({ status: "sent", sentAt: at(monday, 23) })
        .where(isNull(outboxMessages.sentAt));
    }

    expect(await suite.handle.db.select().from(weeklySummaries)).toHaveLength(2 + 3 + 4 + 3);
    // Only summaries stopped: Dana's practice messages go on.
    const [danaNow] = await suite.handle.db.select().from(trainingContacts).where(eq(trainingContacts.id, dana.id));
    expect(danaNow!.summariesOptedOutAt).not.toBeNull();
    expect(await suite.handle.db.select().from(practiceSuppressions)).toEqual([]);
    const [program] = await suite.handle.db
      .select()
      .from(trainingPrograms)
      .where(and(eq(trainingPrograms.subscriptionId, family.subscription.id)));
    expect(program!.summariesOptedOutAt).not.toBeNull();
  });

  it("does not tell the holder a message sent late last week was missed: it is still waiting", async () => {
    const family = await createTestFamily(suite.handle.db, {
      holderName: "Lee Park",
      holderEmail: "lee@example.com",
      contacts: [{ name: "Lee Park", ageBand: "adult", email: "lee@example.com" }],
    });
    await suite.handle.db.insert(trainingPrograms).values({ subscriptionId: family.subscription.id });
    const ids = library.scenariosFor({ channel: "email", ageBand: "adult" }).map((scenario) => scenario.id);
    // Sunday 8 November, 18:00 in New York; the summary goes out on Monday at 15:00, a day later.
    await sendPractice(family.contacts[0]!, ids[0]!, at("2026-11-08", 23));
    await sendWeeklySummaries(suite.handle.db, { now: at("2026-11-09", 20), brand: BRAND });
    const [note] = (await familySummaries()).filter((row) => row.recipient === "lee@example.com");
    expect(note!.textBody).toContain("Lee Park: spotted 0 of 1 practice message (1 still waiting for an answer).");
    expect(note!.textBody).toContain(
      "This month your family spotted 0 of 1 practice message: it is still waiting for an answer.",
    );
  });

  it("writes a person's note in the language they read: usted to a grandmother, tú to a child (issue #39)", async () => {
    const family = await createTestFamily(suite.handle.db, {
      holderName: "Lee Park",
      holderEmail: "lee.es@example.com",
      contacts: [
        { name: "Rosa", ageBand: "older-adult", email: "rosa.es@example.com", language: "es" },
        { name: "Memo", ageBand: "child", email: null, phone: "+15555550124", smsEnabled: true, language: "es" },
      ],
    });
    await suite.handle.db.insert(trainingPrograms).values({ subscriptionId: family.subscription.id });
    const [rosa, memo] = family.contacts as [(typeof family.contacts)[0], (typeof family.contacts)[0]];
    const emailScenario = library.scenariosFor({ channel: "email", ageBand: "older-adult", language: "es" })[0]!;
    const textScenario = library.scenariosFor({ channel: "sms", ageBand: "child", language: "es" })[0]!;
    await sendPractice(rosa, emailScenario.id, at("2026-11-03", 15));
    await sendPractice(memo, textScenario.id, at("2026-11-03", 21));
    await sendWeeklySummaries(suite.handle.db, { now: at("2026-11-09", 21), brand: BRAND });
    const rows = await summaries();
    const note = rows.find((row) => row.recipient === "rosa.es@example.com")!;
    expect(note.subject).toBe("El correo de práctica de la semana pasada: ¿descubrió la estafa?");
    expect(note.textBody).toContain(`"${emailScenario.title}"`);
    expect(note.textBody).toContain("Si la descubrió, presione");
    expect(note.textBody).toContain(`${BRAND.siteUrl}/es/check`);
    expect(note.htmlBody).toContain('<html lang="es">');
    const text = rows.find((row) => row.recipient === "+15555550124")!;
    expect(text.textBody).toContain("¿Descubriste la estafa? Mira sus pistas");
    expect(text.textBody).toContain("Responde STOP para terminar todos los textos.");
  });

  it("sends the holder's summary only to their confirmed account email, never to a checkout email that is someone else's", async () => {
    const ids = library.scenariosFor({ channel: "email", ageBand: "adult" }).map((scenario) => scenario.id);
    /** A family whose customer row names a stranger's address (as a checkout once could). */
    const familyWithStranger = async (holderEmail: string, stranger: string, confirmed: boolean) => {
      const family = await createTestFamily(suite.handle.db, {
        holderName: "Ray Holder",
        holderEmail,
        contacts: [{ name: "Nana Jo", ageBand: "older-adult", email: `nana.${holderEmail}` }],
      });
      await suite.handle.db.update(customers).set({ email: stranger }).where(eq(customers.id, family.customer.id));
      await suite.handle.db.update(users).set({ emailVerified: confirmed }).where(eq(users.id, family.userId));
      await suite.handle.db.insert(trainingPrograms).values({ subscriptionId: family.subscription.id });
      await sendPractice(family.contacts[0]!, ids[0]!, at("2026-11-03", 16));
      return family;
    };
    await familyWithStranger("ray@example.com", "stranger.one@example.com", true);
    await familyWithStranger("unproved@example.com", "stranger.two@example.com", false);
    await sendWeeklySummaries(suite.handle.db, { now: at("2026-11-09", 20), brand: BRAND });
    const recipients = (await familySummaries()).map((row) => row.recipient);
    // Ray's confirmed account email gets the family's results; no stranger, and nothing to an unproved address.
    expect(recipients).toEqual(["ray@example.com"]);
    const toStrangers = await suite.handle.db
      .select()
      .from(outboxMessages)
      .where(inArray(outboxMessages.recipient, ["stranger.one@example.com", "stranger.two@example.com"]));
    expect(toStrangers).toEqual([]);
  });

  it("answers a bad or unknown link with a 4xx and changes nothing", async () => {
    const bad = await callAction<{ state: string }>(stopAction, "/training/summaries/unsubscribe", {
      token: "<script>",
    });
    expect([bad.status, bad.data.state]).toEqual([400, "invalid"]);
    const missing = await callLoader<{ state: string }>(stopLoader, "/training/summaries/unsubscribe");
    expect(missing.status).toBe(400);
    const unknown = await callAction<{ state: string }>(stopAction, "/training/summaries/unsubscribe", {
      token: "A".repeat(43),
    });
    expect([unknown.status, unknown.data.state]).toEqual([404, "unknown"]);
  });
});
