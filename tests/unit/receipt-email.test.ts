import { describe, expect, it } from "vitest";
import { subscriptionStartedEmail } from "~/billing/billing-emails";

const BRAND = {
  productName: "scam-free",
  siteUrl: "https://scam-free.example",
  supportEmail: "help@scam-free.example",
};

describe("the receipt when a Training Program starts", () => {
  const receipt = (members: { name: string | null; email: string }[]) =>
    subscriptionStartedEmail(BRAND, {
      name: "Maria Alvarez",
      planName: "Family Training",
      price: 25,
      members,
      periodEnd: "December 27, 2026",
    });

  it("lists the family members by the names the holder typed, each with the address after it", () => {
    const email = receipt([
      { name: "Leo", email: "leo@example.com" },
      { name: "Jorge", email: "jorge@example.com" },
    ]);
    const line = "Your family members on this plan: Leo (leo@example.com), Jorge (jorge@example.com).";
    expect(email.text).toContain(line);
    expect(email.html).toContain(line);
  });

  it("falls back to the address only for someone named before names were asked", () => {
    expect(receipt([{ name: null, email: "kid@example.com" }]).text).toContain(
      "Your family members on this plan: kid@example.com.",
    );
  });

  it("has no family line on a plan for one person", () => {
    expect(receipt([]).text).not.toContain("family members");
  });
});
