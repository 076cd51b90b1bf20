import { findPhrases, phrases } from "../phrase-patterns";
import type { Rule } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/** Being asked to scan a QR code: a link you cannot read before it opens. */

const QR_CODE = phrases(
  String.raw`(?:scan|scanning|scanned|escanee|escanea|escanear|escanear|escaneando)(?: (?:the|this|our|a|attached|el|este|nuestro|un|the attached))?[^.!?\n]{0,40}?(?:qr|codigo qr)(?: code| codes)?`,
  "qr (?:code|codes)",
  "codigo qr",
);

const IN_PERSON =
  /^[^.!?\n]{0,20}?(?:at|on) the (?:front desk|desk|counter|entrance|door|register|check-?in (?:desk|kiosk)|kiosk|table|reception)|^[^.!?\n]{0,30}?when you (?:arrive|get here|come in)|^[^.!?\n]{0,20}?(?:en|a) la (?:recepcion|entrada|caja)/;

export const qrCode: Rule = {
  id: "qr-code",
  title: "Scan a QR code",
  why: "It asks you to scan a QR code. A QR code is a link you can't read, so it can open a fake page; go to the real website or app yourself instead.",
  page: SIGN_PAGES.lookAlikeSendersAndLinks,
  weight: "suspicious",
  asks: "scan",
  // "Scan the QR code at the front desk": a code on a wall you walk up to, not one sent to you.
  find: (message) =>
    findPhrases(message.wording, QR_CODE, {
      unless: (part, _start, end) => IN_PERSON.test(part.folded.slice(end, end + 50)),
    }),
};
