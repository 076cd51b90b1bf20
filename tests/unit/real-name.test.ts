import { describe, expect, it } from "vitest";
import { realNameOf } from "~/account/real-name";

describe("realNameOf", () => {
  it("treats the sign-up stand-in (the email's local part) as no name", () => {
    expect(realNameOf({ name: "family29164", email: "family29164@example.com" })).toBe("");
    expect(realNameOf({ name: "Family29164 ", email: "family29164@example.com" })).toBe("");
    expect(realNameOf({ name: "", email: "a@example.com" })).toBe("");
    expect(realNameOf({ name: null, email: "a@example.com" })).toBe("");
  });

  it("keeps a real name", () => {
    expect(realNameOf({ name: "Dana Rivera", email: "dana@example.com" })).toBe("Dana Rivera");
    expect(realNameOf({ name: "  Dana  ", email: "dana.rivera@example.com" })).toBe("Dana");
  });
});
