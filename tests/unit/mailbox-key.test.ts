import { describe, expect, it } from "vitest";
import { mailboxKey } from "~/mail/mailbox-key";

describe("mailboxKey", () => {
  it("maps sub-addresses to the mailbox they reach", () => {
    expect(mailboxKey("name+1@example.com")).toBe("name@example.com");
    expect(mailboxKey("Name+again@Example.COM")).toBe("name@example.com");
    expect(mailboxKey(" name@example.com ")).toBe("name@example.com");
  });

  it("drops Gmail's ignored dots and its second domain", () => {
    expect(mailboxKey("first.last@gmail.com")).toBe("firstlast@gmail.com");
    expect(mailboxKey("F.i.r.s.t.Last+news@googlemail.com")).toBe("firstlast@gmail.com");
  });

  it("keeps dots elsewhere and leaves phone numbers alone", () => {
    expect(mailboxKey("first.last@example.org")).toBe("first.last@example.org");
    expect(mailboxKey("+15555550123")).toBe("+15555550123");
  });

  it("keeps an address that starts with a plus as it is", () => {
    expect(mailboxKey("+tag@example.com")).toBe("+tag@example.com");
  });
});
