import { createHash, sign } from "node:crypto";

/**
 * DKIM signing (RFC 6376, rsa-sha256, relaxed/relaxed) of a whole message as it will leave.
 *
 * Why our own signer and not nodemailer's or mailauth's: both build the signed-header list from the
 * fields present, once each, so neither can list `From` twice. Listing it once more than it occurs
 * ("oversigning") makes a second From added on the way invalidate the signature, which receivers
 * and DMARC rely on; and nodemailer's default list leaves out List-Unsubscribe-Post, without which
 * receivers that require RFC 8058 one-click unsubscribe treat it as absent (issue #40). Verification
 * is tested with `mailauth` against the public key (tests/unit/dkim-signature.test.ts).
 */

export interface DkimKey {
  /** The d= domain: the From address's domain, so DMARC aligns. */
  domainName: string;
  keySelector: string;
  /** PEM private key (RSA). */
  privateKey: string;
}

/**
 * Fields we sign when the message has them, in this order. `from` is listed twice on purpose
 * (oversigned, see above); the others are what a receiver shows or acts on.
 */
const SIGNED_FIELDS = [
  "from",
  "to",
  "cc",
  "reply-to",
  "subject",
  "date",
  "message-id",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
  "list-unsubscribe",
  "list-unsubscribe-post",
  "feedback-id",
] as const;

interface HeaderField {
  /** Lower-case name. */
  name: string;
  /** The whole field as it appears, continuation lines included, without the final CRLF. */
  raw: string;
}

const CRLF = "\r\n";

/** Splits raw MIME (latin1, so every byte survives) into its header fields and body. */
function splitMessage(raw: string): { fields: HeaderField[]; body: string } {
  const normalized = raw.replace(/\r?\n/g, CRLF);
  const end = normalized.indexOf(CRLF + CRLF);
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 4);
  const fields: HeaderField[] = [];
  for (const line of head.split(CRLF)) {
    if (/^[ \t]/.test(line) && fields.length > 0) {
      fields[fields.length - 1].raw += CRLF + line;
    } else if (line.includes(":")) {
      fields.push({ name: line.slice(0, line.indexOf(":")).trim().toLowerCase(), raw: line });
    }
  }
  return { fields, body };
}

/** RFC 6376 3.4.2: lower-case name, unfolded value, runs of white space as one space, trimmed. */
export function relaxedHeader(raw: string): string {
  const colon = raw.indexOf(":");
  const name = raw.slice(0, colon).trim().toLowerCase();
  const value = raw
    .slice(colon + 1)
    .replace(/\r\n(?=[ \t])/g, "")
    .replace(/[ \t]+/g, " ")
    .trim();
  return `${name}:${value}`;
}

/** RFC 6376 3.4.4: white space runs as one space, none at line ends, no empty lines at the end. */
export function relaxedBody(body: string): string {
  const lines = body.split(CRLF).map((line) => line.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.length === 0 ? "" : lines.join(CRLF) + CRLF;
}

/** The h= list for these fields: every signed field present, From once more than it occurs. */
function signedFieldNames(fields: HeaderField[]): string[] {
  const names: string[] = [];
  for (const name of SIGNED_FIELDS) {
    const count = fields.filter((field) => field.name === name).length;
    const times = name === "from" ? count + 1 : count;
    for (let i = 0; i < times; i++) names.push(name);
  }
  return names;
}

/**
 * The fields h= names, as a verifier picks them: for each name, the last instance not yet used;
 * a name with no instance left (the oversigned From) contributes nothing.
 */
function fieldsToSign(fields: HeaderField[], names: string[]): HeaderField[] {
  const unused = [...fields];
  const picked: HeaderField[] = [];
  for (const name of names) {
    const index = unused.findLastIndex((field) => field.name === name);
    if (index === -1) continue;
    picked.push(unused[index]);
    unused.splice(index, 1);
  }
  return picked;
}

/** Returns the message with a DKIM-Signature field in front. `now` is the t= time. */
export function signMessage(raw: Buffer, key: DkimKey, now = new Date()): Buffer {
  const { fields, body } = splitMessage(raw.toString("latin1"));
  const names = signedFieldNames(fields);
  const bodyHash = createHash("sha256").update(relaxedBody(body), "latin1").digest("base64");
  const tags = [
    "v=1",
    "a=rsa-sha256",
    "c=relaxed/relaxed",
    `d=${key.domainName}`,
    `s=${key.keySelector}`,
    `t=${Math.floor(now.getTime() / 1000)}`,
    `h=${names.join(":")}`,
    `bh=${bodyHash}`,
    "b=",
  ];
  // Folded between tags so no line passes 998 characters; relaxed canonicalization unfolds it.
  const unsigned = `DKIM-Signature: ${tags.join(`;${CRLF} `)}`;
  const signedData =
    fieldsToSign(fields, names)
      .map((field) => relaxedHeader(field.raw) + CRLF)
      .join("") + relaxedHeader(unsigned);
  const signature = sign("sha256", Buffer.from(signedData, "latin1"), key.privateKey).toString("base64");
  return Buffer.concat([Buffer.from(`${unsigned}${signature}${CRLF}`, "latin1"), raw]);
}
