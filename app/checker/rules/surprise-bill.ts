import { findPhrases, phrases } from "../phrase-patterns";
import type { Rule } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/**
 * A charge, renewal, invoice or order you did not make ("your subscription has been renewed for
 * $399.99", "if you did not authorise this purchase, call ..."). Real receipts look the same, so
 * this sign is context (Rule.weight): it is named only beside a warning, such as a number to call
 * or a link that is not the company's.
 */

const AMOUNT = String.raw`(?:\$|£|€|usd ?)\s?\d[\d,]{0,15}(?:\.\d\d)?`;

const SURPRISE_BILL = phrases(
  String.raw`(?:subscription|membership|plan|order|license|licence|service|antivirus|protection|renewal|account|payment|purchase|transaction|invoice|charge) (?:has been|was|will be|is being|is|have been|has|were|got) (?:successfully |automatically |now )?(?:renewed|charged|billed|processed|auto-renewed|debited|placed|confirmed|approved|deducted|completed|overdue|due|declined|failed)(?: (?:for|at|of|with) ${AMOUNT})?`,
  String.raw`(?:renewed|charged|billed|debited|deducted|withdrawn|paid|purchased|ordered) (?:for|at|with|of|from (?:your|ur) (?:account|card)(?: for)?) ${AMOUNT}`,
  String.raw`(?:you|your (?:card|account)) (?:have been|has been|were|was|will be) (?:charged|billed|debited)`,
  String.raw`(?:if|in case) (?:you |this )?(?:did not|didn'?t|do not|don'?t|wasn'?t|was not|never) (?:authori[sz]e|make|place|request|recogni[sz]e|order|initiate|approve|purchase|buy|sign up for)`,
  String.raw`(?:receipt|invoice|bill|statement|confirmation) (?:for|of) (?:your )?(?:order|purchase|payment|subscription|renewal)? ?(?:#|no\.?|number)? ?[a-z]{0,4}-?\d{3,}`,
  String.raw`(?:invoice|order|transaction|receipt|ref|reference)(?: id| number| no\.?)? ?(?:#|:) ?[a-z0-9-]{4,}`,
  String.raw`(?:purchase|payment|transaction|charge|order|transfer|wire|withdrawal|debit|citation|ticket|fine|toll|invoice|balance) of ${AMOUNT}`,
  // The amount first, then what it paid for: "$2,400 wire to acct ending 7713", "a $96.00 charge at QUICKFUEL".
  String.raw`${AMOUNT} (?:wire|transfer|charge|purchase|withdrawal|debit|payment|transaction)s? (?:to|at|from|on)`,
  // A toll, bill or balance said to be owed, whichever order the words come in: "$3.15 toll due",
  // "toll invoice $12.51 unpaid", "toll balance of $2.95 is overdue".
  String.raw`(?:tolls?|toll (?:invoice|balance|bill|charge)|invoice|balance|bill|citations?|fine)(?: (?:of|for|is|was|amount))?(?: ${AMOUNT})? (?:is |are |was |remains |still )?(?:unpaid|overdue|past due|outstanding|due|unresolved)|${AMOUNT} (?:toll|tolls|invoice|balance|bill|fee|fine) (?:is |are )?(?:due|unpaid|overdue|outstanding)`,
  String.raw`${AMOUNT} (?:at|from|to) [a-z][\w' &.-]{1,30}(?: online| store| shop)?`,
  "(?:unpaid|outstanding|overdue) (?:invoice|bill|balance|toll|tolls|fee|fees|amount|payment|charge|debt)",
  "(?:payment|transaction|card) (?:failed|declined|did not go through|was unsuccessful|could not be processed|was declined)",
  "(?:couldn'?t|could not|were unable to|unable to) (?:process|complete|collect|take) (?:your |the )?(?:latest |last |recent )?payment",
  "auto-?renew(?:s|al|ed|ing)?|automatic(?:ally)? renew(?:al|s|ed)?",
  String.raw`(?:did not|didn'?t|never) (?:order|authori[sz]e|make|place|request|buy|purchase|sign up for) (?:this|it|that|these|them)`,
  String.raw`renewal (?:fee|charge|price|amount|cost)`,
  String.raw`(?:plan|subscription|membership) \(?${AMOUNT}`,
  // Spanish
  "se le ha cobrado|se te ha cobrado|se (?:le|te) cobro|hemos cobrado",
  "su suscripcion (?:se ha renovado|se renovo|ha sido renovada|fue renovada)|renovacion automatica",
  "(?:si|en caso de que) (?:usted )?no (?:realizo|autorizo|reconoce|hizo|solicito)",
  "factura (?:pendiente|vencida|impaga|no pagada)",
  String.raw`cargo de ${AMOUNT}|cargo por ${AMOUNT}`,
  // Spanish: "compra de $845.00", "transferencia de $950", "retirar $500", "saldo vencido de $312.45".
  String.raw`(?:compra|transferencia|retiro|cobro|pago|transaccion|envio|deposito) (?:de|por) ${AMOUNT}|retirar ${AMOUNT}`,
  String.raw`(?:saldo|adeudo|deuda|factura|cuenta|peajes?|multa)s? (?:\w+ )?(?:vencid|pendiente|atrasad|sin pagar|impag)[oa]?s?(?: (?:de|por) ${AMOUNT})?|(?:peajes?|saldo|adeudo) (?:de|por) ${AMOUNT}`,
  "pago (?:pendiente|rechazado|fallido)",
  "(?:peaje|multa) (?:pendiente|impago|sin pagar)",
);

export const surpriseBill: Rule = {
  id: "surprise-bill",
  title: "A bill you didn't expect",
  why: 'It says you were charged, or that an order or renewal is on its way, for something you never bought, so that you rush to "cancel" it. Check your account in the real app or website, not through this message.',
  page: SIGN_PAGES.surpriseBills,
  weight: "context",
  find: (message) => findPhrases(message.wording, SURPRISE_BILL),
};
