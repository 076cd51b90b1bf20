/**
 * The public red-flag pages (/red-flags and /red-flags/:slug, issue #23): every "Learn more" after a
 * practice message opens one, so the lesson that follows a practice scam never asks for an account.
 * The pages answer without a session, show no sign-in form, are indexable and in the sitemap; and
 * every red flag in the practice library leads, from its feedback page, to a page that exists.
 * On PostgreSQL when TEST_DATABASE_URL is set, else PGlite.
 */
import { coursePageHref } from "~/course/course-words";
import { createElement, type ComponentType } from "react";
import { trackForAgeBand } from "~/course/tracks/course-tracks";
import { withTrack } from "~/course/tracks/track-form";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DATABASE_TARGETS } from "../support/databases";
import { seedPracticeMessage, seedSubscription } from "../support/practice-seeds";
import { getEnv } from "~/config/env.server";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { listRedFlagPages } from "~/red-flags/red-flag-pages.server";
import { practiceLibrary } from "~/training/library/practice-library.server";
import type { FeedbackView } from "~/training/tracking/practice-feedback.server";
import { loader as feedbackLoader } from "~/routes/practice.feedback";
import RedFlagPage, { loader as redFlagLoader, meta as redFlagMeta } from "~/routes/red-flag";
import RedFlagsIndex, { loader as indexLoader, meta as indexMeta } from "~/routes/red-flags";
import { loader as robotsLoader } from "~/routes/robots-txt";
import { loader as sitemapLoader } from "~/routes/sitemap-xml";

interface Called<T> {
  status: number;
  data: T;
}

/** Calls a loader as React Router would, for a visitor with no cookie at all; a thrown response is its status. */
async function call<T>(fn: (args: never) => unknown, path: string, params: Record<string, string> = {}) {
  const request = new Request(`http://localhost:3000${path}`, { headers: { "User-Agent": "Mozilla/5.0" } });
  try {
    return unwrap<T>(await fn({ request, params, context: { clientIp: "203.0.113.9" } } as never));
  } catch (thrown) {
    return unwrap<T>(thrown);
  }
}

function unwrap<T>(result: unknown): Called<T> {
  if (result instanceof Response) return { status: result.status, data: undefined as T };
  const value = result as { type?: string; data?: T; init?: { status?: number } };
  if (value && value.type === "DataWithResponseInit")
    return { status: value.init?.status ?? 200, data: value.data as T };
  if (result instanceof Error) throw result;
  return { status: 200, data: result as T };
}

/** The route's page as the server renders it (links need a router around them). */
function render(Page: ComponentType<never>, path: string, loaderData: unknown, params: Record<string, string> = {}) {
  return renderToStaticMarkup(
    createElement(MemoryRouter, { initialEntries: [path] }, createElement(Page, { loaderData, params } as never)),
  );
}

/** What a sign-in form would show: we expect none of it on a public page. */
function expectNoSignIn(html: string, where: string) {
  expect(html, where).not.toMatch(/<form\b/i);
  expect(html, where).not.toMatch(/<input\b/i);
  expect(html, where).not.toMatch(/type="password"/i);
  expect(html, where).not.toMatch(/href="\/auth/);
}

const metaArgs = (data: unknown, pathname: string, params: Record<string, string> = {}) =>
  ({
    data,
    params,
    location: { pathname },
    matches: [{ id: "root", loaderData: { siteUrl: getEnv().APP_URL } }],
  }) as never;

type RedFlagData = Awaited<ReturnType<typeof redFlagLoader>>;
type IndexData = Awaited<ReturnType<typeof indexLoader>>;

describe.each(DATABASE_TARGETS)("the public red-flag pages on $name", (target) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(() => useDatabaseForTests(handle));

  const pages = listRedFlagPages();

  it("the index answers 200 without a session, lists every page, and shows no sign-in form", async () => {
    const index = await call<IndexData>(indexLoader, "/red-flags");
    expect(index.status).toBe(200);
    expect(index.data.pages.map((page) => page.slug)).toEqual(pages.map((page) => page.slug));
    const html = render(RedFlagsIndex as ComponentType<never>, "/red-flags", index.data);
    expect(html).toContain("<h1");
    for (const page of pages) expect(html).toContain(`href="/red-flags/${page.slug}"`);
    expectNoSignIn(html, "/red-flags");
    const tags = indexMeta(metaArgs(index.data, "/red-flags")) as Array<Record<string, string>>;
    expect(tags).toContainEqual({ property: "og:url", content: `${getEnv().APP_URL}/red-flags` });
    expect(tags.some((tag) => tag.name === "robots")).toBe(false);
  });

  it("every red-flag page answers 200 without a session: its heading, its steps and the course page for members, no sign-in form", async () => {
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const path = `/red-flags/${page.slug}`;
      const result = await call<RedFlagData>(redFlagLoader, path, { slug: page.slug });
      expect(result.status, path).toBe(200);
      expect(result.data.page.title).toBe(page.title);
      const html = render(RedFlagPage as ComponentType<never>, path, result.data, { slug: page.slug });
      expect(html, path).toContain(page.title.replace(/'/g, "&#x27;"));
      expect(html, path).toContain("What to do instead");
      expect(html, path).toContain("In the course (members):");
      expect(html, path).toContain(`href="/course/scam-free/${page.coursePage}"`);
      expectNoSignIn(html, path);
      const tags = redFlagMeta(metaArgs(result.data, `/red-flags/${page.slug}`, { slug: page.slug })) as Array<
        Record<string, string>
      >;
      expect(tags).toContainEqual({ name: "description", content: page.summary });
      expect(tags).toContainEqual({ property: "og:url", content: `${getEnv().APP_URL}${path}` });
      expect(
        tags.some((tag) => tag.name === "robots"),
        path,
      ).toBe(false);
    }
  });

  it("an unknown or malformed red flag is the site's 404", async () => {
    for (const slug of ["no-such-red-flag", "README", "..", "Deadlines", "deadlines.md"]) {
      expect((await call(redFlagLoader, `/red-flags/${slug}`, { slug })).status, slug).toBe(404);
    }
  });

  it("the sitemap lists the index and every page, and robots.txt keeps none of them from crawlers", async () => {
    const sitemap = await (sitemapLoader() as Response).text();
    const base = getEnv().APP_URL;
    expect(sitemap).toContain(`<loc>${base}/red-flags</loc>`);
    for (const page of pages) expect(sitemap).toContain(`<loc>${base}/red-flags/${page.slug}</loc>`);
    const robots = await (robotsLoader() as Response).text();
    expect(robots).not.toMatch(/^Disallow: \/red-flags/m);
  });

  it("every red flag in the practice library: its 'Learn more' on the feedback page opens an existing red-flag page on the main site", async () => {
    const db = handle.db;
    const subscriptionId = await seedSubscription(db);
    const base = getEnv().APP_URL;
    const slugs = new Set(pages.map((page) => page.slug));
    const opened = new Set<string>();
    for (const scenario of practiceLibrary().scenarios) {
      const seeded = await seedPracticeMessage(db, {
        scenarioId: scenario.id,
        subscriptionId,
        ageBand: scenario.ageBands[0],
      });
      const feedback = await call<FeedbackView>(feedbackLoader, `/practice/${seeded.token}/feedback`, {
        token: seeded.token,
      });
      expect(feedback.status, scenario.id).toBe(200);
      expect(feedback.data.redFlags).toHaveLength(scenario.redFlags.length);
      for (const flag of feedback.data.redFlags) {
        const where = `${scenario.id} red flag ${flag.number}`;
        // Absolute: the feedback page is on the practice host; a Spanish message's is the Spanish page.
        const edition = scenario.language === "es" ? "/es" : "";
        expect(flag.learnMore.href, where).toBe(`${base}${edition}/red-flags/${flag.learnMore.slug}`);
        expect(slugs.has(flag.learnMore.slug), where).toBe(true);
        // Numbered in reading order, not the file's: the scenario's own flag is found by its quote.
        const listed = scenario.redFlags.find((redFlag) => redFlag.quote === flag.quote)!;
        const track = trackForAgeBand(scenario.ageBands[0]!);
        // The course's Spanish edition for a Spanish message, where the page is written in Spanish.
        const course = coursePageHref(listed.coursePage, scenario.language ?? "en");
        expect(flag.course.href, where).toBe(`${base}${withTrack(course, track)}`);
        opened.add(flag.learnMore.slug);
      }
      expect(feedback.data.redFlagPages.map((page) => page.href)).toEqual([
        ...new Set(feedback.data.redFlags.map((flag) => flag.learnMore.href)),
      ]);
    }
    for (const slug of opened) {
      expect((await call(redFlagLoader, `/red-flags/${slug}`, { slug })).status, slug).toBe(200);
    }
  });
});
