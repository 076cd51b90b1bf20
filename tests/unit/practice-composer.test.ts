import { describe, expect, it } from "vitest";
import { addressOf, fromWithDisplayName, senderOf } from "~/mail/outbox.server";
import { deliveredForm } from "~/training/library/delivered-form";
import {
  composePracticeEmail,
  composePracticeText,
  newPracticeToken,
  practiceFeedbackId,
} from "~/training/sending/practice-composer.server";
import type { PracticeScenario } from "~/training/library/practice-scenario-schema";

const scenario = {
  id: "email-test",
  channel: "email",
  title: "Test",
  subject: 'Win <b>big</b> & "fast"',
  from: { name: "Coin Vault Rewards", address: "rewards" },
  body: 'Hi {{firstName}} <friend> & pals,\nYou won!\n\nPress [[Claim <now> & "go"]] today.\n\nThanks',
} as unknown as PracticeScenario;

const details = {
  mailDomain: "go.practice-mail.example",
  textSender: "+1 (202) 555-0100",
  to: "rose@example.com",
  personName: "Rose Okafor",
};
const form = deliveredForm(scenario, details);
const input = {
  messageId: "3f1c5a9e-0000-4000-8000-000000000001",
  scenarioId: "email-test",
  token: "tok_EN-123",
  form,
  linkOrigin: "https://go.practice-mail.example",
  landingPath: "/prize/claim",
};

describe("practice message composition", () => {
  it("leaves from the scenario's sender at the practice domain, greets the person by first name", () => {
    expect(form).toEqual({
      channel: "email",
      from: { name: "Coin Vault Rewards", address: "rewards@go.practice-mail.example" },
      to: "rose@example.com",
      subject: 'Win <b>big</b> & "fast"',
      body: 'Hi Rose <friend> & pals,\nYou won!\n\nPress [[Claim <now> & "go"]] today.\n\nThanks',
    });
    const email = composePracticeEmail(input);
    expect(email).toMatchObject({
      senderName: "Coin Vault Rewards",
      senderAddress: "rewards@go.practice-mail.example",
    });
    expect(
      senderOf("scam-free <no-reply@scam-free.example>", {
        senderName: email.senderName!,
        senderAddress: email.senderAddress!,
      }),
    ).toBe(`"Coin Vault Rewards" <rewards@go.practice-mail.example>`);
    // Someone we have no usable name for is greeted as a friend, never as a stranger.
    for (const personName of [null, "Family member 2", "rose@example.com", ""]) {
      expect(deliveredForm(scenario, { ...details, personName }).body.startsWith("Hi friend <friend>")).toBe(true);
    }
  });

  it("escapes every piece of text in the HTML, links the marker to the practice origin, and says nothing of practice", () => {
    const email = composePracticeEmail(input);
    // No link a person can see or hover over says "practice" (issue #36), and no header either
    // (issue #40): "Show original" is where a careful reader looks.
    const visibleLinks = [...email.html.matchAll(/href="([^"]+)"/g), ...email.text.matchAll(/https?:\/\/\S+/g)].map(
      (match) => match[1] ?? match[0],
    );
    expect(visibleLinks.length).toBeGreaterThanOrEqual(4);
    for (const link of visibleLinks) expect(new URL(link).pathname).not.toMatch(/practi|training|scam/i);
    expect(email.html).toContain("Hi Rose &lt;friend&gt; &amp; pals,<br>You won!");
    expect(email.html).toContain(
      `<a href="https://go.practice-mail.example/prize/claim/tok_EN-123" style="color:#1a56db">Claim &lt;now&gt; &amp; &quot;go&quot;</a>`,
    );
    expect(email.html).toContain(
      `<a href="https://go.practice-mail.example/unsubscribe/tok_EN-123" style="color:#777777">Unsubscribe</a>`,
    );
    expect(email.html).not.toContain("<friend>");
    expect(email.html).not.toContain("<now>");
    expect(email.text).toContain(`Claim <now> & "go" (https://go.practice-mail.example/prize/claim/tok_EN-123) today.`);
    expect(email.text.endsWith("--\nUnsubscribe: https://go.practice-mail.example/unsubscribe/tok_EN-123\n")).toBe(
      true,
    );
    for (const giveaway of [/practice message/i, /scam-free/i, /enrolled/i]) {
      expect(email.html.replaceAll("/practice/", "/")).not.toMatch(giveaway);
      expect(email.text.replaceAll("/practice/", "/")).not.toMatch(giveaway);
    }
    expect(email).toMatchObject({
      template: "practice-email",
      subject: scenario.subject,
      headers: {
        "List-Unsubscribe": "<https://go.practice-mail.example/unsubscribe/tok_EN-123>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Feedback-ID": practiceFeedbackId("email-test", "rewards@go.practice-mail.example"),
      },
    });
    expect(Object.keys(email.headers ?? {})).toHaveLength(3);
    for (const value of Object.values(email.headers ?? {})) {
      // (This test's own practice domain is named for what it is; a deployment's need not be.)
      expect(value.replace("List-Unsubscribe", "").replaceAll("practice-mail.example", "")).not.toMatch(
        /practi|training|scam/i,
      );
    }
    expect(practiceFeedbackId("email-test", "rewards@go.practice-mail.example")).toMatch(/^[0-9a-f]{10}:m:go$/);
    // Its own plain document, not the site's mail layout.
    expect(email.html).toMatch(/^<!doctype html><html lang="en"><head><meta charset="utf-8">/);
    expect(email.html).toContain(`<title>Win &lt;b&gt;big&lt;/b&gt; &amp; &quot;fast&quot;</title>`);
    expect(email.html).not.toContain("#163e85");
  });

  it("puts the landing address in place of the link in a text, and ends it with Reply STOP to end", () => {
    const text = composePracticeText(input);
    expect(text).toEqual({
      template: "practice-text",
      body: "Hi Rose <friend> & pals,\nYou won!\n\nPress https://go.practice-mail.example/prize/claim/tok_EN-123 today.\n\nThanks\nReply STOP to end",
    });
  });

  it("other mail sends from our own address, under another name when asked, and tokens carry 256 bits", () => {
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
