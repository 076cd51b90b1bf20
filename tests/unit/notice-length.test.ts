import { describe, expect, it } from "vitest";
import { childNoticeEmail, consentNoticeEmail } from "~/training/people/training-emails";

// Issue #35: a notice says who, what, how often, what the holder sees and how to stop in at most
// 120 words above its button, so a phone shows the button without reading an essay first.
const BRAND = {
  productName: "scam-free",
  siteUrl: "https://scam-free.example",
  supportEmail: "help@scam-free.example",
};
const CONSENT_URL = "https://scam-free.example/training/consent/abc";
const INPUT = {
  contactName: "Jorge Alvarez",
  holderName: "Maria Alvarez",
  consentUrl: CONSENT_URL,
  reportAddress: "report@practice.example",
};

/** The plain-text body from the greeting to the line that carries the button's address. */
function aboveTheButton(text: string) {
  const lines = text.split("\n");
  const button = lines.findIndex((line) => line.includes(CONSENT_URL));
  expect(button).toBeGreaterThan(0);
  return lines.slice(0, button).join(" ");
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("the notices before anyone says yes", () => {
  it("the adult's notice: at most 120 words above the button, with every fact a person needs to decide", () => {
    const top = aboveTheButton(consentNoticeEmail(BRAND, INPUT).text);
    expect(words(top)).toBeLessThanOrEqual(120);
    expect(top).toContain("Maria signed you up"); // who
    expect(top).toContain("at most one practice message a week"); // how often
    expect(top).toContain("Practice messages will not say they are practice"); // what, honestly
    expect(top).toContain("Maria will see"); // what the holder sees
    expect(top).toContain("reply STOP"); // how to stop
    expect(top).toContain("Nothing you type is ever collected");
  });

  it("the details follow the button: reporting, 'This isn't me', the full list the holder sees", () => {
    const { text } = consentNoticeEmail(BRAND, INPUT);
    const below = text.slice(text.indexOf(CONSENT_URL));
    expect(below).toContain("report@practice.example");
    expect(below).toContain("This isn't me");
    expect(below).toContain("your level and your weeks in a row without a fall");
  });

  it("the child's notice: at most 120 words above the button, and it says what the parent will see", () => {
    const top = aboveTheButton(childNoticeEmail(BRAND, INPUT).text);
    expect(words(top)).toBeLessThanOrEqual(120);
    expect(top).toContain("Maria will see which messages you got and if you reported, spotted or pressed them");
    expect(top).toContain("It will look real and will not say it is practice.");
    expect(top).toContain("reply STOP");
  });
});
