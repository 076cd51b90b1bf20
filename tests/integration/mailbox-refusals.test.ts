import { readFileSync } from "node:fs";
import { asc, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BOTH_DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { FAMILY_TABLES } from "../support/family-tables";
import { holderWithFamilyPlan } from "../support/family-holder";
import { callRoute } from "../support/accounts";
import { callAction, callLoader } from "../support/route-calls";
import { formPost } from "../support/requests";
import { mailboxKey } from "~/mail/mailbox-key";
import { outboxMessages } from "~/mail/tables";
import { practiceAddressConsents, practiceMessages, practiceSuppressions } from "~/training/tables";
import { listContacts } from "~/training/people/programs.server";
import type { TrainingResult } from "~/training/people/contact-schema";
import type { TrainingPageView } from "~/training/people/contact-view";
import { PRACTICE_EMAIL_TEMPLATE } from "~/training/sending/practice-composer.server";
import { sendPracticeMessageNow } from "~/training/sending/practice-sends.server";
import { translatorFor } from "~/i18n/translate";
import { action as trainingAction, loader as trainingLoader } from "~/routes/account.training";
import { action as consentAction } from "~/routes/training.consent";
import { action as practiceStopAction } from "~/routes/practice.stop";

/**
 * A refusal holds for the mailbox, not the spelling (#33, finding 6): after "name@" says no,
 * "name+1@", "name+again@" and, at Gmail, "N.a.m.e@googlemail.com" get no notice from any family,
 * and a yes given under another spelling is withdrawn; the per-address notice limit counts the
 * mailbox too. Messages still go to the address as typed. Refusals stored before the change are
 * re-keyed by the migration and still hold.
 */

const CONSENT_LINK = /\/training\/consent\/([A-Za-z0-9_-]+)/;
/** A practice message's token in its links (its landing on the story's path, its /unsubscribe/). */
const PRACTICE_LINK = /\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;
/**
 * What another family is told when the mailbox refused someone else: the same as for an address at
 * its notice limit (it may not learn of a refusal it did not get).
 */
const HELD = "We can't send a notice to that address right now";

describe.each(BOTH_DATABASE_TARGETS)("refusals and limits by mailbox on $name", (target) => {
  const suite = databaseForSuite(target, FAMILY_TABLES);
  const db = () => suite.handle.db;

  /** An account holder (confirmed email) with Family Training and these people from checkout. */
  async function holder(email: string, people: string[] = []) {
    return holderWithFamilyPlan(suite.handle, email, { people });
  }

  const post = (cookie: string, fields: Record<string, string>) =>
    callAction<TrainingResult>(trainingAction, "/account/training", fields, { headers: { Cookie: cookie } });
  const add = (cookie: string, email: string) =>
    post(cookie, {
      intent: "add",
      name: "Rosa",
      ageBand: "older-adult",
      email,
      phone: "",
      emailEnabled: "on",
      timeZone: "Europe/London",
    });
  const notices = () =>
    db()
      .select()
      .from(outboxMessages)
      .where(ne(outboxMessages.template, "confirm-email"))
      .orderBy(asc(outboxMessages.createdAt));
  const noticesTo = async (address: string) => (await notices()).filter((row) => row.recipient === address);
  const linkSentTo = async (address: string) => (await noticesTo(address)).at(-1)?.textBody.match(CONSENT_LINK)?.[1];
  const answer = (token: string, choice: "yes" | "no") =>
    callRoute(consentAction, formPost(`/training/consent/${token}`, { choice }), { token });
  const statusOf = async (cookie: string, email: string) => {
    const { data } = await callLoader<{ view: TrainingPageView }>(trainingLoader, "/account/training", {
      Cookie: cookie,
    });
    return data.view.kind === "program" ? data.view.contacts.find((c) => c.email === email)?.statusLabel : undefined;
  };

  /** Dana's Gran, at `address`, is sent the notice and presses "No thanks". */
  async function refusedBy(address: string) {
    const dana = await holder("dana@example.com", [address]);
    const [, gran] = await listContacts(db(), dana.subscriptionId);
    expect((await post(dana.cookie, { intent: "send-notice", contactId: gran!.id })).status).toBe(200);
    await answer((await linkSentTo(address))!, "no");
    expect(await statusOf(dana.cookie, address)).toBe("Opted out");
    return dana;
  }

  it("after rosa@gmail.com says No thanks, no family's notice reaches rosa+1@, R.o.s.a@googlemail.com or rosa+again@", async () => {
    await refusedBy("rosa@gmail.com");
    const lee = await holder("lee@example.com");
    const spellings = ["rosa+1@gmail.com", "R.o.s.a@googlemail.com", "rosa+again@gmail.com"];
    for (const spelling of spellings) {
      const added = await add(lee.cookie, spelling);
      expect([spelling, added.status, added.data.message]).toEqual([spelling, 200, expect.stringContaining(HELD)]);
      // Kept as typed (in lower case, as every address is); to Lee it has simply not answered.
      expect(await statusOf(lee.cookie, spelling.toLowerCase())).toBe("Waiting for consent");
    }
    for (const spelling of spellings) expect(await noticesTo(spelling.toLowerCase())).toEqual([]);
    const contacts = await listContacts(db(), lee.subscriptionId);
    for (const contact of contacts.slice(1))
      expect((await post(lee.cookie, { intent: "send-notice", contactId: contact.id })).status).toBe(429);
    expect(await notices()).toHaveLength(1);
    expect(contacts.slice(1).map((contact) => contact.email)).toEqual(spellings.map((s) => s.toLowerCase()));
    expect((await db().select().from(practiceSuppressions)).map((row) => row.address)).toEqual(["rosa@gmail.com"]);
  });

  it("outside Gmail a +tag is the same mailbox but a dot is not: name+1@ is refused, n.ame@ still gets its notice", async () => {
    await refusedBy("name@example.com");
    const lee = await holder("lee@example.com");
    expect((await add(lee.cookie, "name+1@example.com")).data.message).toContain(HELD);
    expect(await noticesTo("name+1@example.com")).toEqual([]);
    expect((await add(lee.cookie, "n.ame@example.com")).data.message).not.toContain(HELD);
    expect(await noticesTo("n.ame@example.com")).toHaveLength(1);
  });

  it("a yes given under one spelling is withdrawn when another spelling of the mailbox says no", async () => {
    const lee = await holder("lee@example.com", ["rosa+lee@gmail.com"]);
    const [, rosa] = await listContacts(db(), lee.subscriptionId);
    await post(lee.cookie, { intent: "send-notice", contactId: rosa!.id });
    await answer((await linkSentTo("rosa+lee@gmail.com"))!, "yes");
    expect(await statusOf(lee.cookie, "rosa+lee@gmail.com")).toBe("Active");

    await refusedBy("rosa@gmail.com");
    // Withdrawn for Lee too, but Lee is not told of a refusal made to Dana: it waits for a yes again.
    expect(await statusOf(lee.cookie, "rosa+lee@gmail.com")).toBe("Waiting for consent");
    const [consent] = await db()
      .select()
      .from(practiceAddressConsents)
      .where(eq(practiceAddressConsents.address, "rosa+lee@gmail.com"));
    expect(consent!.confirmedAt).toBeNull();
    const sent = await sendPracticeMessageNow(db(), { userId: lee.userId, contactId: rosa!.id }, translatorFor("en"));
    expect(sent).toMatchObject({ ok: false, status: 409, title: "Waiting for consent" });
    expect(await db().select().from(practiceMessages)).toEqual([]);
  });

  it("the stop link in a practice email to rosa+lee@gmail.com stops the whole mailbox: rosa@gmail.com gets no notice", async () => {
    const lee = await holder("lee@example.com", ["rosa+lee@gmail.com"]);
    const [, rosa] = await listContacts(db(), lee.subscriptionId);
    await post(lee.cookie, { intent: "send-notice", contactId: rosa!.id });
    await answer((await linkSentTo("rosa+lee@gmail.com"))!, "yes");
    expect(
      await sendPracticeMessageNow(db(), { userId: lee.userId, contactId: rosa!.id }, translatorFor("en")),
    ).toMatchObject({ ok: true });
    // The practice email went to the address as typed.
    const practice = (await noticesTo("rosa+lee@gmail.com")).find((row) => row.template === PRACTICE_EMAIL_TEMPLATE);
    const token = practice!.textBody.match(PRACTICE_LINK)![1]!;
    const stopped = await callRoute(practiceStopAction, formPost(`/practice/${token}/stop`, { intent: "stop" }), {
      token,
    });
    expect((stopped.value as { data: { state: string } }).data.state).toBe("stopped");

    const dana = await holder("dana@example.com");
    expect((await add(dana.cookie, "rosa@gmail.com")).data.message).toContain(HELD);
    expect(await noticesTo("rosa@gmail.com")).toEqual([]);
  });

  it("counts the notices-per-address limit (3 in 30 days) by mailbox, whatever +tag each spelling carries", async () => {
    const dana = await holder("dana@example.com");
    const tagged = ["pat+1@example.com", "pat+2@example.com", "pat+3@example.com", "pat+4@example.com"];
    for (const address of tagged) expect((await add(dana.cookie, address)).status).toBe(200);
    const sent = (await notices()).filter((row) => row.template.startsWith("training-")).map((row) => row.recipient);
    // Each went to the address as typed; the fourth spelling of the same mailbox got nothing.
    expect(sent).toEqual(tagged.slice(0, 3));
  });

  it("re-keys refusals stored before, keeping every one: old spellings of one mailbox become one refusal", async () => {
    await db()
      .insert(practiceSuppressions)
      .values([
        { address: "old+tag@example.com", channel: "email", reason: "no-thanks", createdAt: new Date("2026-01-01") },
        { address: "old+other@example.com", channel: "email", reason: "stop-link", createdAt: new Date("2026-02-01") },
        { address: "g.r.a.n@googlemail.com", channel: "email", reason: "not-me" },
        { address: "already@example.com", channel: "email", reason: "complaint" },
        { address: "+15550100777", channel: "sms", reason: "sms-stop" },
      ]);
    // The migration's statements, run again over these rows as they ran over the stored ones.
    const migration = readFileSync("drizzle/0021_mailbox_keys.sql", "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await suite.handle.executeSql(statement);
    const rows = await db()
      .select({ address: practiceSuppressions.address, reason: practiceSuppressions.reason })
      .from(practiceSuppressions)
      .orderBy(practiceSuppressions.address);
    expect(rows).toEqual([
      { address: "+15550100777", reason: "sms-stop" },
      { address: "already@example.com", reason: "complaint" },
      { address: "gran@gmail.com", reason: "not-me" },
      { address: "old@example.com", reason: "no-thanks" },
    ]);
    const lee = await holder("lee@example.com");
    for (const spelling of ["old@example.com", "old+tag@example.com", "gran@googlemail.com", "Gran+x@gmail.com"])
      expect((await add(lee.cookie, spelling)).data.message).toContain(HELD);
    expect(await notices()).toEqual([]);
  });

  it("the database's mailbox_key() gives the same key as mailboxKey() for every spelling", async () => {
    const addresses = [
      "Name@Example.com",
      "name+1@example.com",
      "name+again+more@example.com",
      "+name@example.com",
      "N.a.m.e@googlemail.com",
      "n.a.m.e+tag@GMAIL.com",
      "first.last@example.co.uk",
      "  spaced@example.com ",
      "trailing@example.com.",
      'odd"quoted@x"@example.com',
      "+15550100777",
      "no-at-sign",
      "name@",
    ];
    for (const address of addresses) {
      const { rows } = await suite.handle.executeSql("SELECT mailbox_key($1) AS key", [address]);
      expect([address, (rows[0] as { key: string }).key]).toEqual([address, mailboxKey(address)]);
    }
  });
});
