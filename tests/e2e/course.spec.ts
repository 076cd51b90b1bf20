import type { Page } from "@playwright/test";
import { test, expect, expectNoAxeViolations, signedInAs, uniqueEmail, waitForHydration, wordCount } from "./fixtures";
import { expectFitsPhone } from "./phone-fit";

/** Signs in, and uses up the "Welcome back" flash on another page. */
async function signedInReader(page: Page, label: string) {
  await signedInAs(page, label);
  await page.request.get("/course/scam-free/12");
}

test.describe("course catalogue", () => {
  test("shows the one course card and the coming-soon panel", async ({ page }) => {
    await page.goto("/course");
    await expect(page.getByRole("heading", { level: 1, name: "Free Cybersecurity Courses" })).toBeVisible();
    const card = page.getByRole("article", { name: "How to be scam-free" });
    await expect(card.getByText("11 lessons")).toBeVisible();
    await expect(card.getByText("Beginner")).toBeVisible();
    await expect(card.getByText("46 pages")).toBeVisible();
    await expect(card.getByRole("link", { name: "Start Course" })).toHaveAttribute("href", "/course/scam-free/1");
    await expect(page.getByRole("heading", { name: "More Courses Coming Soon!" })).toBeVisible();
  });
});

test.describe("course viewer", () => {
  test("a page arrives whole on a phone: its text is in place from the start and nothing moves", async ({ page }) => {
    await signedInAs(page, "no-shift");
    // React sends a large finished section after the rest, behind a "Loading..." placeholder,
    // unless told not to; the page's HTML must not contain such a swap.
    const html = await (await page.request.get("/course/scam-free/1")).text();
    expect(html).not.toContain('<template id="B:');
    expect(html).not.toContain("Loading...");
    expect(html).toContain("We are so glad you are here");

    await page.setViewportSize({ width: 375, height: 740 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    // Scripts arrive late, as on a slow phone, so the page is seen before it hydrates.
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.goto("/course/scam-free/1");
    await waitForHydration(page);
    await expect(page.getByText("Page 1 of 46")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  });

  test("an anonymous visitor is sent to /auth and comes back to the page after login", async ({ page }) => {
    const email = uniqueEmail("return");
    await page.request.post("/auth", { form: { intent: "signup", email, password: "secret123" } });
    await page.goto("/course/scam-free/7");
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fcourse%2Fscam-free%2F7$/);
    await waitForHydration(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("secret123");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/course\/scam-free\/7$/);
    await expect(page.getByText("Page 7 of 46")).toBeVisible();
  });

  test("a crawler gets only the sign-in page (noindex), so a member's page needs no noindex of its own", async ({
    page,
    request,
  }) => {
    // What a search engine sees: a redirect to sign in, a page it is told not to index.
    const crawled = await request.get("/course/scam-free/5", { maxRedirects: 0 });
    expect(crawled.status()).toBe(302);
    expect(crawled.headers()["location"]).toMatch(/^\/auth\?returnTo=/);
    await page.goto("/course/scam-free/5");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    // robots.txt lets it follow that redirect (a Disallow would let the bare address be listed).
    expect(await (await request.get("/robots.txt")).text()).not.toMatch(/^Disallow: \/course/m);

    await signedInReader(page, "crawl");
    await page.goto("/course/scam-free/5");
    await expect(page.getByText("Page 5 of 46")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test("page 1 and page 43 render, with the sidebar and resources", async ({ page }) => {
    await signedInAs(page);
    await page.goto("/course/scam-free/1");
    await expect(page.getByText("Page 1 of 46")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Scam-Free" })).toBeVisible();
    const sidebar = page.getByRole("navigation", { name: "Course contents" });
    for (const lesson of ["Lesson 1: Overview", "Lesson 6: The Big Scams", "Lesson 11: Google Alerts"]) {
      await expect(sidebar.getByText(lesson)).toBeVisible();
    }
    await expect(sidebar.getByText("Pages 26-30")).toBeVisible();
    await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute("href", "/course/scam-free/1");
    const resources = page.getByRole("navigation", { name: "Course resources" });
    await expect(resources.getByRole("link", { name: "Activities" })).toHaveAttribute(
      "href",
      "/course/resources/activities",
    );
    await expect(resources.getByRole("link", { name: "Quizzes" })).toHaveAttribute("href", "/course/resources/quizzes");

    await page.goto("/course/scam-free/43");
    await expect(page.getByText("Page 43 of 46")).toBeVisible();
    const content = page.getByTestId("course-content");
    await expect(content.getByRole("link", { name: /google\.com\/alerts/ }).first()).toBeVisible();
    await expect(content.locator("ol").first().locator(":scope > li")).toHaveCount(4);
    await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Previous" })).toHaveAttribute("href", "/course/scam-free/42");
  });

  test("Next and Previous change the URL and the page; back and forward work; the pager shows five pages", async ({
    page,
  }) => {
    await signedInAs(page);
    await page.goto("/course/scam-free/1");
    await waitForHydration(page);
    const pager = page.getByRole("navigation", { name: "Pages" });
    await expect(pager.getByRole("link", { name: /^Page \d+$/ })).toHaveCount(5);
    await expect(page.getByRole("link", { name: "Previous" })).toHaveCount(0);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/course\/scam-free\/2$/);
    await expect(page.getByText("Page 2 of 46")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Scams in the Ancient World" })).toBeVisible();
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/course\/scam-free\/1$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/course\/scam-free\/2$/);
    await expect(page.getByText("Page 2 of 46")).toBeVisible();
    await page.goForward();
    await expect(page.getByText("Page 1 of 46")).toBeVisible();

    await page.goto("/course/scam-free/20");
    await expect(pager.getByRole("link", { name: /^Page \d+$/ })).toHaveText(["45", "46", "20", "21", "22"]);
    await expect(pager.getByRole("link", { name: "Page 20" })).toHaveAttribute("aria-current", "page");
    await pager.getByRole("link", { name: "Page 22" }).click();
    await expect(page).toHaveURL(/\/course\/scam-free\/22$/);
    await expect(pager.getByRole("link", { name: /^Page \d+$/ })).toHaveText(["20", "21", "22", "23", "24"]);
  });

  test("the short link /course/{page} opens the same page", async ({ page }) => {
    await signedInAs(page);
    await page.goto("/course/12");
    await expect(page).toHaveURL(/\/course\/scam-free\/12$/);
    await expect(page.getByText("Page 12 of 46")).toBeVisible();
  });

  for (const path of [
    "/course/scam-free/47",
    "/course/scam-free/15?track=toddlers",
    "/course/scam-free/0",
    "/course/scam-free/abc",
    "/course/another-course/1",
    "/course/99",
  ]) {
    test(`${path} shows the not-found screen with 404`, async ({ page }) => {
      await signedInAs(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await expect(page.getByText("The requested page does not exist in this lesson.")).toBeVisible();
      await expect(page.getByTestId("course-content")).toHaveCount(0);
    });
  }

  test("parental controls has seven collapsible device sections, and the scam-response page lists five steps", async ({
    page,
  }) => {
    await signedInAs(page);
    await page.goto("/course/scam-free/36");
    await waitForHydration(page);
    const sections = page.getByTestId("course-content").locator("details");
    await expect(sections).toHaveCount(7);
    for (const device of ["iOS", "Android", "Windows", "Mac", "PlayStation", "Xbox", "Nintendo Switch"]) {
      await expect(sections.filter({ has: page.locator("summary", { hasText: device }) }).first()).toHaveCount(1);
    }
    const ios = sections.first();
    await expect(ios).not.toHaveAttribute("open");
    await ios.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(ios).toHaveAttribute("open");
    await expect(ios.getByText("Screen Time").first()).toBeVisible();

    await page.goto("/course/scam-free/40");
    const steps = page.getByTestId("course-content").locator("ol").first().locator(":scope > li");
    await expect(steps).toHaveCount(5);
  });

  test("each lesson's self-check gives instant feedback, and keeps the total", async ({ page }) => {
    await signedInAs(page);
    await page.goto("/course/scam-free/13");
    const check = page.getByRole("region", { name: "Self-check" });
    const questions = check.getByRole("group");
    const count = await questions.count();
    const first = questions.first();
    await expect(check.getByText(`0 of ${count} answered.`)).toBeVisible();
    await first.getByRole("radio").first().check();
    await expect(first.getByText(/Correct!|Not quite\./).filter({ visible: true })).toHaveCount(1);
    await expect(check.getByText(`1 of ${count} answered.`)).toBeVisible();
    // A change of mind is an ordinary change.
    await first.getByRole("radio").nth(1).check();
    await expect(first.getByRole("radio").first()).not.toBeChecked();
    await expect(check.getByText(`1 of ${count} answered.`)).toBeVisible();
    for (let index = 1; index < count; index++) await questions.nth(index).getByRole("radio").first().check();
    await expect(check.getByText(new RegExp(`^You got \\d of ${count} right\\.$`))).toBeVisible();
  });

  test("a reader's page ships no React: no script file, one small inline script, and answers work at once", async ({
    page,
  }) => {
    await signedInReader(page, "reader");
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/course/scam-free/13");
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    await expect(page.locator('script[type="module"]')).toHaveCount(0);
    await expect(page.locator("script")).toHaveCount(1);
    const check = page.getByRole("region", { name: "Self-check" });
    const [first, second] = [check.getByRole("group").nth(0), check.getByRole("group").nth(1)];
    await first.getByRole("radio").nth(1).check();
    await second.getByRole("radio").first().check();
    await expect(first.getByText(/Correct!|Not quite\./).filter({ visible: true })).toHaveCount(1);
    await expect(second.getByText(/Correct!|Not quite\./).filter({ visible: true })).toHaveCount(1);
    await expect(check.getByText(/2 of \d answered\./)).toBeVisible();
    await expect(page.getByRole("button", { name: "Print this page" })).toBeVisible();
    expect(scripts).toEqual([]);
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("the self-check still marks each answer, lists the answers, and offers no print button that cannot work", async ({
      page,
    }) => {
      await signedInAs(page, "no-js-reader");
      await page.goto("/course/scam-free/13");
      const check = page.getByRole("region", { name: "Self-check" });
      const first = check.getByRole("group").first();
      await first.getByRole("radio").first().check();
      await expect(first.getByText(/Correct!|Not quite\./).filter({ visible: true })).toHaveCount(1);
      await expect(check.getByText(/^Answers: 1\./)).toBeVisible();
      await expect(check.getByText(/answered\./)).toBeHidden();
      await expect(page.getByRole("button", { name: "Print this page" })).toBeHidden();
    });
  });

  test("progress shows on the catalogue with 'Continue where you left off'", async ({ page }) => {
    await signedInAs(page);
    await page.goto("/course/scam-free/1");
    await page.goto("/course/scam-free/2");
    await page.goto("/course/scam-free/5");
    await page.goto("/course");
    await expect(page.getByText("7% read · 1 of 11 lessons completed")).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue where you left off" })).toHaveAttribute(
      "href",
      "/course/scam-free/5",
    );
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("the pager keeps Previous, the page numbers and Next on one row inside the column, at 375 px and beside the sidebar", async ({
      page,
    }) => {
      await signedInAs(page);
      // 375: a phone; 320: the smallest; 768: a tablet, where the sidebar leaves the page a narrow column.
      for (const width of [375, 320, 768]) {
        await page.setViewportSize({ width, height: 740 });
        for (const number of [1, 20, 43]) {
          await page.goto(`/course/scam-free/${number}`);
          const pager = page.getByRole("navigation", { name: "Pages" });
          const parts = [
            ...(number > 1 ? [pager.getByRole("link", { name: "Previous" })] : []),
            pager.getByRole("list"),
            ...(number < 43 ? [pager.getByRole("link", { name: "Next" })] : []),
          ];
          const column = (await page.getByTestId("course-content").boundingBox())!;
          const boxes = [];
          for (const part of parts) {
            const box = await part.boundingBox();
            expect(box, `${width} px, page ${number}: a pager part has no box`).not.toBeNull();
            boxes.push(box!);
          }
          for (let index = 0; index < boxes.length; index++) {
            const box = boxes[index];
            const where = `${width} px, page ${number}, part ${index}`;
            // One row: each part shares the first one's vertical band, sits right of the one before, and stays in the column.
            expect(box.y, where).toBeLessThan(boxes[0].y + boxes[0].height);
            expect(box.y + box.height, where).toBeGreaterThan(boxes[0].y);
            if (index > 0) expect(box.x, where).toBeGreaterThanOrEqual(boxes[index - 1].x + boxes[index - 1].width);
            expect(box.x, where).toBeGreaterThanOrEqual(column.x - 0.5);
            expect(box.x + box.width, where).toBeLessThanOrEqual(column.x + column.width + 0.5);
          }
          await expect(pager.getByRole("link", { name: /^Page \d+$/ })).toHaveCount(5);
        }
      }
    });

    test("the Course contents button toggles the sidebar", async ({ page }) => {
      await signedInAs(page);
      await page.goto("/course/scam-free/3");
      // The platform's disclosure (<details>): no script.
      const toggle = page.locator("summary").filter({ hasText: "Course contents" });
      const sidebar = page.getByRole("navigation", { name: "Course contents" });
      await expect(sidebar).toBeHidden();
      await toggle.click();
      await expect(toggle.locator("xpath=..")).toHaveAttribute("open", "");
      await expect(sidebar).toBeVisible();
      await sidebar.getByRole("link", { name: /Scams in the Modern Era/ }).click();
      await expect(page).toHaveURL(/\/course\/scam-free\/4$/);
      await expect(sidebar).toBeHidden();
      await toggle.click();
      await toggle.click();
      await expect(sidebar).toBeHidden();
    });

    for (const javaScriptEnabled of [true, false]) {
      test(`the contents and the self-check work from the keyboard alone, and fit the screen (JavaScript ${javaScriptEnabled ? "on, axe clean" : "off"})`, async ({
        browser,
      }) => {
        const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 375, height: 740 } });
        const page = await context.newPage();
        await signedInReader(page, "keyboard-reader");
        await page.goto("/course/scam-free/13");
        await expectFitsPhone(page, "a course page");

        // "Course contents": reached with Tab, opened with Enter, closed with Space.
        const toggle = page.locator("summary").filter({ hasText: "Course contents" });
        const sidebar = page.getByRole("navigation", { name: "Course contents" });
        for (
          let presses = 0;
          presses < 40 && !(await toggle.evaluate((el) => el === document.activeElement));
          presses++
        )
          await page.keyboard.press("Tab");
        await expect(toggle).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(sidebar).toBeVisible();
        await expectFitsPhone(page, "a course page with its contents open");
        // axe runs as a script in the page, so only where scripts run; the markup is the same.
        if (javaScriptEnabled) await expectNoAxeViolations(page);
        await page.keyboard.press("Space");
        await expect(sidebar).toBeHidden();

        // The self-check: focus the first answer, move with the arrow key (which also picks it).
        const check = page.getByRole("region", { name: "Self-check" });
        const first = check.getByRole("group").first();
        await first.getByRole("radio").first().focus();
        await page.keyboard.press("ArrowDown");
        await expect(first.getByRole("radio").nth(1)).toBeChecked();
        await expect(first.getByText(/Correct!|Not quite\./).filter({ visible: true })).toHaveCount(1);
        await expectFitsPhone(page, "a course page with an answer marked");
        if (javaScriptEnabled) await expectNoAxeViolations(page);
        await context.close();
      });
    }
  });
});

test.describe("the written course", () => {
  test("every one of the 46 pages has at least 250 words and none shows the fallback", async ({ page }) => {
    // 46 page loads one after another, about 1.5 s each on a loaded two-core machine: time for that.
    test.setTimeout(150_000);
    await signedInAs(page);
    const short: string[] = [];
    for (let number = 1; number <= 46; number++) {
      const response = await page.goto(`/course/scam-free/${number}`);
      expect(response?.status()).toBe(200);
      const content = page.getByTestId("course-content");
      await expect(content).not.toContainText("content coming soon");
      await expect(content.locator("h2").first()).toBeVisible();
      const words = await wordCount(content);
      if (words < 250) short.push(`page ${number}: ${words} words`);
    }
    expect(short).toEqual([]);
  });

  test("the Activities and Quizzes documents exist", async ({ page }) => {
    for (const [path, title] of [
      ["/course/resources/activities", "Family Activities"],
      ["/course/resources/quizzes", "Printable Quizzes"],
    ]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      expect(await wordCount(page.locator("article"))).toBeGreaterThan(500);
    }
  });
});
