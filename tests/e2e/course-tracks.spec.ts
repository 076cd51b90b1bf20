import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, signedInAs, test } from "./fixtures";
import { expectFitsPhone } from "./phone-fit";

/**
 * The free course's four tracks (issue #37): each page in each track has its own examples and
 * self-check; the "Reading as" picker is a plain form that works with and without JavaScript; the
 * choice is kept in the account (signed in) or a cookie (not); a track's page has its own address
 * with a canonical link; and the Older adults track is set in large type with short lines.
 */

const TRACKS = ["kids", "teens", "adults", "older-adults"] as const;
const LABELS = { kids: "Kids", teens: "Teens", adults: "Adults", "older-adults": "Older adults" } as const;

const trackAddress = (page: number, track: (typeof TRACKS)[number]) =>
  track === "adults" ? `/course/scam-free/${page}` : `/course/scam-free/${page}?track=${track}`;

/** The page's examples and activity (their boxes) and its self-check questions, as text. */
async function examplesAndQuestions(page: Page) {
  const content = page.getByTestId("course-content");
  const examples = await content
    .locator('aside[data-callout="example"], aside[data-callout="activity"]')
    .allInnerTexts();
  const questions = await content.locator("[data-self-check] legend").allInnerTexts();
  return { examples: examples.map((text) => text.trim()), questions: questions.map((text) => text.trim()) };
}

test.describe("the course in four tracks", () => {
  test("three pages in every track have their own examples and self-check questions", async ({ page }) => {
    test.setTimeout(120_000);
    await signedInAs(page, "tracks-reader");
    for (const number of [15, 30, 45]) {
      const seen = new Map<string, string>();
      for (const track of TRACKS) {
        const response = await page.goto(trackAddress(number, track));
        expect(response?.status()).toBe(200);
        const content = page.getByTestId("course-content");
        await expect(content).toHaveAttribute("data-track", track);
        const { examples, questions } = await examplesAndQuestions(page);
        // Every track's page has its own self-check; the Adults page has one where its lesson ends.
        if (track !== "adults")
          expect(questions.length, `page ${number}, ${track}: self-check`).toBeGreaterThanOrEqual(3);
        expect(examples.length, `page ${number}, ${track}: examples`).toBeGreaterThan(0);
        // No question and no example box is shared with another track's page.
        for (const text of [...questions, ...examples]) {
          expect(seen.get(text), `page ${number}: "${text.slice(0, 60)}" is in ${track} and ${seen.get(text)}`).toBe(
            undefined,
          );
          seen.set(text, track);
        }
        // Each track's page is its own address, and says so.
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          "href",
          new RegExp(`${trackAddress(number, track).replace(/[?]/g, "\\?")}$`),
        );
        await expect(
          page.getByTestId("track-picker").getByRole("button", { name: LABELS[track], exact: true }),
        ).toHaveAttribute("aria-pressed", "true");
      }
    }
  });

  test("a page not for children sends Kids to one that is, and the pager keeps the track", async ({ page }) => {
    await signedInAs(page, "tracks-kid");
    await page.goto(trackAddress(16, "kids"));
    const content = page.getByTestId("course-content");
    await expect(content).toContainText("for grown-ups");
    await content.getByRole("link", { name: /^Read page 32 instead/ }).click();
    await expect(page).toHaveURL(/\/course\/scam-free\/32\?track=kids$/);
    await expect(page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" })).toHaveAttribute(
      "href",
      "/course/scam-free/33?track=kids",
    );
    // Kids never meet what is taught to older readers only.
    await expect(page.getByTestId("course-content")).not.toContainText(/sextortion/i);
  });

  for (const javaScriptEnabled of [false, true]) {
    test(`the picker works ${javaScriptEnabled ? "with" : "without"} JavaScript, and the choice is remembered signed in and not`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      // Not signed in: the course home keeps the choice in a cookie.
      await page.goto("/course");
      await page.getByTestId("track-picker").getByRole("button", { name: "Teens", exact: true }).click();
      await expect(page).toHaveURL(/\/course\?track=teens$/);
      await page.goto("/course");
      await expect(
        page.getByTestId("track-picker").getByRole("button", { name: "Teens", exact: true }),
      ).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByRole("link", { name: "Start Course" })).toHaveAttribute(
        "href",
        "/course/scam-free/1?track=teens",
      );

      // Signed in: the choice goes with the account, to another browser.
      const { email, password } = await signedInAs(page, `tracks-picker-${javaScriptEnabled ? "js" : "nojs"}`);
      await page.goto("/course/scam-free/15");
      await page.getByTestId("track-picker").getByRole("button", { name: "Older adults", exact: true }).click();
      await expect(page).toHaveURL(/\/course\/scam-free\/15\?track=older-adults$/);
      await expect(page.getByTestId("course-content")).toHaveAttribute("data-track", "older-adults");
      const other = await browser.newContext({ javaScriptEnabled });
      const elsewhere = await other.newPage();
      const login = await elsewhere.request.post("/auth", {
        form: { intent: "login", email, password },
        maxRedirects: 0,
      });
      expect(login.status()).toBe(302);
      await elsewhere.goto("/course/scam-free/20");
      await expect(elsewhere.getByTestId("course-content")).toHaveAttribute("data-track", "older-adults");
      await other.close();

      // A picked value that is not a track changes nothing and says why.
      const bad = await page.request.post("/course/scam-free/15", { form: { intent: "track", track: "toddlers" } });
      expect(bad.status()).toBe(400);
      await context.close();
    });
  }

  test("on a phone: the Kids and Older adults pages fit at 375 px with no axe violations, and ship no script", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signedInAs(page, "tracks-phone");
    for (const address of [trackAddress(30, "kids"), trackAddress(45, "older-adults")]) {
      await page.goto(address);
      await expect(page.getByTestId("course-content")).toBeVisible();
      await expect(page.locator("script[src]")).toHaveCount(0);
      await expectFitsPhone(page, address);
      await expectNoAxeViolations(page);
    }
  });

  test("the Older adults track is set in 18 px or larger, in lines of at most 70 characters, steps numbered", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signedInAs(page, "tracks-older");
    for (const number of [19, 38, 45]) {
      await page.goto(trackAddress(number, "older-adults"));
      const content = page.getByTestId("course-content");
      await expect(content).toHaveAttribute("data-track", "older-adults");
      const measure = await content.evaluate((root) => {
        const sizes: number[] = [];
        let longestLine = 0;
        for (const block of root.querySelectorAll("p, li")) {
          if (block.closest("[data-self-check] noscript")) continue;
          sizes.push(parseFloat(getComputedStyle(block).fontSize));
          // Characters per rendered line: each character's box, grouped by the line it sits on.
          const lines = new Map<number, number>();
          const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? "";
            for (let i = 0; i < text.length; i++) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const rect = range.getClientRects()[0];
              if (!rect || rect.width === 0) continue;
              const top = Math.round(rect.top);
              lines.set(top, (lines.get(top) ?? 0) + 1);
            }
          }
          for (const count of lines.values()) longestLine = Math.max(longestLine, count);
        }
        return { smallest: Math.min(...sizes), longestLine, numbered: root.querySelectorAll("ol > li").length };
      });
      expect(measure.smallest, `page ${number}`).toBeGreaterThanOrEqual(18);
      expect(measure.longestLine, `page ${number}`).toBeLessThanOrEqual(70);
      expect(measure.numbered, `page ${number}: numbered steps`).toBeGreaterThan(0);
    }
  });
});
