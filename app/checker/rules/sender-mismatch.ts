import { phrases } from "../phrase-patterns";
import type { PreparedMessage } from "../prepared-message";
import type { Rule, RuleMatch } from "../rule";
import { SIGN_PAGES } from "../sign-pages";
import { registrableDomain } from "../web-addresses";

/**
 * A sender that does not fit who the message says it is: a US toll road, agency, bank or carrier
 * texting from a number abroad (+63, +44 …) or, for the big automated senders, from an ordinary
 * ten-digit mobile number, or writing from a free email address. Their real messages come from
 * short codes and their own domains.
 */

/** Free email services anyone can sign up to in a minute (the largest by users). */
const FREE_MAIL = new Set(
  "gmail.com googlemail.com outlook.com hotmail.com live.com msn.com yahoo.com ymail.com aol.com icloud.com me.com mac.com proton.me protonmail.com gmx.com gmx.net mail.com zoho.com yandex.com yandex.ru mail.ru qq.com 163.com".split(
    " ",
  ),
);

/** Bodies that write to US households and whose texts never come from abroad. */
const US_BODY = phrases(
  "tolls?|toll (?:road|authority|services?|bill|notice)|e-?z ?pass|sun ?pass|fas ?trak|tx ?tag|quick ?pass|peach ?pass|i-?pass|good to go|the toll",
  "dmv|department of motor vehicles|motor vehicles?|traffic (?:court|ticket|citation|violation)|parking (?:ticket|citation|violation)",
  "uscis|immigration|usps|postal service|post office|irs|internal revenue service|social security|medicare|medicaid|fema|department of (?:\\w+ ){0,2}\\w+|student (?:loan|aid)",
  "bank|credit union|card services|fraud (?:department|team|alert)|parcel|delivery|courier|shipping|payments|billing|support team|customer service|account services",
  // A bank or an agency by its kind of name: "Maplebank", "Agencia Nacional de Beneficios", "Federal Benefits Office".
  String.raw`[a-z]+bank|agency|agencia|administration|administracion|bureau|federal|government|gobierno|fema|medicare|ssa|dmv|uscis|usps`,
  "peaje|peajes|autopista|departamento de vehiculos|banco|paqueteria|correo postal|seguro social",
);

/**
 * Whether the message presents itself as a US body: the sender's name or address says so, or the
 * subject or the opening words name one the way an organization writes its name, with a capital
 * ("E-ZPass: …", "USPS notice", "Cedarline Bank"). A mother who writes from her free address that
 * "the delivery man left your box next door" is not presenting as a courier.
 */
function presentsAsABody(message: PreparedMessage): boolean {
  const body = new RegExp(US_BODY.source, "gu");
  for (const part of message.wording) {
    if (part.field === "sender") {
      if (body.test(part.folded)) return true;
      body.lastIndex = 0;
      continue;
    }
    const opening = part.field === "text" ? part.folded.slice(0, 80) : part.folded;
    // "Aviso de peaje: …": a name before a colon is how an organization signs a text, in any case.
    const prefix = /^\s*[^:\n]{1,40}:/.exec(opening)?.[0] ?? "";
    if (new RegExp(US_BODY.source, "u").test(prefix)) return true;
    for (const match of opening.matchAll(body)) {
      const first = part.original[match.index] ?? "";
      if (first !== first.toLowerCase()) return true;
    }
  }
  return false;
}

function senderAbroad(message: PreparedMessage): RuleMatch[] {
  const sender = message.wording.find((part) => part.field === "sender");
  if (!sender) return [];
  const number = /\+\s?(?!1(?:\D|$))\d[\d\s().-]{6,}\d/.exec(sender.folded);
  return number ? [{ field: "sender", start: number.index, end: number.index + number[0].length }] : [];
}

function senderAtFreeMail(message: PreparedMessage): RuleMatch[] {
  return message.addresses
    .filter(
      (address) =>
        address.field === "sender" && address.kind === "email" && FREE_MAIL.has(registrableDomain(address.host)),
    )
    .map((address) => ({ field: "sender", start: address.start, end: address.end }));
}

/**
 * The bodies whose alerts never come from a person's phone: banks and credit unions send fraud and
 * card alerts from short codes (five or six digits), and the IRS, Social Security, Medicare and
 * USCIS do not text out of the blue at all. A "bank fraud alert" from an ordinary ten-digit mobile
 * number is somebody's phone. (Toll roads and carriers are left out: some do text from ordinary
 * US numbers.) Matched only where the body signs the text (before a colon, or in its first
 * words), so a tax preparer's "your return was accepted by the IRS" is not one.
 */
const AUTOMATED_BODY =
  /bank|credit union|(?:^|[^a-z])cu(?![a-z])|card services|fraud (?:alert|dept|department|team|unit|prevention)|(?:^|[^a-z])irs(?![a-z])|internal revenue|social security|(?:^|[^a-z])ssa(?![a-z])|medicare|uscis|banco|seguro social|alerta de fraude|(?:^|[^a-z])(?:usps|dmv|fema)(?![a-z])|postal service|motor vehicles|(?:federal|government) (?:office|agency|department|benefits?|relief|program|grant)|(?:oficina|agencia|departamento|programa) (?:federal|del gobierno)/;

function senderIsAPersonalNumber(message: PreparedMessage): RuleMatch[] {
  const sender = message.wording.find((part) => part.field === "sender");
  if (!sender || !/^[+\d\s().-]+$/.test(sender.original)) return [];
  const digits = sender.original.replace(/\D/g, "");
  if (!(digits.length === 10 || (digits.length === 11 && digits.startsWith("1")))) return [];
  const text = message.wording.find((part) => part.field === "text");
  if (!text) return [];
  const signature = /^\s*[^:\n]{1,40}:/.exec(text.folded)?.[0] ?? text.folded.slice(0, 45);
  // "This is Cedarline Bank", "HarborBank Fraud Alert:", "Aviso del banco:" — but not "Hi Grace, ... your bank".
  if (!AUTOMATED_BODY.test(signature) || /^\s*(?:hi|hey|hello|hola|dear|querid|estimad)/.test(signature)) return [];
  return [{ field: "sender", start: 0, end: sender.original.length }];
}

/**
 * "QuickShip: We couldn't deliver your parcel" from +234: a text that speaks as an organisation
 * ("we", "our") about the reader's parcel, toll, account or card, whatever name it signs with. A
 * relative abroad writes about their own news; an organisation writes "your parcel".
 */
const ORGANISATION_VOICE =
  /(?:^|[^a-z])(?:we|we'?ve|we'?re|our|nuestro|nuestra|hemos|intentamos|no pudimos)(?![a-z])[^\n]{0,80}?(?:your|ur|su|tu) (?:\w+ )?(?:parcel|package|shipment|delivery|item|toll|tolls|account|card|vehicle|paquete|envio|peaje|cuenta|tarjeta|vehiculo)|(?:your|ur|su|tu) (?:\w+ )?(?:parcel|package|shipment|toll|tolls|paquete|envio|peaje)s? (?:is|are|was|has|could|can|will|esta|fue|no)/;

/** …about a problem only: a relative abroad who writes "we got your package!" is not one. */
const PROBLEM =
  /could(?:n'?t| not)|unable|failed|pending|on hold|held|unpaid|outstanding|overdue|suspend|locked|blocked|attempt|no pudimos|no se pudo|pendiente|retenid|bloquead|suspendid|vencid|sin pagar/;

function speaksAsAnOrganisation(message: PreparedMessage): boolean {
  return message.wording.some(
    (part) => part.field !== "sender" && ORGANISATION_VOICE.test(part.folded) && PROBLEM.test(part.folded),
  );
}

export const senderMismatch: Rule = {
  id: "sender-mismatch",
  title: "A sender that doesn't fit",
  why: "The message says it is from a US toll road, agency, bank or delivery company, but it came from a phone number in another country, an ordinary mobile number, or a free email address. Their real messages come from their own short numbers and their own web address.",
  page: SIGN_PAGES.lookAlikeSendersAndLinks,
  weight: "suspicious",
  find: (message) => {
    const abroad = senderAbroad(message);
    const found = [...abroad, ...senderAtFreeMail(message)];
    if (found.length > 0 && presentsAsABody(message)) return found;
    if (abroad.length > 0 && speaksAsAnOrganisation(message)) return abroad;
    return senderIsAPersonalNumber(message);
  },
};
