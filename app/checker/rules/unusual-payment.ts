import { findPhrases, isDenied, phrases } from "../phrase-patterns";
import type { PreparedMessage } from "../prepared-message";
import type { Rule, RuleMatch } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/** Ways of paying that are hard to trace and impossible to undo, and fees to "release" money or parcels. */

const FEE_FOR = String.raw`(?:release|processing|clearance|customs|redelivery|re-delivery|activation|handling|insurance|unlock|unlocking|verification|administration|administrative|withdrawal|conversion|claim|certificate|legal|court|bail|leave|visa|permit|transport|document preparation|preparation|enrollment|enrolment)`;

const UNUSUAL_PAYMENT = phrases(
  // A gift card as a present is fine; as payment, in numbers, or as codes to send, it is the sign.
  String.raw`(?:buy|purchase|pick up|get|grab|send|pay (?:with|in|by|using)|paid (?:with|in|by)|payment (?:by|with|in|via)|in|by|with|using|accept(?:s|ed)?|only|\d+|some|several|few|x) (?:me |us |him |her |a few |some |\d+ |x )?(?:\$?[\d,]{1,15} )?(?:\w+ )?gift ?cards`,
  String.raw`(?:pay|paid|payment|accept\w*|settle|cover)[^.!?\n]{0,40}?gift ?cards?`,
  "gift ?cards? (?:codes?|numbers?|pins?)|gift vouchers?|(?:the|those|these) (?:card )?codes",
  "(?:itunes|apple|google play|steam|amazon|target|walmart|ebay|vanilla|razer gold|sephora|best buy|xbox|playstation|visa) gift cards?|(?:itunes|google play|steam|razer gold|vanilla) cards?",
  "cryptocurrenc(?:y|ies)|crypto|bitcoins?|btc|usdt|tether|ethereum|litecoin",
  "(?:bitcoin|crypto|btc) (?:atm|machine|kiosk|wallet|address)",
  String.raw`wire (?:me |us |them |him |her )?(?:transfer|the|it|that|this|an?|\$|\d|money|funds|payment|extra|difference|rest|balance)`,
  "by wire",
  "money ?transfer|money order|western union|moneygram|remitly|world ?remit",
  "prepaid (?:card|voucher|debit card|visa|gift card|credit)s?",
  "(?:paysafe|neosurf|pcs|transcash) (?:card|voucher|code)s?",
  String.raw`(?:courier|driver|agent|someone|messenger) (?:will|to|can|is going to) (?:come (?:to (?:your|ur) (?:home|house|door) )?(?:to )?)?(?:collect|pick up|pickup|get) (?:the )?(?:cash|money|payment|card|cards)`,
  // "Send cash or a check (payable to Linden Park Schools)" is how schools collect lunch money.
  "(?:send|mail|post|put|withdraw|take out) (?:the )?cash(?! or (?:a )?check)",
  "cash (?:by|via|with a|in an?) (?:courier|envelope|box|mail|post)",
  String.raw`(?:${FEE_FOR}) (?:fee|fees|charge|charges|cost|payment)`,
  String.raw`(?:fee|charge|payment) (?:to|for|of) (?:release|receive|claim|unlock|clear|deliver|process|activate)`,
  String.raw`(?:pay|paying|cover|send) (?:a |the |just |only |an? )?(?:small |tiny |one-time |one time |refundable )?(?:\$[\d,.]{1,15} )?(?:\w+ )?(?:fee|charge|deposit)`,
  "small (?:fee|charge|payment|deposit)",
  "codes? (?:on|from) the back",
  // Money sent to a phone number, a new account or back after an "overpayment".
  String.raw`(?:send|pay|transfer|sent)[^.!?\n]{0,50}?to (?:this|my|the same|this same|that) (?:same )?(?:number|phone|cell)`,
  String.raw`(?:send|wire|transfer|refund|return|give|pay) (?:back )?(?:me |us |him |her |them )?(?:the )?(?:extra|difference|remaining|rest|balance|excess|overpayment|leftover|overpaid)(?: amount| money| funds)?`,
  String.raw`(?:send|transfer|pay|give) (?:it|the money|them|that|the \$?[\d,.]{1,15}|\$[\d,.]{1,15}) back`,
  // The refund "typed wrong": you are asked to return money that was never sent.
  String.raw`(?:sent|deposited|transferred|refunded|paid|credited|mande|envie|deposite|transferi|depositamos|enviamos|transferimos|reembolsamos)[^.!?\n]{0,20}?\$[\d,.]{1,15}[^.!?\n]{0,40}?(?:instead of|en vez de|en lugar de) (?:your |the |a |su |tu |el |la )?\$?[\d,.]{1,15}`,
  String.raw`(?:regresar|regresarme|devolver|devolverme|regreseme|devuelvame|regresame|devuelveme) (?:los |el |la )?\$[\d,.]{1,15}`,
  // "Our main account is frozen, please use the new account I'll email": supplier payment redirection.
  String.raw`(?:use|send it to|pay into|pay to|send (?:the )?payment to) (?:the|our|my) new (?:bank )?account`,
  String.raw`(?:account|main account|bank account) is (?:frozen|locked|under (?:review|audit))[^.!?\n]{0,80}?(?:new|another|different|other) account`,
  "(?:typed|added|put) an extra zero|(?:my |his |her )?finger slipped",
  String.raw`read (?:me|us|them|out) (?:the )?(?:numbers|codes|card numbers|pins?|claims? codes)|(?:me )?(?:lee|lea) (?:los|las) (?:numeros|codigos)`,
  // Crypto "platforms": money in before money out.
  String.raw`(?:pay|deposit|send|top up|add)[^.!?\n]{0,50}?(?:before|to|so) (?:you can |i can |we can )?(?:withdraw|release|unlock)`,
  String.raw`(?:minimum deposit|deposit(?:ing)? \$[\d,.]{1,15}|vip level|withdrawal (?:threshold|tax|fee))`,
  String.raw`(?:para (?:poder )?(?:retirar|desbloquear)|antes de retirar)[^.!?\n]{0,50}?(?:recargar|depositar|pagar|deposite|pague)|recargar (?:su|tu) cuenta con`,
  // Payroll and supplier fraud: the "new account" for a salary or an invoice.
  "(?:update|change|switch) (?:my |the |your )?direct deposit|direct deposit (?:change|update|form)",
  "(?:wiring|wire|payment|bank(?:ing)?|account|remittance) (?:instructions|details|information) (?:have|has) (?:changed|been (?:updated|changed))",
  // Cash for a court or bail in Spanish: "el tribunal solo acepta efectivo", "un mensajero pasara a recoger el dinero".
  String.raw`(?:solo |solamente )?acepta(?:mos|n)? (?:solo |solamente )?efectivo`,
  String.raw`(?:mensajero|chofer|agente|alguien|una persona) (?:pasara|ira|va a pasar|vendra|pasa)[^.!?\n]{0,50}?(?:recoger|buscar) (?:el )?(?:dinero|efectivo|pago|sobre)`,
  "(?:te|le) paso los datos (?:de la cuenta|bancarios)|(?:me lo|me la|me los) (?:transfieres|transfiere|depositas|deposita|mandas|envias)",
  String.raw`(?:cashier'?s|certified|business|company) (?:check|cheque) (?:for|of) `,
  String.raw`(?:sent|paid|transferred) (?:you )?\$?[\d,.]{1,15}[^.!?\n]{0,40}?(?:by mistake|by accident|accidentally)`,
  String.raw`(?:pay|send|transfer|move|deposit)[^.!?\n]{0,40}?(?:to|into) (?:this|my new|the new|a new|my friend'?s|his|her|the following|a (?:safe|secure|protected|holding)|our (?:safe|secure|protected)) (?:\w+ )?(?:account|wallet)`,
  String.raw`(?:i'?ll|i will|we'?ll|we will) (?:send|text|give) (?:you )?the (?:bank |account |payment |wallet )?(?:details|info|account number)`,
  "(?:safe|protected|holding|safety) (?:account|wallet)|secure (?:holding|vault) account|cuenta (?:segura|protegida|de resguardo|de seguridad)",
  // "Move the same amount to yourself": the "reversal" that sends your money to the scammer.
  String.raw`(?:move|send|transfer|pay)[^.!?\n]{0,40}?to yourself|(?:using|with) your own (?:phone )?number as the (?:recipient|payee)`,
  // Payment redirection: "we have moved to a new bank, please use the updated account details".
  "(?:moved|switched|changed) (?:to|over to) a new bank|(?:new|updated|changed|different) (?:bank|account|banking|payment|remittance|wire) (?:details|info|information|instructions)",
  "top-?up (?:of )?\\$|recarga(?:r)? (?:tu|su) cuenta",
  // A stranger's money "stuck" until you upgrade or pay: the fake payment-app upgrade.
  "upgrade (?:to |your account to )?(?:a )?(?:business|premium|verified|merchant) account (?:to|so you can|before you can) (?:receive|accept|get|release)",
  "(?:upgrade|upgraded|upgrading) to a (?:business|premium|merchant|verified) account|merchant verification",
  String.raw`(?:not )?upgraded? to (?:receive|accept) (?:business |merchant )?(?:funds|payments|money)|upgrade (?:now |today )?for \$[\d,.]{1,15}`,
  // Cash at the door: a "volunteer" or "courier" collecting a donation, bail or payment.
  String.raw`(?:collect|pick up|pickup) (?:your |the |a )?(?:donation|payment|money|gift|contribution)s? in cash`,
  String.raw`(?:volunteer|courier|driver|agent|officer|messenger) will (?:come|stop by|drop by|be there)[^.!?\n]{0,40}?(?:collect|pick up)`,
  // A rental seen only in photos: the deposit first, the keys by mail.
  String.raw`(?:mail|send|ship|post) (?:you )?the keys`,
  "(?:photos?|pictures?|pics|picture|scan) of the (?:back|backs|codes?|cards?)",
  "scratch (?:off )?the (?:back|silver|panel|strip)",
  // Spanish
  // A down payment or bail in cash for a stranger; a buyer paying cash at pick-up is ordinary.
  String.raw`(?:\$[\d,.]{1,15} (?:de )?)?(?:enganche|deposito|fianza|anticipo)[^.!?\n]{0,30}?en efectivo`,
  "cuenta (?:comercial|business|de negocios)|(?:tiene|tienes) que ser business",
  String.raw`cheque (?:certificado|de caja|de gerencia) (?:por|de) \$?[\d,.]{1,15}|el resto (?:se lo|te lo) (?:da|das|entrega|entregas|manda|mandas|deposita|depositas)`,
  "(?:le|te) (?:envio|mando|enviare|mandare) las llaves",
  String.raw`(?:pague|pagar|pagues|pagarme|me pague) \$[\d,.]{1,15} (?:del|de|por el|para el) (?:envio|tramite|procesamiento|seguro|liberacion)`,
  "envio de dinero|a nombre del? (?:oficial|agente|licenciad[ao])|(?:por )?app de pagos a (?:mi|su|nuestro|nuestra) (?:nombre|asesor[a]?|agente)",
  // A gift card as a present is fine ("te mande una tarjeta de regalo"); as payment or as codes to send, it is the sign.
  String.raw`(?:compre|comprar|compra|compras|consiga|conseguir|consigue|pague|pagar|paga|pagues|pago|con|en|mediante) (?:\w+ ){0,3}tarjetas? de regalo`,
  String.raw`tarjetas? de regalo[^.!?\n]{0,60}?(?:codigos?|numeros?|pin|fotos?|raspe|rasque|foto de atras)`,
  "criptomonedas?|cripto",
  "cajero (?:de |automatico de )?(?:bitcoin|cripto)",
  "(?:por|mediante|con|via|hacer una|haga una|realice una|realizar una|envie una|enviar una) transferencia(?: bancaria| electronica)?",
  "giros?(?: postal| telegrafico)?",
  "tarjetas? prepagadas?|tarjeta de prepago",
  String.raw`(?:tarifa|cuota|comision|cargo|pago|tasa) (?:de|por) (?:liberacion|procesamiento|envio|aduanas?|entrega|reenvio|activacion|desbloqueo|gestion|tramite|seguro|verificacion|retiro)`,
  String.raw`(?:pague|pagar|abone|abonar|cubra|cubrir) (?:una|la|un|el)? ?(?:pequena |pequeno )?(?:tarifa|cuota|comision|cargo|tasa)`,
);

/**
 * A payment app: how friends split a pizza, and also how scammers take money that cannot be
 * clawed back. Alone it is context (a family text); beside a stranger's story it is the ask.
 */
const PAYMENT_APP = phrases(
  "(?:por|en|con|a traves de|mediante|desde) (?:la |su |tu )?(?:aplicacion|app) de pagos?",
  "(?:through|on|with|via|using|by|to) (?:your |a |the |my )?(?:payment app|zelle|venmo|cash ?app)",
  "friends (?:and|&) family",
);

/**
 * A handle on a payment app ("@CanyonFireHelp2026", "my payment app handle"): money to a person,
 * not to a charity's own site.
 */
const PAYMENT_HANDLE = phrases(
  String.raw`(?:payment app|app de pagos?|cash ?app|venmo|zelle)(?: handle| username| tag| usuario)?:? @[\w-]{3,}`,
  String.raw`(?:handle|username|tag|usuario):? @[\w-]{3,}`,
  String.raw`@[\w-]{3,} (?:on|in|en) (?:the |my |la |mi )?(?:payment app|app de pagos?|cash ?app|venmo|zelle)`,
);

/**
 * A plea for a disaster or a sick child, paid to a person's payment app: the FTC's advice is to
 * give through a charity you looked up, never to a stranger's handle. Worth checking even alone.
 */
const HARDSHIP_CAUSE =
  /\b(?:fire|wildfire|flood|hurricane|tornado|earthquake|storm|victims|lost (?:their|his|her|everything)|surgery|cancer|chemo|medical bills|funeral|orphan|relief|incendio|inundacion|huracan|terremoto|damnificad|victimas|cirugia|operacion|funeral)/;

/**
 * "Send it as friends & family so there are no fees": a seller steering the buyer away from the
 * purchase protection a payment app gives goods and services. Worth checking even alone.
 */
const NO_PROTECTION = phrases(
  "(?:send|pay|paid|sent)(?: it| me| them)? (?:as|via|through|using|under) (?:a )?friends (?:and|&) family",
  "(?:not|don'?t (?:mark it as|use)|no) goods (?:and|&) services",
  "(?:payment app|gift cards?|zelle|crypto) only",
);

/** "send $600 on Pocketsend": a payment app named after "on/via/through", written with a capital. */
const NAMED_APP =
  /\b(?:send|pay|transfer|envie|envia|mande|manda|pague|paga|transfiera|deposite)\b[^.!?\n]{0,50}?\b(?:on|via|through|using|by|por|mediante) ([a-z][a-z0-9]{2,})/g;
const NOT_APPS = new Set(
  "monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec the this that your my our his her their it time mail email text phone card".split(
    " ",
  ),
);
const MONEY_WORDS =
  /\$|£|€|money|amount|payment|fee|deposit|dollars|pounds|cash|it back|the rest|the extra|the difference/;

function namedAppPayments(message: PreparedMessage): RuleMatch[] {
  const found: RuleMatch[] = [];
  for (const part of message.wording) {
    for (const match of part.folded.matchAll(NAMED_APP)) {
      const name = match[1];
      const nameStart = match.index + match[0].length - name.length;
      const written = part.original.slice(nameStart, nameStart + name.length);
      const around = part.folded.slice(Math.max(0, match.index - 120), match.index + match[0].length);
      if (NOT_APPS.has(name) || written[0] === written[0].toLowerCase() || !MONEY_WORDS.test(around)) continue;
      found.push({ field: part.field, start: match.index, end: match.index + match[0].length });
    }
  }
  return found;
}

export const unusualPayment: Rule = {
  id: "unusual-payment",
  title: "Pay by gift card, crypto or wire",
  why: "It asks for money in a way that is very hard to get back, like gift cards, cryptocurrency, a wire transfer or a fee to release something. Honest businesses and government offices don't ask to be paid like this.",
  page: SIGN_PAGES.giftCardsAndCrypto,
  weight: "decisive",
  asks: "pay",
  find: (message) => [
    // "No real business asks to be paid in gift cards" is advice, not a request.
    ...findPhrases(message.wording, UNUSUAL_PAYMENT, { unless: (part, start) => isDenied(part, start) }),
    ...findPhrases(message.wording, NO_PROTECTION).map((match) => ({ ...match, weight: "suspicious" as const })),
    ...[
      ...findPhrases(message.wording, PAYMENT_APP),
      ...findPhrases(message.wording, PAYMENT_HANDLE),
      ...namedAppPayments(message).filter(
        (match) =>
          !isDenied(
            message.wording.find((p) => p.field === match.field)!,
            match.start,
          ),
      ),
    ].map((match) => ({ ...match, weight: forAHardship(message) ? ("suspicious" as const) : ("context" as const) })),
  ],
};

function forAHardship(message: PreparedMessage): boolean {
  return message.wording.some((part) => HARDSHIP_CAUSE.test(part.folded));
}
