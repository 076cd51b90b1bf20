import { describe, expect, it } from "vitest";
import { addressOf, fromWithDisplayName } from "~/mail/outbox.server";
import {
  composePracticeEmail,
  composePracticeText,
  newPracticeToken,
} from "~/training/sending/practice-composer.server";
import type { PracticeScenario } from "~/training/library/practice-scenario-schema";

const scenario = {
  id: "email-test",
  channel: "email",
  title: "Test",
  subject: 'Win <b>big</b> & "fast"',
  from: { name: "Coin Vault Rewards", address: "rewards@coinvault.example" },
  body: 'Hi <friend> & pals,\nYou won!\n\nPress [[Claim <now> & "go"]] today.\n\nThanks',
} as unknown as PracticeScenario;

const input = {
  messageId: "3f1c5a9e-0000-4000-8000-000000000001",
  token: "tok_EN-123",
  scenario,
  holderName: "Ann <Admin> & Co",
  appUrl: "https://scam-free.example",
};

describe("practice message composition", () => {
  it("escapes every piece of text in the HTML and makes the marker a link to the landing page", () => {
    const email = composePracticeEmail(input);
    expect(email.html).toContain("Hi &lt;friend&gt; &amp; pals,<br>You won!");
    expect(email.html).toContain(
      `<a href="https://scam-free.example/practice/tok_EN-123" style="color:#1a56db">Claim &lt;now&gt; &amp; &quot;go&quot;</a>`,
    );
    expect(email.html).toContain("sent because Ann &lt;Admin&gt; &amp; Co enrolled you.");
    expect(email.html).toContain(`<a href="https://scam-free.example/practice/tok_EN-123/stop"`);
    expect(email.html).not.toContain("<friend>");
    expect(email.html).not.toContain("<now>");
    expect(email.text).toContain(`Claim <now> & "go" (https://scam-free.example/practice/tok_EN-123) today.`);
    expect(email).toMatchObject({
      template: "practice-email",
      senderName: "Coin Vault Rewards",
      subject: scenario.subject,
      headers: {
        "X-Scam-Free-Practice": input.messageId,
        "List-Unsubscribe": "<https://scam-free.example/practice/tok_EN-123/stop>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
  });

  it("puts the landing address in place of the link in a text, and ends it with Reply STOP to end", () => {
    const text = composePracticeText(input);
    expect(text).toEqual({
      template: "practice-text",
      body: "Hi <friend> & pals,\nYou won!\n\nPress https://scam-free.example/practice/tok_EN-123 today.\n\nThanks\nReply STOP to end",
    });
  });

  it("sends from our own address under the scenario's name, and tokens carry 256 bits", () => {
    expect(addressOf("scam-free <no-reply@scam-free.example>")).toBe("no-reply@scam-free.example");
    expect(addressOf("no-reply@scam-free.example")).toBe("no-reply@scam-free.example");
    expect(fromWithDisplayName("scam-free <no-reply@scam-free.example>", "Coin Vault Rewards")).toBe(
      `"Coin Vault Rewards" <no-reply@scam-free.example>`,
    );
    expect(fromWithDisplayName("scam-free <no-reply@scam-free.example>", 'Evil"\r\nBcc: x@y.example')).toBe(
      `"EvilBcc: x@y.example" <no-reply@scam-free.example>`,
    );
    const tokens = new Set(Array.from({ length: 100 }, newPracticeToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(Buffer.from(token, "base64url")).toHaveLength(32);
  });
});
