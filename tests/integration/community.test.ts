import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { callAction, callLoader } from "../support/route-calls";
import { signedInCookie } from "../support/users";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { accounts, sessions, users } from "~/account/tables";
import { commentLikes, communityComments } from "~/community/tables";
import { requestLimits } from "~/security/tables";
import { action, loader } from "~/routes/community";
import { loader as visitorLoader } from "~/routes/community.visitor";
import {
  insertComment,
  LIKE_LIMIT_PER_IP,
  LIKE_LIMIT_PER_IP_AND_COMMENT,
  likeComment,
  type PublicComment,
} from "~/community/comments.server";
import { countLinks, type CommentResult } from "~/community/comment-schema";

type LoaderData = { sort: string; comments: PublicComment[]; loadError: boolean; signedIn: boolean };

const valid = {
  intent: "post",
  name: "Ann Lee",
  email: "Ann.Lee@Example.com",
  comment: "A caller said my grandson was in jail.",
  rating: "4",
};

describe.each(DATABASE_TARGETS)("community forum on $name", (target) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => handle.close());
  beforeEach(async () => {
    useDatabaseForTests(handle);
    for (const table of [commentLikes, communityComments, requestLimits, sessions, accounts, users])
      await handle.db.delete(table);
  });

  const post = (fields: Record<string, string | string[]>, ip?: string) =>
    callAction<CommentResult>(action, "/community", fields, { ip });
  const list = async (query = "", headers: Record<string, string> = {}) =>
    callLoader<LoaderData>(loader, `/community${query}`, headers);
  const count = async () => (await handle.db.select({ n: sql<number>`count(*)::int` }).from(communityComments))[0].n;
  const addComment = (name: string, extra: Partial<{ rating: number; comment: string }> = {}) =>
    insertComment(handle.db, {
      name,
      email: `${name.toLowerCase()}@example.com`,
      comment: extra.comment ?? `Story from ${name}`,
      rating: extra.rating ?? 5,
    });
  /** The forum's visitor endpoint, as the page's hidden image (no ids) or its script (ids) calls it. */
  const visitor = (query = "", headers: Record<string, string> = {}) =>
    callLoader<undefined>(visitorLoader, `/community/visitor${query}`, headers);
  /** A visitor cookie ("name=value") as a browser gets it from viewing the forum. */
  const visitorCookie = async () => {
    const cookie = (await visitor()).headers.get("Set-Cookie")?.split(";")[0];
    if (!cookie) throw new Error("the forum's visitor endpoint set no visitor cookie");
    return cookie;
  };
  const like = (commentId: string, cookie: string, ip?: string) =>
    callAction<CommentResult>(action, "/community", { intent: "like", commentId }, { headers: { Cookie: cookie }, ip });
  const likesOf = async (commentId: string) =>
    (
      await handle.db
        .select({ likes: communityComments.likes })
        .from(communityComments)
        .where(eq(communityComments.id, commentId))
    )[0].likes;

  describe("posting", () => {
    it("stores a comment with the email lower-cased and answers with the spec's words", async () => {
      const { status, data } = await post(valid);
      expect(status).toBe(200);
      expect(data).toMatchObject({ ok: true, title: "Success!", message: "Your comment has been posted" });
      const [row] = await handle.db.select().from(communityComments);
      expect(row).toMatchObject({
        name: "Ann Lee",
        email: "ann.lee@example.com",
        rating: 4,
        likes: 0,
        status: "visible",
      });
    });

    it("uses a rating of 5 when none is sent", async () => {
      const { rating: _unused, ...withoutRating } = valid;
      expect((await post(withoutRating)).status).toBe(200);
      const [row] = await handle.db.select().from(communityComments);
      expect(row.rating).toBe(5);
    });

    it.each([
      ["nothing at all", { intent: "post" }, "Please fill out all required fields"],
      ["no name", { ...valid, name: "" }, "Please fill out all required fields"],
      ["a name of spaces", { ...valid, name: "    " }, "Please fill out all required fields"],
      ["no email", { ...valid, email: "" }, "Please fill out all required fields"],
      ["no comment", { ...valid, comment: " \n " }, "Please fill out all required fields"],
      ["a malformed email", { ...valid, email: "ann-at-example" }, "valid email"],
      ["SQL in the email", { ...valid, email: "x@y.com'; DROP TABLE community_comments; --" }, "valid email"],
      ["a rating of 0", { ...valid, rating: "0" }, "Rating must be a whole number from 1 to 5."],
      ["a rating of 6", { ...valid, rating: "6" }, "Rating must be a whole number from 1 to 5."],
      ["a rating of 3.5", { ...valid, rating: "3.5" }, "Rating must be a whole number from 1 to 5."],
      ["a rating that is a word", { ...valid, rating: "five" }, "Rating must be a whole number from 1 to 5."],
      [
        "SQL in the rating",
        { ...valid, rating: "5; DROP TABLE community_comments" },
        "Rating must be a whole number from 1 to 5.",
      ],
      ["two ratings", { ...valid, rating: ["5", "1"] }, "Rating must be a whole number from 1 to 5."],
      ["two names", { ...valid, name: ["Ann", "Bob"] }, "Please fill out all required fields"],
      ["an 81-character name", { ...valid, name: "n".repeat(81) }, "Names can be at most 80 characters."],
      ["HTML in the name", { ...valid, name: "<b>Ann</b>" }, "Names cannot contain < or > characters."],
      [
        "a 2,001-character comment",
        { ...valid, comment: "c".repeat(2001) },
        "Comments can be at most 2,000 characters.",
      ],
      [
        "a one-megabyte comment",
        { ...valid, comment: "c".repeat(1_000_000) },
        "Comments can be at most 2,000 characters.",
      ],
      ["a 10,000-character email", { ...valid, email: `${"a".repeat(10_000)}@example.com` }, "at most 254 characters"],
    ])("refuses %s with a clear 400 and stores nothing", async (_label, fields, message) => {
      const { status, data } = await post(fields as Record<string, string>);
      expect(status).toBe(400);
      expect(data.ok).toBe(false);
      expect(data.title).toBe("Error");
      expect(data.message).toContain(message);
      expect(await count()).toBe(0);
    });

    it("keeps HTML and SQL in a comment as the exact text typed", async () => {
      const text = `<script>alert("x")</script> <img src=x onerror=alert(1)> '; DROP TABLE community_comments; --`;
      expect((await post({ ...valid, comment: text })).status).toBe(200);
      const [row] = await handle.db.select().from(communityComments);
      expect(row.comment).toBe(text);
    });

    it("answers a bot that filled the hidden field like anyone else, but stores nothing", async () => {
      const { status, data } = await post({ ...valid, website: "http://spam.example" });
      expect(status).toBe(200);
      expect(data).toMatchObject({ ok: true, title: "Success!", message: "Your comment has been posted" });
      expect(await count()).toBe(0);
    });

    it("allows five comments per IP address in ten minutes, then answers 429 with a clear message", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await post({ ...valid, comment: `Comment ${i}` }, "192.0.2.50")).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const blocked = await post(valid, "192.0.2.50");
      expect(blocked.data.message).toMatch(/Please wait 10 minutes and try again\./);
      expect(await count()).toBe(5);
      expect((await post(valid, "192.0.2.51")).status).toBe(200);
    });

    it("holds a comment with three or more links for review and tells the poster", async () => {
      const links = "See https://a.example, http://b.example/x and www.c.example now";
      expect(countLinks(links)).toBe(3);
      const { status, data } = await post({ ...valid, comment: links });
      expect(status).toBe(202);
      expect(data).toMatchObject({ ok: true, held: true, title: "Waiting for review" });
      expect(data.message).toContain("a moderator will check it");
      const [row] = await handle.db.select().from(communityComments);
      expect(row.status).toBe("held");
      expect((await list()).data.comments).toHaveLength(0);

      expect((await post({ ...valid, comment: "Two links: https://a.example and https://b.example" })).status).toBe(
        200,
      );
      expect((await list()).data.comments).toHaveLength(1);
    });

    it("refuses an unknown form with 400", async () => {
      const { status, data } = await post({ intent: "delete-everything" });
      expect(status).toBe(400);
      expect(data.message).toBe("Unknown form.");
    });
  });

  describe("reading", () => {
    it("lists visible comments newest first by default, and by rating or likes from ?sort=", async () => {
      const old = await addComment("Old", { rating: 3 });
      const top = await addComment("Top", { rating: 5 });
      const low = await addComment("Low", { rating: 1 });
      await handle.db
        .update(communityComments)
        .set({ createdAt: sql`now() - interval '2 days'` })
        .where(eq(communityComments.id, old.id));
      await handle.db
        .update(communityComments)
        .set({ createdAt: sql`now() - interval '1 day'` })
        .where(eq(communityComments.id, top.id));
      await likeComment(handle.db, low.id, "visitor:1");
      await likeComment(handle.db, low.id, "visitor:2");
      await likeComment(handle.db, old.id, "visitor:1");

      const names = async (query: string) => (await list(query)).data.comments.map((c) => c.name);
      expect(await names("")).toEqual(["Low", "Top", "Old"]);
      expect(await names("?sort=newest")).toEqual(["Low", "Top", "Old"]);
      expect(await names("?sort=rating")).toEqual(["Top", "Old", "Low"]);
      expect(await names("?sort=likes")).toEqual(["Low", "Old", "Top"]);
      const unknown = await list("?sort=%27%3BDROP%20TABLE");
      expect(unknown.status).toBe(200);
      expect(unknown.data.sort).toBe("newest");
    });

    it("never sends a commenter's email, and leaves out held and hidden comments", async () => {
      await post(valid);
      const hidden = await addComment("Hidden");
      await handle.db.update(communityComments).set({ status: "hidden" }).where(eq(communityComments.id, hidden.id));
      await post({
        ...valid,
        name: "Linky",
        email: "linky@example.com",
        comment: "https://a.example https://b.example https://c.example",
      });

      const { data } = await list();
      expect(data.comments.map((c) => c.name)).toEqual(["Ann Lee"]);
      const json = JSON.stringify(data);
      expect(json).not.toContain("ann.lee@example.com");
      expect(json).not.toContain("@example.com");
      expect(Object.keys(data.comments[0]).sort()).toEqual([
        "comment",
        "createdAt",
        "id",
        "likedByMe",
        "likes",
        "name",
        "rating",
      ]);
    });
  });

  describe("likes", () => {
    it("counts 200 likes from 200 visitors arriving at once as 200", async () => {
      const comment = await addComment("Popular");
      const outcomes = await Promise.all(
        Array.from({ length: 200 }, (_, i) => likeComment(handle.db, comment.id, `visitor:${i}`)),
      );
      expect(outcomes.every((o) => o.liked === "added")).toBe(true);
      const [row] = await handle.db.select().from(communityComments).where(eq(communityComments.id, comment.id));
      expect(row.likes).toBe(200);
      const likeRows = await handle.db.select({ n: sql<number>`count(*)::int` }).from(commentLikes);
      expect(likeRows[0].n).toBe(200);
    });

    it("counts 50 likes from one visitor arriving at once as 1", async () => {
      const comment = await addComment("Once");
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, () => likeComment(handle.db, comment.id, "visitor:same")),
      );
      expect(outcomes.filter((o) => o.liked === "added")).toHaveLength(1);
      const [row] = await handle.db.select().from(communityComments).where(eq(communityComments.id, comment.id));
      expect(row.likes).toBe(1);
    });

    it("gives an anonymous visitor a signed HttpOnly, SameSite=Lax visitor cookie from /community/visitor, never with the shared page; a like with it counts once", async () => {
      const comment = await addComment("Liked");
      expect((await list()).headers.get("Set-Cookie")).toBeNull();
      const view = await visitor();
      expect(view.status).toBe(200);
      expect(view.headers.get("Content-Type")).toBe("image/gif");
      expect(view.headers.get("Cache-Control")).toBe("private, no-store");
      const setCookie = view.headers.get("Set-Cookie") ?? "";
      expect(setCookie).toMatch(/^scam-free-visitor=/);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      const cookie = setCookie.split(";")[0];
      // Signed: the value is the id and a signature, not a bare id a script could make up.
      expect(decodeURIComponent(cookie.split("=")[1])).toMatch(/\./);

      const first = await like(comment.id, cookie);
      expect(first.status).toBe(200);
      expect(first.data).toMatchObject({ ok: true, likes: 1, commentId: comment.id });
      expect(first.headers.get("Set-Cookie")).toBeNull();
      const again = await like(comment.id, cookie);
      expect(again.status).toBe(200);
      expect(again.data).toMatchObject({ ok: true, likes: 1, title: "Already liked" });
      expect(again.headers.get("Set-Cookie")).toBeNull();

      // The page is the same with or without the cookie (it is shared); the endpoint says what this browser liked.
      const page = await list("", { Cookie: cookie });
      expect(page.headers.get("Set-Cookie")).toBeNull();
      expect(page.data.comments[0]).toMatchObject({ likes: 1, likedByMe: false });
      const mine = await visitor(`?ids=${comment.id},not-an-id,${crypto.randomUUID()}`, { Cookie: cookie });
      expect(mine.headers.get("Set-Cookie")).toBeNull();
      expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await mine.response!.json()).toEqual({ liked: [comment.id] });
      const stranger = await visitor(`?ids=${comment.id}`);
      expect(stranger.headers.get("Set-Cookie")).toMatch(/^scam-free-visitor=/);
      expect(await stranger.response!.json()).toEqual({ liked: [] });
    });

    it("does not count a like that comes without the visitor cookie, or with a made-up one: it gets the cookie and is asked to try again", async () => {
      const comment = await addComment("Cookieless");
      for (const headers of [
        {} as Record<string, string>,
        { Cookie: `scam-free-visitor=${encodeURIComponent(JSON.stringify(crypto.randomUUID()))}` },
      ]) {
        const refused = await callAction<CommentResult>(
          action,
          "/community",
          { intent: "like", commentId: comment.id },
          { headers },
        );
        expect(refused.status).toBe(428);
        expect(refused.data).toMatchObject({ ok: false, title: "Error", message: "Failed to like the comment" });
        expect(refused.data.reason).toMatch(/allow cookies/);
        const cookie = (refused.headers.get("Set-Cookie") ?? "").split(";")[0];
        expect(cookie).toMatch(/^scam-free-visitor=/);
        expect(await likesOf(comment.id)).toBe(0);
        // The browser that kept the cookie can like now.
        expect((await like(comment.id, cookie)).data).toMatchObject({ ok: true, title: "Liked" });
        await handle.db.delete(commentLikes);
        await handle.db.update(communityComments).set({ likes: 0 });
      }
    });

    it("100 likes from one IP without cookies count 0, and 100 from fresh visitors on one IP count only up to the IP's limits", async () => {
      const comment = await addComment("Target");
      const cookieless = await Promise.all(
        Array.from({ length: 100 }, () =>
          callAction<CommentResult>(
            action,
            "/community",
            { intent: "like", commentId: comment.id },
            { ip: "198.51.100.66" },
          ),
        ),
      );
      expect(cookieless.every((r) => r.status === 428)).toBe(true);
      expect(await likesOf(comment.id)).toBe(0);

      // A script that keeps each fresh cookie: one page view and one like per visitor, all from one address.
      const statuses: number[] = [];
      for (let i = 0; i < 100; i++)
        statuses.push((await like(comment.id, await visitorCookie(), "198.51.100.77")).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(LIKE_LIMIT_PER_IP_AND_COMMENT.max);
      expect(statuses.filter((s) => s === 429)).toHaveLength(100 - LIKE_LIMIT_PER_IP_AND_COMMENT.max);
      expect(await likesOf(comment.id)).toBe(LIKE_LIMIT_PER_IP_AND_COMMENT.max);
      const limited = await like(comment.id, await visitorCookie(), "198.51.100.77");
      expect(limited.data).toMatchObject({ ok: false, title: "Error", message: "Failed to like the comment" });
      expect(limited.data.reason).toMatch(/Too many attempts. Please wait [\d,]+ minutes? and try again./);

      // Across many comments, the same address is held to the per-IP limit.
      const others = await Promise.all(Array.from({ length: 40 }, (_, i) => addComment(`Other${i}`)));
      const cookie = await visitorCookie();
      const spread: number[] = [];
      for (const other of others) spread.push((await like(other.id, cookie, "198.51.100.88")).status);
      expect(spread.filter((s) => s === 200)).toHaveLength(LIKE_LIMIT_PER_IP.max);
      // Another address is not affected.
      expect((await like(comment.id, await visitorCookie(), "198.51.100.99")).status).toBe(200);
    });

    it("counts 150 likes from 150 visitors with their cookies, on their own addresses, arriving at once, as 150; 50 at once from one visitor as 1", async () => {
      const comment = await addComment("Crowd");
      const cookies = await Promise.all(Array.from({ length: 150 }, () => visitorCookie()));
      const results = await Promise.all(
        cookies.map((cookie, i) => like(comment.id, cookie, `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`)),
      );
      expect(results.every((r) => r.status === 200 && r.data.ok)).toBe(true);
      expect(await likesOf(comment.id)).toBe(150);

      const one = await visitorCookie();
      const repeated = await Promise.all(Array.from({ length: 50 }, () => like(comment.id, one, "10.2.0.1")));
      expect(repeated.filter((r) => r.data.title === "Liked")).toHaveLength(1);
      expect(await likesOf(comment.id)).toBe(151);
    });

    it("keys a signed-in person's like to their account", async () => {
      const comment = await addComment("Member");
      const cookie = await signedInCookie(handle, "liker@example.com");
      const first = await callAction<CommentResult>(
        action,
        "/community",
        { intent: "like", commentId: comment.id },
        { headers: { Cookie: cookie } },
      );
      expect(first.data.likes).toBe(1);
      expect(first.headers.get("Set-Cookie")).toBeNull();
      const again = await callAction<CommentResult>(
        action,
        "/community",
        { intent: "like", commentId: comment.id },
        { headers: { Cookie: cookie } },
      );
      expect(again.data.likes).toBe(1);
      const [like] = await handle.db.select().from(commentLikes);
      expect(like.voterKey).toMatch(/^user:/);
      // A signed-in page is rendered for them alone, so it marks their likes itself.
      const page = await list("", { Cookie: cookie });
      expect(page.data.comments[0]).toMatchObject({ likes: 1, likedByMe: true });
    });

    it.each([
      ["an unknown id", () => "00000000-0000-4000-8000-000000000000", 404],
      ["a malformed id", () => "1 OR 1=1", 400],
      ["no id", () => undefined, 400],
      ["an id with HTML", () => "<script>", 400],
    ])("refuses a like for %s with 'Failed to like the comment' and changes nothing", async (_label, id, status) => {
      const comment = await addComment("Untouched");
      const value = id();
      const fields: Record<string, string> = { intent: "like" };
      if (value !== undefined) fields.commentId = value;
      const result = await callAction<CommentResult>(action, "/community", fields, {
        headers: { Cookie: await visitorCookie() },
      });
      expect(result.status).toBe(status);
      expect(result.data).toMatchObject({ ok: false, title: "Error", message: "Failed to like the comment" });
      expect(result.data.reason).toBeTruthy();
      const [row] = await handle.db.select().from(communityComments).where(eq(communityComments.id, comment.id));
      expect(row.likes).toBe(0);
      expect(await handle.db.select().from(commentLikes)).toHaveLength(0);
    });

    it("does not count likes on hidden or held comments", async () => {
      const comment = await addComment("Gone");
      await handle.db.update(communityComments).set({ status: "hidden" }).where(eq(communityComments.id, comment.id));
      const result = await like(comment.id, await visitorCookie());
      expect(result.status).toBe(404);
      const [row] = await handle.db.select().from(communityComments).where(eq(communityComments.id, comment.id));
      expect(row.likes).toBe(0);
    });

    it("refuses negative likes and unknown statuses at the database too", async () => {
      const comment = await addComment("Checked");
      await expect(
        handle.db.update(communityComments).set({ likes: -1 }).where(eq(communityComments.id, comment.id)),
      ).rejects.toThrow();
      await expect(
        handle.db.update(communityComments).set({ status: "published" }).where(eq(communityComments.id, comment.id)),
      ).rejects.toThrow();
    });
  });
});

describe("community forum when the database is down", () => {
  let broken: DatabaseHandle;
  beforeAll(async () => {
    broken = await openDatabase({ kind: "pglite" });
    await broken.close();
    useDatabaseForTests(broken);
  });

  it("shows 'Failed to load comments. Please try again later.' instead of an error page", async () => {
    const { status, data } = await callLoader<LoaderData>(loader, "/community");
    expect(status).toBe(503);
    expect(data).toMatchObject({ loadError: true, comments: [] });
  });

  it("answers a post with 'Failed to post your comment' and a like with 'Failed to like the comment'", async () => {
    const posted = await callAction<CommentResult>(action, "/community", valid);
    expect(posted.status).toBe(503);
    expect(posted.data).toMatchObject({ ok: false, title: "Error", message: "Failed to post your comment" });
    // A browser that viewed the page has its visitor cookie even when the comments failed to load
    // (the hidden image's endpoint does not touch the database).
    const cookie = (await callLoader<undefined>(visitorLoader, "/community/visitor")).headers
      .get("Set-Cookie")!
      .split(";")[0];
    const liked = await callAction<CommentResult>(
      action,
      "/community",
      { intent: "like", commentId: "00000000-0000-4000-8000-000000000000" },
      { headers: { Cookie: cookie } },
    );
    expect(liked.status).toBe(503);
    expect(liked.data).toMatchObject({ ok: false, title: "Error", message: "Failed to like the comment" });
  });
});
