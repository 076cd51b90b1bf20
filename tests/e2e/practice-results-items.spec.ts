import { eq } from "drizzle-orm";
import { signUp } from "~/account/account-actions.server";
import { users } from "~/account/tables";
import { practiceEvents } from "~/training/tables";
import { seedPracticeMessage } from "../support/practice-seeds";
import { openSpecDatabase, type SpecDatabase } from "../support/spec-database";
import { createTestFamily } from "../support/training-family";
import { openResults, results } from "./family-results-page";
import { expect, expectNoAxeViolations, test, uniqueEmail, waitForHydration } from "./fixtures";
import { expectFitsPhone } from "./phone-fit";

/**
 * Issue #36 in the holder's results, on a phone: a verification drill answered by checking first
 * shows "Checked first", and a scam told in steps is one row however many steps went out, whose
 * red flags open on the newest step with the story so far above it. The messages and their answers
 * are written into a database of this spec's own (the replies themselves are tested in
 * tests/integration/practice-drills.test.ts); the holder signs in through the real form.
 */
test.describe("checking first and scams told in steps in the family results", () => {
  test.describe.configure({ mode: "default" });

  const holderEmail = uniqueEmail("steps-holder");
  const password = "steps-secret-1";
  const DRILL = "sms-bank-purchase-yes-no-code";
  const STEPS = ["sms-grandkid-new-phone-1", "sms-grandkid-new-phone-2"];
  let database: SpecDatabase | undefined;
  let baseURL = "";

  test.beforeAll(async () => {
    database = await openSpecDatabase();
    const db = database.handle.db;
    const signup = await signUp(new Request("http://127.0.0.1/auth", { method: "POST" }), {
      email: holderEmail,
      password,
    });
    expect(signup.result.ok).toBe(true);
    const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.email, holderEmail));
    const family = await createTestFamily(db, {
      userId: holder!.id,
      holderName: "Rosa Lima",
      holderEmail,
      contacts: [{ name: "Grandpa Joe", ageBand: "older-adult", email: null, phone: "+15555550171" }],
    });
    const contact = family.contacts[0]!;
    const seed = (scenarioId: string, sentSecondsAgo: number) =>
      seedPracticeMessage(db, {
        scenarioId,
        contactId: contact.id,
        subscriptionId: family.subscription.id,
        phone: "+15555550171",
        sentSecondsAgo,
      });
    // The drill went out two hours ago, and Joe asked for the family's code word.
    const drill = await seed(DRILL, 7_200);
    await db.insert(practiceEvents).values({ messageId: drill.messageId, kind: "checked_first", flagged: false });
    // Step 1 of the "new number" scam, unanswered; step 2 an hour ago, which Joe said he spotted.
    await seed(STEPS[0]!, 5_400);
    const stepTwo = await seed(STEPS[1]!, 3_600);
    await db.insert(practiceEvents).values({ messageId: stepTwo.messageId, kind: "spotted", flagged: false });
    baseURL = (await database.startServer()).url;
  });

  test.afterAll(async () => {
    await database?.remove();
  });

  test("the results show 'Checked first' and one row for the scam told in steps, at 375 px, with no axe violations", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${baseURL}/auth`);
    await waitForHydration(page);
    const login = page.getByRole("tabpanel", { name: "Login" });
    await login.getByLabel("Email").fill(holderEmail);
    await login.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/account$/);

    await page.goto(`${baseURL}/account/training`);
    await waitForHydration(page);
    await openResults(page, "Grandpa Joe");
    const list = results(page, "Grandpa Joe").getByTestId("practice-message-list");
    // Three messages went out; the scam told in two steps is one item: two rows.
    await expect(list.getByRole("listitem")).toHaveCount(2);
    const drillRow = list.getByRole("listitem").filter({ hasText: 'A "was this you?" fraud alert' });
    await expect(drillRow.getByText("Checked first", { exact: true })).toBeVisible();
    const stepsRow = list.getByRole("listitem").filter({ has: page.getByTestId("sequence-line") });
    await expect(stepsRow.getByTestId("sequence-line")).toHaveText(
      "A scam told in 3 steps: steps 1–2 sent; stopped it at step 2",
    );
    await expect(stepsRow.getByText("Spotted", { exact: true })).toBeVisible();
    const figure = (label: string) =>
      results(page, "Grandpa Joe")
        .getByTestId("result-figure")
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator("dd");
    // Both count as spotted, as his line says; checking first has a figure of its own.
    await expect(figure("Spotted")).toHaveText("2");
    await expect(figure("Checked first")).toHaveText("1");
    await expect(figure("Sent")).toHaveText("2");
    await expectFitsPhone(page, "the family results with a drill and a scam told in steps");
    await expectNoAxeViolations(page);

    // Its red flags open on step 2, with step 1 above it as it arrived.
    await stepsRow.getByRole("link", { name: /See its red flags/ }).click();
    await expect(page.getByRole("heading", { level: 2, name: "The story so far: step 2 of 3" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Step 1 of 3" })).toBeVisible();
    await expect(page.getByRole("article", { name: "The practice text as it arrived" })).toHaveCount(2);
    await expectFitsPhone(page, "the holder's view of step 2 with the story so far");
    await expectNoAxeViolations(page);
  });
});
