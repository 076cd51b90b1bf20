import { describe, expect, it } from "vitest";
import { familySummaryEmail, personSummaryEmail } from "~/training/results/weekly-summary-emails";

const BRAND = { productName: "scam-free", siteUrl: "https://scam-free.test", supportEmail: "help@scam-free.test" };

describe("the weekly summaries lead to 'Is this a scam?'", () => {
  it("in the person's note and in the holder's family summary, as a link on the main site", () => {
    const person = personSummaryEmail(BRAND, {
      name: "Sam",
      scenarioTitle: "Parcel held at the depot",
      channel: "email",
      feedbackUrl: "https://practice.scam-free.test/practice/token/feedback",
      courseUrl: "https://scam-free.test/course?track=kids",
      unsubscribeUrl: "https://scam-free.test/training/summaries/unsubscribe?token=t",
    });
    const family = familySummaryEmail(BRAND, {
      holderName: "Maria",
      lines: ["Sam: spotted 1 of 1 practice message"],
      monthLine: "This month: 1 spotted",
      dashboardUrl: "https://scam-free.test/account/training",
      unsubscribeUrl: "https://scam-free.test/training/summaries/unsubscribe?token=t",
    });
    for (const email of [person, family]) {
      expect(email.text).toContain('"Is this a scam?"');
      expect(email.text).toContain("https://scam-free.test/check");
      expect(email.html).toContain("https://scam-free.test/check");
    }
    // The person's note offers the course in the track for their age (issue #37).
    expect(person.text).toContain("written for your age: https://scam-free.test/course?track=kids");
  });
});
