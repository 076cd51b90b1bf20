import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  isReportEmail,
  MalformedReport,
  parseFeedbackReport,
  parseFieldGroups,
} from "~/mail/feedback-reports/report-parser.server";

/** The RFC 5965 and RFC 3464 samples (tests/fixtures/mail-feedback), pointed at one of our messages. */
const ID = "0b9d6a3e-64f4-4c1e-9a7b-2f1d3c4b5a69";
function fixture(name: string, recipient = "Sam@Example.com") {
  const text = readFileSync(`tests/fixtures/mail-feedback/${name}.eml`, "utf8")
    .replaceAll("{{OUTBOX_ID}}", ID)
    .replaceAll("{{RECIPIENT}}", recipient)
    .replaceAll("{{DOMAIN}}", "practice.scam-free.test");
  return Buffer.from(text.replace(/\r?\n/g, "\r\n"));
}

describe("feedback report parsing", () => {
  it("reads the minimal ARF sample (RFC 5965 B.1): the recipient comes from the original's To", async () => {
    const raw = fixture("arf-rfc5965-b1-minimal");
    expect(isReportEmail(raw)).toBe(true);
    expect(await parseFeedbackReport(raw)).toEqual({
      kind: "complaint",
      feedbackType: "abuse",
      originalRecipient: "sam@example.com",
      originalMessageId: `<${ID}@practice.scam-free.test>`,
    });
  });

  it("reads the complete ARF sample (RFC 5965 B.2): Original-Rcpt-To names the recipient", async () => {
    expect(await parseFeedbackReport(fixture("arf-rfc5965-b2-complete"))).toEqual({
      kind: "complaint",
      feedbackType: "abuse",
      originalRecipient: "sam@example.com",
      originalMessageId: `<${ID}@practice.scam-free.test>`,
    });
  });

  it("reads the simple DSN (RFC 3464): failed, but with a 4.x.x status", async () => {
    const report = await parseFeedbackReport(fixture("dsn-rfc3464-simple"));
    expect(report).toEqual({
      kind: "delivery-status",
      originalRecipient: "sam@example.com",
      originalMessageId: `<${ID}@practice.scam-free.test>`,
      recipients: [
        {
          finalRecipient: "sam@example.com",
          action: "failed",
          status: "4.0.0",
          diagnostic: "smtp; 426 connection timed out",
        },
      ],
    });
  });

  it("reads every recipient of the multi-recipient DSN, folded diagnostics included", async () => {
    const report = await parseFeedbackReport(fixture("dsn-rfc3464-multi-recipient"));
    expect(report.kind).toBe("delivery-status");
    if (report.kind !== "delivery-status") return;
    expect(report.recipients.map((entry) => [entry.finalRecipient, entry.action, entry.status])).toEqual([
      ["arathib@vnet.ibm.com", "failed", "5.0.0"],
      ["johnh@hpnjld.njd.hp.com", "delayed", "4.0.0"],
      ["sam@example.com", "failed", "5.0.0"],
    ]);
    expect(report.recipients[0]!.diagnostic).toBe("smtp;  550 'arathib@vnet.IBM.COM' is not a registered gateway user");
  });

  it("reads a delayed DSN with only the original's headers (text/rfc822-headers)", async () => {
    const report = await parseFeedbackReport(fixture("dsn-rfc3464-delayed"));
    expect(report).toMatchObject({
      kind: "delivery-status",
      originalMessageId: `<${ID}@practice.scam-free.test>`,
      recipients: [{ finalRecipient: "sam@example.com", action: "delayed", status: "4.0.0" }],
    });
  });

  it.each([
    ["malformed-no-report-part", /no message\/feedback-report part/],
    ["malformed-garbage-report-part", /not a field/],
    ["malformed-no-message-id", /Message-ID/],
    ["malformed-wrong-report-type", /Only feedback reports/],
  ])("refuses %s", async (name, message) => {
    const raw = fixture(name);
    expect(isReportEmail(raw)).toBe(true);
    await expect(parseFeedbackReport(raw)).rejects.toThrow(MalformedReport);
    await expect(parseFeedbackReport(raw)).rejects.toThrow(message);
  });

  it("refuses a huge report part that is one long line of nothing", async () => {
    const raw = fixture("arf-rfc5965-b2-complete");
    const huge = Buffer.from(raw.toString("utf8").replace("Feedback-Type: abuse", "x".repeat(500_000)));
    await expect(parseFeedbackReport(huge)).rejects.toThrow(MalformedReport);
  });

  it("does not take a person's email for a report", () => {
    expect(isReportEmail(Buffer.from("From: a@example.com\r\nContent-Type: text/plain\r\n\r\nmultipart/report"))).toBe(
      false,
    );
  });

  it("splits field groups on blank lines and folds continuation lines", () => {
    expect(parseFieldGroups("A: 1\nB: two\n  three\n\nC: 4\n").map((group) => Object.fromEntries(group))).toEqual([
      { a: "1", b: "two three" },
      { c: "4" },
    ]);
  });
});
