import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpTransport } from "~/mail/transports.server";
import { startFakeSmtpServer } from "../fakes/smtp-server";

/**
 * Optional DKIM (DKIM_PRIVATE_KEY, DKIM_SELECTOR): practice emails, which leave from the practice
 * domain, are signed by nodemailer for that domain; the site's own mail is left to its provider.
 */
describe("DKIM signing of practice email", () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterAll(() => smtp.close());

  it("signs mail from the practice domain with its selector, and nothing else", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const transport = smtpTransport(smtp.url, {
      dkim: {
        domainName: "notices-mail.example",
        keySelector: "practice2026",
        privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      },
    });
    const mail = (id: string, from: string) => ({
      id,
      from,
      to: "rose@example.com",
      subject: "Did you make a payment?",
      text: "Review this payment",
    });
    await transport.send(
      mail("3f1c5a9e-0000-4000-8000-000000000001", '"Pinecrest Bank" <fraud-alerts@notices-mail.example>'),
    );
    await transport.send(mail("3f1c5a9e-0000-4000-8000-000000000002", "scam-free <no-reply@scam-free.example>"));
    transport.close?.();

    const [practice, site] = smtp.received;
    const signature = /^DKIM-Signature: (.*(?:\r\n[ \t].*)*)/m.exec(practice!.raw)?.[1] ?? "";
    expect(signature).toMatch(/\bd=notices-mail\.example;/);
    expect(signature).toMatch(/\bs=practice2026;/);
    expect(signature).toMatch(/\bb=[A-Za-z0-9+/=\s]{100,}/);
    expect(site!.raw).not.toMatch(/^DKIM-Signature:/m);
  });
});
