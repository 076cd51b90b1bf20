import { describe, expect, it } from "vitest";
import { checkMessage, type CheckInput, type SignField } from "~/checker/check-message";
import { sampleDeliveredForm } from "~/training/library/delivered-form";
import { loadPracticeLibrary } from "~/training/library/practice-library.server";
import { displayBody, findRedFlagSpan } from "~/training/library/practice-message-text";
import type { PracticeScenario } from "~/training/library/practice-scenario-schema";

/**
 * Every practice scenario (content/practice/) is a test of the checker: pasted in as the person
 * received it, the checker must point at least half of the red flags its writers marked. A red
 * flag counts as found when a sign's highlight overlaps its quote in the same part of the message.
 */

/** Where the practice link would take them: the landing page on the practice origin. */
const PRACTICE_LINK = "https://practice.scam-free.test/practice/Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0fGh3";

function asPasted(scenario: PracticeScenario) {
  const form = sampleDeliveredForm(scenario);
  // An email shows `Name <address>`; a text shows only the number it came from.
  const sender = scenario.channel === "email" ? `${form.from.name} <${form.from.address}>` : form.from.address;
  const input: CheckInput = {
    sender,
    text: displayBody(form.body).text,
    links: [PRACTICE_LINK],
    ...(form.subject ? { subject: form.subject } : {}),
  };
  return { form, input };
}

describe("the checker on the practice scenarios", () => {
  const library = loadPracticeLibrary();

  it("has scenarios to check", () => {
    expect(library.scenarios.length).toBeGreaterThan(30);
  });

  it.each(library.scenarios.map((scenario) => [scenario.id, scenario]))(
    "%s: finds at least half of its red flags",
    (_, scenario) => {
      const { form, input } = asPasted(scenario);
      const { signs } = checkMessage(input);
      const missed: string[] = [];
      for (const redFlag of scenario.redFlags) {
        const span = findRedFlagSpan(form, redFlag);
        expect(span, `red flag "${redFlag.quote}" is in the message`).not.toBeNull();
        const field: SignField = span!.part === "body" ? "text" : span!.part === "subject" ? "subject" : "sender";
        // The address follows the name and " <" in the sender as pasted.
        const offset = span!.part === "fromAddress" ? form.from.name.length + 2 : 0;
        const [start, end] = [span!.start + offset, span!.end + offset];
        const found = signs.some((sign) => sign.field === field && sign.start < end && start < sign.end);
        if (!found) missed.push(`${redFlag.in}: "${redFlag.quote}"`);
      }
      const found = scenario.redFlags.length - missed.length;
      expect(
        found * 2,
        `found ${found} of ${scenario.redFlags.length}; missed:\n  ${missed.join("\n  ")}\nsigns: ${signs.map((s) => `${s.id} "${s.quote}"`).join("; ")}`,
      ).toBeGreaterThanOrEqual(scenario.redFlags.length);
    },
  );
});
