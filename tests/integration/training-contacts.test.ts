import { describe, expect, it } from "vitest";
import { asc, eq, ne } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { FAMILY_TABLES } from "../support/family-tables";
import { callRoute } from "../support/accounts";
import { callAction, callLoader } from "../support/route-calls";
import { formPost } from "../support/requests";
import { signedInCookie } from "../support/users";
import { users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { outboxMessages, smsSuppressions } from "~/mail/tables";
import { practiceAddressConsents, practiceMessages, practiceSuppressions, trainingContacts } from "~/training/tables";
import { importCheckoutContacts } from "~/training/people/checkout-contacts.server";
import { listContacts } from "~/training/people/programs.server";
import { toE164 } from "~/training/people/contact-schema";
import type { TrainingPageView } from "~/training/people/contact-view";
import type { TrainingResult } from "~/training/people/contact-schema";
import { PERSON_NAME_MESSAGE } from "~/validation/fields";
import { action as trainingAction, loader as trainingLoader } from "~/routes/account.training";
import { action as consentAction, loader as consentLoader } from "~/routes/training.consent";
import { action as optInAction } from "~/routes/training.opt-in";
import { action as optInConfirmAction, loader as optInConfirmLoader } from "~/routes/training.opt-in.confirm";

const FUTURE = new Date(Date.now() + 30 * 86_400_000);

describe.each(DATABASE_TARGETS)("Training Program contacts and consent on $name", (target) => {
  const suite = databaseForSuite(target, FAMILY_TABLES);

  /**
   * An account holder who bought a plan at checkout: the account, its customer and subscription,
   * and the people typed at checkout (the buyer first).
   */
  async function holder(
    email: string,
    options: {
      plan?: "premium" | "family";
      status?: string;
      people?: { email: string; phone?: string | null; ageBand?: string | null; language?: string }[];
      name?: string;
      /** The account proved its email (default); false for an account that never confirmed it. */
      verified?: boolean;
    } = {},
  ) {
    const cookie = await signedInCookie(suite.handle, email);
    await suite.handle.db
      .update(users)
      .set({ emailVerified: options.verified ?? true })
      .where(eq(users.email, email));
    const [user] = await suite.handle.db.select().from(users).where(eq(users.email, email));
    const [customer] = await suite.handle.db
      .insert(customers)
      .values({ userId: user.id, name: options.name ?? "Dana Rivera", email })
      .returning();
    const [subscription] = await suite.handle.db
      .insert(subscriptions)
      .values({
        customerId: customer.id,
        provider: "demo",
        providerSubscriptionId: `demo_sub_${Math.random().toString(36).slice(2)}`,
        plan: options.plan ?? "family",
        status: options.status ?? "active",
        currentPeriodEnd: FUTURE,
      })
      .returning();
    const people = [
      { email, phone: "+1 (555) 010-2000" as string | null, name: options.name ?? "Dana Rivera" },
      ...(options.people ?? []).map((p) => ({ ...p, name: null })),
    ];
    await suite.handle.db.insert(members).values(
      people.map((person, position) => ({
        subscriptionId: subscription.id,
        position,
        name: person.name,
        email: person.email,
        phone: person.phone ?? null,
        // The checkout asks each family member's age group; `ageBand: null` is a checkout from before.
        ageBand: position === 0 ? null : "ageBand" in person ? (person.ageBand as string | null) : "adult",
        language: "language" in person ? (person.language ?? null) : null,
      })),
    );
    return { cookie, userId: user.id, subscriptionId: subscription.id };
  }

  const headers = (cookie: string) => ({ Cookie: cookie });
  const page = async (cookie: string) =>
    callLoader<{ view: TrainingPageView; localMode: boolean }>(trainingLoader, "/account/training", headers(cookie));
  const post = (cookie: string, fields: Record<string, string | string[]>) =>
    callAction<TrainingResult>(trainingAction, "/account/training", fields, { headers: headers(cookie) });
  const contactsOf = (subscriptionId: string) => listContacts(suite.handle.db, subscriptionId);
  const contactByEmail = async (email: string) =>
    (await suite.handle.db.select().from(trainingContacts).where(eq(trainingContacts.email, email)))[0]!;
  // What the Training Program sent: signing up also sends each account a confirmation link, not counted here.
  const outbox = () =>
    suite.handle.db
      .select()
      .from(outboxMessages)
      .where(ne(outboxMessages.template, "confirm-email"))
      // A notice's email and text are queued in one transaction, so they share created_at (now()
      // is the transaction's start); the channel breaks the tie the way they were queued.
      .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.channel));
  /** The consent link's token in the newest notice sent to this address (what only its reader has). */
  const linkSentTo = async (address: string) => {
    const notices = (await outbox()).filter(
      (message) => message.recipient === address && message.template.startsWith("training-"),
    );
    const body = notices.at(-1)?.textBody ?? "";
    return body.match(/\/training\/consent\/([A-Za-z0-9_-]+)/)?.[1] ?? null;
  };
  const suppressionOf = async (address: string) =>
    (await suite.handle.db.select().from(practiceSuppressions).where(eq(practiceSuppressions.address, address)))[0] ??
    null;
  const optInPost = (fields: Record<string, string>) => callRoute(optInAction, formPost("/training/opt-in", fields));
  const optInConfirmGet = (token: string) =>
    callRoute(optInConfirmLoader, new Request(`http://localhost:3000/training/opt-in/${token}`), { token });
  const optInConfirmPost = (token: string, fields: Record<string, string>) =>
    callRoute(optInConfirmAction, formPost(`/training/opt-in/${token}`, fields), { token });
  const consentGet = (token: string) =>
    callRoute(consentLoader, new Request(`http://localhost:3000/training/consent/${token}`), { token });
  const consentPost = (token: string, fields: Record<string, string>) =>
    callRoute(consentAction, formPost(`/training/consent/${token}`, fields), { token });
  const details = (overrides: Record<string, string | undefined> = {}) => {
    const base: Record<string, string> = {
      name: "Grandpa Joe",
      ageBand: "older-adult",
      email: "joe@example.com",
      phone: "",
      emailEnabled: "on",
      timeZone: "Europe/London",
    };
    for (const [key, value] of Object.entries(overrides)) {
      if (value === undefined) delete base[key];
      else base[key] = value;
    }
    return base;
  };
  const editFields = (
    contact: typeof trainingContacts.$inferSelect,
    overrides: Record<string, string | undefined> = {},
  ) =>
    details({
      name: contact.name,
      ageBand: contact.ageBand,
      email: contact.email ?? "",
      phone: contact.phone ?? "",
      emailEnabled: contact.emailEnabled ? "on" : undefined,
      smsEnabled: contact.smsEnabled ? "on" : undefined,
      timeZone: contact.timeZone,
      language: contact.language,
      ...overrides,
    });

  describe("the people from checkout", () => {
    it("each person keeps the language chosen for them at checkout; the buyer and older checkouts are in English", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com", {
        people: [
          { email: "abuela@example.com", ageBand: "older-adult", language: "es" },
          { email: "leo@example.com", ageBand: "teen" },
        ],
      });
      await page(cookie);
      const people = await contactsOf(subscriptionId);
      expect(people.map((person) => [person.email, person.language])).toEqual([
        ["dana@example.com", "en"],
        ["abuela@example.com", "es"],
        ["leo@example.com", "en"],
      ]);
    });

    it("a person from a checkout that did not ask their age group gets no notice until the holder chooses it", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com", {
        people: [{ email: "kid@example.com", ageBand: null }],
      });
      await page(cookie);
      const kid = (await contactsOf(subscriptionId)).find((row) => row.email === "kid@example.com")!;
      expect(kid.ageBandSet).toBe(false);
      const refused = await post(cookie, { intent: "send-notice", contactId: kid.id });
      expect(refused.status).toBe(409);
      expect(refused.data.title).toBe("Choose their age group first");
      expect(await outbox()).toEqual([]);
    });

    it("are copied once into the Training Program with safe defaults, and shown on the page", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com", {
        people: [{ email: "kid@example.com" }, { email: "gran@example.com", phone: "555 010 2001" }],
      });
      const { status, data } = await page(cookie);
      expect(status).toBe(200);
      expect(data.view.kind).toBe("program");
      if (data.view.kind !== "program") return;
      expect(data.view.limit).toBe(5);
      expect(data.view.contacts.map((c) => [c.name, c.email, c.statusLabel, c.ageBandLabel])).toEqual([
        ["Dana Rivera", "dana@example.com", "Waiting for consent", "Adult"],
        ["Kid", "kid@example.com", "Waiting for consent", "Adult"],
        ["Gran", "gran@example.com", "Waiting for consent", "Adult"],
      ]);
      const rows = await contactsOf(subscriptionId);
      expect(
        rows.map((r) => [r.checkoutPosition, r.phone, r.emailEnabled, r.smsEnabled, r.timeZone, r.guardianConfirmedAt]),
      ).toEqual([
        [0, "+15550102000", true, false, "America/New_York", null],
        [1, null, true, false, "America/New_York", null],
        [2, "+15550102001", true, false, "America/New_York", null],
      ]);
      // No address has said yes, and none was asked.
      expect(await suite.handle.db.select().from(practiceAddressConsents)).toEqual([]);
      // Copying sends nothing: the holder sets each person's age band first.
      expect(await outbox()).toEqual([]);

      await page(cookie);
      expect(await contactsOf(subscriptionId)).toHaveLength(3);
    });

    it("copies once even when many callers race", async () => {
      const { subscriptionId } = await holder("dana@example.com", { people: [{ email: "kid@example.com" }] });
      const results = await Promise.all(
        Array.from({ length: 6 }, () => importCheckoutContacts(suite.handle.db, subscriptionId)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await contactsOf(subscriptionId)).toHaveLength(2);
      // Removing someone does not bring them back on the next visit.
      const [, kid] = await contactsOf(subscriptionId);
      await suite.handle.db.delete(trainingContacts).where(eq(trainingContacts.id, kid.id));
      expect(await importCheckoutContacts(suite.handle.db, subscriptionId)).toBe(false);
      expect(await contactsOf(subscriptionId)).toHaveLength(1);
    });

    it("reads phone numbers as E.164 for texts", () => {
      expect(toE164("+1 (555) 010-2000")).toBe("+15550102000");
      expect(toE164("555.010.2000")).toBe("+15550102000");
      expect(toE164("1 555 010 2000")).toBe("+15550102000");
      expect(toE164("+44 20 7946 0018")).toBe("+442079460018");
      expect(toE164("0102000")).toBeNull();
      expect(toE164("call me")).toBeNull();
      expect(toE164("+0 555 010 2000")).toBeNull();
    });
  });

  describe("who sees the page", () => {
    it("signed out goes to /auth; a non-member sees the plans; a family member is told who manages it", async () => {
      const signedOut = await callLoader(trainingLoader, "/account/training");
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get("Location")).toBe("/auth?returnTo=%2Faccount%2Ftraining");

      const visitor = await signedInCookie(suite.handle, "visitor@example.com");
      expect((await page(visitor)).data.view).toEqual({ kind: "not-member" });

      const family = await holder("dana@example.com", { people: [{ email: "kid@example.com" }] });
      await page(family.cookie);
      const kid = await signedInCookie(suite.handle, "kid@example.com");
      await suite.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, "kid@example.com"));
      expect((await page(kid)).data.view).toEqual({ kind: "family-member" });
      // Nothing of the family's is visible or changeable from the family member's own account.
      const [dana] = await suite.handle.db.select().from(trainingContacts);
      const attempt = await post(kid, { intent: "pause", contactId: dana.id });
      expect(attempt.status).toBe(404);
    });

    it("an ended membership shows that messages stopped, and refuses changes", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com");
      await page(cookie);
      await suite.handle.db
        .update(subscriptions)
        .set({ status: "canceled" })
        .where(eq(subscriptions.id, subscriptionId));
      const { data } = await page(cookie);
      expect(data.view.kind === "program" && data.view.stoppedMessage).toBe(
        "Your membership has ended; practice messages have stopped.",
      );
      expect(data.view.kind === "program" && data.view.access).toBe(false);
      const [dana] = await contactsOf(subscriptionId);
      const refused = await post(cookie, { intent: "self-consent", contactId: dana.id });
      expect(refused.status).toBe(403);
      expect((await contactsOf(subscriptionId))[0]).toEqual(dana);
    });
  });

  describe("actions", () => {
    it("refuse bad input with a 4xx and change nothing", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com");
      await page(cookie);
      const [dana] = await contactsOf(subscriptionId);
      const before = await contactsOf(subscriptionId);
      const cases: [Record<string, string | string[]>, number, string?][] = [
        [{}, 400, "Unknown action."],
        [{ intent: "explode" }, 400, "Unknown action."],
        [{ intent: ["add", "remove"] }, 400],
        [{ intent: "add", ...details({ name: undefined }) }, 400, "Please enter a name."],
        [{ intent: "add", ...details({ name: "   " }) }, 400, "Please enter a name."],
        [{ intent: "add", ...details(), name: ["Ann", "Bob"] }, 400],
        [{ intent: "add", ...details({ name: "x".repeat(61) }) }, 400, PERSON_NAME_MESSAGE],
        [{ intent: "add", ...details({ name: "Sam\nCall 5550100" }) }, 400, PERSON_NAME_MESSAGE],
        [{ intent: "add", ...details({ name: "www.evil" }) }, 400, PERSON_NAME_MESSAGE],
        [{ intent: "add", ...details({ name: "<script>alert(1)</script>" }) }, 400, PERSON_NAME_MESSAGE],
        [{ intent: "add", ...details({ ageBand: "toddler" }) }, 400, "Please choose an age band."],
        [
          { intent: "add", ...details({ email: "not-an-email" }) },
          400,
          "Please enter a valid email address, like name@example.com.",
        ],
        [{ intent: "add", ...details({ email: `${"a".repeat(250)}@example.com` }) }, 400],
        [{ intent: "add", ...details({ email: "", phone: "" }) }, 400, "Add an email address or a phone number."],
        [
          { intent: "add", ...details({ phone: "12" }) },
          400,
          "Please enter the phone number with its country code, like +1 555 010 2000.",
        ],
        [{ intent: "add", ...details({ smsEnabled: "on" }) }, 400, "Add a phone number to send texts."],
        [{ intent: "add", ...details({ emailEnabled: "yes please" }) }, 400],
        [
          { intent: "add", ...details({ timeZone: "Mars/Olympus_Mons" }) },
          400,
          "Please choose a time zone from the list.",
        ],
        [{ intent: "add", ...details({ timeZone: "<b>UTC</b>" }) }, 400, "Please choose a time zone from the list."],
        [{ intent: "pause" }, 400, "Unknown person."],
        [{ intent: "pause", contactId: "not-a-uuid" }, 400, "Unknown person."],
        [{ intent: "pause", contactId: "00000000-0000-4000-8000-000000000000" }, 404],
        [{ intent: "remove", contactId: dana.id }, 400, "Please confirm that you want to remove this person."],
        [
          { intent: "guardian-consent", contactId: dana.id },
          400,
          "Please tick the box to confirm you are this child's parent or guardian.",
        ],
        [{ intent: "update", contactId: dana.id, ...details({ name: "" }) }, 400, "Please enter a name."],
      ];
      for (const [fields, status, message] of cases) {
        const answer = await post(cookie, fields);
        expect([JSON.stringify(fields).slice(0, 80), answer.status]).toEqual([
          JSON.stringify(fields).slice(0, 80),
          status,
        ]);
        expect(answer.data.ok).toBe(false);
        if (message) expect(answer.data.message).toBe(message);
      }
      expect(await contactsOf(subscriptionId)).toEqual(before);
      expect(await outbox()).toEqual([]);

      const json = await trainingAction({
        request: new Request("http://localhost:3000/account/training", {
          method: "POST",
          body: JSON.stringify({ intent: "add" }),
          headers: { "Content-Type": "application/json", Cookie: cookie },
        }),
        params: {},
        context: { clientIp: "203.0.113.7" },
      } as never).catch((thrown: unknown) => thrown);
      expect((json as { init?: { status?: number } }).init?.status).toBe(415);
    });

    it("another family's contact is not found, and stays as it was", async () => {
      const dana = await holder("dana@example.com", { people: [{ email: "kid@example.com" }] });
      const other = await holder("other@example.com", { people: [{ email: "other-kid@example.com" }] });
      await page(dana.cookie);
      await page(other.cookie);
      const [, kid] = await contactsOf(dana.subscriptionId);
      const before = await contactsOf(dana.subscriptionId);
      const attempts: Record<string, string>[] = [
        { intent: "update", contactId: kid.id, ...details() },
        { intent: "pause", contactId: kid.id },
        { intent: "resume", contactId: kid.id },
        { intent: "remove", contactId: kid.id, confirm: "yes" },
        { intent: "send-notice", contactId: kid.id },
        { intent: "guardian-consent", contactId: kid.id, guardian: "on" },
        { intent: "self-consent", contactId: kid.id },
      ];
      for (const fields of attempts) {
        const answer = await post(other.cookie, fields);
        expect([fields.intent, answer.status, answer.data.ok]).toEqual([fields.intent, 404, false]);
      }
      expect(await contactsOf(dana.subscriptionId)).toEqual(before);
      expect(await outbox()).toEqual([]);
      // A signed-in stranger without any plan gets the same.
      const stranger = await signedInCookie(suite.handle, "stranger@example.com");
      expect((await post(stranger, { intent: "remove", contactId: kid.id, confirm: "yes" })).status).toBe(404);
      expect(await contactsOf(dana.subscriptionId)).toEqual(before);
    });

    it("add keeps to the plan's limit: 1 person for Training, 5 for Family Training", async () => {
      const solo = await holder("solo@example.com", { plan: "premium" });
      await page(solo.cookie);
      const full = await post(solo.cookie, { intent: "add", ...details() });
      expect(full.status).toBe(409);
      expect(full.data.message).toBe(
        "Your Training Program plan covers 1 person. Remove someone before adding another person.",
      );
      expect(await contactsOf(solo.subscriptionId)).toHaveLength(1);

      const family = await holder("dana@example.com", {
        people: [{ email: "a@example.com" }, { email: "b@example.com" }],
      });
      await page(family.cookie);
      const added = await post(family.cookie, { intent: "add", ...details({ email: "joe@example.com" }) });
      expect(added.status).toBe(200);
      expect(added.data.title).toBe("Grandpa Joe was added");
      const [raced1, raced2] = await Promise.all([
        post(family.cookie, { intent: "add", ...details({ name: "Ann", email: "ann@example.com" }) }),
        post(family.cookie, { intent: "add", ...details({ name: "Bea", email: "bea@example.com" }) }),
      ]);
      expect([raced1.status, raced2.status].sort()).toEqual([200, 409]);
      expect(await contactsOf(family.subscriptionId)).toHaveLength(5);
      expect(
        (await post(family.cookie, { intent: "add", ...details({ name: "Cy", email: "cy@example.com" }) })).data
          .message,
      ).toBe("Your Family Training plan covers 5 people. Remove someone before adding another person.");
    });

    it("pause and remove cancel planned practice messages; resume lifts the pause", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com", { people: [{ email: "kid@example.com" }] });
      await page(cookie);
      const [dana, kid] = await contactsOf(subscriptionId);
      const plan = (contactId: string, scenarioId: string) =>
        suite.handle.db.insert(practiceMessages).values({
          contactId,
          scenarioId,
          channel: "email",
          level: 1,
          token: `t-${Math.random()}`,
          weekKey: "2026-W48",
          scheduledFor: FUTURE,
        });
      await plan(dana.id, "email-a");
      await plan(kid.id, "email-b");

      expect((await post(cookie, { intent: "pause", contactId: dana.id })).status).toBe(200);
      const [paused] = await contactsOf(subscriptionId);
      expect(paused.pausedAt).not.toBeNull();
      const [cancelled] = await suite.handle.db
        .select()
        .from(practiceMessages)
        .where(eq(practiceMessages.contactId, dana.id));
      expect([cancelled.status, cancelled.cancelReason]).toEqual(["cancelled", "paused"]);
      expect((await post(cookie, { intent: "resume", contactId: dana.id })).status).toBe(200);
      expect((await contactsOf(subscriptionId))[0].pausedAt).toBeNull();

      await post(cookie, { intent: "send-notice", contactId: kid.id });
      const kidLink = await linkSentTo("kid@example.com");
      const removed = await post(cookie, { intent: "remove", contactId: kid.id, confirm: "yes" });
      expect(removed.status).toBe(200);
      expect((await contactsOf(subscriptionId)).map((c) => c.id)).toEqual([dana.id]);
      expect(
        await suite.handle.db.select().from(practiceMessages).where(eq(practiceMessages.contactId, kid.id)),
      ).toEqual([]);
      // Their consent link is gone with them.
      expect(kidLink).toBeTruthy();
      expect((await consentGet(kidLink!)).thrown?.status).toBe(404);
    });
  });

  describe("consent by address", () => {
    it("an adult gets a notice at each address with that address's own link; opening it changes nothing; yes makes that address Active", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com", {
        people: [{ email: "gran@example.com", phone: "+1 555 010 2001" }],
      });
      await page(cookie);
      const [, gran] = await contactsOf(subscriptionId);
      await post(cookie, {
        intent: "update",
        contactId: gran.id,
        ...editFields(gran, { name: "Gran", smsEnabled: "on" }),
      });
      // Only the name and channels changed: no notice yet (copied people are checked first).
      expect(await outbox()).toEqual([]);

      const sent = await post(cookie, { intent: "send-notice", contactId: gran.id });
      expect(sent.status).toBe(200);
      expect(sent.data.message).toBe("We sent Gran an email and a text.");
      const [email, text] = await outbox();
      const emailLink = await linkSentTo("gran@example.com");
      const textLink = await linkSentTo("+15550102001");
      expect(emailLink).not.toBe(textLink);
      const link = `http://localhost:3000/training/consent/${emailLink}`;
      expect(email).toMatchObject({
        channel: "email",
        template: "training-consent-notice",
        recipient: "gran@example.com",
      });
      // The holder's name is in the body only, never in a subject.
      expect(email.subject).toBe("You are invited to practice spotting scams");
      // Gran has not said yes yet: the holder's name reaches her as a first name only (nameForStranger).
      expect(email.textBody).toContain("Dana signed you up");
      expect(email.textBody).not.toContain("Rivera");
      expect(email.textBody).toContain(link);
      expect(email.textBody).toContain("at most one practice message a week");
      expect(email.textBody).toContain("Practice messages will not say they are practice");
      expect(email.textBody).toContain("Nothing you type is ever collected");
      expect(email.textBody).toContain("This isn't me");
      expect(email.htmlBody).toContain(`href="${link}"`);
      expect(email.textBody.match(/https?:\/\/[^\s)]+/g)!.every((url) => url.startsWith("http://localhost:3000"))).toBe(
        true,
      );
      expect(text).toMatchObject({ channel: "sms", template: "training-consent-notice", recipient: "+15550102001" });
      expect(text.textBody).toContain(`/training/consent/${textLink}`);
      expect(text.textBody).toContain("reply YES");

      const before = await suite.handle.db.select().from(practiceAddressConsents);
      const shown = await consentGet(emailLink!);
      expect(shown.value).toMatchObject({
        data: {
          names: { person: "Gran", holder: "Dana" },
          status: "waiting",
          minor: false,
          address: "gran@example.com",
        },
      });
      expect(await suite.handle.db.select().from(practiceAddressConsents)).toEqual(before);

      const yes = await consentPost(emailLink!, { choice: "yes" });
      expect((yes.value as { data: TrainingResult }).data.ok).toBe(true);
      const { data } = await page(cookie);
      const view = data.view.kind === "program" ? data.view.contacts[1] : null;
      expect(view?.statusLabel).toBe("Active");
      expect(view?.addresses).toMatchObject([
        { address: "gran@example.com", state: "agreed", how: "notice-link" },
        { address: "+15550102001", state: "asked" },
      ]);
      // The text's address has not said yes: resending asks it alone.
      await suite.handle.db.delete(outboxMessages);
      expect((await post(cookie, { intent: "send-notice", contactId: gran.id })).status).toBe(200);
      expect((await outbox()).map((m) => m.recipient)).toEqual(["+15550102001"]);
      await consentPost(textLink!, { choice: "yes" });
      expect((await post(cookie, { intent: "send-notice", contactId: gran.id })).status).toBe(409);
    });

    it("a person who reads Spanish (issue #39): notice, consent page and its answers in Spanish; the language is theirs alone", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com", { people: [{ email: "gran@example.com" }] });
      await page(cookie);
      // A language the form does not offer is refused, and nobody is added.
      const refused = await post(cookie, {
        intent: "add",
        ...details({ email: "abuela@example.com", language: "fr" }),
      });
      expect(refused.status).toBe(400);
      expect(refused.data.fields?.language).toBe("Please choose English or Español.");
      expect(await contactsOf(subscriptionId)).toHaveLength(2);

      const added = await post(cookie, {
        intent: "add",
        ...details({
          name: "Rosa Díaz",
          email: "abuela@example.com",
          phone: "+1 555 010 2003",
          smsEnabled: "on",
          language: "es",
        }),
      });
      expect(added.status).toBe(200);
      const rosa = await contactByEmail("abuela@example.com");
      expect(rosa.language).toBe("es");
      const { data } = await page(cookie);
      expect(data.view.kind === "program" && data.view.contacts.find((c) => c.id === rosa.id)?.language).toBe("es");

      const notices = (await outbox()).filter((message) => message.template === "training-consent-notice");
      const email = notices.find((message) => message.channel === "email")!;
      const text = notices.find((message) => message.channel === "sms")!;
      expect(email.subject).toBe("Le invitamos a practicar cómo reconocer estafas");
      expect(email.textBody).toContain("Hola, Rosa:");
      expect(email.textBody).toContain("Dana le inscribió");
      expect(email.textBody).toContain("Los mensajes de práctica no dicen que son de práctica");
      expect(email.htmlBody).toContain('<html lang="es">');
      expect(text.textBody).toMatch(/responda SI \d{4}/);
      // The rest of the family stays in English.
      const gran = await contactByEmail("gran@example.com");
      expect(gran.language).toBe("en");

      const token = await linkSentTo("abuela@example.com");
      const shown = await consentGet(token!);
      expect(shown.value).toMatchObject({ data: { language: "es", firstNames: { person: "Rosa", holder: "Dana" } } });
      const bad = await consentPost(token!, { choice: "quizás" });
      expect(bad.value).toMatchObject({
        init: { status: 400 },
        data: { title: "No se cambió nada", message: "Presione uno de los botones de esta página." },
      });
      const yes = await consentPost(token!, { choice: "yes" });
      expect((yes.value as { data: TrainingResult }).data).toMatchObject({
        ok: true,
        title: "¡Gracias!",
        message: "Recibirá como máximo un mensaje de práctica por semana.",
      });

      // Back to English on her card: her planned messages are planned again, in English.
      const saved = await post(cookie, {
        intent: "update",
        contactId: rosa.id,
        ...editFields(await contactByEmail("abuela@example.com"), { language: "en" }),
      });
      expect(saved.status).toBe(200);
      expect((await contactByEmail("abuela@example.com")).language).toBe("en");
    });

    it("unknown tokens are a plain 404; a bad choice is a 400 that changes nothing", async () => {
      expect((await consentGet("nope")).thrown?.status).toBe(404);
      expect((await consentGet("A".repeat(43))).thrown?.status).toBe(404);
      expect((await consentPost("A".repeat(43), { choice: "yes" })).value).toMatchObject({ init: { status: 404 } });
      const { cookie } = await holder("dana@example.com", { people: [{ email: "gran@example.com" }] });
      await page(cookie);
      await post(cookie, { intent: "add", ...details({ email: "joe@example.com" }) });
      const token = await linkSentTo("joe@example.com");
      const before = await suite.handle.db.select().from(practiceAddressConsents);
      for (const fields of [{}, { choice: "maybe" }, { choice: "<b>yes</b>" }] as Record<string, string>[]) {
        expect((await consentPost(token!, fields)).value).toMatchObject({ init: { status: 400 } });
      }
      expect(await suite.handle.db.select().from(practiceAddressConsents)).toEqual(before);
      expect(await suite.handle.db.select().from(practiceSuppressions)).toEqual([]);
    });

    it("no thanks suppresses the address for every family; the holder cannot bring it back; only its own link can", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com", { people: [{ email: "gran@example.com" }] });
      await page(cookie);
      const [, gran] = await contactsOf(subscriptionId);
      await post(cookie, { intent: "send-notice", contactId: gran.id });
      const token = await linkSentTo("gran@example.com");
      await consentPost(token!, { choice: "no" });
      expect(await suppressionOf("gran@example.com")).toMatchObject({ reason: "no-thanks" });
      const { data } = await page(cookie);
      expect(data.view).toMatchObject({ contacts: [{}, { statusLabel: "Opted out" }] });
      await suite.handle.db.delete(outboxMessages);

      expect((await post(cookie, { intent: "send-notice", contactId: gran.id })).status).toBe(409);
      expect((await post(cookie, { intent: "self-consent", contactId: gran.id })).status).toBe(403);
      expect((await post(cookie, { intent: "resume", contactId: gran.id })).status).toBe(200);
      await post(cookie, { intent: "update", contactId: gran.id, ...editFields(gran, { ageBand: "adult" }) });
      // Removed and added again: nothing goes to the address. Removing forgot the family's record
      // of the address (its notice and the refusal that answered it), so the new entry reads like
      // an address no notice can go to for now, as it would for any family.
      await post(cookie, { intent: "remove", contactId: gran.id, confirm: "yes" });
      const readded = await post(cookie, { intent: "add", ...details({ email: "gran@example.com", name: "Gran" }) });
      expect(readded.status).toBe(200);
      expect(readded.data.message).toContain("We can't send a notice to that address right now");
      expect(await outbox()).toEqual([]);
      expect((await page(cookie)).data.view).toMatchObject({ contacts: [{}, { statusLabel: "Waiting for consent" }] });

      // Removing them forgot the family's link; only the address itself can lift its "no", through a
      // link sent to it from the "Get practice messages again" page.
      expect((await consentGet(token!)).thrown?.status).toBe(404);
      const asked = await optInPost({ address: "gran@example.com" });
      expect(asked.value).toMatchObject({ data: { ok: true, title: "Check your messages" } });
      const [liftMail] = await outbox();
      expect(liftMail).toMatchObject({ recipient: "gran@example.com", template: "training-opt-in-link" });
      const liftToken = liftMail.textBody.match(/\/training\/opt-in\/([A-Za-z0-9_-]+)/)![1];
      // Opening it changes nothing; its button lifts the suppression.
      expect(await optInConfirmGet(liftToken)).toMatchObject({ value: { data: { address: "gran@example.com" } } });
      expect(await suppressionOf("gran@example.com")).not.toBeNull();
      expect((await optInConfirmPost(liftToken, { intent: "lift" })).value).toMatchObject({ data: { ok: true } });
      expect(await suppressionOf("gran@example.com")).toBeNull();
      expect((await optInConfirmPost(liftToken, { intent: "lift" })).value).toMatchObject({ init: { status: 404 } });
      // Lifted is not agreed: a new notice, and its yes, come first.
      expect((await page(cookie)).data.view).toMatchObject({ contacts: [{}, { statusLabel: "Waiting for consent" }] });
      const [, again] = await contactsOf(subscriptionId);
      expect((await post(cookie, { intent: "send-notice", contactId: again.id })).status).toBe(200);
      await consentPost((await linkSentTo("gran@example.com"))!, { choice: "yes" });
      expect((await page(cookie)).data.view).toMatchObject({ contacts: [{}, { statusLabel: "Active" }] });
    });

    it("the opt-in page answers the same for any address, refuses bad input with a 400, and sends nothing to an address that never said no", async () => {
      for (const address of ["", "not an address", "<b>x</b>@", "12", `${"a".repeat(250)}@example.com`]) {
        expect((await optInPost({ address })).value, address).toMatchObject({ init: { status: 400 } });
      }
      expect((await optInPost({})).value).toMatchObject({ init: { status: 400 } });
      const unknown = await optInPost({ address: "never.asked@example.com" });
      expect(unknown.value).toMatchObject({ data: { ok: true, title: "Check your messages" } });
      // A number that said no and replied STOP to every text gets the very same answer, and no text.
      await suite.handle.db
        .insert(practiceSuppressions)
        .values({ address: "+15550102077", channel: "sms", reason: "sms-stop" });
      await suite.handle.db.insert(smsSuppressions).values({ phone: "+15550102077", reason: "STOP" });
      const stopped = await optInPost({ address: "+1 555 010 2077" });
      expect((stopped.value as { data: TrainingResult }).data).toEqual(
        (unknown.value as { data: TrainingResult }).data,
      );
      expect(await outbox()).toEqual([]);
      // The lift link's page refuses anything but its button, and changes nothing.
      await suite.handle.db
        .insert(practiceSuppressions)
        .values({ address: "said.no@example.com", channel: "email", reason: "no-thanks" });
      await optInPost({ address: "Said.No@example.com" });
      const liftToken = (await outbox())[0]!.textBody.match(/\/training\/opt-in\/([A-Za-z0-9_-]+)/)![1];
      for (const fields of [{}, { intent: "stop" }, { intent: "<b>lift</b>" }] as Record<string, string>[]) {
        expect((await optInConfirmPost(liftToken, fields)).value).toMatchObject({ init: { status: 400 } });
      }
      expect(await suppressionOf("said.no@example.com")).not.toBeNull();
      expect((await optInConfirmGet("A".repeat(43))).thrown?.status).toBe(404);
      expect((await optInConfirmPost("A".repeat(43), { intent: "lift" })).value).toMatchObject({
        init: { status: 404 },
      });
    });

    it('a child: the parent confirms, the child\'s own notice says "Yes, I\'m in"; "This isn\'t me" suppresses the address', async () => {
      const { cookie, userId, subscriptionId } = await holder("dana@example.com", {
        people: [{ email: "kid@example.com", phone: "+15550102003" }],
      });
      await page(cookie);
      const [, kid] = await contactsOf(subscriptionId);
      await post(cookie, {
        intent: "update",
        contactId: kid.id,
        ...editFields(kid, { name: "Sam", ageBand: "child", smsEnabled: "on" }),
      });
      expect(await outbox()).toEqual([]);
      // The holder cannot skip the confirmation.
      expect((await post(cookie, { intent: "send-notice", contactId: kid.id })).status).toBe(409);

      expect((await post(cookie, { intent: "guardian-consent", contactId: kid.id })).status).toBe(400);
      const before = Date.now();
      const confirmed = await post(cookie, { intent: "guardian-consent", contactId: kid.id, guardian: "on" });
      expect(confirmed.status).toBe(200);
      const child = await contactByEmail("kid@example.com");
      expect(child.guardianUserId).toBe(userId);
      expect(child.guardianConfirmedAt!.getTime()).toBeGreaterThanOrEqual(before - 5000);
      const notices = await outbox();
      expect(notices.map((m) => [m.channel, m.template, m.recipient])).toEqual([
        ["email", "training-child-notice", "kid@example.com"],
        ["sms", "training-child-notice", "+15550102003"],
      ]);
      expect(notices[0].subject).toBe("You're invited to scam-spotting practice");
      expect(notices[0].textBody).toContain("Hi Sam!");
      expect(notices[0].textBody).toContain("Yes, I'm in");
      expect(notices[0].textBody).toContain("This isn't me");
      // The guardian's yes alone sends nothing: the child's own address has to say it.
      expect((await page(cookie)).data.view).toMatchObject({ contacts: [{}, { statusLabel: "Waiting for consent" }] });

      const emailLink = await linkSentTo("kid@example.com");
      await consentPost(emailLink!, { choice: "yes" });
      expect((await page(cookie)).data.view).toMatchObject({
        contacts: [{}, { statusLabel: "Active", ageBandLabel: "Child (8–12)" }],
      });

      const textLink = await linkSentTo("+15550102003");
      const notMe = await consentPost(textLink!, { choice: "not-me" });
      expect((notMe.value as { data: TrainingResult }).data.title).toBe("Thank you for telling us");
      expect(await suppressionOf("+15550102003")).toMatchObject({ reason: "not-me" });

      // An adult cannot be "confirmed" by the holder.
      const [dana] = await contactsOf(subscriptionId);
      expect((await post(cookie, { intent: "guardian-consent", contactId: dana.id, guardian: "on" })).status).toBe(409);
    });

    it("a new address waits for its own yes: the old link stops working, planned messages are cancelled, a child's new address is asked too", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com", {
        people: [{ email: "gran@example.com" }, { email: "kid@example.com" }],
      });
      await page(cookie);
      const [, gran, kid] = await contactsOf(subscriptionId);
      await post(cookie, { intent: "send-notice", contactId: gran.id });
      const granLink = await linkSentTo("gran@example.com");
      await consentPost(granLink!, { choice: "yes" });
      await post(cookie, { intent: "update", contactId: kid.id, ...editFields(kid, { ageBand: "teen" }) });
      await post(cookie, { intent: "guardian-consent", contactId: kid.id, guardian: "on" });
      await consentPost((await linkSentTo("kid@example.com"))!, { choice: "yes" });
      await suite.handle.db.delete(outboxMessages);
      await suite.handle.db.insert(practiceMessages).values({
        contactId: gran.id,
        scenarioId: "email-a",
        channel: "email",
        level: 1,
        token: "planned-1",
        weekKey: "2026-W48",
        scheduledFor: FUTURE,
      });

      const changed = await post(cookie, {
        intent: "update",
        contactId: gran.id,
        ...editFields(await contactByEmail("gran@example.com"), { email: "gran.new@example.com" }),
      });
      expect(changed.status).toBe(200);
      expect((await page(cookie)).data.view).toMatchObject({
        contacts: [{}, { statusLabel: "Waiting for consent" }, {}],
      });
      expect((await consentGet(granLink!)).thrown?.status).toBe(404);
      expect((await consentPost(granLink!, { choice: "yes" })).value).toMatchObject({ init: { status: 404 } });
      const [planned] = await suite.handle.db
        .select()
        .from(practiceMessages)
        .where(eq(practiceMessages.token, "planned-1"));
      expect(planned.status).toBe("cancelled");
      const [notice] = await outbox();
      expect(notice).toMatchObject({ recipient: "gran.new@example.com", template: "training-consent-notice" });
      expect(await linkSentTo("gran.new@example.com")).not.toBe(granLink);

      // Changing back does not bring the old yes back either.
      await post(cookie, {
        intent: "update",
        contactId: gran.id,
        ...editFields(await contactByEmail("gran.new@example.com"), { email: "gran@example.com" }),
      });
      expect((await page(cookie)).data.view).toMatchObject({
        contacts: [{}, { statusLabel: "Waiting for consent" }, {}],
      });

      // The teen's guardian confirmation stays, but the new address is asked and waits.
      const teen = await contactByEmail("kid@example.com");
      await post(cookie, { intent: "update", contactId: kid.id, ...editFields(teen, { email: "teen@example.com" }) });
      const moved = await contactByEmail("teen@example.com");
      expect(moved.guardianConfirmedAt).toEqual(teen.guardianConfirmedAt);
      expect((await outbox()).map((m) => [m.template, m.recipient])).toContainEqual([
        "training-child-notice",
        "teen@example.com",
      ]);
      expect((await page(cookie)).data.view).toMatchObject({
        contacts: [{}, {}, { statusLabel: "Waiting for consent" }],
      });

      // Moving a teen to adult starts the guardian's part over.
      await post(cookie, { intent: "update", contactId: kid.id, ...editFields(moved, { ageBand: "adult" }) });
      expect((await contactByEmail("teen@example.com")).guardianConfirmedAt).toBeNull();
    });

    it("the account holder says yes for their confirmed account email only; nobody else's yes can be given there", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com", { people: [{ email: "gran@example.com" }] });
      const { data } = await page(cookie);
      expect(data.view.kind === "program" && data.view.contacts.map((c) => c.isHolder)).toEqual([true, false]);
      const [dana, gran] = await contactsOf(subscriptionId);
      expect((await post(cookie, { intent: "self-consent", contactId: gran.id })).status).toBe(403);
      const yes = await post(cookie, { intent: "self-consent", contactId: dana.id });
      expect(yes.status).toBe(200);
      const [row] = await suite.handle.db
        .select()
        .from(practiceAddressConsents)
        .where(eq(practiceAddressConsents.address, "dana@example.com"));
      expect(row).toMatchObject({ subscriptionId, confirmedHow: "account-email" });
      expect(row.confirmedAt).toBeInstanceOf(Date);
      expect((await page(cookie)).data.view).toMatchObject({
        contacts: [{ statusLabel: "Active" }, { statusLabel: "Waiting for consent" }],
      });
    });

    it("notices to one address are limited across families (3 in 30 days)", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com", { people: [{ email: "gran@example.com" }] });
      await page(cookie);
      const [, gran] = await contactsOf(subscriptionId);
      for (let i = 0; i < 3; i += 1)
        expect((await post(cookie, { intent: "send-notice", contactId: gran.id })).status).toBe(200);
      const limited = await post(cookie, { intent: "send-notice", contactId: gran.id });
      expect(limited.status).toBe(429);
      expect(limited.data.title).toBe("No notice sent");
      expect(await outbox()).toHaveLength(3);
    });

    it("a number that replied STOP gets no notice text", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com", {
        people: [{ email: "gran@example.com", phone: "+15550102009" }],
      });
      await page(cookie);
      const [, gran] = await contactsOf(subscriptionId);
      await suite.handle.db.insert(smsSuppressions).values({ phone: "+15550102009", reason: "STOP" });
      await post(cookie, { intent: "update", contactId: gran.id, ...editFields(gran, { smsEnabled: "on" }) });
      await post(cookie, { intent: "send-notice", contactId: gran.id });
      expect((await outbox()).map((m) => m.channel)).toEqual(["email"]);
    });
  });
});
