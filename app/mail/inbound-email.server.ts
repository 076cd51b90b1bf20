import { createHmac, timingSafeEqual } from "node:crypto";
import { simpleParser, type AddressObject } from "mailparser";
import type { Database } from "~/db/client.server";

/**
 * Email people send to us: the raw MIME of one message, delivered to
 * /api/webhooks/inbound-email by the mail provider (or the relay in front of it) and signed with
 * an HMAC of the body under INBOUND_EMAIL_SECRET. Mail parses it (with `mailparser`) and hands it
 * to the one handler that knows what it is about: the Training Program, for reports of practice
 * messages. Nothing here keeps the message.
 */

/** A forwarded practice email is a few dozen kilobytes; anything far bigger is not one. */
export const INBOUND_EMAIL_MAX_BYTES = 1_000_000;
export const INBOUND_SIGNATURE_HEADER = "X-Scam-Free-Signature";

export interface InboundEmail {
  /** The sender's address, lower-case; null when the message names none. */
  from: string | null;
  to: string[];
  subject: string;
  messageId: string | null;
  /** Message-IDs this one answers (In-Reply-To and References), in angle brackets. */
  inReplyTo: string[];
  /** Everything a person or their mail app wrote: plain text, HTML, and attached messages. */
  texts: string[];
}

/** "sha256=<hex>": what the relay sends in X-Scam-Free-Signature. */
export function signInboundEmail(body: Buffer | string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export function inboundSignatureValid(body: Buffer, header: string | null, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(signInboundEmail(body, secret));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((entry) =>
    entry.value.map((address) => address.address?.toLowerCase() ?? "").filter((address) => address !== ""),
  );
}

function messageIds(value: string | string[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? value.split(/\s+/) : [];
  return list.map((id) => id.trim()).filter((id) => id.startsWith("<") && id.endsWith(">"));
}

export class MalformedEmail extends Error {}

/** Parses raw MIME. Throws MalformedEmail for something that is not an email (no sender, no headers). */
export async function parseInboundEmail(raw: Buffer): Promise<InboundEmail> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const from = addresses(parsed.from)[0] ?? null;
  if (!from) throw new MalformedEmail("The email has no sender (From).");
  // A message forwarded "as attachment" arrives as a message/rfc822 part: its text counts too.
  const attached = parsed.attachments
    .filter((part) => part.contentType === "message/rfc822" || part.contentType.startsWith("text/"))
    .map((part) => part.content.toString("utf8"));
  return {
    from,
    to: addresses(parsed.to),
    subject: parsed.subject ?? "",
    messageId: parsed.messageId ?? null,
    inReplyTo: [...messageIds(parsed.inReplyTo), ...messageIds(parsed.references)],
    texts: [parsed.text ?? "", typeof parsed.html === "string" ? parsed.html : "", ...attached].filter(Boolean),
  };
}

/** What became of an inbound email, as the webhook answers it. */
export type InboundEmailOutcome = "counted" | "already-counted" | "kept" | "unknown";

export type InboundEmailHandler = (db: Database, email: InboundEmail) => Promise<InboundEmailOutcome>;

let handler: InboundEmailHandler | undefined;

/** The one part of the site that reads inbound email (the Training Program's reports). */
export function onInboundEmail(next: InboundEmailHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = undefined;
  };
}

export async function handleInboundEmail(db: Database, email: InboundEmail): Promise<InboundEmailOutcome> {
  return handler ? handler(db, email) : "unknown";
}
