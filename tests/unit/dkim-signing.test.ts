import { generateKeyPairSync } from "node:crypto";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { relaxedBody, relaxedHeader, signMessage } from "~/mail/dkim-signature.server";
import { composeRawEmail, smtpTransport, type OutgoingEmail } from "~/mail/transports.server";
import { startFakeSmtpServer } from "../fakes/smtp-server";

/**
 * DKIM (issue #40): mail from the practice domain (DKIM_*) and from the site's own domain
 * (SITE_DKIM_*) is signed for its From domain, with From oversigned and List-Unsubscribe-Post
 * among the signed fields, and the signature verifies with mailauth against the public key.
 */

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    /** The p= of the DNS record: the SubjectPublicKeyInfo, base64. */
    dnsValue: publicKey.export({ type: "spki", format: "der" }).toString("base64"),
  };
}

const practiceKey = keyPair();
const siteKey = keyPair();
const KEYS = [
  { domainName: "notices-mail.example", keySelector: "practice2026", privateKey: practiceKey.privateKey },
  { domainName: "scam-free.example", keySelector: "site2026", privateKey: siteKey.privateKey },
];

/** A resolver that answers the two selectors' TXT records, as DNS would. */
const DNS: Record<string, string> = {
  "practice2026._domainkey.notices-mail.example": `v=DKIM1; k=rsa; p=${practiceKey.dnsValue}`,
  "site2026._domainkey.scam-free.example": `v=DKIM1; k=rsa; p=${siteKey.dnsValue}`,
};
async function resolver(name: string, type: string) {
  const record = type === "TXT" ? DNS[name] : undefined;
  if (!record) throw Object.assign(new Error(`no ${type} record for ${name}`), { code: "ENOTFOUND" });
  return [[record]];
}

const practiceEmail: OutgoingEmail = {
  id: "3f1c5a9e-0000-4000-8000-000000000001",
  from: '"Pinecrest Bank" <fraud-alerts@notices-mail.example>',
  to: "rose@example.com",
  subject: "Did you make a payment?",
  text: "Review this payment:  https://example.test/a   \n\n\n",
  html: "<!doctype html><html><body><p>Review this payment</p></body></html>",
  headers: {
    "List-Unsubscribe": "<https://practice.example.test/practice/abc/stop>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    "Feedback-ID": "1a2b3c4d:m:notices-mail",
  },
};

const signatureOf = (raw: string) =>
  (/^DKIM-Signature: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? "").replace(/\r\n[ \t]/g, " ");
const tag = (signature: string, name: string) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(signature)?.[1]?.trim();

describe("DKIM signatures", () => {
  it("lists From twice and every field a receiver acts on, List-Unsubscribe-Post included", async () => {
    const raw = (await composeRawEmail(practiceEmail, KEYS)).toString();
    const signature = signatureOf(raw);
    expect(tag(signature, "d")).toBe("notices-mail.example");
    expect(tag(signature, "s")).toBe("practice2026");
    expect(tag(signature, "c")).toBe("relaxed/relaxed");
    const signed = tag(signature, "h")!.split(":");
    expect(signed.filter((name) => name === "from")).toHaveLength(2);
    for (const field of ["to", "subject", "date", "message-id", "list-unsubscribe", "list-unsubscribe-post"]) {
      expect(signed).toContain(field);
    }
    expect(signed).toContain("feedback-id");
  });

  it("verifies with mailauth against the published key, for the practice domain and the site's", async () => {
    for (const email of [practiceEmail, { ...practiceEmail, from: "scam-free <no-reply@scam-free.example>" }]) {
      const raw = await composeRawEmail(email, KEYS);
      const result = await dkimVerify(raw, { resolver });
      expect(result.results).toHaveLength(1);
      expect(result.results[0]!.status.result).toBe("pass");
      expect(result.results[0]!.signingDomain).toBe(
        email.from.includes("scam-free.example") ? "scam-free.example" : "notices-mail.example",
      );
    }
  });

  it("fails verification when a second From is added on the way (From is oversigned)", async () => {
    const raw = (await composeRawEmail(practiceEmail, KEYS)).toString("latin1");
    const tampered = raw.replace("\r\nFrom:", '\r\nFrom: "Real Bank" <alerts@realbank.example>\r\nFrom:');
    const result = await dkimVerify(Buffer.from(tampered, "latin1"), { resolver });
    expect(result.results[0]!.status.result).toBe("fail");
  });

  it("fails verification when the body or a signed header changes", async () => {
    const raw = (await composeRawEmail(practiceEmail, KEYS)).toString("latin1");
    const otherBody = raw.replace("Review this payment", "Review this paymenT");
    // mailauth answers "neutral" (body hash did not verify) for a changed body: never "pass".
    const bodyResult = (await dkimVerify(Buffer.from(otherBody, "latin1"), { resolver })).results[0]!.status;
    expect(bodyResult.result).not.toBe("pass");
    expect(bodyResult.comment).toMatch(/body hash/i);
    const noOneClick = raw.replace("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n", "");
    expect((await dkimVerify(Buffer.from(noOneClick, "latin1"), { resolver })).results[0]!.status.result).toBe("fail");
  });

  it("leaves mail from a domain without a key unsigned", async () => {
    const raw = (await composeRawEmail({ ...practiceEmail, from: "someone@elsewhere.example" }, KEYS)).toString();
    expect(raw).not.toMatch(/^DKIM-Signature:/m);
  });

  it("canonicalizes as RFC 6376 3.4.5's example", () => {
    // The RFC's example: "A: X\r\nB : Y\t\r\n\tZ  \r\n" and a body " C \r\nD \t E\r\n\r\n\r\n".
    expect(relaxedHeader("A: X")).toBe("a:X");
    expect(relaxedHeader("B : Y\t\r\n\tZ  ")).toBe("b:Y Z");
    expect(relaxedBody(" C \r\nD \t E\r\n\r\n\r\n")).toBe(" C\r\nD E\r\n");
    expect(relaxedBody("\r\n\r\n")).toBe("");
  });

  it("signs with a fixed time as t=", () => {
    const raw = Buffer.from("From: a@notices-mail.example\r\nTo: b@example.com\r\nSubject: x\r\n\r\nbody\r\n");
    const signed = signMessage(raw, KEYS[0]!, new Date("2026-12-06T12:00:00Z")).toString();
    expect(tag(signatureOf(signed), "t")).toBe(String(Date.UTC(2026, 11, 6, 12) / 1000));
    expect(tag(signatureOf(signed), "h")).toBe("from:from:to:subject");
  });
});

describe("DKIM signing through SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterAll(() => smtp.close());

  it("sends the signed message as composed, and verifiable after the SMTP hop", async () => {
    const transport = smtpTransport(smtp.url, { dkim: KEYS });
    await transport.send(practiceEmail);
    await transport.send({ ...practiceEmail, id: "3f1c5a9e-0000-4000-8000-000000000002", from: "x@unsigned.example" });
    transport.close?.();
    const [signed, unsigned] = smtp.received;
    expect(signed!.raw).toMatch(/^DKIM-Signature:/m);
    expect((await dkimVerify(Buffer.from(signed!.raw), { resolver })).results[0]!.status.result).toBe("pass");
    expect(signed!.raw).toContain("Message-ID: <3f1c5a9e-0000-4000-8000-000000000001@notices-mail.example>");
    expect(unsigned!.raw).not.toMatch(/^DKIM-Signature:/m);
  });
});
