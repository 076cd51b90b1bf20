import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  onPagesChanged,
  pagesChanged,
  startPageChangeListener,
  stopPageChangeListener,
} from "~/page-cache/page-changes.server";
import { DATABASE_TARGETS } from "../support/databases";

const postgres = DATABASE_TARGETS.find((target) => target.name === "postgres");

/**
 * A burst of page changes (a thousand likes at once) goes out over the one listening connection.
 * A pg client runs one query at a time; overlapping calls are queued by pg with a deprecation
 * warning today and will fail in pg 9, so the announcements must take turns.
 */
describe.runIf(postgres)("announcing page changes in a burst on PostgreSQL", () => {
  let close: () => Promise<void>;
  const warnings: string[] = [];
  const recordWarning = (warning: Error) => warnings.push(warning.message);

  beforeAll(async () => {
    const handle = await postgres!.open();
    close = handle.close;
    await startPageChangeListener(handle.url!);
    process.on("warning", recordWarning);
  });
  afterAll(async () => {
    process.off("warning", recordWarning);
    await stopPageChangeListener();
    await close?.();
  });

  it("sends 50 at once one after another, with no overlapping queries on the connection", async () => {
    const heard: string[] = [];
    const stop = onPagesChanged((pages) => {
      if (pages !== "all") heard.push(...pages);
    });
    await Promise.all(Array.from({ length: 50 }, (_, i) => pagesChanged([`/page-${i}`])));
    stop();
    expect(new Set(heard).size).toBe(50);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((message) => message.includes("already executing a query"))).toEqual([]);
  });
});
