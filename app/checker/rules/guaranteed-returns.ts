import { findPhrases, phrases } from "../phrase-patterns";
import type { Rule } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/** Money that "can't lose" or doubles fast, and crypto trading "platforms" and "mentors". */

const GUARANTEED_RETURNS = phrases(
  // Profits told as routine: "18% again this week", "never has a losing week".
  String.raw`(?:made|making|earned|earning|gained|up|profit|profits|returns?|gains?|account|portfolio|signals?|trades?|trading)[^.!?\n]{0,25}?\d{1,3} ?% (?:again |profit |return |gain )?(?:this|a|every|each|per|last) (?:week|day|month)|never (?:has|had|have|gets?) a (?:losing|bad|red) (?:week|day|month|trade)|(?:ganancias?|rendimientos?) (?:del|de) \d{1,3} ?% (?:semanal|diario|mensual|cada|por|a la)`,
  "guaranteed (?:returns?|profits?|income|earnings|gains?|payouts?|results|\\d+%|money|win)",
  "(?:returns?|profits?|income|earnings) (?:are |is )?guaranteed",
  "risk[- ]free|no risk|zero (?:risk|losses?)|no losses|without (?:any )?risk|can'?t lose|cannot lose|never (?:loses?|lost|fails?|wrong)|(?:always|only) (?:wins|goes up|profitable)",
  "(?:inside|insider) (?:info|information|tips?|knowledge)",
  "double (?:your|ur|the|their) (?:money|investment|coins|crypto|bitcoin|savings|cash|deposit)|doubles? (?:your|ur) (?:money|investment)",
  String.raw`[\d,.]{1,15} (?:coins|gems|robux|dollars|points) (?:becomes?|turns? into|will be) [\d,.]{1,15}`,
  String.raw`\d+(?:\.\d+)? ?% (?:(?:a|per|each|every|in a|in one) (?:week|day|month)|weekly|daily|monthly|returns?|profit|roi|guaranteed|semanal|mensual|diario|al (?:dia|mes)|por semana|garantizado)`,
  String.raw`(?:made|earned|make|earn|gane|gano|ganar) (?:members |investors |me |you |us )?(?:\d[\d,]{0,15}|\$[\d,.]{1,15})(?:%| percent)`,
  "(?:crypto|bitcoin|btc|forex|fx|trading|investment|investing) (?:platform|mentor|expert|coach|signals?|opportunity|plan|program|account|bot|app|group|pool)",
  "(?:high|huge|big|massive|incredible|fixed) (?:returns?|profits?|yields?)",
  "passive income",
  String.raw`(?:put in|invest|deposit|mete|metes|invierte|inviertes|deposita) \$[\d,.]{1,15}[^.!?\n]{0,40}?(?:you'?ll|you will|and you|and get|u'?ll|vas a|va a|tendras|tendra|recibiras) (?:see|get|make|have|receive|ver|tener|recibir|ganar)? ?(?:about |around |at least |almost |unos |casi )?\$[\d,.]{1,15}`,
  "financial freedom|libertad financiera|(?:the|my) (?:trading |investment |crypto )?platform i use|la plataforma que (?:uso|utilizo)",
  String.raw`(?:doubled|tripled|quadrupled|duplique|duplico|duplicamos|tripliqu[eo]) (?:my|his|her|our|what (?:i|we|he|she) put|the money|lo que (?:puse|invert[ií]|meti)|mi dinero|mi inversion)|(?:datos|informacion|info) (?:del|de) (?:mercado|bolsa) (?:privad|exclusiv|intern)?`,
  String.raw`(?:made|earned|gained|profited|cleared|won|gane|gano|ganamos) (?:me |us )?\$?[\d,.]+k? (?:on|from|in|with|en|con) (?:one|a|my|this|that|the|just one|a single|una|un|mi|esa|ese) (?:trade|deal|investment|signal|position|coin|operacion|inversion|senal)`,
  String.raw`(?:shares?|gives?|sends?|passes?|comparte|pasa) (?:the |her |his |their |me |us |las |sus |me las )?(?:trading |market |crypto |gold )?(?:signals|tips|senales)`,
  String.raw`(?:ganancias?|rendimientos?|ganamos|gano|gane) (?:son |es |de )?(?:del? )?\d+(?:[.,]\d+)? ?% (?:diari[oa]s?|al dia|semanal(?:es)?|a la semana|mensual(?:es)?|al mes)|totalmente segur[ao]s?`,
  "(?:with |has )?(?:no|zero) loss(?:es)?(?: so far| yet| ever)?|never (?:loses|lost|had a (?:losing|bad) (?:day|week|month|trade))|(?:without|no) (?:any )?(?:risk|losses)|risk[- ]free|sin (?:arriesgar|perder|perdidas)|nunca (?:pierde|pierdo|perdemos|he perdido)",
  "(?:get|make|become|grow) rich",
  // Money multiplied, in any words: "I turned $2,000 into $9,000", "convertí $500 en $3,000".
  String.raw`(?:turned|grew|flipped|converted|converti|convirtio|hice|hizo) (?:my |her |his |their |mis |sus )?\$[\d,.]+k? (?:into|in|en) \$[\d,.]+k?`,
  "(?:multiply|grow|triple) (?:your|ur) (?:money|investment|savings)",
  "mining (?:pool|contract|investment)",
  String.raw`(?:it'?s |is )?guaranteed (?:as long as|if you)`,
  "(?:a |basically a |it'?s a )?sure thing|can'?t miss|pre-?ipo|(?:will |shares |it'?ll )?double (?:at|on|after) (?:listing|launch|release)|guaranteed to (?:double|grow|rise)|impossible to lose|can'?t go wrong|(?:trading |gold |crypto )?(?:contract |trade )?signals? (?:made|gave|returned)|today'?s signal",
  String.raw`(?:i |we |she |he |they )(?:made|earned|gained|profited|cleared) \$?[\d,.]+k? (?:last|this|in (?:a|one|the past)) (?:month|week|day)`,
  String.raw`(?:it'?s |is |at )\$?[\d,.]+k? now`,
  // Spanish
  "garantizad[ao]s?",
  "es imposible perder|no (?:se )?puede perder|(?:gane|gano|ganamos) \\$?[\\d,.]+k? (?:el mes pasado|la semana pasada|este mes|en un mes)",
  "(?:ganancias|rendimientos?|rentabilidad|beneficios|ingresos) garantizad[ao]s?",
  "sin riesgos?|cero riesgos?",
  "duplica(?:r|mos|remos)? (?:su|tu) (?:dinero|inversion)|duplique (?:su|tu) (?:dinero|inversion)",
  "plataforma de (?:inversion|trading|cripto)",
  "(?:asesor|mentor|experto) (?:de|en) (?:inversiones|trading|cripto)",
  "oportunidad de inversion",
);

export const guaranteedReturns: Rule = {
  id: "guaranteed-returns",
  title: "Guaranteed money",
  why: "It promises money that can't be lost, or money that doubles fast. Real investments can always go down as well as up; \"guaranteed\" is a scammer's word.",
  page: SIGN_PAGES.prizes,
  weight: "suspicious",
  find: (message) => findPhrases(message.wording, GUARANTEED_RETURNS),
};
