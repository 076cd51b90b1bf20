import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { signMessage, type DkimKey } from "./dkim-signature.server";
import { PermanentDeliveryError } from "./delivery-errors";

/** One outgoing email as a transport sees it. */
export interface OutgoingEmail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string>;
}

export interface MailTransport {
  name: "smtp" | "local";
  send(message: OutgoingEmail): Promise<{ providerMessageId?: string }>;
  close?(): void;
}

/** The stable Message-ID lets receiving servers drop a copy if a crash ever made us send twice. */
export function messageIdFor(id: string, from: string) {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? "scam-free.local";
  return `<${id}@${domain}>`;
}

/**
 * The keys we sign with, by the From domain they sign for: the practice domain's (DKIM_*) and the
 * site's own (SITE_DKIM_*). Mail from a domain without a key leaves unsigned (its provider signs).
 */
export type DkimKeys = DkimKey[];

const addressOf = (from: string) => (/<([^>\s]+)>\s*$/.exec(from)?.[1] ?? from).trim();
const domainOf = (from: string) => addressOf(from).split("@")[1]?.toLowerCase() ?? "";

/** The message exactly as it will leave, signed when one of our keys is for its From domain. */
export async function composeRawEmail(message: OutgoingEmail, keys: DkimKeys = [], now = new Date()) {
  const raw = await new MailComposer({
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? undefined,
    headers: message.headers,
    messageId: messageIdFor(message.id, message.from),
    date: now,
  })
    .compile()
    .build();
  const key = keys.find((candidate) => candidate.domainName.toLowerCase() === domainOf(message.from));
  return key ? signMessage(raw, key, now) : raw;
}

/**
 * SMTP through a small connection pool (five connections, reused), so a burst of messages sent in
 * parallel does not open one connection per message. `pool`/`maxConnections` in SMTP_URL win.
 * Each message is composed and signed here (dkim-signature.server.ts), then sent as it is.
 */
export function smtpTransport(url: string, options: { dkim?: DkimKeys } = {}): MailTransport {
  const pooled = new URL(url);
  if (!pooled.searchParams.has("pool")) pooled.searchParams.set("pool", "true");
  if (!pooled.searchParams.has("maxConnections")) pooled.searchParams.set("maxConnections", "5");
  const transporter = nodemailer.createTransport(pooled.toString());
  return {
    name: "smtp",
    async send(message) {
      try {
        const raw = await composeRawEmail(message, options.dkim);
        await transporter.sendMail({ envelope: { from: addressOf(message.from), to: [message.to] }, raw });
        return { providerMessageId: messageIdFor(message.id, message.from) };
      } catch (error) {
        throw classifySmtpError(error);
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * A 5xx answer to the recipient (550 no such mailbox, 553 bad address) will not change on retry;
 * 4xx answers and network trouble will, so only those are retried.
 */
function classifySmtpError(error: unknown) {
  const smtp = error as { code?: string; responseCode?: number; message?: string };
  if (smtp?.code === "EENVELOPE" && typeof smtp.responseCode === "number" && smtp.responseCode >= 500) {
    return new PermanentDeliveryError(`The mail server refused the address: ${smtp.message ?? smtp.responseCode}`);
  }
  return error;
}

/**
 * Development without a mail server: the message stays in the outbox table (readable at
 * /dev/mailbox) and a log line says it was "delivered" there.
 */
export function localMailboxTransport(log: (message: OutgoingEmail) => void): MailTransport {
  return {
    name: "local",
    async send(message) {
      log(message);
      return { providerMessageId: messageIdFor(message.id, message.from) };
    },
  };
}
