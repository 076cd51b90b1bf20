import { findPhrases, phrases } from "../phrase-patterns";
import type { PreparedMessage } from "../prepared-message";
import type { Rule, RuleMatch } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/**
 * An online sweetheart or new friend who needs money: for a ticket to visit, a hospital bill,
 * customs fees, travel papers. Loving words alone are not a sign (families say "love you"), and
 * neither is a money request alone (family-money signs have their own rules): it takes both,
 * and both are highlighted.
 */

const AFFECTION = phrases(
  "my (?:love|darling|dear|dearest|sweetheart|sweet|heart|angel|queen|king|beloved|everything|soulmate)",
  "darling|sweetheart|honey|babe|dearest|beloved|soulmate|soul mate",
  "i (?:love|adore|miss) you(?: so much)?",
  "i (?:have )?never felt (?:this way|like this)",
  "(?:our|a) future together|when we (?:finally )?meet|can'?t wait to (?:meet|see|hold|hug) you|in your arms",
  "mi amor|carino|querid[ao]|mi vida|mi corazon|te amo|te quiero|te extrano|nuestro futuro juntos",
  "(?:good (?:morning|night)|morning|hello|hi|hey) (?:beautiful|gorgeous|handsome|my queen|my king|my love|sunshine|angel)|my (?:queen|king|princess|prince)|dream(?:ed|t)? (?:about|of) (?:you|u)|(?:our|my) future|finally be together|be together (?:soon|forever)",
  "mi (?:reina|rey|princesa|principe|cielo|tesoro)|sone contigo|(?:seremos|estaremos) (?:felices )?juntos|hermosa|preciosa",
);

const MONEY = String.raw`(?:\$\s?\d[\d,.]{0,15}|money|funds|cash|plane ticket|flight|ticket|visa|passport|medical bills?|hospital bills?|surgery|treatment|customs (?:fees?|charges?)|travel papers|release (?:my|the)|fees?|tax(?:es)?|gift cards?|bitcoin|crypto)`;

const MONEY_ASK = phrases(
  String.raw`(?:i need|i needed|need|send|lend|loan|borrow|help me with|wire|transfer|pay for|cover|buy|purchase|invest|deposit)(?: me)? [^.!?\n]{0,60}?${MONEY}`,
  String.raw`(?:could|can|would|will) (?:you|u) (?:please |pls |plz )?(?:send|lend|wire|transfer|pay|cover|buy|help me pay|help me buy)`,
  String.raw`i'?m \$[\d,.]{1,15} short|(?:i'?m |i am )?short (?:by )?\$[\d,.]{1,15}|(?:start|begin) with \$[\d,.]{1,15}`,
  // The promise to repay is the request: "I promise to pay you back when I arrive", "te lo devuelvo".
  String.raw`(?:pay|paying|give) (?:you|u) (?:back|every cent)|repay (?:you|u)|pay (?:it|you) all back|(?:you are|you're|ur) the only (?:one|person) i can (?:turn to|ask|trust|count on)|te lo (?:devuelvo|regreso|pago)|te los (?:devuelvo|regreso|pago)|eres (?:la unica persona|el unico|la unica) (?:en quien|que)`,
  String.raw`(?:they|customs|he|she|the (?:port|airport|bank|hospital|embassy)) (?:want|wants|need|needs|are asking for|asked for|ask for|demand|demands) \$[\d,.]{1,15}|(?:would|could|can|will) (?:you|u) (?:please )?help me|me (?:ayudarias|ayudas|puedes ayudar|podrias ayudar)`,
  String.raw`(?:grow|build|invest|double|multiply) (?:our|your|ur) (?:savings|money|wealth|future) together|(?:construir|construimos|construyamos|hacer crecer|crecer|invertir en) (?:nuestro|nuestros|nuestra) (?:futuro|ahorros|dinero|vida) juntos|si (?:pones|metes|inviertes|depositas|mandas) \$[\d,.]{1,15}|(?:the|my) (?:trading |investment |crypto )?platform i use`,
  String.raw`(?:until|before|unless) i (?:can )?pay (?:the|my|this|a) (?:\w+ ){0,2}(?:invoice|bill|fee|fine|tax|balance)`,
  String.raw`(?:necesito|envia(?:me)?|enviame|prestame|presta(?:rme)?|ayudame con|manda(?:me)?|deposita(?:me)?|piden) [^.!?\n]{0,60}?(?:\$\s?\d[\d,.]{0,15}|dinero|plata|boleto|pasaje|vuelo|visa|hospital|operacion|aduana|impuestos|gastos|tarifa|cuota|tarjetas? de regalo)`,
  "(?:puedes|podrias|pudieras) (?:enviar|mandar|depositar|pagar|prestar|transferir)(?:lo|la|me|melo)?|me (?:ayudas|puedes ayudar|podrias ayudar) (?:a|con) (?:comprar|pagar)",
);

/** "...to come and see you": travel the sender says only your money can pay for. */
const VISIT = phrases(
  "(?:to|so i can|so we can|then we can) (?:finally )?(?:come (?:and )?)?(?:see|visit|meet|be with|hold) (?:you|each other)(?: in person)?",
  "(?:flight|ticket|trip) to (?:see|visit|meet) you",
  "para (?:ir a verte|venir a verte|estar contigo|poder verte|conocerte)|por fin estaremos juntos",
);

/** Both must be in the message: loving words, and a money request (or a ticket "to see you"). */
function find(message: PreparedMessage): RuleMatch[] {
  const affection = findPhrases(message.wording, AFFECTION);
  if (affection.length === 0) return [];
  const asks = findPhrases(message.wording, MONEY_ASK);
  const visits = findPhrases(message.wording, VISIT);
  const moneyMentioned = message.wording.some((part) =>
    /\$\s?\d|bitcoin|gift card|crypto|dinero|transferencia/.test(part.folded),
  );
  if (asks.length === 0 && !(visits.length > 0 && moneyMentioned)) return [];
  return [...affection.slice(0, 1), ...asks, ...(asks.length === 0 ? visits : [])];
}

export const romanceMoney: Rule = {
  id: "romance-money",
  title: "An online sweetheart needs money",
  why: "Someone you have only met online is loving and kind, and then needs money for a ticket, a bill or a fee. A person who truly cares about you won't ask you for money before you've ever met.",
  page: SIGN_PAGES.friendlyStrangers,
  weight: "decisive",
  asks: "pay",
  find,
};
