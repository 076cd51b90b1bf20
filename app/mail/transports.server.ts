import nodemailer from "nodemailer";

/** One outgoing message as a transport sees it. */
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

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: "smtp",
    async send(message) {
      const info = await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        headers: message.headers,
        messageId: messageIdFor(message.id, message.from),
      });
      return { providerMessageId: info.messageId };
    },
    close: () => transporter.close(),
  };
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
