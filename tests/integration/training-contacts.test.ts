import { describe, expect, it } from "vitest";
import { asc, eq, ne } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { callRoute } from "../support/accounts";
import { callAction, callLoader } from "../support/route-calls";
import { formPost } from "../support/requests";
import { signedInCookie } from "../support/users";
import { accounts, sessions, users } from "~/account/tables";
import { customers, members, subscriptions } from "~/billing/tables";
import { outboxMessages, smsSuppressions } from "~/mail/tables";
import { requestLimits } from "~/security/tables";
import { practiceEvents, practiceMessages, trainingContacts, trainingPrograms } from "~/training/tables";
import { importCheckoutContacts } from "~/training/checkout-contacts.server";
import { listContacts } from "~/training/contact-settings.server";
import { toE164 } from "~/training/contact-schema";
import type { TrainingPageView } from "~/training/contact-view";
import type { TrainingResult } from "~/training/contact-schema";
import { action as trainingAction, loader as trainingLoader } from "~/routes/account.training";
import { action as consentAction, loader as consentLoader } from "~/routes/training.consent";

const FUTURE = new Date(Date.now() + 30 * 86_400_000);

describe.each(DATABASE_TARGETS)("Training Program contacts and consent on $name", (target) => {
  const suite = databaseForSuite(target, [
    practiceEvents,
    practiceMessages,
    trainingContacts,
    trainingPrograms,
    outboxMessages,
    smsSuppressions,
    requestLimits,
    members,
    subscriptions,
    customers,
    sessions,
    accounts,
    users,
  ]);

  /**
   * An account holder who bought a plan at checkout: the account, its customer and subscription,
   * and the people typed at checkout (the buyer first).
   */
  async function holder(
    email: string,
    options: {
      plan?: "premium" | "family";
      status?: string;
      people?: { email: string; phone?: string | null }[];
      name?: string;
    } = {},
  ) {
    const cookie = await signedInCookie(suite.handle, email);
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
      ...overrides,
    });

  describe("the people from checkout", () => {
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
        ["kid", "kid@example.com", "Waiting for consent", "Adult"],
        ["gran", "gran@example.com", "Waiting for consent", "Adult"],
      ]);
      const rows = await contactsOf(subscriptionId);
      expect(
        rows.map((r) => [r.checkoutPosition, r.phone, r.emailEnabled, r.smsEnabled, r.timeZone, r.consentGivenAt]),
      ).toEqual([
        [0, "+15550102000", true, false, "America/New_York", null],
        [1, null, true, false, "America/New_York", null],
        [2, "+15550102001", true, false, "America/New_York", null],
      ]);
      expect(new Set(rows.map((r) => r.consentToken)).size).toBe(3);
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
        [{ intent: "add", ...details({ name: "x".repeat(101) }) }, 400, "Name can be at most 100 characters."],
        [
          { intent: "add", ...details({ name: "<script>alert(1)</script>" }) },
          400,
          "Name cannot contain < or > characters.",
        ],
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

      const removed = await post(cookie, { intent: "remove", contactId: kid.id, confirm: "yes" });
      expect(removed.status).toBe(200);
      expect((await contactsOf(subscriptionId)).map((c) => c.id)).toEqual([dana.id]);
      expect(
        await suite.handle.db.select().from(practiceMessages).where(eq(practiceMessages.contactId, kid.id)),
      ).toEqual([]);
      // Their consent link is gone with them.
      expect((await consentGet(kid.consentToken)).thrown?.status).toBe(404);
    });
  });

  describe("consent", () => {
    it("an adult gets a notice with their link; opening it changes nothing; yes makes them Active", async () => {
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
      const [, named] = await contactsOf(subscriptionId);
      // Only the name and channels changed: the same link, no notice yet.
      expect(named.consentToken).toBe(gran.consentToken);
      expect(await outbox()).toEqual([]);

      const sent = await post(cookie, { intent: "send-notice", contactId: gran.id });
      expect(sent.status).toBe(200);
      expect(sent.data.message).toBe("We sent Gran an email and a text.");
      const [email, text] = await outbox();
      const link = `http://localhost:3000/training/consent/${gran.consentToken}`;
      expect(email).toMatchObject({
        channel: "email",
        template: "training-consent-notice",
        recipient: "gran@example.com",
      });
      expect(email.subject).toBe("Dana Rivera invited you to practise spotting scams");
      expect(email.textBody).toContain(link);
      expect(email.textBody).toContain("at most one practice message a week");
      expect(email.textBody).toContain("Nothing you type is ever collected");
      expect(email.textBody).toContain("reply STOP");
      expect(email.htmlBody).toContain(`href="${link}"`);
      // No links but ours.
      expect(email.textBody.match(/https?:\/\/[^\s)]+/g)!.every((url) => url.startsWith("http://localhost:3000"))).toBe(
        true,
      );
      expect(text).toMatchObject({ channel: "sms", template: "training-consent-notice", recipient: "+15550102001" });
      expect(text.textBody).toContain(link);
      expect(text.textBody).toContain("Reply STOP to end.");

      const beforeGet = await contactsOf(subscriptionId);
      const shown = await consentGet(gran.consentToken);
      expect(shown.value).toMatchObject({
        data: { contactName: "Gran", holderName: "Dana Rivera", status: "waiting", minor: false },
      });
      expect(await contactsOf(subscriptionId)).toEqual(beforeGet);

      const yes = await consentPost(gran.consentToken, { choice: "yes" });
      expect((yes.value as { data: TrainingResult }).data.ok).toBe(true);
      const accepted = await contactByEmail("gran@example.com");
      expect(accepted).toMatchObject({ consentMethod: "self", consentBy: "gran@example.com", optedOutAt: null });
      expect(accepted.consentGivenAt).toBeInstanceOf(Date);
      const { data } = await page(cookie);
      expect(data.view.kind === "program" && data.view.contacts[1].statusLabel).toBe("Active");
      // Already agreed: the holder has nothing to resend.
      expect((await post(cookie, { intent: "send-notice", contactId: gran.id })).status).toBe(409);
    });

    it("unknown tokens are a plain 404; a bad choice is a 400 that changes nothing", async () => {
      expect((await consentGet("nope")).thrown?.status).toBe(404);
      expect((await consentGet("A".repeat(43))).thrown?.status).toBe(404);
      expect((await consentPost("A".repeat(43), { choice: "yes" })).value).toMatchObject({ init: { status: 404 } });
      const { cookie, subscriptionId } = await holder("dana@example.com");
      await page(cookie);
      const [dana] = await contactsOf(subscriptionId);
      for (const fields of [{}, { choice: "maybe" }, { choice: "<b>yes</b>" }] as Record<string, string>[]) {
        expect((await consentPost(dana.consentToken, fields)).value).toMatchObject({ init: { status: 400 } });
      }
      expect((await contactsOf(subscriptionId))[0]).toEqual(dana);
    });

    it("no thanks opts out; the holder cannot bring them back; only the person can, from their link", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com", { people: [{ email: "gran@example.com" }] });
      await page(cookie);
      const [, gran] = await contactsOf(subscriptionId);
      await consentPost(gran.consentToken, { choice: "no" });
      const out = await contactByEmail("gran@example.com");
      expect(out.optOutSource).toBe("consent-page");
      expect(out.optedOutAt).toBeInstanceOf(Date);
      expect((await page(cookie)).data.view).toMatchObject({ contacts: [{}, { statusLabel: "Opted out" }] });

      expect((await post(cookie, { intent: "send-notice", contactId: gran.id })).status).toBe(409);
      expect((await post(cookie, { intent: "self-consent", contactId: gran.id })).status).toBe(403);
      expect((await post(cookie, { intent: "resume", contactId: gran.id })).status).toBe(200);
      await post(cookie, { intent: "update", contactId: gran.id, ...editFields(out, { ageBand: "older-adult" }) });
      expect((await contactByEmail("gran@example.com")).optedOutAt).toEqual(out.optedOutAt);
      expect(await outbox()).toEqual([]);

      // The consent page still offers yes, and that is theirs to press.
      expect((await consentGet(gran.consentToken)).value).toMatchObject({ data: { status: "opted-out" } });
      await consentPost(gran.consentToken, { choice: "yes" });
      const back = await contactByEmail("gran@example.com");
      expect(back).toMatchObject({ optedOutAt: null, optOutSource: null, consentMethod: "self" });
    });

    it("a child: the parent confirms (who and when), then the child gets a friendly notice", async () => {
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
      // A child cannot say yes for themselves, and the holder cannot skip the confirmation.
      expect((await post(cookie, { intent: "send-notice", contactId: kid.id })).status).toBe(409);
      const [, child] = await contactsOf(subscriptionId);
      expect((await consentPost(child.consentToken, { choice: "yes" })).value).toMatchObject({ init: { status: 409 } });
      expect((await contactByEmail("kid@example.com")).consentGivenAt).toBeNull();

      const missing = await post(cookie, { intent: "guardian-consent", contactId: kid.id });
      expect(missing.status).toBe(400);
      const before = Date.now();
      const confirmed = await post(cookie, { intent: "guardian-consent", contactId: kid.id, guardian: "on" });
      expect(confirmed.status).toBe(200);
      const active = await contactByEmail("kid@example.com");
      expect(active).toMatchObject({ consentMethod: "guardian", consentBy: userId });
      expect(active.consentGivenAt!.getTime()).toBeGreaterThanOrEqual(before - 5000);
      const notices = await outbox();
      expect(notices.map((m) => [m.channel, m.template, m.recipient])).toEqual([
        ["email", "training-child-notice", "kid@example.com"],
        ["sms", "training-child-notice", "+15550102003"],
      ]);
      expect(notices[0].subject).toBe("Dana Rivera signed you up for scam-spotting practice");
      expect(notices[0].textBody).toContain("Hi Sam!");
      expect(notices[1].textBody).toContain("Reply STOP to end.");
      expect((await page(cookie)).data.view).toMatchObject({
        contacts: [{}, { statusLabel: "Active", ageBandLabel: "Child (8–12)" }],
      });

      // An adult cannot be "confirmed" by the holder.
      const [dana] = await contactsOf(subscriptionId);
      expect((await post(cookie, { intent: "guardian-consent", contactId: dana.id, guardian: "on" })).status).toBe(409);
    });

    it("a new address resets an adult's consent with a new link and notice; a child's guardian confirmation stays", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com", {
        people: [{ email: "gran@example.com" }, { email: "kid@example.com" }],
      });
      await page(cookie);
      const [, gran, kid] = await contactsOf(subscriptionId);
      await consentPost(gran.consentToken, { choice: "yes" });
      await post(cookie, { intent: "update", contactId: kid.id, ...editFields(kid, { ageBand: "teen" }) });
      await post(cookie, { intent: "guardian-consent", contactId: kid.id, guardian: "on" });
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
      const reset = await contactByEmail("gran.new@example.com");
      expect(reset).toMatchObject({ consentGivenAt: null, consentMethod: null, consentBy: null });
      expect(reset.consentToken).not.toBe(gran.consentToken);
      expect((await consentGet(gran.consentToken)).thrown?.status).toBe(404);
      expect((await consentPost(gran.consentToken, { choice: "yes" })).value).toMatchObject({ init: { status: 404 } });
      const [planned] = await suite.handle.db
        .select()
        .from(practiceMessages)
        .where(eq(practiceMessages.token, "planned-1"));
      expect(planned.status).toBe("cancelled");
      const [notice] = await outbox();
      expect(notice).toMatchObject({ recipient: "gran.new@example.com", template: "training-consent-notice" });
      expect(notice.textBody).toContain(`/training/consent/${reset.consentToken}`);

      const teen = await contactByEmail("kid@example.com");
      await post(cookie, { intent: "update", contactId: kid.id, ...editFields(teen, { email: "teen@example.com" }) });
      const moved = await contactByEmail("teen@example.com");
      expect(moved).toMatchObject({ consentMethod: "guardian", consentToken: teen.consentToken });
      expect(moved.consentGivenAt).toEqual(teen.consentGivenAt);
      expect((await outbox()).map((m) => [m.template, m.recipient])).toContainEqual([
        "training-child-notice",
        "teen@example.com",
      ]);

      // Moving a teen to adult starts consent over: an adult says yes themselves.
      await post(cookie, { intent: "update", contactId: kid.id, ...editFields(moved, { ageBand: "adult" }) });
      expect(await contactByEmail("teen@example.com")).toMatchObject({ consentGivenAt: null, consentMethod: null });
    });

    it("the account holder says yes for themselves on the page; nobody else's yes can be given there", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com", { people: [{ email: "gran@example.com" }] });
      const { data } = await page(cookie);
      expect(data.view.kind === "program" && data.view.contacts.map((c) => c.isHolder)).toEqual([true, false]);
      const [dana, gran] = await contactsOf(subscriptionId);
      expect((await post(cookie, { intent: "self-consent", contactId: gran.id })).status).toBe(403);
      const yes = await post(cookie, { intent: "self-consent", contactId: dana.id });
      expect(yes.status).toBe(200);
      expect(await contactByEmail("dana@example.com")).toMatchObject({
        consentMethod: "self",
        consentBy: "dana@example.com",
      });
      expect(await contactByEmail("gran@example.com")).toMatchObject({ consentGivenAt: null });
    });

    it("resending the notice is limited", async () => {
      const { cookie, subscriptionId } = await holder("dana@example.com", { people: [{ email: "gran@example.com" }] });
      await page(cookie);
      const [, gran] = await contactsOf(subscriptionId);
      for (let i = 0; i < 3; i += 1)
        expect((await post(cookie, { intent: "send-notice", contactId: gran.id })).status).toBe(200);
      const limited = await post(cookie, { intent: "send-notice", contactId: gran.id });
      expect(limited.status).toBe(429);
      expect(limited.data.title).toBe("Too many notices");
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
