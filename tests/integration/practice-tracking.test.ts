import { coursePageHref } from "~/course/course-words";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { trackForAgeBand } from "~/course/tracks/course-tracks";
import { withTrack } from "~/course/tracks/track-form";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { count, eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { startFakeTwilio, type FakeTwilio } from "../fakes/twilio-server";
import {
  contactOf,
  eventsOf,
  messageRow,
  newPracticeToken,
  seedContact,
  seedPlannedMessage,
  seedPracticeMessage,
  seedSubscription,
} from "../support/practice-seeds";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { getEnv, resetEnvForTests } from "~/config/env.server";
import { outboxMessages, smsSuppressions } from "~/mail/tables";
import { practiceEvents, practiceSuppressions } from "~/training/tables";
import { practiceLibrary } from "~/training/library/practice-library.server";
import { ArrivedEmail, ArrivedText } from "~/training/tracking/practice-message-view";
import { PRACTICE_NOTICE } from "~/training/tracking/practice-pages";
import { LINK_HITS_KEPT_PER_HOUR } from "~/training/tracking/tracking.server";
import { registerTrainingReplies, unregisterTrainingReplies } from "~/training/tracking/practice-replies.server";
import type { FeedbackView } from "~/training/tracking/practice-feedback.server";
import { action as landingAction, loader as landingLoader } from "~/routes/practice";
import { action as feedbackAction, loader as feedbackLoader } from "~/routes/practice.feedback";
import { action as stopAction, loader as stopLoader } from "~/routes/practice.stop";
import { action as twilioWebhook } from "~/routes/api.webhooks.twilio";
import { loader as mailboxLoader } from "~/routes/dev.mailbox";

const BROWSER =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const PREVIEW_AGENTS: Record<string, string> = {
  "Apple iMessage preview": "facebookexternalhit/1.1 Facebot Twitterbot/1.0",
  "Slack link preview": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  "Google Safe Browsing": "Mozilla/5.0 (compatible; Google-Safety; +http://www.google.com/bot.html)",
  "Microsoft Office link check": "Mozilla/4.0 (compatible; ms-office; MSOffice 16)",
  "no user agent": "",
};

interface Called<T> {
  status: number;
  data: T;
  headers: Headers;
}

/** Calls a route loader or action as React Router would, with the route's params; thrown responses come back as results. */
async function call<T>(
  fn: (args: never) => unknown,
  path: string,
  init: {
    method?: "GET" | "POST";
    userAgent?: string;
    form?: Record<string, string>;
    body?: BodyInit;
    contentType?: string;
  } = {},
): Promise<Called<T>> {
  const method = init.method ?? (init.form || init.body ? "POST" : "GET");
  const headers: Record<string, string> = { "User-Agent": init.userAgent ?? BROWSER };
  if (init.userAgent === "") delete headers["User-Agent"];
  let body: BodyInit | undefined = init.body;
  if (init.form) {
    body = new URLSearchParams(init.form);
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  if (init.contentType) headers["Content-Type"] = init.contentType;
  const request = new Request(`http://localhost:3000${path}`, { method, headers, body });
  const token = path.split("/")[2];
  try {
    return unwrap<T>(await fn({ request, params: { token }, context: { clientIp: "203.0.113.9" } } as never));
  } catch (thrown) {
    return unwrap<T>(thrown);
  }
}

function unwrap<T>(result: unknown): Called<T> {
  if (result instanceof Response) return { status: result.status, data: undefined as T, headers: result.headers };
  const value = result as { type?: string; data?: T; init?: { status?: number; headers?: HeadersInit } };
  if (value && value.type === "DataWithResponseInit") {
    return { status: value.init?.status ?? 200, data: value.data as T, headers: new Headers(value.init?.headers) };
  }
  if (result instanceof Error) throw result;
  return { status: 200, data: result as T, headers: new Headers() };
}

const EMAIL_SCENARIO = "email-already-friends-request";
const SMS_SCENARIO = "sms-account-locked-unlock";

describe.each(DATABASE_TARGETS)("practice tracking on $name", (target) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(() => useDatabaseForTests(handle));

  const db = () => handle.db;

  /** Why this person's address (their email, or their phone for "sms") is suppressed, or null. */
  async function optOutOf(contactId: string, channel: "email" | "sms" = "email") {
    const contact = await contactOf(db(), contactId);
    const address = channel === "email" ? contact.email!.toLowerCase() : contact.phone!;
    const [row] = await db().select().from(practiceSuppressions).where(eq(practiceSuppressions.address, address));
    return row?.reason ?? null;
  }
  const allEvents = async () => (await db().select({ n: count() }).from(practiceEvents))[0].n;

  describe("the landing page /practice/:token", () => {
    it("records a GET as link_fetched only, with the agent and the seconds since delivery, and shows the scenario's heading and button", async () => {
      const seeded = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO, level: 2, sentSecondsAgo: 600 });
      const page = await call<Record<string, string>>(landingLoader, `/practice/${seeded.token}`);
      expect(page.status).toBe(200);
      const scenario = practiceLibrary().byId(EMAIL_SCENARIO)!;
      // The invented organisation's page: its name, colour and mark, its heading and one button.
      expect(page.data).toEqual({
        organisation: scenario.landing.organisation ?? scenario.from.name,
        heading: scenario.landing.heading,
        button: scenario.landing.button,
        colour: scenario.landing.colour,
        mark: scenario.landing.mark,
        language: "en",
      });
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      expect(page.headers.get("Referrer-Policy")).toBe("same-origin");

      await call(landingLoader, `/practice/${seeded.token}`);
      const events = await eventsOf(db(), seeded.messageId);
      expect(events).toHaveLength(2);
      for (const event of events) {
        expect(event).toMatchObject({ kind: "link_fetched", userAgent: BROWSER, flagged: false, detail: null });
        expect(event.secondsSinceDelivery).toBeGreaterThanOrEqual(600);
        expect(event.secondsSinceDelivery).toBeLessThan(660);
      }
      expect((await contactOf(db(), seeded.contactId)).level).toBe(2);
    });

    it("never records a click for a GET, even from preview agents, and flags those fetches by name", async () => {
      const seeded = await seedPracticeMessage(db(), { scenarioId: SMS_SCENARIO, level: 2 });
      for (const agent of Object.values(PREVIEW_AGENTS)) {
        expect((await call(landingLoader, `/practice/${seeded.token}`, { userAgent: agent })).status).toBe(200);
      }
      const events = await eventsOf(db(), seeded.messageId);
      expect(events.map((e) => e.kind)).toEqual(Object.values(PREVIEW_AGENTS).map(() => "link_fetched"));
      expect(events.every((e) => e.flagged)).toBe(true);
      expect(events.map((e) => e.detail)).toEqual(Object.keys(PREVIEW_AGENTS).map((name) => `preview-agent: ${name}`));
      expect(events[4].userAgent).toBeNull();
      expect((await contactOf(db(), seeded.contactId)).level).toBe(2);
    });

    it("flags a fetch within seconds of delivery, and keeps a user agent to 300 characters", async () => {
      const seeded = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO, sentSecondsAgo: 2 });
      await call(landingLoader, `/practice/${seeded.token}`, { userAgent: `${BROWSER} ${"x".repeat(400)}` });
      const [event] = await eventsOf(db(), seeded.messageId);
      expect(event.flagged).toBe(true);
      expect(event.detail).toMatch(/^too-soon-after-delivery: [0-9]s$/);
      expect(event.userAgent).toHaveLength(300);

      const unsent = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO, sentSecondsAgo: null });
      await call(landingLoader, `/practice/${unsent.token}`);
      expect(await eventsOf(db(), unsent.messageId)).toEqual([
        expect.objectContaining({ kind: "link_fetched", secondsSinceDelivery: null, flagged: false }),
      ]);
    });

    it("keeps at most ten link fetches of one message an hour, and presses after its outcome likewise, while a first press still counts", async () => {
      const seeded = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO, level: 3, sentSecondsAgo: 600 });
      const fetches = [];
      for (let i = 0; i < 200; i++) fetches.push((await call(landingLoader, `/practice/${seeded.token}`)).status);
      expect(fetches.every((status) => status === 200)).toBe(true);
      expect((await eventsOf(db(), seeded.messageId)).map((e) => e.kind)).toEqual(
        Array(LINK_HITS_KEPT_PER_HOUR).fill("link_fetched"),
      );

      // Scanners filling the allowance do not stop the person's own first press from counting.
      for (let i = 0; i < 30; i++) {
        await call(landingAction, `/practice/${seeded.token}`, {
          form: { intent: "click" },
          userAgent: PREVIEW_AGENTS["Slack link preview"],
        });
      }
      await call(landingAction, `/practice/${seeded.token}`, { form: { intent: "click" } });
      expect((await contactOf(db(), seeded.contactId)).level).toBe(2);
      for (let i = 0; i < 30; i++)
        await call(landingAction, `/practice/${seeded.token}`, { form: { intent: "click" } });
      const clicks = (await eventsOf(db(), seeded.messageId)).filter((e) => e.kind === "clicked");
      expect(clicks.filter((e) => e.flagged)).toHaveLength(LINK_HITS_KEPT_PER_HOUR);
      expect(clicks.filter((e) => !e.flagged)).toHaveLength(1);
      expect((await contactOf(db(), seeded.contactId)).level).toBe(2);
    });

    it("records the button's POST as clicked, moves the level down once, and sends the person to the feedback page", async () => {
      const seeded = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO, level: 3 });
      const pressed = await call(landingAction, `/practice/${seeded.token}`, { form: { intent: "click" } });
      expect(pressed.status).toBe(302);
      expect(pressed.headers.get("Location")).toBe(`/practice/${seeded.token}/feedback`);
      expect((await contactOf(db(), seeded.contactId)).level).toBe(2);

      // A second press (a double-click, a reload) is recorded but the message moved the level once.
      await call(landingAction, `/practice/${seeded.token}`, { form: { intent: "click" } });
      expect((await contactOf(db(), seeded.contactId)).level).toBe(2);
      const events = await eventsOf(db(), seeded.messageId);
      expect(events.map((e) => [e.kind, e.flagged])).toEqual([
        ["clicked", false],
        ["clicked", false],
      ]);

      // Another message's fall moves it again, never below 1.
      const second = await seedPracticeMessage(db(), { scenarioId: SMS_SCENARIO, contactId: seeded.contactId });
      await call(landingAction, `/practice/${second.token}`, { form: { intent: "click" } });
      expect((await contactOf(db(), seeded.contactId)).level).toBe(1);
      const third = await seedPracticeMessage(db(), {
        scenarioId: "sms-bank-card-frozen",
        contactId: seeded.contactId,
      });
      await call(landingAction, `/practice/${third.token}`, { form: { intent: "click" } });
      expect((await contactOf(db(), seeded.contactId)).level).toBe(1);
    });

    it("moves the level once when several presses of one message arrive at the same moment", async () => {
      const seeded = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO, level: 3 });
      const presses = await Promise.all(
        Array.from({ length: 6 }, () =>
          call(landingAction, `/practice/${seeded.token}`, { form: { intent: "click" } }),
        ),
      );
      expect(presses.map((p) => p.status)).toEqual(Array(6).fill(302));
      expect(await eventsOf(db(), seeded.messageId)).toHaveLength(6);
      expect((await contactOf(db(), seeded.contactId)).level).toBe(2);
    });

    it("flags a POST from a preview agent and does not count it as a fall; a person's press afterwards counts once", async () => {
      const seeded = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO, level: 2 });
      await call(landingAction, `/practice/${seeded.token}`, {
        form: { intent: "click" },
        userAgent: PREVIEW_AGENTS["Apple iMessage preview"],
      });
      expect((await contactOf(db(), seeded.contactId)).level).toBe(2);
      await call(landingAction, `/practice/${seeded.token}`, { form: { intent: "click" } });
      expect((await contactOf(db(), seeded.contactId)).level).toBe(1);
      expect((await eventsOf(db(), seeded.messageId)).map((e) => [e.kind, e.flagged, e.detail])).toEqual([
        ["clicked", true, "preview-agent: Apple iMessage preview"],
        ["clicked", false, null],
      ]);

      const tooSoon = await seedPracticeMessage(db(), { scenarioId: SMS_SCENARIO, level: 2, sentSecondsAgo: 1 });
      await call(landingAction, `/practice/${tooSoon.token}`, { form: { intent: "click" } });
      expect((await contactOf(db(), tooSoon.contactId)).level).toBe(2);
      expect((await eventsOf(db(), tooSoon.messageId))[0]).toMatchObject({ kind: "clicked", flagged: true });
    });

    it("refuses a POST without the button's intent (400/415) and records nothing", async () => {
      const seeded = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO, level: 2 });
      const path = `/practice/${seeded.token}`;
      expect((await call(landingAction, path, { form: {} })).status).toBe(400);
      expect((await call(landingAction, path, { form: { intent: "spotted" } })).status).toBe(400);
      expect((await call(landingAction, path, { form: { intent: "<script>alert(1)</script>" } })).status).toBe(400);
      expect(
        (await call(landingAction, path, { body: '{"intent":"click"}', contentType: "application/json" })).status,
      ).toBe(415);
      expect((await call(landingAction, path, { method: "GET" })).status).toBe(405);
      expect(await eventsOf(db(), seeded.messageId)).toEqual([]);
      expect((await contactOf(db(), seeded.contactId)).level).toBe(2);
    });
  });

  describe("the pages after a Spanish practice message's link are in Spanish (issue #39)", () => {
    it("landing, feedback, 'La descubrí', stop: Spanish words, Spanish red-flag pages, Spanish answers", async () => {
      const spanish = practiceLibrary()
        .scenariosIn("es")
        .find((scenario) => scenario.channel === "email" && scenario.ageBands.includes("older-adult"))!;
      const seeded = await seedPracticeMessage(db(), { scenarioId: spanish.id, ageBand: "older-adult" });
      const path = `/practice/${seeded.token}`;
      const landing = await call<{ language: string; heading: string }>(landingLoader, path);
      expect(landing.data).toMatchObject({ language: "es", heading: spanish.landing.heading });

      const feedback = await call<FeedbackView>(feedbackLoader, `${path}/feedback`);
      expect(feedback.status).toBe(200);
      expect(feedback.data.language).toBe("es");
      expect(feedback.data.checkerHref).toBe(`${getEnv().APP_URL}/es/check`);
      expect(feedback.data.redFlags.map((flag) => flag.where)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^(el remitente|la dirección del remitente|el asunto|el mensaje)$/),
        ]),
      );
      for (const flag of feedback.data.redFlags) expect(flag.learnMore.href).toContain("/es/red-flags/");

      const refused = await call(feedbackAction, `${path}/feedback`, { form: { intent: "click" } });
      expect(refused).toMatchObject({ status: 400, data: { title: "No se cambió nada" } });
      const spotted = await call<{ title: string; message: string }>(feedbackAction, `${path}/feedback`, {
        form: { intent: "spotted" },
      });
      expect(spotted.data).toMatchObject({ title: "¡Bien visto!", message: "Anotamos que la descubrió." });

      expect((await call<{ state: string; language: string }>(stopLoader, `${path}/stop`)).data).toEqual({
        state: "confirm",
        language: "es",
      });
      const stopped = await call<{ state: string; language: string }>(stopAction, `${path}/stop`, {
        form: { intent: "stop" },
      });
      expect(stopped.data).toEqual({ state: "stopped", language: "es" });

      // The local mailbox plays her mail program: its buttons are in her language too.
      const mailbox = await call<{ selected: { reportable: boolean; language: string } }>(
        mailboxLoader,
        `/dev/mailbox?id=${seeded.outboxMessageId}`,
      );
      expect(mailbox.data.selected).toMatchObject({ reportable: true, language: "es" });
    });
  });

  describe("the feedback page /practice/:token/feedback", () => {
    it("numbers every red flag of every scenario in the library, in the message and in the list, and records nothing", async () => {
      const subscriptionId = await seedSubscription(db());
      const before = await allEvents();
      for (const scenario of practiceLibrary().scenarios) {
        const band = scenario.ageBands[0];
        const seeded = await seedPracticeMessage(db(), { scenarioId: scenario.id, subscriptionId, ageBand: band });
        const page = await call<FeedbackView & { linkText: string }>(
          feedbackLoader,
          `/practice/${seeded.token}/feedback`,
        );
        expect(page.status, scenario.id).toBe(200);
        const numbers = scenario.redFlags.map((_, index) => index + 1);
        expect(
          page.data.redFlags.map((flag) => flag.number),
          scenario.id,
        ).toEqual(numbers);
        // Every red flag, once, numbered in reading order (issue #23), not in the file's order.
        expect(page.data.redFlags.map((flag) => flag.why).sort()).toEqual(
          scenario.redFlags.map((flag) => flag.why).sort(),
        );
        for (const flag of page.data.redFlags) {
          const listed = scenario.redFlags.find((redFlag) => redFlag.quote === flag.quote)!;
          // The page is on the practice host: links to the site are absolute. "Learn more" opens the
          // public red-flag page (no account); the course page is in the data for the holder's view,
          // which shows it to members (issue #23).
          // In the course track of the person's age (issue #37), and for a Spanish message the
          // course's Spanish edition where the page is written in Spanish (issue #39).
          expect(flag.course.href).toBe(
            `${getEnv().APP_URL}${withTrack(coursePageHref(listed.coursePage, scenario.language ?? "en"), trackForAgeBand(band!))}`,
          );
          expect(flag.course.title, `${scenario.id} page ${flag.course.href}`).not.toMatch(/^Page \d+$/);
          // The public page of the red flag's own kind, which the red flag names (issue #35), in
          // the message's language: a Spanish message's page is /es/red-flags/… (issue #39).
          const edition = scenario.language === "es" ? "/es" : "";
          expect(flag.learnMore.href).toBe(`${getEnv().APP_URL}${edition}/red-flags/${listed.page}`);
        }
        expect(page.data.friendly).toBe(band === "child" || band === "teen");
        expect(page.data.nextTime).toBe(scenario.nextTime);
        expect(page.data.outcome).toBeNull();

        // The message as drawn: one numbered highlight per red flag, around the quoted words.
        const view = scenario.channel === "email" ? ArrivedEmail : ArrivedText;
        const html = renderToStaticMarkup(
          createElement(view, { message: page.data.message, linkText: page.data.linkText }),
        );
        const marks = [...html.matchAll(/<mark data-red-flag="(\d+)"[^>]*>([\s\S]*?)<\/mark>/g)];
        // Each red flag is highlighted exactly once, and down the page they read 1, 2, 3 …
        expect(
          marks.map((m) => Number(m[1])),
          scenario.id,
        ).toEqual(numbers);
        for (const [, number, inner] of marks) {
          expect(inner).toContain(`<span class="sr-only">Red flag ${number}: </span>`);
        }
      }
      expect(await allEvents()).toBe(before);
    });

    it("uses friendlier words for a child and says what happened after a click", async () => {
      const child = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO, ageBand: "child" });
      await call(landingAction, `/practice/${child.token}`, { form: { intent: "click" } });
      const page = await call<FeedbackView>(feedbackLoader, `/practice/${child.token}/feedback`);
      expect(page.data).toMatchObject({ friendly: true, outcome: "clicked", channel: "email" });
      // For the real messages that come next: "Is this a scam?" on the main site.
      expect(page.data.checkerHref).toMatch(/^https?:\/\/[^/]+\/check$/);
      expect(PRACTICE_NOTICE).toBe(
        "This was a practice message from scam-free. Nothing happened, and nothing you type here is collected.",
      );
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      expect((await eventsOf(db(), child.messageId)).map((e) => e.kind)).toEqual(["clicked"]);
    });

    it("records 'I spotted it' once per message and moves the level up once, never above 3; it is not a fall", async () => {
      const seeded = await seedPracticeMessage(db(), { scenarioId: SMS_SCENARIO, level: 2 });
      const path = `/practice/${seeded.token}/feedback`;
      const spotted = await call<{ ok: boolean }>(feedbackAction, path, { form: { intent: "spotted" } });
      expect(spotted).toMatchObject({ status: 200, data: { ok: true } });
      expect((await contactOf(db(), seeded.contactId)).level).toBe(3);
      await call(feedbackAction, path, { form: { intent: "spotted" } });
      expect((await eventsOf(db(), seeded.messageId)).map((e) => e.kind)).toEqual(["spotted"]);
      expect((await call<FeedbackView>(feedbackLoader, path)).data.outcome).toBe("spotted");

      // Pressing the landing page's button afterwards is recorded, but the message already moved the level.
      await call(landingAction, `/practice/${seeded.token}`, { form: { intent: "click" } });
      expect((await contactOf(db(), seeded.contactId)).level).toBe(3);

      const next = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO, contactId: seeded.contactId });
      await call(feedbackAction, `/practice/${next.token}/feedback`, { form: { intent: "spotted" } });
      expect((await contactOf(db(), seeded.contactId)).level).toBe(3);
      expect((await eventsOf(db(), next.messageId)).map((e) => e.kind)).toEqual(["spotted"]);
    });

    it("refuses a POST without the spotted intent and records nothing", async () => {
      const seeded = await seedPracticeMessage(db(), { scenarioId: SMS_SCENARIO, level: 2 });
      const path = `/practice/${seeded.token}/feedback`;
      expect((await call(feedbackAction, path, { form: { intent: "click" } })).status).toBe(400);
      expect(
        (await call(feedbackAction, path, { form: { intent: "spotted", name: "x" }, contentType: "text/plain" }))
          .status,
      ).toBe(415);
      expect(await eventsOf(db(), seeded.messageId)).toEqual([]);
      expect((await contactOf(db(), seeded.contactId)).level).toBe(2);
    });
  });

  describe("unknown and tampered tokens", () => {
    it("get a plain 404 on every practice page and record nothing", async () => {
      const seeded = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO });
      const planned = await seedPlannedMessage(db(), seeded.contactId, SMS_SCENARIO);
      const plannedToken = (await messageRow(db(), planned)).token;
      const flipped = `${seeded.token.slice(0, -1)}${seeded.token.endsWith("A") ? "B" : "A"}`;
      const tokens = [
        newPracticeToken(),
        flipped,
        seeded.token.slice(0, 42),
        `${seeded.token}A`,
        seeded.token.replace(/^./, "."),
        "' OR 1=1 --",
        "abc",
        plannedToken, // never sent, so nobody holds its link
      ];
      const before = await allEvents();
      for (const token of tokens) {
        const base = `/practice/${encodeURIComponent(token)}`;
        expect((await call(landingLoader, base)).status, token).toBe(404);
        expect((await call(landingAction, base, { form: { intent: "click" } })).status, token).toBe(404);
        expect((await call(feedbackLoader, `${base}/feedback`)).status, token).toBe(404);
        expect((await call(feedbackAction, `${base}/feedback`, { form: { intent: "spotted" } })).status, token).toBe(
          404,
        );
        expect((await call(stopLoader, `${base}/stop`)).status, token).toBe(404);
        expect(
          (await call(stopAction, `${base}/stop`, { form: { "List-Unsubscribe": "One-Click" } })).status,
          token,
        ).toBe(404);
      }
      expect(await allEvents()).toBe(before);
      expect(await optOutOf(seeded.contactId)).toBeNull();
      expect((await messageRow(db(), planned)).status).toBe("planned");
    });
  });

  describe("the stop page /practice/:token/stop", () => {
    it("changes nothing on GET (scanners open links); its button opts the contact out, cancels planned messages and records opted_out once", async () => {
      const seeded = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO });
      const planned = await seedPlannedMessage(db(), seeded.contactId, SMS_SCENARIO);
      const path = `/practice/${seeded.token}/stop`;
      for (const agent of [BROWSER, PREVIEW_AGENTS["Microsoft Office link check"]]) {
        const page = await call<{ state: string }>(stopLoader, path, { userAgent: agent });
        expect(page).toMatchObject({ status: 200, data: { state: "confirm" } });
      }
      expect(await optOutOf(seeded.contactId)).toBeNull();
      expect((await messageRow(db(), planned)).status).toBe("planned");
      expect(await eventsOf(db(), seeded.messageId)).toEqual([]);

      const stopped = await call<{ state: string }>(stopAction, path, { form: { intent: "stop" } });
      expect(stopped).toMatchObject({ status: 200, data: { state: "stopped" } });
      expect(await optOutOf(seeded.contactId)).toBe("stop-link");
      expect(await messageRow(db(), planned)).toMatchObject({
        status: "cancelled",
        cancelReason: "opted out (stop-link)",
      });
      expect((await eventsOf(db(), seeded.messageId)).map((e) => [e.kind, e.detail])).toEqual([
        ["opted_out", "stop-link"],
      ]);

      expect((await call<{ state: string }>(stopAction, path, { form: { intent: "stop" } })).data.state).toBe(
        "already-stopped",
      );
      expect((await call<{ state: string }>(stopLoader, path)).data.state).toBe("already-stopped");
      expect(await eventsOf(db(), seeded.messageId)).toHaveLength(1);
    });

    it("opts out with a mail app's RFC 8058 one-click POST, urlencoded or multipart", async () => {
      const urlencoded = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO });
      const plannedA = await seedPlannedMessage(db(), urlencoded.contactId, SMS_SCENARIO);
      const result = await call<{ state: string }>(stopAction, `/practice/${urlencoded.token}/stop`, {
        form: { "List-Unsubscribe": "One-Click" },
        userAgent: "Mozilla/5.0 (compatible; Googlebot-Email)",
      });
      expect(result.data.state).toBe("stopped");
      expect(await optOutOf(urlencoded.contactId)).toBe("one-click");
      expect((await messageRow(db(), plannedA)).status).toBe("cancelled");

      const multipart = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO });
      const body = new FormData();
      body.set("List-Unsubscribe", "One-Click");
      const request = new Request(`http://localhost:3000/practice/${multipart.token}/stop`, { method: "POST", body });
      await stopAction({ request, params: { token: multipart.token }, context: {} } as never);
      expect(await optOutOf(multipart.contactId)).toBe("one-click");
      expect((await eventsOf(db(), multipart.messageId)).map((e) => e.kind)).toEqual(["opted_out"]);
    });

    it("refuses a POST that is neither the button nor a one-click (400/415) and stops nothing", async () => {
      const seeded = await seedPracticeMessage(db(), { scenarioId: EMAIL_SCENARIO });
      const path = `/practice/${seeded.token}/stop`;
      expect((await call(stopAction, path, { form: {} })).status).toBe(400);
      expect((await call(stopAction, path, { form: { "List-Unsubscribe": "<b>yes</b>" } })).status).toBe(400);
      expect((await call(stopAction, path, { form: { intent: "click" } })).status).toBe(400);
      expect(
        (await call(stopAction, path, { body: "List-Unsubscribe=One-Click", contentType: "text/plain" })).status,
      ).toBe(415);
      expect((await call(stopAction, path, { method: "GET" })).status).toBe(405);
      expect(await optOutOf(seeded.contactId)).toBeNull();
      expect(await eventsOf(db(), seeded.messageId)).toEqual([]);
    });
  });

  describe("replies to practice texts at /api/webhooks/twilio", () => {
    const WEBHOOK_URL = "http://localhost:3000/api/webhooks/twilio";
    let twilio: FakeTwilio;

    beforeAll(async () => {
      twilio = await startFakeTwilio();
      Object.assign(process.env, {
        TWILIO_ACCOUNT_SID: twilio.accountSid,
        TWILIO_AUTH_TOKEN: twilio.authToken,
        TWILIO_FROM: "+15005550006",
      });
      resetEnvForTests();
      registerTrainingReplies();
      registerTrainingReplies(); // twice: still one listener
    });
    afterAll(async () => {
      unregisterTrainingReplies();
      for (const key of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"]) delete process.env[key];
      resetEnvForTests();
      await twilio.close();
    });

    const inbound = (from: string, body: string) => ({
      MessageSid: `SM${from.slice(1)}${body.length}`,
      AccountSid: twilio.accountSid,
      From: from,
      To: "+15005550006",
      Body: body,
    });
    async function post(params: Record<string, string>, signature: string | null) {
      const request = new Request(WEBHOOK_URL, {
        method: "POST",
        body: new URLSearchParams(params),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          ...(signature === null ? {} : { "X-Twilio-Signature": signature }),
        },
      });
      return (await twilioWebhook({ request, params: {}, context: {} } as never)) as Response;
    }

    it("records SCAM or SPOTTED as a report of that phone's latest practice text, once, answers it once, and moves the level up once", async () => {
      const phone = "+15555550142";
      const older = await seedPracticeMessage(db(), {
        scenarioId: "sms-bank-card-frozen",
        phone,
        level: 1,
        queuedSecondsAgo: 8 * 86_400,
      });
      const latest = await seedPracticeMessage(db(), {
        scenarioId: SMS_SCENARIO,
        contactId: older.contactId,
        phone,
        queuedSecondsAgo: 3_600,
      });
      // An email to the same person is not what a text reply is about.
      const email = await seedPracticeMessage(db(), {
        scenarioId: EMAIL_SCENARIO,
        contactId: older.contactId,
        queuedSecondsAgo: 60,
      });

      const scam = inbound(phone, " scam ");
      expect((await post(scam, twilio.sign(WEBHOOK_URL, scam))).status).toBe(200);
      expect((await eventsOf(db(), latest.messageId)).map((e) => [e.kind, e.flagged])).toEqual([["reported", false]]);
      expect(await eventsOf(db(), older.messageId)).toEqual([]);
      expect(await eventsOf(db(), email.messageId)).toEqual([]);
      expect((await contactOf(db(), older.contactId)).level).toBe(2);
      const thanks = async () =>
        (await db().select().from(outboxMessages)).filter((row) => row.template === "practice-report-thanks");
      expect(await thanks()).toHaveLength(1);
      expect((await thanks())[0]).toMatchObject({ channel: "sms", recipient: phone });
      expect((await thanks())[0]!.textBody).toMatch(
        new RegExp(
          `^Well spotted: that was a practice message\\. See all its red flags: \\S+/practice/${latest.token}/feedback$`,
        ),
      );

      const again = inbound(phone, "SPOTTED");
      expect((await post(again, twilio.sign(WEBHOOK_URL, again))).status).toBe(200);
      expect(await eventsOf(db(), latest.messageId)).toHaveLength(1);
      expect((await contactOf(db(), older.contactId)).level).toBe(2);
      expect(await thanks()).toHaveLength(1);

      // The older text forwarded back to our number reports that one, by its link.
      const forwarded = inbound(phone, `Is this real? https://go.practice.example/practice/${older.token}`);
      expect((await post(forwarded, twilio.sign(WEBHOOK_URL, forwarded))).status).toBe(200);
      expect((await eventsOf(db(), older.messageId)).map((e) => [e.kind, e.flagged])).toEqual([["reported", false]]);
      expect(await thanks()).toHaveLength(2);
      // Forwarded by another phone: kept, flagged, not counted, and that phone gets no answer.
      const stranger = inbound("+15555550177", `https://go.practice.example/practice/${latest.token}`);
      expect((await post(stranger, twilio.sign(WEBHOOK_URL, stranger))).status).toBe(200);
      expect((await eventsOf(db(), latest.messageId)).map((e) => [e.kind, e.flagged, e.detail])).toEqual([
        ["reported", false, "reply: scam"],
        ["reported", true, "forwarded text; reported-by-another-address"],
      ]);
      expect(await thanks()).toHaveLength(2);

      // Other words and unknown numbers change nothing.
      for (const params of [inbound(phone, "is this a scam?"), inbound("+15555550199", "SCAM")]) {
        expect((await post(params, twilio.sign(WEBHOOK_URL, params))).status).toBe(200);
      }
      expect(await eventsOf(db(), latest.messageId)).toHaveLength(2);
    });

    it("opts out every training contact with that phone on STOP, cancels their planned messages and records opted_out", async () => {
      const phone = "+15555550143";
      const first = await seedPracticeMessage(db(), { scenarioId: SMS_SCENARIO, phone });
      const plannedFirst = await seedPlannedMessage(db(), first.contactId, "sms-bank-card-frozen");
      // The same phone in another family (a shared phone), with nothing sent yet.
      const other = await seedContact(db(), { phone });
      const plannedOther = await seedPlannedMessage(db(), other.contactId, SMS_SCENARIO);
      const bystander = await seedPracticeMessage(db(), { scenarioId: SMS_SCENARIO, phone: "+15555550144" });

      const stop = inbound(phone, "Stop");
      expect((await post(stop, twilio.sign(WEBHOOK_URL, stop))).status).toBe(200);
      for (const contactId of [first.contactId, other.contactId]) {
        expect(await optOutOf(contactId, "sms")).toBe("sms-stop");
      }
      expect((await messageRow(db(), plannedFirst)).status).toBe("cancelled");
      expect((await messageRow(db(), plannedOther)).status).toBe("cancelled");
      expect((await eventsOf(db(), first.messageId)).map((e) => [e.kind, e.detail])).toEqual([
        ["opted_out", "sms-stop"],
      ]);
      expect((await db().select().from(smsSuppressions).where(eq(smsSuppressions.phone, phone))).length).toBe(1);
      expect(await optOutOf(bystander.contactId)).toBeNull();

      // Another opt-out word later records nothing more.
      const quit = inbound(phone, "QUIT");
      await post(quit, twilio.sign(WEBHOOK_URL, quit));
      expect(await eventsOf(db(), first.messageId)).toHaveLength(1);
    });

    it("answers 403 to a wrong or missing signature and records nothing", async () => {
      const phone = "+15555550145";
      const seeded = await seedPracticeMessage(db(), { scenarioId: SMS_SCENARIO, phone, level: 2 });
      const before = await allEvents();
      for (const body of ["SCAM", "STOP"]) {
        const params = inbound(phone, body);
        for (const signature of [
          twilio.sign(WEBHOOK_URL, params, "not-the-auth-token"),
          null,
          twilio.sign(WEBHOOK_URL, { ...params, Body: "HELLO" }),
        ]) {
          expect((await post(params, signature)).status).toBe(403);
        }
      }
      expect(await allEvents()).toBe(before);
      expect(await contactOf(db(), seeded.contactId)).toMatchObject({ level: 2 });
      expect(await optOutOf(seeded.contactId)).toBeNull();
    });
  });
});
