import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_TARGETS } from "../support/databases";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { courseProgress } from "~/course/tables";
import { users } from "~/account/tables";
import { getCourseProgress, recordPageView } from "~/course/progress.server";

async function addUser(handle: DatabaseHandle, id: string) {
  await handle.db.insert(users).values({ id, name: id, email: `${id}@example.com` });
}

describe.each(DATABASE_TARGETS)("course progress on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
    await addUser(handle, "learner");
    await addUser(handle, "other");
  });
  afterAll(async () => handle.close());

  it("records each page once per learner, however often it is opened", async () => {
    for (const page of [1, 2, 2, 2, 3, 1]) await recordPageView(handle.db, "learner", "scam-free", page);
    const rows = await handle.db.select().from(courseProgress);
    expect(
      rows
        .filter((r) => r.userId === "learner")
        .map((r) => r.page)
        .sort(),
    ).toEqual([1, 2, 3]);
    const progress = await getCourseProgress(handle.db, "learner", "scam-free");
    expect(progress.viewedPages).toEqual([1, 2, 3]);
    expect(progress.lastPage).toBe(1);
    expect(progress.completedLessons).toEqual([1]);
    expect(progress.percent).toBe(7);
    expect((await getCourseProgress(handle.db, "other", "scam-free")).viewedPages).toEqual([]);
  });

  it("refuses a page outside the course at the database too", async () => {
    await expect(recordPageView(handle.db, "learner", "scam-free", 47)).rejects.toThrow();
  });
});

describe("course progress on disk", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "scam-free-progress-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("survives a restart of the embedded database", async () => {
    const first = await openDatabase({ kind: "pglite", dataDir: dir });
    await addUser(first, "sticky");
    await recordPageView(first.db, "sticky", "scam-free", 5);
    await recordPageView(first.db, "sticky", "scam-free", 6);
    await first.close();

    const second = await openDatabase({ kind: "pglite", dataDir: dir });
    const progress = await getCourseProgress(second.db, "sticky", "scam-free");
    expect(progress.viewedPages).toEqual([5, 6]);
    await second.close();
  });
});
