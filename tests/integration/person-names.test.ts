/**
 * Names other people can write into our mail: better-auth's own endpoints (update-user, sign-up)
 * take only what the site sends, and a name must follow the shared rule (app/validation/fields.ts).
 * On PostgreSQL when TEST_DATABASE_URL is set, else PGlite.
 */
import { describe, expect, it } from "vitest";
import { and, eq, ne } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { FAMILY_TABLES } from "../support/family-tables";
import { signedInCookie } from "../support/users";
import { accounts, sessions, users, verifications } from "~/account/tables";
import { outboxMessages } from "~/mail/tables";
import { requestLimits } from "~/security/tables";
import { getAuth } from "~/account/auth.server";
import { action as apiAuthAction } from "~/routes/api.auth";
import { customers, members, subscriptions } from "~/billing/tables";
import { trainingContacts } from "~/training/tables";
import type { TrainingResult } from "~/training/people/contact-schema";
import type { ConsentView } from "~/training/people/consent.server";
import { callRoute } from "../support/accounts";
import { callAction, callLoader } from "../support/route-calls";
import { action as trainingAction, loader as trainingLoader } from "~/routes/account.training";
import { loader as consentLoader } from "~/routes/training.consent";
import {
  MIXED_SCRIPT_MESSAGE,
  PERSON_NAME_MESSAGE,
  STACKED_MARKS_MESSAGE,
  STYLED_NAME_MESSAGE,
} from "~/validation/fields";

const ORIGIN = "http://localhost:3000";

/**
 * A JSON POST to better-auth's own handler for /api/auth/<path>, as a script (not our pages)
 * would send it. It goes to better-auth directly: the site's route may not expose the endpoint at
 * all (auth-endpoints.server.ts), and what is checked here must hold whichever endpoints it serves.
 */
function authRequest(path: string, body: unknown, cookie?: string) {
  return new Request(`${ORIGIN}/api/auth/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function postAuth(path: string, body: unknown, cookie?: string) {
  const response = await (await getAuth()).handler(authRequest(path, body, cookie));
  const text = await response.text();
  return { status: response.status, message: (text ? (JSON.parse(text) as { message?: string }) : {}).message ?? "" };
}

describe.each(DATABASE_TARGETS)("names written through /api/auth on $name", (target) => {
  const suite = databaseForSuite(target, [sessions, accounts, verifications, users, requestLimits, outboxMessages]);
  const userRow = async (email: string) =>
    (await suite.handle.db.select().from(users).where(eq(users.email, email)))[0];

  it("update-user refuses a name with a line break and a link, and stores nothing", async () => {
    const cookie = await signedInCookie(suite.handle, "pat-names@example.com");
    for (const name of [
      "Pat\nhttp://x.example",
      "Pat\r\nCall 5550100",
      "pat@evil.example",
      "www.evil",
      "x".repeat(61),
    ]) {
      const answer = await postAuth("update-user", { name }, cookie);
      expect(answer, name).toEqual({ status: 400, message: PERSON_NAME_MESSAGE });
    }
    expect((await userRow("pat-names@example.com"))!.name).toBe("pat-names");
  });

  it("the site's /api/auth route stores neither, whatever it answers", async () => {
    const cookie = await signedInCookie(suite.handle, "pat-route@example.com");
    for (const body of [{ name: "Pat\nhttp://x.example" }, { image: "javascript:alert(1)" }]) {
      const response = (await apiAuthAction({
        request: authRequest("update-user", body, cookie),
        params: {},
        context: { clientIp: "198.51.100.78" },
      } as never)) as Response;
      expect([400, 404]).toContain(response.status);
    }
    expect(await userRow("pat-route@example.com")).toMatchObject({ name: "pat-route", image: null });
  });

  it("update-user refuses an image (or any other field) with a clear message, and stores nothing", async () => {
    const cookie = await signedInCookie(suite.handle, "pat-image@example.com");
    const image = await postAuth("update-user", { image: "javascript:alert(1)" }, cookie);
    expect(image.status).toBe(400);
    expect(image.message).toBe("These fields cannot be set here: image. Only name.");
    const both = await postAuth("update-user", { name: "Pat Lee", image: "https://evil.example/x.png" }, cookie);
    expect(both.status).toBe(400);
    expect(both.message).toContain("image");
    const role = await postAuth("update-user", { role: "staff" }, cookie);
    expect(role.status).toBe(400);
    const row = await userRow("pat-image@example.com");
    expect(row).toMatchObject({ name: "pat-image", image: null, role: "member" });
  });

  it("update-user still takes a real name, in any script", async () => {
    const cookie = await signedInCookie(suite.handle, "zoe@example.com");
    expect((await postAuth("update-user", { name: "Zoë O'Brien-Smith" }, cookie)).status).toBe(200);
    expect((await userRow("zoe@example.com"))!.name).toBe("Zoë O'Brien-Smith");
    expect((await postAuth("update-user", { name: "王小明" }, cookie)).status).toBe(200);
    expect((await userRow("zoe@example.com"))!.name).toBe("王小明");
  });

  it("sign-up/email refuses a bad name or an image, and creates no account", async () => {
    const refused = [
      { email: "new1@example.com", password: "secret123", name: "Bob\nhttp://x.example" },
      { email: "new2@example.com", password: "secret123", name: "Call 5550100" },
      { email: "new3@example.com", password: "secret123", name: "Bob", image: "javascript:alert(1)" },
      { email: "new4@example.com", password: "secret123", name: 42 },
      // The account's language is one of the site's two editions (issue #39).
      { email: "new5@example.com", password: "secret123", name: "Bob", language: "fr" },
    ];
    for (const body of refused) {
      const answer = await postAuth("sign-up/email", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await postAuth("sign-up/email", refused[0])).message).toBe(PERSON_NAME_MESSAGE);
    expect(await suite.handle.db.select().from(users)).toEqual([]);
  });

  it("sign-up/email takes a real name, or the email's local part that our own sign-up sends", async () => {
    expect(
      (await postAuth("sign-up/email", { email: "ana@example.com", password: "secret123", name: "Ana Díaz" })).status,
    ).toBe(200);
    expect((await userRow("ana@example.com"))!.name).toBe("Ana Díaz");
    // The Spanish edition's sign-up keeps its language on the account (its emails are Spanish).
    const spanish = { email: "rosa@example.com", password: "secret123", name: "Rosa", language: "es" };
    expect((await postAuth("sign-up/email", spanish)).status).toBe(200);
    expect((await userRow("rosa@example.com"))!.language).toBe("es");
    expect((await userRow("ana@example.com"))!.language).toBe("en");
    // Our /auth form's stand-in (never shown or mailed: see realNameOf) passes even with digits.
    await signedInCookie(suite.handle, "family29164@example.com");
    expect((await userRow("family29164@example.com"))!.name).toBe("family29164");
  });
});

/**
 * What a holder types reaches people who never agreed to anything: the consent notice by email and
 * text, and the page its link opens. The review's names ("Hello Dear Customer Your Parcel Is
 * Held", "Fraud Department. Verify Your Card Now") read as a message there; only a first name may.
 */
describe.each(DATABASE_TARGETS)("names in what reaches an address that has not said yes on $name", (target) => {
  const suite = databaseForSuite(target, [verifications, ...FAMILY_TABLES]);
  const HOSTILE_WORDS = /Dear|Customer|Parcel|Held|Department|Verify|Card|Ｐ|Paypal|Security/;
  const STRANGER = { email: "stranger@example.com", phone: "+15550102009" };

  /** A holder who bought Family Training at checkout under `holderName` (the checkout's name rule allows it). */
  async function holder(holderName: string) {
    const email = "holder-names@example.com";
    const cookie = await signedInCookie(suite.handle, email);
    await suite.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await suite.handle.db.select().from(users).where(eq(users.email, email));
    const [customer] = await suite.handle.db
      .insert(customers)
      .values({ userId: user!.id, name: holderName, email })
      .returning();
    const [subscription] = await suite.handle.db
      .insert(subscriptions)
      .values({
        customerId: customer!.id,
        provider: "demo",
        providerSubscriptionId: `demo_sub_${Math.random().toString(36).slice(2)}`,
        plan: "family",
        status: "active",
        currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning();
    await suite.handle.db
      .insert(members)
      .values({ subscriptionId: subscription!.id, position: 0, name: holderName, email, ageBand: null });
    // Opening the page sets up the Training Program (the holder is its first person).
    await callLoader(trainingLoader, "/account/training", { Cookie: cookie });
    return cookie;
  }

  const post = (cookie: string, fields: Record<string, string>) =>
    callAction<TrainingResult>(trainingAction, "/account/training", fields, { headers: { Cookie: cookie } });
  const addStranger = (cookie: string, name: string) =>
    post(cookie, {
      intent: "add",
      name,
      ageBand: "adult",
      email: STRANGER.email,
      phone: STRANGER.phone,
      emailEnabled: "on",
      smsEnabled: "on",
      timeZone: "America/New_York",
    });
  const noticesTo = (address: string) =>
    suite.handle.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, address), ne(outboxMessages.template, "confirm-email")));
  const consentView = async (notice: { textBody: string }) => {
    const token = notice.textBody.match(/\/training\/consent\/([A-Za-z0-9_-]+)/)![1]!;
    const { value } = await callRoute(consentLoader, new Request(`http://localhost:3000/training/consent/${token}`), {
      token,
    });
    return (value as { data: ConsentView }).data;
  };

  it("a notice shows the person and the holder by their first word only, in the email, the text and the consent page", async () => {
    const cookie = await holder("Fraud Department. Verify Your Card Now");
    expect((await addStranger(cookie, "Hello Dear Customer Your Parcel Is Held")).status).toBe(200);

    const [email] = await noticesTo(STRANGER.email);
    expect(email!.template).toBe("training-consent-notice");
    expect(email!.subject).toBe("You are invited to practice spotting scams");
    expect(email!.textBody).toContain("Hello Hello,");
    expect(email!.textBody).toContain("Fraud signed you up for the scam-free Training Program");
    expect(email!.textBody).toContain("Don't know Fraud, or not Hello?");
    for (const part of [email!.subject, email!.textBody, email!.htmlBody]) expect(part).not.toMatch(HOSTILE_WORDS);

    const [text] = await noticesTo(STRANGER.phone);
    expect(text!.textBody).toContain("scam-free: Fraud signed you up for practice scam texts");
    expect(text!.textBody).not.toMatch(HOSTILE_WORDS);

    const view = await consentView(email!);
    expect(view.names).toEqual({
      holder: "Fraud",
      holderInSentence: "Fraud",
      person: "Hello",
      personInSentence: "Hello",
    });
    expect(JSON.stringify(view)).not.toMatch(HOSTILE_WORDS);
  });

  it("names stored before today's rule that cannot be shown safely give way to neutral words", async () => {
    const cookie = await holder("Dana Rivera");
    expect((await addStranger(cookie, "Grandpa Joe")).status).toBe(200);
    // Written straight into the tables, as rows from before the name rule refused such names.
    await suite.handle.db.update(customers).set({ name: "Ｐａｙｐａｌ Ｓｅｃｕｒｉｔｙ" });
    const [contact] = await suite.handle.db
      .update(trainingContacts)
      .set({ name: "Z̷̢̛a̸l̵g̶o̴ Pаypal" })
      .where(eq(trainingContacts.email, STRANGER.email))
      .returning();
    await suite.handle.db.delete(outboxMessages);

    expect((await post(cookie, { intent: "send-notice", contactId: contact!.id })).status).toBe(200);
    const [email] = await noticesTo(STRANGER.email);
    expect(email!.textBody).toMatch(/^Hello,$/m);
    expect(email!.textBody).toContain("Someone in your family signed you up");
    expect(email!.textBody).toContain("Don't know the person who added you, or not the person this was meant for?");
    for (const part of [email!.subject, email!.textBody, email!.htmlBody]) {
      expect(part).not.toMatch(/Ｐ|Paypal|Pаypal|Z̷|\u0337/);
    }
    const [text] = await noticesTo(STRANGER.phone);
    expect(text!.textBody).toContain("scam-free: Someone in your family signed you up");
    expect((await consentView(email!)).names).toMatchObject({ holder: "Someone in your family", person: null });
  });

  it("the add form refuses styled letters, stacked marks and mixed alphabets with their own message, and sends nothing", async () => {
    const cookie = await holder("Dana Rivera");
    for (const [name, message] of [
      ["Ｐａｙｐａｌ Ｓｅｃｕｒｉｔｙ", STYLED_NAME_MESSAGE],
      ["Z̷̢̛a̸l̵g̶o̴", STACKED_MARKS_MESSAGE],
      ["Pаypal", MIXED_SCRIPT_MESSAGE],
    ]) {
      const answer = await addStranger(cookie, name!);
      expect(answer.status, name).toBe(400);
      expect(answer.data.fields?.name, name).toBe(message);
    }
    expect(
      await suite.handle.db.select().from(trainingContacts).where(eq(trainingContacts.email, STRANGER.email)),
    ).toEqual([]);
    expect(await noticesTo(STRANGER.email)).toEqual([]);
  });

  it("better-auth's update-user refuses them too, and keeps the name", async () => {
    const cookie = await signedInCookie(suite.handle, "pat-styled@example.com");
    expect(await postAuth("update-user", { name: "Ｐａｔ" }, cookie)).toEqual({
      status: 400,
      message: STYLED_NAME_MESSAGE,
    });
    expect(await postAuth("update-user", { name: "Z̷̢̛a̸l̵g̶o̴" }, cookie)).toEqual({
      status: 400,
      message: STACKED_MARKS_MESSAGE,
    });
    const [row] = await suite.handle.db.select().from(users).where(eq(users.email, "pat-styled@example.com"));
    expect(row!.name).toBe("pat-styled");
  });
});
