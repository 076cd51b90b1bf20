import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DATABASE_TARGETS } from "../support/databases";
import { databaseForSuite } from "../support/suite-database";
import { FAMILY_TABLES } from "../support/family-tables";
import { holderWithFamilyPlan } from "../support/family-holder";
import { callAction, callLoader } from "../support/route-calls";
import { useDatabaseForTests } from "~/db/database.server";
import type { TrainingResult } from "~/training/people/contact-schema";
import type { TrainingPageView } from "~/training/people/contact-view";
import { trainingPrograms } from "~/training/tables";
import { action as trainingAction, loader as trainingLoader } from "~/routes/account.training";

/**
 * The family code word (issue #36): the holder notes on Your Training Program that the family has
 * one, and since when. Only that is kept, never the word; bad input changes nothing.
 */
describe.each(DATABASE_TARGETS)("the family code word note on $name", (target) => {
  const suite = databaseForSuite(target, FAMILY_TABLES);

  async function holder(email: string) {
    useDatabaseForTests(suite.handle);
    const who = await holderWithFamilyPlan(suite.handle, email);
    const headers = { Cookie: who.cookie };
    // The page copies the checkout's people in first, which creates the program row.
    await callLoader(trainingLoader, "/account/training", headers);
    return {
      ...who,
      post: (fields: Record<string, string>) =>
        callAction<TrainingResult>(
          trainingAction,
          "/account/training",
          { intent: "code-word", ...fields },
          { headers },
        ),
      view: async () =>
        (
          await callLoader<{ view: TrainingPageView & { codeWordAgreedAt?: string | null } }>(
            trainingLoader,
            "/account/training",
            headers,
          )
        ).data.view,
      stored: async () =>
        (
          await suite.handle.db
            .select()
            .from(trainingPrograms)
            .where(eq(trainingPrograms.subscriptionId, who.subscriptionId))
        )[0]!,
    };
  }

  it("notes that the family has a code word and when, shows it, and clears it", async () => {
    const dana = await holder("dana.codeword@example.com");
    expect((await dana.view()).codeWordAgreedAt).toBeNull();
    const saved = await dana.post({ has: "on", agreedOn: "2026-11-28" });
    expect(saved).toMatchObject({ status: 200, data: { ok: true, title: "Code word noted" } });
    expect(saved.data.message).toContain("November 28, 2026");
    expect((await dana.stored()).codeWordAgreedAt!.toISOString()).toBe("2026-11-28T12:00:00.000Z");
    expect((await dana.view()).codeWordAgreedAt).toBe("2026-11-28T12:00:00.000Z");
    // Nothing in the row could hold a word: only the date is written.
    const row = await dana.stored();
    expect(Object.values(row).filter((value) => typeof value === "string" && value.includes("2026-11"))).toEqual([]);

    const cleared = await dana.post({});
    expect(cleared).toMatchObject({ status: 200, data: { ok: true, title: "Code word note removed" } });
    expect((await dana.stored()).codeWordAgreedAt).toBeNull();
  });

  it("refuses a bad date with a 400 and a clear message, and changes nothing", async () => {
    const sam = await holder("sam.codeword@example.com");
    await sam.post({ has: "on", agreedOn: "2026-01-05" });
    for (const [agreedOn, message] of [
      ["next tuesday", "Please give the date as a date, such as 2026-11-28."],
      ["2999-01-01", "The date cannot be in the future."],
      ["1999-12-31", "Please give a date from 2000 on."],
      ["<b>2026-01-05</b>", "Please give the date as a date, such as 2026-11-28."],
      ["2026-01-05".repeat(50), "Please give the date as a date, such as 2026-11-28."],
      ["2026-02-30", "Please give a date that exists."],
    ]) {
      const refused = await sam.post({ has: "on", agreedOn: agreedOn! });
      expect(refused.status, agreedOn).toBe(400);
      expect(JSON.stringify(refused.data), agreedOn).toContain(message!);
      expect((await sam.stored()).codeWordAgreedAt!.toISOString()).toBe("2026-01-05T12:00:00.000Z");
    }
    expect((await sam.post({ has: "yes" })).status).toBe(400);
  });
});
