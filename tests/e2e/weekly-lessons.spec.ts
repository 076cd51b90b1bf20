import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { buyFamilyPlan, expect, signedInAs, test, uniqueEmail, waitForHydration } from "./fixtures";

/**
 * The members' weekly lessons: nobody but a member gets any lesson text (checked on the raw HTML,
 * not only on what is shown), and a member gets the lessons that have opened for them: the four
 * most recent on the day they join, the next one named with its date and nothing more.
 * (Later weeks opening one by one are covered with a moved start date in
 * tests/integration/membership.test.ts; the browser cannot move the server's clock.)
 */

interface LessonText {
  slug: string;
  title: string;
  summary: string;
  /** A sentence from the body. */
  sentence: string;
}

const LESSONS: LessonText[] = readdirSync("content/weekly")
  .filter((name) => name.endsWith(".mdx"))
  .map((name) => {
    const raw = readFileSync(path.join("content/weekly", name), "utf8");
    const field = (key: string) => new RegExp(`^${key}: "(.*)"$`, "m").exec(raw)![1]!;
    const body = raw.split(/^---$/m)[2]!;
    const sentence = body
      .split("\n")
      .map((line) => line.trim())
      .find((line) => /^[A-Z][^<>{}*[\]]{60,}$/.test(line))!
      .slice(0, 60);
    return { slug: name.replace(/\.mdx$/, ""), title: field("title"), summary: field("summary"), sentence };
  })
  .sort((a, b) => b.slug.localeCompare(a.slug));

/** HTML-escaped as React writes text (quotes and apostrophes included). */
const escaped = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

function expectNoneOf(html: string, texts: string[]) {
  for (const text of texts) {
    expect(html, `the page must not contain "${text}"`).not.toContain(text);
    expect(html, `the page must not contain "${text}"`).not.toContain(escaped(text));
  }
}

test("a visitor and a signed-in non-member get no lesson text, on the list or on a lesson's address", async ({
  page,
}) => {
  expect(LESSONS.length).toBeGreaterThanOrEqual(12);
  const everything = LESSONS.flatMap((lesson) => [lesson.title, lesson.summary, lesson.sentence]);

  for (const who of ["visitor", "non-member"]) {
    if (who === "non-member") await signedInAs(page, "no-plan");
    const list = await page.request.get("/weekly-lessons");
    expect(list.status()).toBe(200);
    const html = await list.text();
    expect(html).toContain("Weekly Cyber Security Lessons");
    expectNoneOf(html, everything);

    for (const lesson of LESSONS.slice(0, 3)) {
      const direct = await page.request.get(`/weekly-lessons/${lesson.slug}`, { maxRedirects: 0 });
      expect(direct.status()).toBe(302);
      expectNoneOf(await direct.text(), everything);
      const followed = await page.request.get(`/weekly-lessons/${lesson.slug}`);
      expectNoneOf(await followed.text(), everything);
    }
  }
});

test("a new member gets the four most recent lessons, sees when the next opens, and cannot read it early", async ({
  page,
}) => {
  await signedInAs(page, "new-member");
  await buyFamilyPlan(page, [uniqueEmail("kid")]);

  const [newest, second, third, fourth, next, ...waiting] = LESSONS;
  const open = [newest!, second!, third!, fourth!];
  await page.goto("/weekly-lessons");
  await waitForHydration(page);
  const main = page.locator("#main");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Weekly Lessons" })).toBeVisible();
  await expect(main.getByText("This week's lesson")).toBeVisible();
  for (const lesson of open) await expect(main.getByRole("link", { name: lesson.title, exact: true })).toBeVisible();
  // The next one is named with its day, a week after joining; the rest are not there at all.
  await expect(page.getByTestId("next-lesson")).toContainText(`Next lesson: ${next!.title}, opens on`);
  const html = await page.content();
  expectNoneOf(html, [next!.summary, next!.sentence]);
  expectNoneOf(
    html,
    waiting.flatMap((lesson) => [lesson.title, lesson.summary]),
  );
  await expect(main.getByRole("link", { name: next!.title })).toHaveCount(0);

  // An unopened lesson's address says when it opens, with none of its text.
  const early = await page.request.get(`/weekly-lessons/${next!.slug}`);
  expect(early.status()).toBe(403);
  const earlyHtml = await early.text();
  expect(earlyHtml).toContain("This lesson opens for you on");
  expectNoneOf(earlyHtml, [next!.sentence, next!.summary]);

  // An open lesson: the adult part, the family parts, the sources with dates and the review date.
  await main.getByRole("link", { name: newest!.title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: newest!.title })).toBeVisible();
  for (const heading of ["For children (8–12)", "For teens (13–17)", "Talk about it together", "Sources"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 2, name: /^10-minute activity: / })).toBeVisible();
  await expect(
    page
      .locator("#main")
      .getByText(/^Last reviewed /)
      .first(),
  ).toBeVisible();
  await expect(page.locator("#lesson-sources + ul li").first()).toContainText(/\(\d{4}-\d{2}/);

  // A contents list at the top jumps to the part for the children, thousands of pixels down on a phone.
  const contents = page.getByRole("navigation", { name: "In this lesson" });
  await expect(contents.getByRole("link", { name: "Sources" })).toBeVisible();
  await contents.getByRole("link", { name: "For children (8–12)", exact: true }).click();
  await expect(page).toHaveURL(/#for-children-8-12$/);
  await expect(page.getByRole("heading", { level: 2, name: "For children (8–12)", exact: true })).toBeInViewport();
});

for (const viewport of [
  { name: "375 px phone", width: 375, height: 812 },
  { name: "desktop", width: 1280, height: 900 },
]) {
  test(`the members' list and a lesson fit the screen on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signedInAs(page, "wide-member");
    await buyFamilyPlan(page, [uniqueEmail("kid")]);
    await page.goto("/weekly-lessons");
    await waitForHydration(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
    await page.goto(`/weekly-lessons/${LESSONS[0]!.slug}`);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}
