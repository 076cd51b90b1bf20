import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { addressOf, senderOf, type OutboxMessage } from "./outbox.server";
import { messageIdFor } from "./transports.server";

/**
 * What a mail client sends when its user forwards or replies to an email, built from a message in
 * the local mailbox: the local mailbox's "Forward to report" and "Reply" buttons post these through
 * /api/webhooks/inbound-email, exactly as a mail provider would deliver the real thing.
 * The forward is laid out as Gmail lays one out (its separator line and header block, links kept as
 * "text <address>"); the reply names the original's Message-ID in In-Reply-To and References.
 */

function dateLine(date: Date) {
  return date.toUTCString();
}

export async function forwardedCopy(
  message: OutboxMessage,
  input: { mailFrom: string; forwardTo: string },
): Promise<Buffer> {
  const original = senderOf(input.mailFrom, message);
  const header = [
    "---------- Forwarded message ---------",
    `From: ${original}`,
    `Date: ${dateLine(message.sentAt ?? message.createdAt)}`,
    `Subject: ${message.subject ?? ""}`,
    `To: <${message.recipient}>`,
  ].join("\n");
  const text = `\n\n${header}\n\n\n${message.textBody.replace(/ \((https?:\/\/[^\s()]+)\)/g, " <$1>")}`;
  const html = message.htmlBody
    ? `<div dir="ltr"><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">${header
        .split("\n")
        .map((line) => line.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;"))
        .join("<br>")}</div><br><br>${message.htmlBody}</div></div>`
    : undefined;
  return new MailComposer({
    from: message.recipient,
    to: input.forwardTo,
    subject: `Fwd: ${message.subject ?? ""}`,
    text,
    html,
  })
    .compile()
    .build();
}

export async function replyCopy(message: OutboxMessage, input: { mailFrom: string; body: string }): Promise<Buffer> {
  const original = senderOf(input.mailFrom, message);
  const id = messageIdFor(message.id, original);
  const quoted = message.textBody
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  return new MailComposer({
    from: message.recipient,
    to: addressOf(original),
    subject: `Re: ${message.subject ?? ""}`,
    inReplyTo: id,
    references: [id],
    text: `${input.body}\n\nOn ${dateLine(message.sentAt ?? message.createdAt)}, ${original} wrote:\n${quoted}\n`,
  })
    .compile()
    .build();
}
