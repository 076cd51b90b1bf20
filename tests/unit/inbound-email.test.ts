import { describe, expect, it } from "vitest";
import {
  inboundSignatureValid,
  MalformedEmail,
  parseInboundEmail,
  signInboundEmail,
} from "~/mail/inbound-email.server";
import { practiceReferences } from "~/training/tracking/practice-reports.server";

/**
 * Reports of practice emails as mail clients really forward them. Each sample is written the way
 * that client builds a forward (its separator lines, header block, quoting, encodings): the token
 * must be found in every one, and a reply found by the Message-ID it answers.
 */
const TOKEN = "Qx7vK2mN9pR4sT6uW8yZ1aB3cD5eF7gH9iJ0kL2mN4o";
const LANDING = `https://go.notices-mail.example/practice/${TOKEN}`;
const OUTBOX_ID = "3f1c5a9e-7b2d-4c8e-9a10-5d6e7f809a1b";

const crlf = (lines: string[]) => Buffer.from(lines.join("\r\n"));

/** Gmail (web): "---------- Forwarded message ---------", links kept as "text <url>" in the plain part. */
const gmailForward = crlf([
  "MIME-Version: 1.0",
  "Date: Wed, 25 Nov 2026 10:14:03 -0500",
  "Message-ID: <CAB8xq=Vt3m0sFw9Yx@mail.gmail.example>",
  "Subject: Fwd: Did you make a payment of $1,250.00?",
  "From: Rose Okafor <rose@example.com>",
  "To: report@notices-mail.example",
  'Content-Type: multipart/alternative; boundary="000000000000a1b2c3"',
  "",
  "--000000000000a1b2c3",
  'Content-Type: text/plain; charset="UTF-8"',
  "",
  "This looks like a scam to me.",
  "",
  "---------- Forwarded message ---------",
  "From: Pinecrest Valley Bank Fraud Prevention <fraud-alerts@notices-mail.example>",
  "Date: Wed, Nov 25, 2026 at 9:02 AM",
  "Subject: Did you make a payment of $1,250.00?",
  "To: <rose@example.com>",
  "",
  "",
  "Dear Rose,",
  "",
  `Review this payment <${LANDING}>`,
  "",
  "--000000000000a1b2c3",
  'Content-Type: text/html; charset="UTF-8"',
  "",
  '<div dir="ltr">This looks like a scam to me.<br><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">---------- Forwarded message ---------<br>From: <strong class="gmail_sendername" dir="auto">Pinecrest Valley Bank Fraud Prevention</strong> <span dir="auto">&lt;<a href="mailto:fraud-alerts@notices-mail.example">fraud-alerts@notices-mail.example</a>&gt;</span><br></div><br><br>',
  `<p>Dear Rose,</p><p><a href="${LANDING}" style="color:#1a56db">Review this payment</a></p></div></div>`,
  "",
  "--000000000000a1b2c3--",
  "",
]);

/**
 * Outlook.com: "________________________________" and "From:/Sent:/To:/Subject:", quoted-printable
 * (soft line breaks inside the address), and the link rewritten by Safe Links, percent-encoded.
 */
const safeLink = `https://nam12.safelinks.protection.outlook.example/?url=${encodeURIComponent(LANDING)}&data=05%7C02%7C%7Cabc&reserved=0`;
const qp = (text: string) =>
  text
    .replace(/=/g, "=3D")
    .match(/.{1,72}/g)!
    .join("=\r\n");
const outlookForward = crlf([
  "MIME-Version: 1.0",
  "Date: Wed, 25 Nov 2026 15:20:11 +0000",
  "Message-ID: <DM6PR11MB4321ABCD@DM6PR11MB4321.namprd11.prod.outlook.example>",
  "Subject: FW: Did you make a payment of $1,250.00?",
  'From: "Rose Okafor" <ROSE@EXAMPLE.COM>',
  "To: report@notices-mail.example",
  'Content-Type: multipart/alternative; boundary="_000_DM6PR11MB4321_"',
  "",
  "--_000_DM6PR11MB4321_",
  'Content-Type: text/plain; charset="us-ascii"',
  "Content-Transfer-Encoding: quoted-printable",
  "",
  "________________________________",
  "From: Pinecrest Valley Bank Fraud Prevention <fraud-alerts@notices-mail.example>",
  "Sent: Wednesday, November 25, 2026 2:02 PM",
  "To: rose@example.com <rose@example.com>",
  "Subject: Did you make a payment of $1,250.00?",
  "",
  qp(`Dear Rose, Review this payment<${safeLink}>`),
  "",
  "--_000_DM6PR11MB4321_",
  'Content-Type: text/html; charset="us-ascii"',
  "Content-Transfer-Encoding: quoted-printable",
  "",
  qp(
    `<html><body><div id="divRplyFwdMsg" dir="ltr"><b>From:</b> Pinecrest Valley Bank Fraud Prevention</div><p>Dear Rose,</p><p><a href="${safeLink}" originalsrc="${LANDING}">Review this payment</a></p></body></html>`,
  ),
  "",
  "--_000_DM6PR11MB4321_--",
  "",
]);

/** Apple Mail: "Begin forwarded message:", the original in a blockquote, base64 parts. */
const appleForward = crlf([
  'Content-Type: multipart/alternative; boundary="Apple-Mail=_5E1F2A3B"',
  "Mime-Version: 1.0 (Mac OS X Mail 16.0)",
  "Subject: Fwd: Did you make a payment of $1,250.00?",
  "From: Rose Okafor <rose@example.com>",
  "Date: Wed, 25 Nov 2026 09:30:00 -0500",
  "Message-Id: <7C1E2D3F-4A5B-6C7D-8E9F@example.com>",
  "To: report@notices-mail.example",
  "",
  "--Apple-Mail=_5E1F2A3B",
  "Content-Transfer-Encoding: base64",
  "Content-Type: text/plain; charset=utf-8",
  "",
  Buffer.from(
    `\n\nBegin forwarded message:\n\nFrom: Pinecrest Valley Bank Fraud Prevention <fraud-alerts@notices-mail.example>\nSubject: Did you make a payment of $1,250.00?\nDate: 25 November 2026 at 09:02:00 EST\nTo: rose@example.com\n\nDear Rose,\n\nReview this payment (${LANDING})\n`,
  )
    .toString("base64")
    .match(/.{1,76}/g)!
    .join("\r\n"),
  "",
  "--Apple-Mail=_5E1F2A3B",
  "Content-Transfer-Encoding: base64",
  "Content-Type: text/html; charset=utf-8",
  "",
  Buffer.from(
    `<html><body><div><br><blockquote type="cite"><div>Begin forwarded message:</div><p>Dear Rose,</p><p><a href="${LANDING}">Review this payment</a></p></blockquote></div></body></html>`,
  )
    .toString("base64")
    .match(/.{1,76}/g)!
    .join("\r\n"),
  "",
  "--Apple-Mail=_5E1F2A3B--",
  "",
]);

/** A reply (any client): In-Reply-To and References name the Message-ID we sent it with. */
const reply = crlf([
  "MIME-Version: 1.0",
  "From: rose@example.com",
  "To: fraud-alerts@notices-mail.example",
  "Subject: Re: Did you make a payment of $1,250.00?",
  `In-Reply-To: <${OUTBOX_ID}@notices-mail.example>`,
  `References: <${OUTBOX_ID}@notices-mail.example>`,
  "Content-Type: text/plain; charset=utf-8",
  "",
  "I don't think this is real.",
  "",
]);

describe("reports of practice emails", () => {
  for (const [client, raw] of [
    ["Gmail", gmailForward],
    ["Outlook (Safe Links, quoted-printable)", outlookForward],
    ["Apple Mail (base64)", appleForward],
  ] as const) {
    it(`finds the practice message in a forward from ${client}`, async () => {
      const email = await parseInboundEmail(raw);
      expect(email.from).toBe("rose@example.com");
      expect(email.to).toEqual(["report@notices-mail.example"]);
      expect(practiceReferences(email)).toEqual({ tokens: [TOKEN], outboxIds: [] });
    });
  }

  it("finds the token after a story's path, as links show it since issue #36, plainly or inside Safe Links", async () => {
    const storyLink = `https://go.notices-mail.example/toll/pay/${TOKEN}`;
    const safeLink = `https://nam02.safelinks.protection.outlook.com/?url=${encodeURIComponent(storyLink)}&data=05%7C02%7C&reserved=0`;
    for (const link of [storyLink, safeLink, `https://go.notices-mail.example/claim/${TOKEN}`]) {
      const forward = crlf(["From: rose@example.com", "Subject: Fwd: Unpaid toll", "", `Pay now (${link})`]);
      expect(practiceReferences(await parseInboundEmail(forward))).toEqual({ tokens: [TOKEN], outboxIds: [] });
    }
    const notOurs = crlf(["From: rose@example.com", "Subject: Hi", "", `https://example.com/a/b/c/${TOKEN}x`]);
    expect(practiceReferences(await parseInboundEmail(notOurs)).tokens).toEqual([]);
  });

  it("finds the message a reply answers by the Message-ID it was sent with", async () => {
    const email = await parseInboundEmail(reply);
    expect(practiceReferences(email)).toEqual({ tokens: [], outboxIds: [OUTBOX_ID] });
  });

  it("finds nothing in an ordinary email, and refuses something that is not an email", async () => {
    const ordinary = crlf(["From: rose@example.com", "Subject: Hello", "", "See https://example.com/practice/abc"]);
    expect(practiceReferences(await parseInboundEmail(ordinary))).toEqual({ tokens: [], outboxIds: [] });
    await expect(parseInboundEmail(Buffer.from("just some words"))).rejects.toBeInstanceOf(MalformedEmail);
  });

  it("checks the HMAC of the exact body, in constant time", () => {
    const secret = "a-secret-of-at-least-thirty-two-characters";
    const signature = signInboundEmail(gmailForward, secret);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(inboundSignatureValid(gmailForward, signature, secret)).toBe(true);
    expect(inboundSignatureValid(gmailForward, ` ${signature} `, secret)).toBe(true);
    expect(inboundSignatureValid(Buffer.concat([gmailForward, Buffer.from(" ")]), signature, secret)).toBe(false);
    expect(inboundSignatureValid(gmailForward, signature, `${secret}x`)).toBe(false);
    expect(inboundSignatureValid(gmailForward, null, secret)).toBe(false);
    expect(inboundSignatureValid(gmailForward, "sha256=00", secret)).toBe(false);
  });
});
