import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { callAction, callLoader } from "../support/route-calls";
import { signedInCookie } from "../support/users";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { useDatabaseForTests } from "~/db/database.server";
import { accounts, sessions, users } from "~/account/tables";
import { commentLikes, communityComments } from "~/community/tables";
import { newsletterSubscribers } from "~/newsletter/tables";
import { requestLimits } from "~/security/tables";
import { supportRequests } from "~/support/tables";
import { insertComment, likeComment } from "~/community/comments.server";
import { grantStaffRole, revokeStaffRole } from "~/staff/grant.server";
import { csvCell } from "~/newsletter/subscribers.server";
import { loader as accountLoader } from "~/routes/account";
import { loader as communityLoader } from "~/routes/community";
import { loader as overviewLoader } from "~/routes/staff";
import { action as commentsAction, loader as commentsLoader } from "~/routes/staff.comments";
import { action as supportAction, loader as supportLoader } from "~/routes/staff.support";
import { loader as subscribersLoader } from "~/routes/staff.subscribers";
import { loader as csvLoader } from "~/routes/staff.subscribers-csv";

const root = path.resolve(import.meta.dirname, "../..");
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

type Result = { ok: boolean; title: string; message: string };

describe.each(DATABASE_TARGETS)("staff console on $name", (target) => {
  let handle: DatabaseHandle & { url?: string };
  let staff: string;
  let member: string;

  beforeAll(async () => {
    handle = await target.open();
    useDatabaseForTests(handle);
    staff = await signedInCookie(handle, "staff@example.com", { role: "staff" });
    member = await signedInCookie(handle, "member@example.com");
  });
  afterAll(async () => handle.close());
  beforeEach(async () => {
    useDatabaseForTests(handle);
    for (const table of [commentLikes, communityComments, supportRequests, newsletterSubscribers, requestLimits])
      await handle.db.delete(table);
  });

  const addComment = (name: string, status: "visible" | "held" | "hidden" = "visible") =>
    insertComment(handle.db, {
      name,
      email: `${name.toLowerCase()}@example.com`,
      comment: `Story from ${name}`,
      rating: 5,
    }).then(async (row) => {
      if (status !== "visible")
        await handle.db.update(communityComments).set({ status }).where(eq(communityComments.id, row.id));
      return row;
    });
  const commentRow = async (id: string) =>
    (await handle.db.select().from(communityComments).where(eq(communityComments.id, id)))[0];

  describe("refuses everyone who is not staff with 404", () => {
    const loaders: [string, (args: never) => unknown][] = [
      ["/staff", overviewLoader],
      ["/staff/comments", commentsLoader],
      ["/staff/support", supportLoader],
      ["/staff/subscribers", subscribersLoader],
      ["/staff/subscribers.csv", csvLoader],
    ];
    for (const [pathname, loader] of loaders) {
      it(`GET ${pathname}`, async () => {
        await handle.db.insert(newsletterSubscribers).values({ email: "secret@example.com" });
        for (const headers of [{}, { Cookie: member }, { Cookie: "scam-free.session_token=forged.value" }] as Record<
          string,
          string
        >[]) {
          const result = await callLoader<unknown>(loader, pathname, headers);
          expect(result.status).toBe(404);
          expect(result.response).toBeInstanceOf(Response);
          expect(await result.response!.text()).not.toContain("secret@example.com");
        }
      });
    }

    it("POST /staff/comments and /staff/support, changing nothing", async () => {
      const comment = await addComment("Kept");
      const [request] = await handle.db
        .insert(supportRequests)
        .values({ name: "A", email: "a@example.com", message: "Help" })
        .returning();
      for (const headers of [{}, { Cookie: member }] as Record<string, string>[]) {
        for (const intent of ["hide", "delete"]) {
          expect(
            (await callAction(commentsAction, "/staff/comments", { intent, id: comment.id }, { headers })).status,
          ).toBe(404);
        }
        expect(
          (await callAction(supportAction, "/staff/support", { intent: "handled", id: request.id }, { headers }))
            .status,
        ).toBe(404);
      }
      expect((await commentRow(comment.id)).status).toBe("visible");
      const [after] = await handle.db.select().from(supportRequests);
      expect(after.handledAt).toBeNull();
    });
  });

  describe("comments", () => {
    it("lists held comments first, with the commenter's email for staff", async () => {
      await addComment("Plain");
      await addComment("Linky", "held");
      const { status, data, headers } = await callLoader<{
        held: { name: string; email: string }[];
        others: { name: string }[];
      }>(commentsLoader, "/staff/comments", { Cookie: staff });
      expect(status).toBe(200);
      expect(headers.get("Cache-Control")).toBe("private, no-store");
      expect(data.held).toMatchObject([{ name: "Linky", email: "linky@example.com" }]);
      expect(data.others.map((c) => c.name)).toEqual(["Plain"]);
    });

    it("hides a comment so it disappears from the forum, shows it again, approves a held one, and deletes with its likes", async () => {
      const shown = await addComment("Shown");
      const held = await addComment("Waiting", "held");
      await likeComment(handle.db, shown.id, "visitor:1");
      const forum = async () =>
        (await callLoader<{ comments: { name: string }[] }>(communityLoader, "/community")).data.comments.map(
          (c) => c.name,
        );
      expect(await forum()).toEqual(["Shown"]);

      const act = (intent: string, id: string) =>
        callAction<Result>(commentsAction, "/staff/comments", { intent, id }, { headers: { Cookie: staff } });
      expect((await act("hide", shown.id)).data).toMatchObject({
        ok: true,
        message: "The comment is hidden from the forum.",
      });
      expect(await forum()).toEqual([]);
      expect((await act("show", shown.id)).status).toBe(200);
      expect((await act("show", held.id)).status).toBe(200);
      expect((await forum()).sort()).toEqual(["Shown", "Waiting"]);
      expect((await act("delete", shown.id)).data).toMatchObject({ ok: true, message: "The comment was deleted." });
      expect(await commentRow(shown.id)).toBeUndefined();
      expect(await handle.db.select().from(commentLikes)).toHaveLength(0);
      expect(await forum()).toEqual(["Waiting"]);
    });

    it.each([
      ["an unknown action", { intent: "publish-everywhere", id: UNKNOWN_ID }, 400, "Unknown action."],
      ["no action", { id: UNKNOWN_ID }, 400, "Unknown action."],
      [
        "a malformed id",
        { intent: "hide", id: "1; DROP TABLE community_comments" },
        400,
        "That comment does not exist.",
      ],
      [
        "an id with HTML",
        { intent: "delete", id: "<img src=x onerror=alert(1)>" },
        400,
        "That comment does not exist.",
      ],
      ["an unknown id", { intent: "delete", id: UNKNOWN_ID }, 404, "That comment does not exist."],
    ])("refuses %s with a clear message and changes nothing", async (_label, fields, status, message) => {
      const comment = await addComment("Stays");
      const result = await callAction<Result>(commentsAction, "/staff/comments", fields as Record<string, string>, {
        headers: { Cookie: staff },
      });
      expect(result.status).toBe(status);
      expect(result.data).toMatchObject({ ok: false, message });
      expect((await commentRow(comment.id)).status).toBe("visible");
    });
  });

  describe("support inbox", () => {
    it("puts open priority requests first, then the longest waiting, and handled ones last", async () => {
      const insert = (name: string, priority: boolean, minutesAgo: number, handled = false) =>
        handle.db
          .insert(supportRequests)
          .values({
            name,
            email: `${name.toLowerCase()}@example.com`,
            message: "Help",
            priority,
            createdAt: sql`now() - make_interval(mins => ${minutesAgo})`,
            handledAt: handled ? sql`now()` : null,
          })
          .returning();
      await insert("NewPlain", false, 1);
      await insert("OldPlain", false, 60);
      await insert("NewMember", true, 2);
      await insert("Done", true, 120, true);
      await insert("OldMember", true, 30);
      const { data } = await callLoader<{ requests: { name: string; priority: boolean }[] }>(
        supportLoader,
        "/staff/support",
        { Cookie: staff },
      );
      expect(data.requests.map((r) => r.name)).toEqual(["OldMember", "NewMember", "OldPlain", "NewPlain", "Done"]);
    });

    it("marks a request handled and open again; refuses bad input", async () => {
      const [request] = await handle.db
        .insert(supportRequests)
        .values({ name: "A", email: "a@example.com", message: "Help" })
        .returning();
      const act = (fields: Record<string, string>) =>
        callAction<Result>(supportAction, "/staff/support", fields, { headers: { Cookie: staff } });
      expect((await act({ intent: "handled", id: request.id })).data).toMatchObject({
        ok: true,
        message: "Marked as handled.",
      });
      const [handled] = await handle.db.select().from(supportRequests);
      expect(handled.handledAt).toBeInstanceOf(Date);
      expect((await act({ intent: "reopen", id: request.id })).status).toBe(200);
      expect((await handle.db.select().from(supportRequests))[0].handledAt).toBeNull();

      expect((await act({ intent: "handled", id: UNKNOWN_ID })).status).toBe(404);
      expect((await act({ intent: "handled", id: "' OR 1=1 --" })).status).toBe(400);
      expect((await act({ intent: "archive", id: request.id })).status).toBe(400);
      expect((await handle.db.select().from(supportRequests))[0].handledAt).toBeNull();
    });
  });

  describe("subscribers", () => {
    it("exports every subscriber as CSV with download headers and formula cells defused", async () => {
      await handle.db.insert(newsletterSubscribers).values([
        { email: "plain@example.com", name: "Plain Person" },
        { email: "formula@example.com", name: '=HYPERLINK("http://evil.example","Click")' },
        { email: "+cmd@example.com", name: "@SUM(A1)" },
        { email: "minus@example.com", name: "-2+3" },
      ]);
      await handle.db
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: sql`now()` })
        .where(eq(newsletterSubscribers.email, "minus@example.com"));
      const { status, response } = await callLoader<unknown>(csvLoader, "/staff/subscribers.csv", { Cookie: staff });
      expect(status).toBe(200);
      expect(response!.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(response!.headers.get("Content-Disposition")).toMatch(
        /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response!.headers.get("Cache-Control")).toBe("private, no-store");
      const csv = await response!.text();
      const lines = csv.trimEnd().split("\r\n");
      expect(lines[0]).toBe("email,name,source,status,subscribed_at,unsubscribed_at,provider_synced_at");
      expect(lines).toHaveLength(5);
      expect(csv).toContain(`"formula@example.com","'=HYPERLINK(""http://evil.example"",""Click"")"`);
      expect(csv).toContain(`"'+cmd@example.com","'@SUM(A1)"`);
      expect(csv).toMatch(/"minus@example.com","'-2\+3","home","unsubscribed"/);
      expect(csv).not.toContain("unsubscribe_token");
      expect(csvCell("\tTAB")).toBe(`"'\tTAB"`);
      expect(csvCell(null)).toBe(`""`);
      const [row] = await handle.db.select().from(newsletterSubscribers).limit(1);
      expect(csv).not.toContain(row.unsubscribeToken);
    });

    it("lists subscribers for staff without their unsubscribe tokens", async () => {
      const [row] = await handle.db.insert(newsletterSubscribers).values({ email: "list@example.com" }).returning();
      const { data } = await callLoader<{ subscribers: { email: string }[] }>(subscribersLoader, "/staff/subscribers", {
        Cookie: staff,
      });
      expect(data.subscribers.map((s) => s.email)).toEqual(["list@example.com"]);
      expect(JSON.stringify(data)).not.toContain(row.unsubscribeToken);
    });
  });

  describe("granting the role", () => {
    it("grants, reports an existing grant, revokes, and refuses an unknown email", async () => {
      await signedInCookie(handle, "new.staff@example.com");
      expect(await grantStaffRole(handle.db, " New.Staff@Example.com ")).toBe("granted");
      expect(await grantStaffRole(handle.db, "new.staff@example.com")).toBe("already-staff");
      expect(await grantStaffRole(handle.db, "nobody@example.com")).toBe("unknown-email");
      expect(await revokeStaffRole(handle.db, "new.staff@example.com")).toBe("revoked");
      expect(await revokeStaffRole(handle.db, "new.staff@example.com")).toBe("not-staff");
    });

    it("shows the admin flag on the account page for staff only", async () => {
      const forStaff = await callLoader<{ isAdmin: boolean }>(accountLoader, "/account", { Cookie: staff });
      expect(forStaff.data.isAdmin).toBe(true);
      const forMember = await callLoader<{ isAdmin: boolean }>(accountLoader, "/account", { Cookie: member });
      expect(forMember.data.isAdmin).toBe(false);
    });

    if (target.name === "postgres") {
      it("npm run staff:grant works against DATABASE_URL while the site could be running", async () => {
        await signedInCookie(handle, "script.pg@example.com");
        const run = await runGrantScript(["script.pg@example.com"], { DATABASE_URL: handle.url! });
        expect(run.code).toBe(0);
        expect(run.stdout).toContain("script.pg@example.com is now staff.");
        const [user] = await handle.db.select().from(users).where(eq(users.email, "script.pg@example.com"));
        expect(user.role).toBe("staff");
        const unknown = await runGrantScript(["ghost@example.com"], { DATABASE_URL: handle.url! });
        expect(unknown.code).toBe(1);
        expect(unknown.stderr).toContain("No account uses ghost@example.com");
      }, 60_000);
    }
  });

  afterAll(async () => {
    await handle.db.delete(sessions);
    await handle.db.delete(accounts);
  });
});

function runGrantScript(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const child = spawn(
      process.execPath,
      [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/staff-grant.ts", ...args],
      {
        cwd: root,
        env: { ...inherited, LOG_LEVEL: "silent", ...env },
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm run staff:grant on the embedded database", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "scam-free-staff-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  beforeAll(async () => {
    const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    await handle.db.insert(users).values({ id: "u1", name: "Pat", email: "pat@example.com" });
    await handle.close();
  }, 60_000);

  it("grants the role and says so; a second run says nothing changed", async () => {
    const run = await runGrantScript(["Pat@Example.com"], { DATA_DIR: dataDir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("pat@example.com is now staff.");
    const again = await runGrantScript(["pat@example.com"], { DATA_DIR: dataDir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("already has the staff role");

    const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    const [user] = await handle.db.select().from(users).where(eq(users.email, "pat@example.com"));
    await handle.close();
    expect(user.role).toBe("staff");
  }, 60_000);

  it("exits 1 with a clear message for an unknown email", async () => {
    const run = await runGrantScript(["nobody@example.com"], { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "No account uses nobody@example.com. They must sign up on the site first; nothing changed.",
    );
  }, 60_000);

  it("refuses while the site holds the embedded database, and without a usable argument or database", async () => {
    const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    try {
      const busy = await runGrantScript(["pat@example.com"], { DATA_DIR: dataDir });
      expect(busy.code).toBe(2);
      expect(busy.stderr).toContain("is in use: stop the site first");
    } finally {
      await handle.close();
    }
    const usage = await runGrantScript([], { DATA_DIR: dataDir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run staff:grant -- [--revoke] person@example.com");
    const nowhere = await runGrantScript(["pat@example.com"], { DATA_DIR: path.join(dataDir, "missing") });
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toContain("No database found in");
  }, 60_000);
});
