import { afterEach, describe, expect, it } from "vitest";
import { getEnv, resetEnvForTests } from "~/config/env.server";

const KEYS = [
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_FROM",
  "TWILIO_API_BASE",
  "TWILIO_MESSAGING_SERVICE_SID",
];

afterEach(() => {
  for (const key of KEYS) delete process.env[key];
  resetEnvForTests();
});

describe("Twilio configuration", () => {
  it("is all three settings or none", () => {
    expect(getEnv().TWILIO_ACCOUNT_SID).toBeUndefined();
    Object.assign(process.env, {
      TWILIO_ACCOUNT_SID: "AC123",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_FROM: "+15005550006",
    });
    resetEnvForTests();
    expect(getEnv()).toMatchObject({ TWILIO_ACCOUNT_SID: "AC123", TWILIO_FROM: "+15005550006" });
  });

  it("refuses half a configuration, naming what is missing", () => {
    process.env.TWILIO_ACCOUNT_SID = "AC123";
    resetEnvForTests();
    expect(() => getEnv()).toThrow("Twilio needs all three settings; missing: TWILIO_AUTH_TOKEN, TWILIO_FROM");
    Object.assign(process.env, { TWILIO_AUTH_TOKEN: "token", TWILIO_ACCOUNT_SID: "" });
    resetEnvForTests();
    expect(() => getEnv()).toThrow("missing: TWILIO_ACCOUNT_SID, TWILIO_FROM");
  });

  it("takes a phone number in E.164 or a Messaging Service SID as the sender, nothing else", () => {
    Object.assign(process.env, {
      TWILIO_ACCOUNT_SID: "AC123",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_FROM: `MG${"a".repeat(32)}`,
    });
    resetEnvForTests();
    expect(getEnv().TWILIO_FROM).toBe(`MG${"a".repeat(32)}`);
    process.env.TWILIO_FROM = "555-0100";
    resetEnvForTests();
    expect(() => getEnv()).toThrow(/TWILIO_FROM: one or more E\.164 phone numbers/);
  });

  it("takes several numbers, so practice texts do not all come from one (issue #36)", () => {
    Object.assign(process.env, {
      TWILIO_ACCOUNT_SID: "AC123",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_FROM: "+15005550006, +15005550007,+15005550008",
    });
    resetEnvForTests();
    expect(getEnv().twilio).toEqual({
      numbers: ["+15005550006", "+15005550007", "+15005550008"],
      messagingServiceSid: null,
    });
    process.env.TWILIO_FROM = "+15005550006,555-0100";
    resetEnvForTests();
    expect(() => getEnv()).toThrow(/TWILIO_FROM: one or more E\.164 phone numbers, comma-separated/);
  });

  it("sends through a Messaging Service when TWILIO_MESSAGING_SERVICE_SID is set, with or without numbers", () => {
    const service = `MG${"b".repeat(32)}`;
    Object.assign(process.env, { TWILIO_ACCOUNT_SID: "AC123", TWILIO_AUTH_TOKEN: "token" });
    process.env.TWILIO_MESSAGING_SERVICE_SID = service;
    resetEnvForTests();
    expect(getEnv().twilio).toEqual({ numbers: [], messagingServiceSid: service });
    process.env.TWILIO_FROM = "+15005550006,+15005550007";
    resetEnvForTests();
    expect(getEnv().twilio).toEqual({ numbers: ["+15005550006", "+15005550007"], messagingServiceSid: service });
    process.env.TWILIO_MESSAGING_SERVICE_SID = "MG123";
    resetEnvForTests();
    expect(() => getEnv()).toThrow(/TWILIO_MESSAGING_SERVICE_SID: a Messaging Service SID/);
  });
});
