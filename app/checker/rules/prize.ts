import { findPhrases, phrases, YOUR } from "../phrase-patterns";
import type { Rule } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/** A prize, a win or money you did not expect: refunds, inheritances, unclaimed funds. */

const PRIZE = phrases(
  String.raw`(?:you|u|you've|you have|you'?re|your (?:\w+ )?(?:number|email|phone|name|account|entry|drawing|ticket|profile|channel|address)) (?:has |have |was |were |is |are |just |been |officially )*(?:won|win|been selected|been chosen|been picked|selected|chosen|picked|a winner|the winner|the lucky)`,
  "(?:lucky |grand |prize )?winners?",
  "winning (?:number|ticket|entry)",
  // A school raffle's "sorteo" is a drawing; as a windfall it comes with "ganó" (above).
  "sorteo",
  // "Congratulations on your new job" is a friend; "Congratulations! You won" is the trick.
  String.raw`(?:congratulations?|congrats|congradulations|felicidades|felicitaciones|enhorabuena)(?=[\s\S]{0,120}?(?:won|win|winner|selected|chosen|picked|prize|claim|reward|lucky|free|gift|ganad|premio|gratis|seleccionad|elegid|comision))`,
  "(?:cash |grand |special |mystery |free )?prizes?",
  // A refund notice with its amount is also what a tax office sends once a refund is issued.
  String.raw`(?:tax|pending|unclaimed|overdue|outstanding|government|bonus) refund (?:of|for|worth) \$?[\d,.]{1,15}`,
  "(?:free|complimentary) (?:gift|iphone|ipad|tablet|laptop|phone|vacation|cruise|trip|voucher|fuel|groceries|tv)",
  String.raw`free (?:[\w-]+ ){0,3}(?:coins|gems|skins?|robux|v-?bucks|followers|gold|crystals|diamonds|credits|tokens|points|lives|spins|items|pets?|outfits?)`,
  "(?:coin|gem|robux|v-?bucks|money|cash|followers?) generator",
  String.raw`(?:claim|collect|redeem|receive|get) ${YOUR} (?:prize|reward|gift|winnings|money|funds|refund|payment|cash|award|package|bonus|coins|voucher)`,
  "rebate",
  String.raw`(?:unlimited|infinite|endless|ilimitad[oa]s) (?:\w+ )?(?:coins|gems|skins?|robux|v-?bucks|gold|diamonds|credits|tokens|lives|spins|monedas|gemas|diamantes)`,
  String.raw`(?:reward|rewards|loyalty|bonus) points?[^.!?\n]{0,40}?(?:expire|cash|redeem)|(?:redeem|exchange|convert|cambie|canjee|cambielos|canjealos|canjear|cambiar)(?: them| it|los|las)? (?:for|por) (?:cash|efectivo|dinero)|puntos de (?:recompensa|lealtad)`,
  String.raw`(?:receive|get|claim|earn|recibe|reciba|gana) (?:a |an |your |un |una |su )?(?:free )?\$[\d,.]{1,15} (?:gift|reward|voucher|card|bonus|credit|regalo|bono|tarjeta)`,
  // Money you will not owe after all, offered out of the blue: "loan forgiveness approved", "debt discharge".
  String.raw`(?:loan|debt|balance|student loan) (?:forgiveness|discharge|cancellation|relief|wipe-?out)|(?:forgiven|discharged|wiped out|erased) (?:in full|completely|entirely)|(?:perdon|condonacion|cancelacion) (?:de|del) (?:su |tu )?(?:prestamo|deuda)`,
  String.raw`(?:award|reward) (?:of|worth) \$?[\d,.]{1,15}`,
  "your award",
  // Money "approved" for you out of the blue (pressure only: a college approves aid too): "your disaster assistance of $3,200 has been approved".
  String.raw`(?:assistance|grant|relief|aid|stimulus|compensation|settlement|subsidy|ayuda|subsidio|apoyo|compensacion)(?: payment)? (?:of |de |por )?(?:\$[\d,.]{1,15} )?(?:has been|was|is|have been|fue|ha sido|esta) (?:approved|released|issued|aprobad[oa]|liberad[oa])`,
  String.raw`worth \$[\d,.]{1,15}`,
  // Spanish
  "premios?",
  "ganador(?:a|es)?",
  "(?:ha|has|usted ha|tu has) (?:sido )?(?:ganado|seleccionad[ao]|elegid[ao]|escogid[ao])",
  "reembolsos?",
  "regalos? gratis",
  // Free game money in Spanish: "¡Monedas gratis!", "gemas gratis".
  "(?:monedas|gemas|diamantes|pavos|robux|skins?|puntos|creditos|fichas|vidas|tiradas|premios) gratis|gratis (?:\\d[\\d,.]* )?(?:monedas|gemas|diamantes|pavos|robux|skins?)",
  "(?:fue|fuiste|has sido|ha sido) (?:seleccionad|elegid|escogid)[oa] para (?:recibir|ganar|obtener|un premio|una recompensa)",
  "reclam[ae] (?:su|tu) (?:premio|regalo|dinero|reembolso)",
);

/**
 * Money out of nowhere: an inheritance from a stranger, a lottery never entered, unclaimed funds,
 * a refund "you are eligible for". Worth checking even alone; a friend's "I won!" is only pressure.
 */
const WINDFALL = phrases(
  "(?:perdon|cancelacion|condonacion) (?:total )?de (?:su|tu) (?:prestamo|deuda)|(?:usted )?califica para (?:el|la|un|una)",
  "(?:usted |tu )?se gano (?:los|el|un|una|\\$)|(?:le|te) dan una tarjeta con \\$",
  "lottery|lotto|sweepstakes?|jackpot|giveaway|prize draw|lucky draw",
  String.raw`(?:eligible|qualified|approved) (?:for|to receive|to get) (?:a |an |your )?(?:\$[\d,.]{1,15} )?(?:tax )?(?:refund|rebate|grant|payment|reward|prize|compensation|settlement|stimulus|award|bonus)`,
  // Debt "forgiveness" or "relief" nobody applied for: the student-loan impostors' opening.
  String.raw`(?:eligible|qualified|approved|pre-?approved) (?:for|to receive) (?:\w+ ){0,2}(?:forgiveness|cancellation|discharge|debt relief)`,
  String.raw`(?:you (?:are|were) owed|you have overpaid|you overpaid|we owe you|owed to you)`,
  "inheritance|beneficiary|next of kin|estate of (?:the )?late",
  "unclaimed (?:funds|money|property|prize|package|reward|assets)",
  "(?:government |federal |free )grant",
  "devolucion de impuestos",
  "herencia",
  "loteria",
  "fondos no reclamados",
);

export const prize: Rule = {
  id: "prize",
  title: "A prize or money you didn't expect",
  why: "It says you won something or are owed money you never asked for. You can't win a contest you never entered, and a real prize or refund never costs money to collect.",
  page: SIGN_PAGES.prizes,
  weight: "pressure",
  find: (message) => [
    ...findPhrases(message.wording, WINDFALL).map((match) => ({ ...match, weight: "suspicious" as const })),
    ...findPhrases(message.wording, PRIZE),
  ],
};
