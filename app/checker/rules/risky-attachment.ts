import { phrases } from "../phrase-patterns";
import type { MessagePart } from "../message-part";
import type { PreparedMessage } from "../prepared-message";
import type { Rule, RuleMatch } from "../rule";
import type { SignField } from "../sign-ids";
import { SIGN_PAGES } from "../sign-pages";
import type { WebAddress } from "../web-addresses";

/**
 * Files that can run a program or hide a fake sign-in page (.exe, .zip, .html, .iso, ...), and
 * "enable macros/content" in a document. A web page link ending in .html is ordinary, so in
 * addresses only downloads of programs and archives count.
 */

const FILE_TYPES =
  "zip|rar|7z|exe|iso|img|scr|js|jse|msi|vbs|vbe|bat|cmd|jar|ps1|lnk|hta|wsf|docm|xlsm|pptm|apk|html?|shtml|svg";
const DOWNLOADS = /\.(?:zip|rar|7z|exe|iso|img|scr|msi|vbs|bat|cmd|jar|ps1|lnk|hta|apk|docm|xlsm)$/;

// The name's pieces and the characters between them are kept apart ([_.-] is never part of a
// piece), so a long "x-x-x-..." cannot be split in many ways.
const PIECE_CHARACTER = String.raw`[\p{L}\p{N}()\[\]]`;
const FILE_NAME = String.raw`${PIECE_CHARACTER}+(?:[_.-]${PIECE_CHARACTER}+){0,6}\.(?:${FILE_TYPES})`;
const ENABLE = [
  "enable (?:the )?(?:macros?|content|editing)",
  "(?:habilite|habilitar|active|activar) (?:las |el )?(?:macros?|contenido|edicion)",
];
const ATTACHMENT_AT = new RegExp(phrases(FILE_NAME, ...ENABLE).source, "uy");
const ENABLE_AT = new RegExp(phrases(...ENABLE).source, "uy");
const NAME_PIECE = new RegExp(`${PIECE_CHARACTER}*`, "uy");
const WORD_START = new RegExp(String.raw`(?<![\p{L}\p{N}_])${PIECE_CHARACTER}`, "gu");

/**
 * File names and "enable macros" in one part, left to right, as `phrases(FILE_NAME, ...ENABLE)`
 * would find them with matchAll. A name may start after a bracket inside a run ("(a(b(c.zip"),
 * and from every such start its first piece reaches the same end of the run, so the rest is the
 * same: once a run's first start fails, its later starts are only tried for "enable". Trying the
 * whole pattern from each of them ("[a[a[a...") grows with the square of the run's length.
 */
function findAttachments(part: MessagePart): RuleMatch[] {
  const found: RuleMatch[] = [];
  const text = part.folded;
  let failedRunEnd = -1;
  WORD_START.lastIndex = 0;
  for (let start = WORD_START.exec(text); start; start = WORD_START.exec(text)) {
    const at = start.index;
    const pattern = at < failedRunEnd ? ENABLE_AT : ATTACHMENT_AT;
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (match) {
      found.push({ field: part.field, start: at, end: at + match[0].length });
      WORD_START.lastIndex = at + match[0].length;
    } else if (at >= failedRunEnd) {
      NAME_PIECE.lastIndex = at;
      NAME_PIECE.exec(text);
      failedRunEnd = NAME_PIECE.lastIndex;
    }
  }
  return found;
}

/**
 * Whether a file name found in the words is part of a web address ("example.com/setup.exe" is
 * judged as a download below). A part's addresses come in reading order and never overlap, so
 * only the last one starting before the name can hold it: found by halving, not by reading them all.
 */
function inAddress(addresses: readonly WebAddress[], match: RuleMatch): boolean {
  let low = 0;
  let high = addresses.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (addresses[middle].start <= match.start) low = middle + 1;
    else high = middle;
  }
  const holder = addresses[low - 1];
  return holder !== undefined && match.end <= holder.end + 1;
}

function find(message: PreparedMessage): RuleMatch[] {
  const wordingAddresses = addressesByField(message);
  const named = message.wording
    .flatMap(findAttachments)
    .filter((match) => !inAddress(wordingAddresses.get(match.field) ?? [], match));
  const downloads = message.addresses
    .filter((address) => address.kind !== "email")
    .filter((address) => {
      const part = partWith(message, address);
      const path = part?.folded.slice(address.hostEnd, address.end).split(/[?#]/)[0] ?? "";
      return DOWNLOADS.test(path);
    })
    .map((address) => ({
      field: address.field,
      ...(address.linkIndex === undefined ? {} : { linkIndex: address.linkIndex }),
      start: address.start,
      end: address.end,
    }));
  return [...named, ...downloads];
}

/** The addresses written in each wording part, in reading order. */
function addressesByField(message: PreparedMessage): Map<SignField, WebAddress[]> {
  const byField = new Map<SignField, WebAddress[]>();
  for (const address of message.addresses) {
    if (address.field === "links") continue;
    const list = byField.get(address.field) ?? [];
    list.push(address);
    byField.set(address.field, list);
  }
  return byField;
}

function partWith(message: PreparedMessage, address: WebAddress): MessagePart | undefined {
  if (address.field === "links") return address.linkIndex === undefined ? undefined : message.links[address.linkIndex];
  return message.wording.find((part) => part.field === address.field);
}

export const riskyAttachment: Rule = {
  id: "risky-attachment",
  title: "A risky attachment",
  why: 'It wants you to open a kind of file that can run a program or show a fake sign-in page, or to "enable" something in a document. Don\'t open it unless you expected it and checked with the sender another way.',
  page: SIGN_PAGES.attachments,
  weight: "suspicious",
  asks: "open-attachment",
  find,
};
