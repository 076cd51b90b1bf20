import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, signedInAs, toastWith, uniqueEmail, waitForHydration } from "./fixtures";

/** A label unique to this test run, so parallel tests' comments do not get in the way. */
function uniqueTag(label: string) {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function postComment(
  request: APIRequestContext,
  fields: { name: string; comment: string; rating?: string; email?: string },
) {
  const response = await request.post("/community", {
    form: {
      intent: "post",
      email: fields.email ?? uniqueEmail("commenter"),
      rating: fields.rating ?? "5",
      name: fields.name,
      comment: fields.comment,
    },
  });
  expect(response.status()).toBe(200);
}

/** The names of this test's comments, in the order the page shows them. */
async function namesInOrder(page: Page, tag: string) {
  const names = await page.getByTestId("comment").getByRole("heading").allInnerTexts();
  return names.filter((name) => name.startsWith(tag)).map((name) => name.slice(tag.length + 1));
}

function commentBy(page: Page, name: string) {
  return page.getByRole("article", { name: `Comment by ${name}` });
}

test.describe("community forum", () => {
  test("posts a comment: toast, form cleared, comment shown with its rating", async ({ page }) => {
    const name = uniqueTag("Poster");
    await page.goto("/community");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Community Forum", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Rating")).toHaveValue("5");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email").fill(uniqueEmail("poster"));
    await page
      .getByLabel("Comment", { exact: true })
      .fill("A text said my parcel was held. I checked the courier's site instead.");
    await page.getByLabel("Rating").selectOption("4");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(toastWith(page, "Success!")).toContainText("Your comment has been posted");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
    const comment = commentBy(page, name);
    await expect(comment).toContainText("I checked the courier's site instead.");
    await expect(comment.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
  });

  test("an empty form says 'Please fill out all required fields', in the browser and from the server", async ({
    page,
    request,
  }) => {
    await page.goto("/community");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(toastWith(page, "Error")).toContainText("Please fill out all required fields");
    const response = await request.post("/community", { form: { intent: "post", name: "", email: "", comment: "" } });
    expect(response.status()).toBe(400);
  });

  test("a comment with three links waits for review and is not shown", async ({ page }) => {
    const name = uniqueTag("Linker");
    await page.goto("/community");
    await waitForHydration(page);
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email").fill(uniqueEmail("linker"));
    await page
      .getByLabel("Comment", { exact: true })
      .fill("https://one.example https://two.example https://three.example");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(toastWith(page, "Waiting for review")).toContainText("a moderator will check it");
    await page.reload();
    await expect(commentBy(page, name)).toHaveCount(0);
  });

  test("sorts newest, by rating and by likes; the sort is in the URL and survives a reload", async ({
    page,
    browser,
  }) => {
    const tag = uniqueTag("Sort");
    await postComment(page.request, { name: `${tag} A`, comment: "First", rating: "2" });
    await postComment(page.request, { name: `${tag} B`, comment: "Second", rating: "5" });
    await postComment(page.request, { name: `${tag} C`, comment: "Third", rating: "4" });

    await page.goto("/community");
    await waitForHydration(page);
    expect(await namesInOrder(page, tag)).toEqual(["C", "B", "A"]);

    // Likes: C from two visitors, A from one.
    // Let the list reload after the first like before the next one (on a loaded machine a click
    // landing mid-reload was once lost).
    const reloaded = page.waitForResponse(
      (response) => response.request().method() === "GET" && new URL(response.url()).pathname === "/community.data",
    );
    await commentBy(page, `${tag} C`)
      .getByRole("button", { name: /Like comment by/ })
      .click();
    await expect(commentBy(page, `${tag} C`).getByTestId("like-count")).toHaveText("1");
    await reloaded;
    await commentBy(page, `${tag} A`)
      .getByRole("button", { name: /Like comment by/ })
      .click();
    await expect(commentBy(page, `${tag} A`).getByTestId("like-count")).toHaveText("1");
    const other = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "10.250.1.1" } });
    const otherPage = await other.newPage();
    await otherPage.goto("/community");
    await waitForHydration(otherPage);
    await commentBy(otherPage, `${tag} C`)
      .getByRole("button", { name: /Like comment by/ })
      .click();
    await expect(commentBy(otherPage, `${tag} C`).getByTestId("like-count")).toHaveText("2");
    await other.close();

    await page.getByLabel("Sort by").selectOption("rating");
    await expect(page).toHaveURL(/\/community\?sort=rating$/);
    await expect.poll(() => namesInOrder(page, tag)).toEqual(["B", "C", "A"]);
    await page.reload();
    await expect(page.getByLabel("Sort by")).toHaveValue("rating");
    expect(await namesInOrder(page, tag)).toEqual(["B", "C", "A"]);

    await page.getByLabel("Sort by").selectOption("likes");
    await expect(page).toHaveURL(/\/community\?sort=likes$/);
    await expect.poll(() => namesInOrder(page, tag)).toEqual(["C", "A", "B"]);

    await page.goto("/community?sort=newest");
    expect(await namesInOrder(page, tag)).toEqual(["C", "B", "A"]);
  });

  test("liking twice counts once, and the count is the true one after a reload", async ({ page }) => {
    const name = uniqueTag("Liked");
    await postComment(page.request, { name, comment: "Like me once" });
    await page.goto("/community");
    await waitForHydration(page);
    const like = commentBy(page, name).getByRole("button", { name: /Like comment by/ });
    const firstLike = page.waitForResponse((response) => response.request().method() === "POST");
    await like.click();
    await firstLike;
    await expect(like.getByTestId("like-count")).toHaveText("1");
    await expect(like).toHaveAttribute("aria-pressed", "true");
    // The second press sends nothing at all (checked once the page has handled it: two frames later).
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await like.click();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(posts).toEqual([]);
    await expect(like.getByTestId("like-count")).toHaveText("1");
    await page.reload();
    await expect(commentBy(page, name).getByTestId("like-count")).toHaveText("1");
    const cookies = await page.context().cookies();
    const visitor = cookies.find((cookie) => cookie.name === "scam-free-visitor");
    expect(visitor).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  });

  test("renders markup in a comment as inert text, and only http(s) links as nofollow ugc links", async ({ page }) => {
    const name = uniqueTag("Markup");
    const text = `<script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 2"> javascript:alert(1) see https://safe.example/page.`;
    await postComment(page.request, { name, comment: text });
    await page.goto("/community");
    await waitForHydration(page);
    const comment = commentBy(page, name);
    await expect(comment).toContainText(
      `<script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 2"> javascript:alert(1) see https://safe.example/page.`,
    );
    await expect(comment.locator("img, script")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    const links = comment.locator("p a");
    await expect(links).toHaveCount(1);
    await expect(links).toHaveAttribute("href", "https://safe.example/page");
    await expect(links).toHaveAttribute("rel", "nofollow ugc noopener");
  });

  test("never sends the commenter's email to the browser: not in the HTML, the page or the loader data", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("private");
    const name = uniqueTag("Private");
    await postComment(request, { name, comment: "My email stays private", email });
    for (const path of ["/community", "/community?sort=likes", "/community.data", "/community.data?sort=rating"]) {
      const body = await (await request.get(path)).text();
      expect(body).toContain(name);
      expect(body).not.toContain(email);
    }
    await page.goto("/community");
    await waitForHydration(page);
    await expect(commentBy(page, name)).toBeVisible();
    expect(await page.content()).not.toContain(email);
  });

  test("the resources card links to the forum, support, and My Account (sign-in first when signed out)", async ({
    page,
  }) => {
    await page.goto("/community");
    const card = page.getByRole("region", { name: "Resources" });
    await expect(card.getByRole("link", { name: "Community Forum" })).toHaveAttribute("href", "/community");
    await expect(card.getByRole("link", { name: "Support" })).toHaveAttribute("href", "/support");
    await expect(card.getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/auth");
    await signedInAs(page, "resources");
    await page.reload();
    await expect(card.getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/account");
  });
});

test.describe("community forum without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts, likes once and sorts with plain forms", async ({ page }) => {
    const name = uniqueTag("NoJS");
    await page.goto("/community");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email").fill(uniqueEmail("nojs"));
    await page.getByLabel("Comment", { exact: true }).fill("Posted without JavaScript");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByRole("status")).toContainText("Your comment has been posted");
    const comment = commentBy(page, name);
    await expect(comment).toBeVisible();

    await comment.getByRole("button", { name: /Like comment by/ }).click();
    await expect(commentBy(page, name).getByTestId("like-count")).toHaveText("1");
    await commentBy(page, name)
      .getByRole("button", { name: /Like comment by/ })
      .click();
    await expect(commentBy(page, name).getByTestId("like-count")).toHaveText("1");

    await page.goto("/community");
    await page.getByLabel("Sort by").selectOption("likes");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/\/community\?sort=likes$/);
    await expect(page.getByLabel("Sort by")).toHaveValue("likes");
  });
});
