import type { MessagePart } from "../message-part";
import { describesScammers, findPhrases, isDenied, phrases, WITHIN, YOUR } from "../phrase-patterns";
import type { PreparedMessage } from "../prepared-message";
import type { Rule, RuleMatch } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/**
 * A request for bank or card numbers, ID numbers, a birthday, ID photos, or to "confirm your
 * details". Like asks-for-secrets it must ask, and "we will never ask for your card number" does
 * not count.
 */

const ASK = String.raw`(?:have ready|have (?:\w+ )?ready|verifying|confirming|providing|entering|sending|submitting|send|give|tell|share|reply(?: back)?(?: with)?|respond with|text|confirm|provide|enter|type|forward|verify|re-?enter|input|submit|need|needs|require|requires|required|what'?s|what is|let me know|write|put|fill in|fill out|complete|upload|attach|snap|validate|re-?confirm|pasame|paseme|dame|deme|dime|digame|confirma|mandeme|enviame|envie(?:me|nos)?|enviar(?:nos|me)?|mande(?:nos)?|mandame|comparta|compartir|proporcione|proporcionar|indique|confirme|confirmenos|confirmeme|diganos|indiquenos|proporcionenos|envienos|mandenos|compartanos|confirmar|ingrese|ingresar|introduzca|introducir|escriba|responda con|facilite|verifique|verificar|necesito|necesitamos|adjunte|suba)`;

const DETAIL = String.raw`(?:(?:bank|checking|savings|banking) (?:account|details|info|information|login)(?: numbers?| details)?|account (?:number|numbers|details)|acct\.? (?:number|no|#)|routing (?:and|&) (?:acct|account)|routing number|sort code|iban|(?:card|credit card|debit card|bank card|visa|mastercard) (?:number|numbers|numbr|details|info|information)|(?:credit|debit) card|card on file|cvv|cvc|cvv2|security code|(?:\d|three|3-digit|3) (?:digits?|numbers?) on the back|expir(?:y|ation) date|social security(?: number)?|ssn|national insurance(?: number)?|ni number|tax (?:id|number|file number)|(?:full )?date of birth|dob|${YOUR} birthday|birth date|(?:photos?|pictures?|pics|copy|copies|scans?|selfie) (?:of|with) ${YOUR} (?:\w+ )?(?:id|passport|driver'?s? licen[cs]e|drivers licen[cs]e|driving licen[cs]e|licen[cs]e|id card)|(?:government|national|state|full|photo) id(?: number)?|id number|passport(?: number| details)?|driver'?s? licen[cs]e(?: number)?|drivers licen[cs]e|driving licen[cs]e|home (?:address|adress)|full name|medicare number|benefit (?:record )?number|(?:personal|billing|payment|account|banking|contact) (?:details|information|info)|identity|mother'?s maiden name|numero de (?:seguro social|tarjeta|cuenta|identificacion|pasaporte|medicare)|nombre completo|ultimos? (?:4|cuatro) (?:digitos |numeros )?de (?:su|tu) tarjeta|seguro social|datos (?:bancarios|personales|de (?:su|tu) tarjeta|de pago|de facturacion)|fecha de nacimiento|(?:foto|copia) de (?:su|tu) (?:identificacion|pasaporte|licencia|dni|ine|cedula)|dni|cedula|cuenta bancaria|clabe|direccion (?:de (?:su|tu) )?(?:casa|domicilio)|domicilio)`;

const PERSONAL_DETAILS = phrases(
  String.raw`${ASK} ${WITHIN(60)}${DETAIL}(?:(?:,| and| &| y| o| or)(?: ${YOUR}| the| su| tu)? ${DETAIL})*`,
  // "Have your SSN ready": the caller will ask for it.
  String.raw`have ${YOUR} (?:\w+ ){0,2}${DETAIL} (?:ready|handy|at hand|nearby)|tenga (?:a la mano |listo |lista )?(?:su|tu) ${DETAIL}`,
  // A quiz is a friendly way to collect the answers to security questions.
  String.raw`(?:answer|take|complete|do) (?:\d+|a few|these|our|this|the|a|some|five|three|ten) (?:short |quick |fun |simple |easy |little )*(?:questions|quiz)`,
);

/**
 * "Update your card", "confirm your details": what a phishing page wants, and also what a shop
 * says when a card expires. Context, and not a request of its own: the link it comes with
 * decides (verdict.ts).
 */
const CONFIRM_DETAILS = phrases(
  String.raw`(?:update|updating|actualice|actualizar) ${WITHIN(60)}${DETAIL}`,
  String.raw`(?:confirm|verify|update|validate|re-?confirm) ${YOUR} (?:\w+ )?(?:details|information|info|identity|record|records|account|card|payment method|billing|bank account|address|name|phone number)(?:(?:,| and)(?: ${YOUR})? (?:\w+ )?(?:address|name|phone number|email))*`,
  // The address a parcel "needs": "Update it within 12 hrs", after "an incomplete address".
  String.raw`(?:incomplete|incorrect|invalid|missing|wrong|unreadable|damaged) (?:\w+ )?(?:address|house number|label)[^.!?\n]{0,60}?(?:update|confirm|correct|verify)|(?:direccion|domicilio) (?:incomplet|incorrect|erronea)[^.!?\n]{0,60}?(?:actualice|confirme|corrija|verifique)`,
  String.raw`(?:confirme|confirmelo|confirmela|actualice|verifique|corrija) (?:su|sus|tu|tus)? ?(?:direccion|domicilio|nombre|numero de telefono)`,
  String.raw`(?:confirme|verifique|actualice|valide|confirmar|verificar|actualizar|validar) (?:sus|tus|su|tu) (?:datos|informacion|identidad|cuenta)`,
);

/** "Confirm your date of birth when you call": asked on a call the reader makes, or at the desk. */
function isAskedInPerson(part: MessagePart, end: number): boolean {
  return /^[^.!?\n]{0,30}?(?:when you (?:call|come|arrive|check in|visit)|at (?:your )?(?:appointment|check-in|the desk|the front desk)|in person|cuando (?:llame|venga|llegue))/.test(
    part.folded.slice(end, end + 60),
  );
}

/**
 * A list of identity documents and numbers at once (a birthday, an SSN, bank numbers, a license
 * photo): what an identity thief needs, asked in one message. Strong on its own.
 */
const DETAIL_KINDS: readonly RegExp[] = [
  /social security|ssn|seguro social/,
  /date of birth|birthday|birth date|dob|fecha de nacimiento/,
  /routing|account number|bank (?:name|account|details)|cuenta bancaria|numero de cuenta/,
  /driver'?s? licen[cs]e|passport|photo id|(?:copy|photo|picture|foto|copia) of (?:your )?id|licencia de conducir|pasaporte/,
  /card number|cvv|security code|numero de (?:su |tu )?tarjeta|ultimos? (?:4|cuatro)/,
  /mother'?s maiden name|medicare number|numero de medicare/,
];

function asksForIdentity(message: PreparedMessage): RuleMatch[] {
  const text = message.wording.find((part) => part.field === "text");
  if (!text) return [];
  const kinds = DETAIL_KINDS.filter((kind) => kind.test(text.folded));
  if (kinds.length < 3) return [];
  const first = Math.min(...kinds.map((kind) => text.folded.search(kind)));
  const match = kinds.map((kind) => kind.exec(text.folded.slice(first))).find((found) => found?.index === 0);
  return [{ field: "text", start: first, end: first + (match?.[0].length ?? 1), weight: "decisive" }];
}

export const asksForPersonalDetails: Rule = {
  id: "asks-for-personal-details",
  title: "Asks for personal details",
  why: "It asks for things like your bank or card number, your birthday or your ID. A stranger who asks for these by message wants to use them to pretend to be you or to take your money.",
  page: SIGN_PAGES.personalDetails,
  weight: "suspicious",
  asks: "give-details",
  find: (message) => [
    ...asksForIdentity(message),
    ...findPhrases(message.wording, PERSONAL_DETAILS, {
      unless: (part, start, end) =>
        isDenied(part, start) || isAskedInPerson(part, end) || describesScammers(part, start),
    }),
    ...findPhrases(message.wording, CONFIRM_DETAILS, { unless: (part, start) => isDenied(part, start) }).map(
      (match) => ({ ...match, weight: "context" as const, asks: null }),
    ),
  ],
};
