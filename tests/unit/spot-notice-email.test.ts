import { describe, expect, it } from "vitest";
import { spotNoticeEmail } from "~/training/people/training-emails";
import { SPOT_NOTICES_LABEL, SpotNoticesSchema } from "~/training/people/spot-notices";

/** The holder's "someone spotted one" email, and the setting's schema shared by form and action. */
const BRAND = { productName: "scam-free", siteUrl: "https://scam-free.test", supportEmail: "help@scam-free.test" };
const RESULTS = "https://scam-free.test/account/training";

describe("the spot notice email", () => {
  it("names who spotted it and how, links the family results, and says how often and how to stop", () => {
    const email = spotNoticeEmail(BRAND, { contactName: "Grandma Rosa", how: "spotted", resultsUrl: RESULTS });
    // Fixed words: nothing the holder typed reaches a subject line (issue #33).
    expect(email.subject).toBe("Someone in your family spotted a practice message");
    expect(email.text).toContain(
      'Grandma Rosa spotted a practice message and said so on its feedback page ("I spotted it").',
    );
    expect(email.text).toContain(`See your family's results: ${RESULTS}`);
    expect(email.text).toContain("at most one of these emails a day");
    expect(email.text).toContain("your family results show every one");
    expect(email.text).toContain(`untick "${SPOT_NOTICES_LABEL}"`);
    expect(email.html).toContain(`href="${RESULTS}"`);

    const reported = spotNoticeEmail(BRAND, { contactName: "Grandma Rosa", how: "reported", resultsUrl: RESULTS });
    expect(reported.subject).toBe("Someone in your family spotted a practice message");
    expect(reported.text).toContain("Grandma Rosa spotted a practice message and reported it to us");
  });

  it("keeps the subject on one line and escapes the name in HTML", () => {
    const email = spotNoticeEmail(BRAND, {
      contactName: "Rosa\r\nBcc: x@example.com <b>",
      how: "spotted",
      resultsUrl: RESULTS,
    });
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.subject).not.toContain("Rosa");
    expect(email.html).not.toContain("<b>");
  });
});

describe("the spot notice setting's schema", () => {
  it("reads a ticked box as on and an absent one as off, and refuses anything else", () => {
    expect(SpotNoticesSchema.parse({ enabled: "on" })).toEqual({ enabled: true });
    expect(SpotNoticesSchema.parse({})).toEqual({ enabled: false });
    for (const enabled of ["yes", "true", "", ["on", "on"]]) {
      const parsed = SpotNoticesSchema.safeParse({ enabled });
      expect(parsed.success, JSON.stringify(enabled)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(`Please use the "${SPOT_NOTICES_LABEL}" box on this page.`);
    }
  });
});
