import { simpleParser } from "mailparser";
import { z } from "zod";

/**
 * What receivers send back about mail we sent, as one multipart/report message (RFC 6522):
 * - a complaint (ARF, RFC 5965): report-type=feedback-report, with a message/feedback-report part
 *   (Feedback-Type, Original-Rcpt-To, ...) and the original message or its headers;
 * - a delivery status notification (RFC 3464): report-type=delivery-status, with a
 *   message/delivery-status part (one group of fields per recipient: Action, Status,
 *   Final-Recipient, Diagnostic-Code) and the original message or its headers.
 * Only the fields we act on are kept; anything that is not one of these two throws MalformedReport.
 */

export class MalformedReport extends Error {}

export interface ComplaintReport {
  kind: "complaint";
  /** abuse, fraud, virus, other (RFC 5965 section 7.3), not-spam (RFC 6430), lower-case. */
  feedbackType: string;
  /** Original-Rcpt-To, or the original message's To when the report names none; lower-case. */
  originalRecipient: string | null;
  /** The Message-ID we gave the message, in angle brackets. */
  originalMessageId: string;
}

export interface RecipientStatus {
  /** Final-Recipient without its address type ("rfc822;"), lower-case. */
  finalRecipient: string;
  action: "failed" | "delayed" | "delivered" | "relayed" | "expanded";
  /** The enhanced status code, e.g. "5.1.1". */
  status: string;
  diagnostic: string | null;
}

export interface DeliveryStatusReport {
  kind: "delivery-status";
  recipients: RecipientStatus[];
  /** The original message's To, lower-case, when it came back with the report. */
  originalRecipient: string | null;
  originalMessageId: string;
}

export type FeedbackReport = ComplaintReport | DeliveryStatusReport;

/** One field group: header-style "Name: value" lines (continuations folded), names lower-case. */
export type Fields = Map<string, string>;

/** Splits a report part (or a header block) into its groups of fields, separated by blank lines. */
export function parseFieldGroups(text: string): Fields[] {
  const groups: Fields[] = [];
  let current: Fields = new Map();
  let last: string | null = null;
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    if (line.trim() === "") {
      if (current.size > 0) groups.push(current);
      current = new Map();
      last = null;
      continue;
    }
    if (/^[ \t]/.test(line) && last) {
      current.set(last, `${current.get(last)} ${line.trim()}`);
      continue;
    }
    const match = /^([!-9;-~]+):\s*(.*)$/.exec(line);
    if (!match) throw new MalformedReport("The report part has a line that is not a field.");
    last = match[1]!.toLowerCase();
    // The first of a repeated field is kept (Original-Rcpt-To may repeat; one is enough to check).
    if (!current.has(last)) current.set(last, match[2]!.trim());
  }
  if (current.size > 0) groups.push(current);
  return groups;
}

const MessageIdSchema = z
  .string()
  .trim()
  .regex(/^<[^<>\s]+@[^<>\s]+>$/, "The original Message-ID is not valid.");

const AddressSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/^<|>$/g, "").toLowerCase())
  .pipe(z.email());

/** "rfc822; Name@Example.com" or "<name@example.com>" as a bare lower-case address, or null. */
function addressOf(value: string | undefined): string | null {
  if (!value) return null;
  const bare = value.includes(";") ? value.slice(value.indexOf(";") + 1) : value;
  const inBrackets = /<([^<>]+)>/.exec(bare)?.[1] ?? bare;
  const parsed = AddressSchema.safeParse(inBrackets);
  return parsed.success ? parsed.data : null;
}

const RecipientSchema = z.object({
  finalRecipient: z.string(),
  action: z.enum(["failed", "delayed", "delivered", "relayed", "expanded"]),
  status: z.string().regex(/^[245]\.\d{1,3}\.\d{1,3}$/, "A Status is not an enhanced status code."),
  diagnostic: z.string().max(1000).nullable(),
});

function reportType(contentType: unknown): string | null {
  const header = contentType as { value?: string; params?: Record<string, string> } | undefined;
  if (header?.value?.toLowerCase() !== "multipart/report") return null;
  return header.params?.["report-type"]?.toLowerCase() ?? "";
}

/** Whether raw MIME is a multipart/report (a receiver's report, not a person's email). */
export function isReportEmail(raw: Buffer): boolean {
  const end = raw.indexOf("\r\n\r\n") >= 0 ? raw.indexOf("\r\n\r\n") : raw.indexOf("\n\n");
  const head = raw.subarray(0, end >= 0 ? end : Math.min(raw.length, 64_000)).toString("latin1");
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  return /^content-type:\s*multipart\/report\b/im.test(unfolded);
}

/** One part of the report: its lower-case content type and its decoded text. */
interface ReportPart {
  contentType: string;
  text: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/**
 * The report's own parts, one level deep. mailparser reads the top-level headers, but it folds an
 * attached message/rfc822 into the text; the report's structure (RFC 6522) is flat, so its parts
 * are split here on the boundary and decoded by their Content-Transfer-Encoding.
 */
function reportParts(raw: string, boundary: string): ReportPart[] {
  const delimiter = `--${boundary}`;
  const pieces = raw.split(/\r?\n/).reduce<string[][]>(
    (parts, line) => {
      if (line === delimiter || line.startsWith(`${delimiter}--`)) parts.push([]);
      else parts[parts.length - 1]!.push(line);
      return parts;
    },
    [[]],
  );
  // The preamble is before the first delimiter; the epilogue after the closing one.
  return pieces.slice(1, raw.includes(`${delimiter}--`) ? -1 : undefined).map((lines) => {
    const blank = lines.findIndex((line) => line.trim() === "");
    const headerLines = blank >= 0 ? lines.slice(0, blank) : lines;
    const body = blank >= 0 ? lines.slice(blank + 1).join("\n") : "";
    let headers: Fields;
    try {
      headers = parseFieldGroups(headerLines.join("\n"))[0] ?? new Map();
    } catch {
      throw new MalformedReport("A part of the report has headers that cannot be read.");
    }
    const contentType = (headers.get("content-type") ?? "text/plain").split(";")[0]!.trim().toLowerCase();
    const encoding = headers.get("content-transfer-encoding")?.trim().toLowerCase();
    const text =
      encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : encoding === "quoted-printable"
          ? decodeQuotedPrintable(body)
          : body;
    return { contentType, text };
  });
}

/** The original message's headers, from a message/rfc822 or text/rfc822-headers part. */
function originalHeaders(parts: ReportPart[]): Fields {
  const part = parts.find((candidate) =>
    ["message/rfc822", "text/rfc822-headers", "message/rfc822-headers"].includes(candidate.contentType),
  );
  if (!part) throw new MalformedReport("The report does not include the original message or its headers.");
  const text = part.text.replace(/^(?:\r?\n)+/, "");
  const end = text.search(/\r?\n\r?\n/);
  try {
    return parseFieldGroups(end >= 0 ? text.slice(0, end) : text)[0] ?? new Map();
  } catch {
    throw new MalformedReport("The original message's headers cannot be read.");
  }
}

function originalMessageId(headers: Fields): string {
  const parsed = MessageIdSchema.safeParse(headers.get("message-id") ?? "");
  if (!parsed.success) throw new MalformedReport("The report does not name the original Message-ID.");
  return parsed.data;
}

function reportPart(parts: ReportPart[], contentType: string): Fields[] {
  const part = parts.find((candidate) => candidate.contentType === contentType);
  if (!part) throw new MalformedReport(`The report has no ${contentType} part.`);
  const groups = parseFieldGroups(part.text);
  if (groups.length === 0) throw new MalformedReport(`The ${contentType} part is empty.`);
  return groups;
}

function complaint(parts: ReportPart[]): ComplaintReport {
  const [fields] = reportPart(parts, "message/feedback-report");
  const feedbackType = fields!.get("feedback-type")?.toLowerCase() ?? "";
  if (!/^[a-z][a-z0-9-]{0,40}$/.test(feedbackType))
    throw new MalformedReport("The feedback report has no Feedback-Type.");
  const headers = originalHeaders(parts);
  return {
    kind: "complaint",
    feedbackType,
    originalRecipient: addressOf(fields!.get("original-rcpt-to")) ?? addressOf(headers.get("to")),
    originalMessageId: originalMessageId(headers),
  };
}

function deliveryStatus(parts: ReportPart[]): DeliveryStatusReport {
  // The first group is about the message (Reporting-MTA, ...); each later one is a recipient.
  const groups = reportPart(parts, "message/delivery-status");
  const recipients = groups
    .filter((group) => group.has("final-recipient") || group.has("action"))
    .map((group) => {
      const parsed = RecipientSchema.safeParse({
        finalRecipient: addressOf(group.get("final-recipient")) ?? "",
        action: group.get("action")?.toLowerCase(),
        status: /^\d\.\d{1,3}\.\d{1,3}/.exec(group.get("status") ?? "")?.[0] ?? "",
        diagnostic: group.get("diagnostic-code")?.slice(0, 1000) ?? null,
      });
      if (!parsed.success) throw new MalformedReport("A recipient in the delivery status is not complete.");
      return parsed.data;
    });
  if (recipients.length === 0) throw new MalformedReport("The delivery status names no recipient.");
  const headers = originalHeaders(parts);
  return {
    kind: "delivery-status",
    recipients,
    originalRecipient: addressOf(headers.get("to")),
    originalMessageId: originalMessageId(headers),
  };
}

/** Parses a receiver's report. Throws MalformedReport for anything we cannot act on. */
export async function parseFeedbackReport(raw: Buffer): Promise<FeedbackReport> {
  let parsed;
  try {
    // Only the top-level headers are needed from mailparser; the parts are split below.
    parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipHtmlToText: true });
  } catch {
    throw new MalformedReport("That is not an email we can read.");
  }
  const contentType = parsed.headers.get("content-type");
  const type = reportType(contentType);
  const boundary = (contentType as { params?: Record<string, string> } | undefined)?.params?.boundary;
  if (type !== "feedback-report" && type !== "delivery-status") throw new MalformedReport(WRONG_TYPE);
  if (!boundary) throw new MalformedReport("The report has no parts.");
  const parts = reportParts(raw.toString("utf8"), boundary);
  return type === "feedback-report" ? complaint(parts) : deliveryStatus(parts);
}

const WRONG_TYPE = "Only feedback reports (RFC 5965) and delivery status reports (RFC 3464) are read here.";
