/**
 * The account holder's read-only view of a family member's practice message
 * (/account/training/messages/:messageId): the message and its red flags, for the holder's own
 * family only, and loading it records nothing for the member. On PostgreSQL when
 * TEST_DATABASE_URL is set, else PGlite.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { callRoute } from "../support/accounts";
import { unwrapData } from "../support/requests";
import { eventsOf, seedPracticeMessage } from "../support/practice-seeds";
import { createTestFamily } from "../support/training-family";
import { signedInCookie } from "../support/users";
import { accounts, sessions, users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { outboxMessages } from "~/mail/tables";
import { requestLimits } from "~/security/tables";
import { practiceEvents, practiceMessages, trainingContacts, trainingPrograms } from "~/training/tables";
import { loadHolderMessageView, type HolderMessageView } from "~/training/results/holder-message-view.server";
import { loadFamilyResults } from "~/training/results/family-results.server";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { loader as messageLoader } from "~/routes/account.training.message";

const EMAIL_SCENARIO = "email-parcel-redelivery-fee";
const TEXT_SCENARIO = "sms-account-locked-unlock";

describe.each(DATABASE_TARGETS)("the holder's view of a practice message on $name", (target) => {
  const suite = databaseForSuite(target, [
    practiceEvents,
    practiceMessages,
    trainingContacts,
    trainingPrograms,
    members,
    subscriptions,
    customers,
    outboxMessages,
    requestLimits,
    sessions,
    accounts,
    users,
  ]);

  /** A holder signed in, with a family of two and one practice message each that went out. */
  async function holderWithMessages(label: string) {
    const db = suite.handle.db;
    const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signedInCookie(suite.handle, email);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const family = await createTestFamily(db, {
      holderName: "Dana Rivera",
      holderEmail: email,
      userId: user!.id,
      contacts: [
        { name: "Dana Rivera", ageBand: "adult", email },
        { name: "Sam", ageBand: "child", phone: "+15555550142" },
      ],
    });
    const [dana, sam] = family.contacts;
    const email_ = await seedPracticeMessage(db, {
      scenarioId: EMAIL_SCENARIO,
      contactId: dana!.id,
      subscriptionId: family.subscription.id,
    });
    const text = await seedPracticeMessage(db, {
      scenarioId: TEXT_SCENARIO,
      contactId: sam!.id,
      subscriptionId: family.subscription.id,
      phone: "+15555550142",
    });
    return { cookie, userId: user!.id, family, email: email_, text };
  }

  /** Loads the page as React Router would: a thrown 404 or redirect becomes its status. */
  async function open(messageId: string, cookie?: string, edition: "" | "/es" = "") {
    const request = new Request(`http://localhost:3000${edition}/account/training/messages/${messageId}`, {
      headers: cookie ? { Cookie: cookie } : {},
    });
    const { value, thrown } = await callRoute(messageLoader, request, { messageId });
    if (thrown) return { status: thrown.status, headers: thrown.headers, data: undefined };
    const result = unwrapData<HolderMessageView>(value);
    const init = (value as { init?: { headers?: HeadersInit } }).init;
    return { status: result.status, headers: new Headers(init?.headers), data: result.data };
  }

  it("shows the message as it arrived with its red flags, and records nothing", async () => {
    const { cookie, email, text } = await holderWithMessages("holder");
    const before = (await suite.handle.db.select().from(practiceEvents)).length;

    const page = await open(email.messageId, cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const scenario = practiceLibrary().byId(EMAIL_SCENARIO)!;
    expect(page.data!).toMatchObject({ personName: "Dana Rivera", channel: "email", outcome: null, friendly: false });
    // What happened, as the family results show it, told to the holder: sent ten minutes ago.
    expect(page.data!).toMatchObject({
      result: "waiting",
      resultLabel: "Waiting",
      resultLine: "This went to Dana Rivera less than 3 days ago, and Dana Rivera has not answered yet.",
    });
    expect(page.data!.redFlags.map((flag) => flag.quote).sort()).toEqual(
      scenario.redFlags.map((flag) => flag.quote).sort(),
    );
    // The member's link (its token) never reaches the holder's page.
    expect(JSON.stringify(page.data)).not.toContain(email.token);

    const child = await open(text.messageId, cookie);
    expect(child.status).toBe(200);
    expect(child.data!).toMatchObject({ personName: "Sam", channel: "sms", friendly: true, result: "waiting" });
    expect(JSON.stringify(child.data)).not.toContain(text.token);

    // Opening both, twice: no event of any kind for either message.
    await open(email.messageId, cookie);
    await open(text.messageId, cookie);
    expect(await eventsOf(suite.handle.db, email.messageId)).toEqual([]);
    expect(await eventsOf(suite.handle.db, text.messageId)).toEqual([]);
    expect((await suite.handle.db.select().from(practiceEvents)).length).toBe(before);
  });

  it("speaks Spanish on /es/account/training/messages/:id, the message keeping its own language", async () => {
    const { cookie, email } = await holderWithMessages("spanish");
    const page = await open(email.messageId, cookie, "/es");
    expect(page.status).toBe(200);
    expect(page.data!).toMatchObject({
      result: "waiting",
      resultLabel: "En espera",
      resultLine: "Se le envió a Dana Rivera hace menos de 3 días, y Dana Rivera todavía no ha respondido.",
      language: "es",
      messageLanguage: practiceLibrary().byId(EMAIL_SCENARIO)!.language,
    });
    // Its links lead to the Spanish edition: the checker, and where each red flag is, in Spanish.
    expect(page.data!.checkerHref).toMatch(/\/es\/check$/);
    expect(page.data!.redFlags.map((flag) => flag.where)).not.toContain("the subject");
  });

  it("tells the holder the message's outcome as the family results show it, and writes nothing to find it", async () => {
    const { userId, text } = await holderWithMessages("outcome");
    const db = suite.handle.db;
    const view = (now: Date) =>
      loadHolderMessageView(db, { userId, messageId: text.messageId, practiceOrigin: "https://go.example", now });
    const inFourDays = new Date(Date.now() + 4 * 86_400_000);
    expect(await view(inFourDays)).toMatchObject({
      result: "no-response",
      resultLabel: "No response",
      resultLine: "Sam did not answer this message within 3 days.",
    });
    // Opened by Sam (not a preview), never pressed: told apart from a scanner's visit.
    const sentAt = new Date(Date.now() - 300_000);
    await db.insert(practiceEvents).values({ messageId: text.messageId, kind: "link_fetched", occurredAt: sentAt });
    expect(await view(inFourDays)).toMatchObject({
      result: "opened-not-pressed",
      resultLine: "Sam opened the link but did not press the button on the practice page.",
    });
    await db.insert(practiceEvents).values({ messageId: text.messageId, kind: "spotted", occurredAt: new Date() });
    expect(await view(new Date())).toMatchObject({
      result: "spotted",
      resultLabel: "Spotted",
      resultLine: "Sam spotted it.",
    });
    expect((await eventsOf(db, text.messageId)).map((event) => event.kind)).toEqual(["link_fetched", "spotted"]);
  });

  it("is what the family results link to", async () => {
    const { userId, email, text } = await holderWithMessages("linked");
    const results = await loadFamilyResults(suite.handle.db, userId);
    const hrefs = results!.people.flatMap((person) => person.messages.map((message) => message.feedbackHref));
    expect(hrefs.sort()).toEqual(
      [`/account/training/messages/${email.messageId}`, `/account/training/messages/${text.messageId}`].sort(),
    );
    for (const href of hrefs) expect(href).not.toContain("/practice/");
  });

  it("another account, a stranger's message, an unknown or malformed id: the plain 404; signed out: to /auth", async () => {
    const { email } = await holderWithMessages("owner");
    const other = await holderWithMessages("other");
    const another = await open(email.messageId, other.cookie);
    expect(another.status).toBe(404);
    expect(another.data).toBeUndefined();
    // A signed-in account without a Training Program.
    const plain = await signedInCookie(suite.handle, `plain-${randomUUID().slice(0, 8)}@example.com`);
    expect((await open(email.messageId, plain)).status).toBe(404);
    // A message of no family at all (seeded without a holder account).
    const stray = await seedPracticeMessage(suite.handle.db, { scenarioId: EMAIL_SCENARIO });
    expect((await open(stray.messageId, other.cookie)).status).toBe(404);
    expect((await open(randomUUID(), other.cookie)).status).toBe(404);
    expect((await open("not-a-uuid", other.cookie)).status).toBe(404);
    const signedOut = await open(email.messageId);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/auth/);
    expect(await eventsOf(suite.handle.db, email.messageId)).toEqual([]);
  });
});
