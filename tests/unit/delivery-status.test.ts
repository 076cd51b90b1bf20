import { describe, expect, it } from "vitest";
import { arrivalOf } from "~/mail/message-status.server";
import { describeTextError, TextStatusSchema } from "~/mail/text-delivery-status.server";
import { deliveryCheckEmail, deliveryCheckText } from "~/training/people/delivery-check-messages";
import { deliveryStepsFor, mailServiceOf } from "~/training/people/delivery-steps";

/**
 * Knowing whether a message arrived: what counts as delivered, Twilio's status callbacks as we
 * read them, the steps a family follows for their mail service, and the test message's words.
 */
describe("whether a sent message arrived", () => {
  const sent = { state: "sent", channel: "sms", transport: "twilio" } as const;
  it("trusts the carrier for a Twilio text, and the mail server's acceptance for an email", () => {
    expect(arrivalOf({ ...sent, providerStatus: "delivered" })).toBe("delivered");
    expect(arrivalOf({ ...sent, providerStatus: "read" })).toBe("delivered");
    expect(arrivalOf({ ...sent, providerStatus: "undelivered" })).toBe("not-delivered");
    expect(arrivalOf({ ...sent, providerStatus: "failed" })).toBe("not-delivered");
    expect(arrivalOf({ ...sent, providerStatus: "sent" })).toBe("unknown");
    expect(arrivalOf({ ...sent, providerStatus: null })).toBe("unknown");
    expect(arrivalOf({ state: "sent", channel: "email", transport: "smtp", providerStatus: null })).toBe("delivered");
    expect(arrivalOf({ state: "sent", channel: "sms", transport: "local", providerStatus: null })).toBe("delivered");
    expect(arrivalOf({ state: "failed", channel: "email", transport: null, providerStatus: null })).toBe(
      "not-delivered",
    );
    expect(arrivalOf({ state: "pending", channel: "email", transport: null, providerStatus: null })).toBe("unknown");
  });
});

describe("Twilio's status callbacks", () => {
  const sid = `SM${"a1".repeat(16)}`;
  it("reads a message's status and error code", () => {
    expect(
      TextStatusSchema.parse({ MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30003", To: "+1" }),
    ).toEqual({
      MessageSid: sid,
      MessageStatus: "undelivered",
      ErrorCode: "30003",
    });
    expect(describeTextError("30007")).toBe("30007: The carrier filtered the message.");
    expect(describeTextError("39999")).toBe("39999: Twilio could not deliver it.");
    expect(describeTextError(undefined)).toBeNull();
  });
  it("refuses what is not an outgoing message's status", () => {
    expect(TextStatusSchema.safeParse({ MessageSid: sid, MessageStatus: "received" }).success).toBe(false);
    expect(TextStatusSchema.safeParse({ MessageSid: "SM1", MessageStatus: "sent" }).success).toBe(false);
    expect(TextStatusSchema.safeParse({ MessageSid: sid, MessageStatus: "sent", ErrorCode: "<b>" }).success).toBe(
      false,
    );
  });
});

describe("making sure practice messages reach a person", () => {
  it("knows the big mail services by their domains, and anything else is 'other'", () => {
    expect(mailServiceOf("rosa@gmail.com")).toBe("gmail");
    expect(mailServiceOf("Rosa@GoogleMail.com")).toBe("gmail");
    expect(mailServiceOf("joe@hotmail.co.uk")).toBe("outlook");
    expect(mailServiceOf("joe@outlook.com")).toBe("outlook");
    expect(mailServiceOf("sam@me.com")).toBe("icloud");
    expect(mailServiceOf("dana@rivera-family.example")).toBe("other");
  });
  it("gives each its steps, naming the practice domain and never one sender", () => {
    const gmail = deliveryStepsFor({ channel: "email", address: "rosa@gmail.com", practiceDomain: "go.practice.test" });
    expect(gmail.service).toBe("Gmail");
    expect(gmail.steps.join(" ")).toContain("@go.practice.test");
    expect(gmail.steps.join(" ")).toContain("Never send it to Spam");
    const outlook = deliveryStepsFor({ channel: "email", address: "joe@live.com", practiceDomain: "go.practice.test" });
    expect(outlook.steps.join(" ")).toContain("Safe senders and domains");
    const icloud = deliveryStepsFor({
      channel: "email",
      address: "sam@icloud.com",
      practiceDomain: "go.practice.test",
    });
    expect(icloud.steps.join(" ")).toContain("Add to Contacts");
    const phone = deliveryStepsFor({ channel: "sms", address: "+15555550142", practiceDomain: "go.practice.test" });
    expect(phone.service).toBe("Phone");
    expect(phone.steps.join(" ")).toContain("Don't block the number");
    // With several numbers, every one is listed, so a family can check a text against them.
    const pool = ["+15005550006", "+15005550007", "+15005550008"];
    const several = deliveryStepsFor({
      ...{ channel: "sms", address: "+15555550142", practiceDomain: "x.test" },
      textSenders: pool,
    });
    expect(several.steps[0]).toBe(
      "Practice texts come from any of these numbers: +15005550006, +15005550007 and +15005550008.",
    );
    expect(several.steps.join(" ")).toContain("Don't block these numbers");
  });
  it("writes them in Spanish for someone who reads Spanish, with the names their mail and phone show", () => {
    const gmail = deliveryStepsFor({
      channel: "email",
      address: "rosa@gmail.com",
      practiceDomain: "go.practice.test",
      language: "es",
    });
    expect(gmail).toMatchObject({ service: "Gmail", language: "es" });
    expect(gmail.steps.join(" ")).toContain("@go.practice.test");
    expect(gmail.steps.join(" ")).toContain("No enviar nunca a Spam");
    const other = deliveryStepsFor({
      channel: "email",
      address: "a@b.example",
      practiceDomain: "x.test",
      language: "es",
    });
    expect(other.service).toBe("Correo");
    const phone = deliveryStepsFor({
      channel: "sms",
      address: "+15555550142",
      practiceDomain: "x.test",
      textSenders: ["+15005550006", "+15005550007"],
      language: "es",
    });
    expect(phone.service).toBe("Teléfono");
    expect(phone.steps[0]).toBe(
      "Los mensajes de práctica llegan desde cualquiera de estos números: +15005550006 y +15005550007.",
    );
    expect(phone.steps.join(" ")).toContain("responda ESTAFA");
    expect(deliveryStepsFor({ channel: "sms", address: "+15555550142", practiceDomain: "x.test" }).language).toBe("en");
  });
});

describe("the test message", () => {
  const brand = {
    productName: "scam-free",
    siteUrl: "https://scam-free.example",
    supportEmail: "help@scam-free.example",
  };
  const input = {
    firstName: "Rosa",
    confirmUrl: "https://go.practice.test/practice/check/TOKEN",
    consentUrl: "https://scam-free.example/training/consent/CONSENT",
    practiceDomain: "go.practice.test",
    address: "rosa@gmail.com",
  };
  it("says plainly that it is a test and not a practice scam, with its button, the Gmail steps and the way to stop", () => {
    const email = deliveryCheckEmail(brand, input);
    expect(email.subject).toBe("Test from scam-free: did this reach your inbox?");
    expect(email.text).toContain("Hello Rosa,");
    expect(email.text).toContain("not a practice scam");
    expect(email.text).toContain("Yes, it arrived: https://go.practice.test/practice/check/TOKEN");
    expect(email.text).toContain("Gmail:");
    expect(email.text).toContain("https://scam-free.example/training/consent/CONSENT");
    expect(email.html).toContain('href="https://go.practice.test/practice/check/TOKEN"');
  });
  it("as a text: labelled, with the link, 'reply OK' and 'Reply STOP to end'", () => {
    expect(deliveryCheckText(input)).toBe(
      "scam-free test for Rosa (not a practice scam): reply OK, or open https://go.practice.test/practice/check/TOKEN, to tell us practice texts reach you. Reply STOP to end.",
    );
  });
});
