import { findPhrases, phrases } from "../phrase-patterns";
import type { PreparedMessage } from "../prepared-message";
import type { Rule, RuleMatch } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/**
 * Files that can run a program or hide a fake sign-in page (.exe, .zip, .html, .iso, ...), and
 * "enable macros/content" in a document. A web page link ending in .html is ordinary, so in
 * addresses only downloads of programs and archives count.
 */

const FILE_TYPES =
  "zip|rar|7z|exe|iso|img|scr|js|jse|msi|vbs|vbe|bat|cmd|jar|ps1|lnk|hta|wsf|docm|xlsm|pptm|apk|html?|shtml|svg";
const DOWNLOADS = /\.(?:zip|rar|7z|exe|iso|img|scr|msi|vbs|bat|cmd|jar|ps1|lnk|hta|apk|docm|xlsm)$/;

// The name's pieces and the characters between them are kept apart ([_.-] is never part of a
// piece), so a long "x-x-x-..." cannot be split in many ways: matching stays linear.
const ATTACHMENT = phrases(
  String.raw`[\p{L}\p{N}()\[\]]+(?:[_.-][\p{L}\p{N}()\[\]]+){0,6}\.(?:${FILE_TYPES})`,
  "enable (?:the )?(?:macros?|content|editing)",
  "(?:habilite|habilitar|active|activar) (?:las |el )?(?:macros?|contenido|edicion)",
);

function inAddress(message: PreparedMessage, match: RuleMatch): boolean {
  return message.addresses.some(
    (address) => address.field === match.field && address.start <= match.start && match.end <= address.end + 1,
  );
}

function find(message: PreparedMessage): RuleMatch[] {
  const named = findPhrases(message.wording, ATTACHMENT).filter((match) => !inAddress(message, match));
  const downloads = message.addresses
    .filter((address) => address.kind !== "email")
    .filter((address) => {
      const part = [...message.wording, ...message.links].find(
        (p) => p.field === address.field && p.linkIndex === address.linkIndex,
      );
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

export const riskyAttachment: Rule = {
  id: "risky-attachment",
  title: "A risky attachment",
  why: 'It wants you to open a kind of file that can run a program or show a fake sign-in page, or to "enable" something in a document. Don\'t open it unless you expected it and checked with the sender another way.',
  page: SIGN_PAGES.attachments,
  find,
};
