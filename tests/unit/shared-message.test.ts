import { describe, expect, it } from "vitest";
import { hasShareParams, sharedMessageFrom } from "~/check-page/shared-message";

/** What a share (the web app's share target, or an iPhone Shortcut's `/check?text=…`) puts in the form. */
describe("sharedMessageFrom", () => {
  it("is nothing for an address without a share", () => {
    expect(sharedMessageFrom("")).toBeNull();
    expect(sharedMessageFrom("?utm_source=home")).toBeNull();
    expect(sharedMessageFrom("?text=%20%20&title=")).toBeNull();
  });

  it("takes the text of a Shortcut as it is, without the spaces around it", () => {
    expect(sharedMessageFrom("?text=%20Buy%20gift%20cards%20and%20don%27t%20tell%20anyone%0A")).toEqual({
      text: "Buy gift cards and don't tell anyone",
    });
  });

  it("puts a title before the text, on its own line", () => {
    const search = new URLSearchParams({ title: "Your parcel is waiting", text: "Pay the $1.99 fee today." });
    expect(sharedMessageFrom(search)).toEqual({ text: "Your parcel is waiting\nPay the $1.99 fee today." });
  });

  it("keeps a title once when the text already holds it", () => {
    const search = new URLSearchParams({ title: "Account locked", text: "Account locked: call us now." });
    expect(sharedMessageFrom(search)).toEqual({ text: "Account locked: call us now." });
  });

  it("takes a title alone as the message", () => {
    expect(sharedMessageFrom(new URLSearchParams({ title: "You won a prize" }))).toEqual({ text: "You won a prize" });
  });

  it("puts a shared link in the links field and adds it to the message when the text lacks it", () => {
    const search = new URLSearchParams({
      title: "Toll notice",
      text: "You owe an unpaid toll. Pay today to avoid a fine.",
      url: "https://tolls.example.com-payfast.icu/pay",
    });
    expect(sharedMessageFrom(search)).toEqual({
      text: "Toll notice\nYou owe an unpaid toll. Pay today to avoid a fine.\nhttps://tolls.example.com-payfast.icu/pay",
      links: "https://tolls.example.com-payfast.icu/pay",
    });
  });

  it("does not repeat a link the text already holds", () => {
    const search = new URLSearchParams({
      text: "Pay here https://tolls.example.com-payfast.icu/pay now",
      url: "https://tolls.example.com-payfast.icu/pay",
    });
    expect(sharedMessageFrom(search)).toEqual({
      text: "Pay here https://tolls.example.com-payfast.icu/pay now",
      links: "https://tolls.example.com-payfast.icu/pay",
    });
  });

  it("takes a link alone as the message and the link", () => {
    expect(sharedMessageFrom("?url=https%3A%2F%2Fprize.example.top%2Fclaim")).toEqual({
      text: "https://prize.example.top/claim",
      links: "https://prize.example.top/claim",
    });
  });
});

describe("hasShareParams", () => {
  it("is true for any share parameter, even an empty one, and false otherwise", () => {
    expect(hasShareParams("?text=")).toBe(true);
    expect(hasShareParams("?title=Hi")).toBe(true);
    expect(hasShareParams(new URLSearchParams({ url: "https://example.com" }))).toBe(true);
    expect(hasShareParams("?sort=newest")).toBe(false);
    expect(hasShareParams("")).toBe(false);
  });
});
