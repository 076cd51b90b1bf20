import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, MemoryRouter } from "react-router";
import { eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { FAMILY_TABLES } from "../support/family-tables";
import { databaseForSuite } from "../support/suite-database";
import { callLoader } from "../support/route-calls";
import { signedInCookie } from "../support/users";
import { createTestFamily } from "../support/training-family";
import { users } from "~/account/tables";
import { subscriptions } from "~/billing/tables";
import {
  practiceAddressConsents,
  practiceEvents,
  practiceMessages,
  trainingContacts,
  trainingPrograms,
} from "~/training/tables";
import { SiteHeader } from "~/layout/site-header";
import { loader as rootLoader } from "~/root";
import AccountTraining, { loader as trainingLoader } from "~/routes/account.training";

/**
 * Issue 35: once set-up is done and everyone has answered, Your Training Program leads with the
 * family's results (before that, set-up leads, as it always did); and "Training" in the signed-in
 * menu opens a plan holder's own Training Program. The page is the route's own component, drawn on
 * the server from its own loader's answer, as a phone with no script would get it.
 */

type TrainingData = Awaited<ReturnType<typeof trainingLoader>>;

/** The page as the server renders it, from the loader's answer. */
function renderTrainingPage(loaderData: TrainingData) {
  const Stub = createRoutesStub([{ id: "training", path: "/account/training", Component: AccountTraining as never }]);
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/account/training"],
      hydrationData: { loaderData: { training: loaderData } },
    }),
  );
}

/** The page's words without React's text separators. */
const text = (html: string) => html.replaceAll("<!-- -->", "");

/** Where each of these headings starts in the page (-1: not there). */
function positions(html: string, headings: string[]) {
  return Object.fromEntries(headings.map((heading) => [heading, html.indexOf(`>${heading}</h2>`)]));
}

describe.each(DATABASE_TARGETS)("results first on Your Training Program, on $name", (target) => {
  const suite = databaseForSuite(target, FAMILY_TABLES);
  const db = () => suite.handle.db;

  /** Maria's family: herself, her father Jorge (texts) and her son Leo, as she bought it. */
  async function mariasFamily(options: { leoConfirmed: boolean; jorgeAnswered: boolean }) {
    const cookie = await signedInCookie(suite.handle, "maria@example.com");
    const [user] = await db().select().from(users).where(eq(users.email, "maria@example.com"));
    const family = await createTestFamily(db(), {
      holderName: "Maria Lopez",
      holderEmail: "maria@example.com",
      userId: user!.id,
      contacts: [
        { name: "Maria Lopez", ageBand: "adult", email: "maria@example.com" },
        { name: "Jorge", ageBand: "older-adult", email: null, phone: "+15555550177", consent: options.jorgeAnswered },
        { name: "Leo", ageBand: "child", email: "leo@example.com", consent: options.leoConfirmed },
      ],
    });
    // Its checkout people were copied in already (as the page does on the first visit).
    await db().insert(trainingPrograms).values({ subscriptionId: family.subscription.id });
    return { cookie, family };
  }

  const load = async (cookie: string) => {
    const page = await callLoader<TrainingData>(trainingLoader, "/account/training", { Cookie: cookie });
    expect(page.status).toBe(200);
    return page.data;
  };

  it("leads with set-up until it is done, then with the family's results", async () => {
    const { cookie } = await mariasFamily({ leoConfirmed: false, jorgeAnswered: false });

    // Leo is not confirmed yet: the set-up checklist leads, and the results wait at the bottom.
    const first = await load(cookie);
    expect(first.resultsFirst).toBe(false);
    let html = renderTrainingPage(first);
    let at = positions(html, [
      "Set up your family&#x27;s training",
      "How it works",
      "People",
      "How your family is doing",
    ]);
    expect(at["Set up your family&#x27;s training"]).toBeGreaterThan(-1);
    expect(at["Set up your family&#x27;s training"]).toBeLessThan(at["How it works"]!);
    expect(at["People"]).toBeLessThan(at["How your family is doing"]!);

    // Leo confirmed; Jorge has his notice but has not answered: set-up is done, not everyone has answered.
    const leo = await db().select().from(trainingContacts).where(eq(trainingContacts.name, "Leo"));
    await db()
      .update(trainingContacts)
      .set({ guardianConfirmedAt: new Date(), guardianUserId: (await db().select().from(users))[0]!.id })
      .where(eq(trainingContacts.id, leo[0]!.id));
    await db()
      .update(practiceAddressConsents)
      .set({ confirmedAt: new Date(), confirmedHow: "notice-link" })
      .where(eq(practiceAddressConsents.address, "leo@example.com"));
    const second = await load(cookie);
    expect(second.resultsFirst).toBe(false);
    html = renderTrainingPage(second);
    at = positions(html, ["Set up your family&#x27;s training", "How it works", "People", "How your family is doing"]);
    expect(at["Set up your family&#x27;s training"]).toBe(-1);
    expect(at["How it works"]).toBeLessThan(at["How your family is doing"]!);

    // Jorge says yes by text: everyone has answered, and the family's results lead the page.
    await db()
      .update(practiceAddressConsents)
      .set({ confirmedAt: new Date(), confirmedHow: "text-reply" })
      .where(eq(practiceAddressConsents.address, "+15555550177"));
    const third = await load(cookie);
    expect(third.resultsFirst).toBe(true);
    html = renderTrainingPage(third);
    at = positions(html, ["How your family is doing", "How it works", "People", "Add a person"]);
    expect(at["How your family is doing"]).toBeGreaterThan(html.indexOf(">Your Training Program</h1>"));
    expect(at["How your family is doing"]).toBeLessThan(at["How it works"]!);
    expect(at["How it works"]).toBeLessThan(at["People"]!);
    // Shown once, with every person on it, the level in words.
    expect(html.match(/>How your family is doing<\/h2>/g)).toHaveLength(1);
    expect(text(html)).toContain(
      "No practice messages for Leo yet. They start at level 2 of 3: messages with fewer clues.",
    );

    // Jorge answers his first practice text with SCAM: his line and the family's say the same.
    const [jorge] = await db().select().from(trainingContacts).where(eq(trainingContacts.name, "Jorge"));
    const sentAt = new Date(Date.now() - 3_600_000);
    const [message] = await db()
      .insert(practiceMessages)
      .values({
        contactId: jorge!.id,
        scenarioId: "a-practice-text",
        channel: "sms",
        level: 1,
        token: "j".repeat(43),
        weekKey: null,
        status: "queued",
        scheduledFor: sentAt,
        queuedAt: sentAt,
      })
      .returning();
    await db()
      .insert(practiceEvents)
      .values([
        { messageId: message!.id, kind: "sent", occurredAt: sentAt, secondsSinceDelivery: 0, flagged: false },
        {
          messageId: message!.id,
          kind: "reported",
          occurredAt: new Date(),
          secondsSinceDelivery: 3000,
          flagged: false,
        },
      ]);
    const fourth = await load(cookie);
    expect(fourth.resultsFirst).toBe(true);
    const page = text(renderTrainingPage(fourth));
    expect(page).toContain("This month your family spotted 1 of 1 practice message<");
    const jorgeLine = page.slice(page.indexOf('data-testid="person-results-line"'));
    expect(jorgeLine).toMatch(/^[^]*?>Jorge<[^]*?>Spotted 1 of 1 \(1 reported\), opened only 0, fell for 0</);
    expect(jorgeLine).toContain("Level 1 of 3: messages with plenty of clues");
    const totals = page.slice(page.indexOf('data-testid="family-totals"'));
    expect(totals).toMatch(
      /^[^]*?Whole family this month: <\/span>Spotted 1 of 1 \(1 reported\), opened only 0, fell for 0</,
    );
    // The detail is a tap away, in a disclosure that opens with no script.
    expect(page).toMatch(/<details[^>]*data-testid="person-results-line"><summary/);
  });

  it("does not lead with results for a plan that has stopped, nor for an account with no plan", async () => {
    const { cookie, family } = await mariasFamily({ leoConfirmed: true, jorgeAnswered: true });
    expect((await load(cookie)).resultsFirst).toBe(true);
    await db().update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.id, family.subscription.id));
    expect((await load(cookie)).resultsFirst).toBe(false);

    const stranger = await signedInCookie(suite.handle, "stranger@example.com");
    const none = await load(stranger);
    expect([none.view.kind, none.results, none.resultsFirst]).toEqual(["not-member", null, false]);
  });

  it('opens Your Training Program from "Training" in the menu for a plan holder, the plans for everyone else', async () => {
    type RootData = { trainingHref: string; user: { email: string } | null };
    const root = async (cookie?: string) =>
      (await callLoader<RootData>(rootLoader, "/course", cookie ? { Cookie: cookie } : {})).data;
    const { cookie, family } = await mariasFamily({ leoConfirmed: true, jorgeAnswered: true });
    expect((await root(cookie)).trainingHref).toBe("/account/training");

    // The header draws it, on a phone's menu and a desktop's bar alike.
    const header = (trainingHref: string, signedIn = true) =>
      renderToString(
        createElement(MemoryRouter, { initialEntries: ["/"] }, createElement(SiteHeader, { signedIn, trainingHref })),
      );
    const links = [...header("/account/training").matchAll(/<a[^>]*href="([^"]+)"[^>]*>Training<\/a>/g)];
    expect(links.map((link) => link[1])).toEqual(["/account/training", "/account/training"]);

    // Signed out, an account without a plan, and a plan that has ended: the plans, as before.
    expect((await root()).trainingHref).toBe("/pricing");
    const stranger = await signedInCookie(suite.handle, "stranger@example.com");
    expect((await root(stranger)).trainingHref).toBe("/pricing");
    await db().update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.id, family.subscription.id));
    expect((await root(cookie)).trainingHref).toBe("/pricing");
    const signedOut = [...header("/pricing", false).matchAll(/<a[^>]*href="([^"]+)"[^>]*>Training<\/a>/g)];
    expect(signedOut.map((link) => link[1])).toEqual(["/pricing", "/pricing"]);
  });
});
