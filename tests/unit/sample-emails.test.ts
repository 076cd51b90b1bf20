import { describe, expect, it } from "vitest";
import { SAMPLE_EMAILS, TASTE_ROUND_IDS, sampleTrainerMessage } from "~/marketing/sample-emails";
import { pageInfo } from "~/course/page-titles.server";
import { cutMessage } from "~/red-flag-trainer/candidates";
import { foreignDomains, realBrandNames, realLookingPhoneNumbers } from "~/training/library/practice-safety-rules";

/** Everything a visitor reads in one sample: sender, subject, body and red flags. */
function allText(email: (typeof SAMPLE_EMAILS)[number]) {
  return [email.from, email.subject, ...email.body, ...email.redFlags.map((flag) => flag.why)].join("\n");
}

describe("the sample practice emails on the pricing cards", () => {
  it("shows SPEC.md's four kinds, each with its red flags", () => {
    expect(SAMPLE_EMAILS.map((email) => email.kind)).toEqual([
      "Account compromised",
      "Tax refund with attachment",
      "Fake tech support phone call",
      "Fake shared document",
    ]);
    for (const email of SAMPLE_EMAILS) expect(email.redFlags.length, email.id).toBeGreaterThanOrEqual(2);
    expect(SAMPLE_EMAILS[1].body.join(" ")).toMatch(/\.exe\b/);
    expect(SAMPLE_EMAILS[2].body.join(" ")).toMatch(/\bcall\b/i);
    expect(SAMPLE_EMAILS[3].body.join(" ")).toMatch(/https?:\/\/\S+/);
  });

  it.each(SAMPLE_EMAILS.map((email) => [email.id, email] as const))(
    "%s uses only .example domains, 555-01xx numbers and no real brand",
    (_id, email) => {
      const text = allText(email);
      expect(foreignDomains(text)).toEqual([]);
      expect(realLookingPhoneNumbers(text)).toEqual([]);
      expect(realBrandNames(text)).toEqual([]);
      expect(text).toMatch(/[\w-]+\.example\b/);
    },
  );

  it("gives the tech support scam a fictional phone number to call", () => {
    expect(SAMPLE_EMAILS[2].body.join(" ")).toMatch(/\(\d{3}\) 555-01\d\d/);
  });

  it("keeps the misspelled-sender red flag true: the sender's domain is misspelled as it says", () => {
    const account = SAMPLE_EMAILS.find((email) => email.id === "account-compromised")!;
    const flag = account.redFlags.find((f) => f.in === "from")!;
    const misspelling = /'([^']+)'/.exec(flag.why)![1];
    expect(account.from).toMatch(new RegExp(`@[\\w.-]*${misspelling}[\\w.-]*\\.example>`));
    expect(account.from).not.toContain("account");
  });

  it.each(SAMPLE_EMAILS.map((email) => [email.id, email] as const))(
    "%s: every red flag quote is in its part of the email, and its course page and title are the course's",
    (_id, email) => {
      const message = sampleTrainerMessage(email);
      for (const flag of email.redFlags) {
        const where = { from: email.from, subject: email.subject, body: email.body.join("\n\n") }[flag.in];
        expect(where, flag.quote).toContain(flag.quote);
        expect(pageInfo(flag.coursePage)?.title, flag.quote).toBe(flag.courseTitle);
      }
      // Each quote becomes one markable part of its own, with ordinary parts around them.
      const { candidates } = cutMessage(message);
      expect(candidates.filter((c) => c.redFlag !== null).map((c) => c.text)).toEqual(
        expect.arrayContaining(email.redFlags.map((flag) => flag.quote)),
      );
      expect(candidates.filter((c) => c.redFlag === null).length).toBeGreaterThanOrEqual(2);
    },
  );

  it("runs three of the four as the free taste's rounds", () => {
    expect(TASTE_ROUND_IDS).toHaveLength(3);
    for (const id of TASTE_ROUND_IDS) expect(SAMPLE_EMAILS.map((email) => email.id)).toContain(id);
  });
});
