import { findPhrases, phrases } from "../phrase-patterns";
import type { PreparedMessage } from "../prepared-message";
import type { Rule } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/**
 * "Hi Mum, it's me, this is my new number": a relative on a number you do not know, or in
 * trouble. "Hi Mum" alone is how real children write, so the greeting counts only with "it's me"
 * or a new or broken phone.
 */

const RELATIVE =
  "(?:mum|mom|mommy|mummy|mama|ma|dad|daddy|papa|pa|grandma|grandmother|grandpa|grandfather|gran|granny|nana|nan|grandad|granddad|gramps|auntie|aunty|aunt|uncle|abuela|abuelo|abuelita|abuelito|mami|papi|tia|tio)";
const PHONE = "(?:phone|mobile|cell|cellphone|iphone|number|sim|celular|movil|telefono|numero)";

const NEW_NUMBER_RELATIVE = phrases(
  // "Adivina quién soy, cambié de número": a guessing game instead of a name.
  String.raw`(?:adivina|adivine|guess) (?:quien soy|quien habla|who (?:this|it) is)|(?:cambie|cambiamos) de (?:numero|telefono|cel|celular)|guarda(?:lo|me)? (?:este|mi) (?:numero|telefono|cel)|(?:guardalo|guardelo)`,
  `(?:hi|hey|hello|hiya|hola|oi) ${RELATIVE}[,!. ]*(?:it'?s|its|this is|soy) (?:me|yo|your (?:son|daughter|grandson|granddaughter|kid|boy|girl|child|nephew|niece))`,
  `${RELATIVE}[,!. ]+(?:it'?s|its|this is|soy) (?:me|yo|your (?:son|daughter|grandson|granddaughter|kid|boy|girl|nephew|niece))`,
  "it'?s (?:me|your) (?:son|daughter|grandson|granddaughter|favorite grandchild|favourite grandchild|nephew|niece)",
  "(?:it'?s|its|this is|soy) (?:me,? )?(?:your|ur|tu|su) (?:\\w+ )?(?:son|daughter|grandson|granddaughter|grandchild|grandkid|nephew|niece|kid|boy|girl|hijo|hija|nieto|nieta|sobrino|sobrina)",
  // A relative in trouble, told by someone else: "your granddaughter Zoe was in a collision".
  String.raw`(?:your|ur|su|tu) (?:grandson|granddaughter|grandchild|son|daughter|nephew|niece|husband|wife|nieto|nieta|hijo|hija|sobrino|sobrina|esposo|esposa)(?: [\p{L}]+)?,? (?:was|is|has been|got|fue|esta|ha sido|tuvo) (?:in (?:jail|custody|trouble|prison|a cell|the hospital|hospital|the er|surgery|an? (?:\w+ )?(?:accident|crash|wreck))|involved in|arrested|detained|held|hurt|injured|taken|caught|stopped|pulled over|detenid[oa]|arrestad[oa]|en (?:un|el|la))`,
  String.raw`(?:new|temp|other) (?:phone|number|cell)(?:,)? who (?:dis|this|dat)`,
  "(?:it'?s|its) me!+",
  "guess who",
  `(?:this is|here'?s|it'?s) (?:my|me on (?:a|my)) (?:new|temporary|temp|other|backup|friend'?s) ${PHONE}`,
  // "Hello grandma, it's Tommy": a relative who has to say who they are is on a number you don't know.
  // ("this is my new number" is the pattern above, not a name.)
  `(?:hi|hey|hello|hiya|hola) ${RELATIVE}[,!. ]*(?:it'?s|its|this is|soy) (?!(?:my|your|a|an|the|me|yo|mi)\\b)[a-z]+`,
  // "New number, my old phone broke": said as an opener, at the start of a sentence.
  String.raw`(?:^|(?<=[.!?\n]\s{0,3})|(?<=(?:hi|hey|hiya|hello|mum|mom|dad|gran|grandma|grandpa|nana)[,!]?\s))(?:new|temporary|temp) (?:number|phone|cell|mobile)(?:,| -|!|\.| because| since| who)`,
  "my new (?:number|phone|cell|mobile)",
  // However the phone died: "phone fell in the sink", "my cell just died on me", "se me cayo el cel al agua".
  String.raw`(?:my |me |mi |el )?${PHONE} (?:\w+ ){0,2}(?:fell|dropped|broke|died|cracked|smashed|got wet|went (?:in|into|through)|is (?:dead|broken|busted|done|toast)|got (?:stolen|wet|broken|dropped|run over)|stopped working|won'?t (?:turn on|work|charge))`,
  String.raw`(?:this is|it'?s) my (?:number|phone|cell) now|(?:using|on|borrowing|texting from|writing from) (?:a |my )?(?:mate|friend|buddy|coworker|roommate|colleague|nurse|neighbou?r)'?s? (?:phone|one|cell|mobile|number)`,
  String.raw`(?:te|le) (?:escribo|mando mensaje|hablo|envio (?:este )?mensaje) (?:de|desde) (?:otro|este|un) (?:numero|telefono|cel|celular)|(?:de|desde) el (?:telefono|celular|cel) de (?:un|una|mi) (?:amig[oa]|companer[oa]|enfermer[oa])`,
  String.raw`(?:ando|estoy|voy) con el (?:cel|celular|telefono|movil) de (?:una?|mi) (?:amig[oa]|companer[oa]|vecin[oa]|enfermer[oa]|senor[a]?|muchach[oa])|(?:escribeme|escribame|contestame|llamame|mandame mensaje) (?:a|al) este (?:numero|cel)`,
  String.raw`my (?:old )?(?:account|profile|page|acc) (?:got|was|is|has been) (?:banned|hacked|locked|suspended|deleted|disabled|stolen)`,
  `(?:lost|broke|dropped|smashed|cracked|broken|lost|damaged) my (?:old )?${PHONE}`,
  `my (?:old )?${PHONE} (?:broke|is broken|got broken|got smashed|was stolen|got stolen|died|fell|is dead|stopped working|fell in)`,
  "(?:writing|texting|messaging) (?:you )?from (?:a |my |my friend'?s |a friend'?s )?(?:new |different |friend'?s )?(?:phone|number|email|account)",
  "(?:delete|forget) (?:my|the) old number|save (?:this|my new) number",
  "(?:lost|got hacked out of|was locked out of|got locked out of|can'?t get into) my (?:old )?(?:account|profile|page)",
  "(?:this|here) is my new (?:account|profile|page)|my new (?:account|profile|page)|(?:so|and) this is my new one",
  "(?:i'?m|i am|i got|i've been|ive been) (?:in (?:trouble|jail|hospital|the hospital|a bit of trouble)|arrested|stuck abroad|in an accident)",
  "(?:had|have been in|was in|got in|got into|been in) (?:an? )?(?:car )?accident",
  "need bail|bail money|for bail|post bail|pay (?:my )?bail",
  "(?:in|after|from) (?:a |an )?(?:bad |serious )?(?:car |traffic )?accident|brought (?:in)?to (?:the|our) (?:er|hospital|emergency room)|(?:your|ur) (?:\\w+ )?(?:son|daughter|grandson|granddaughter|grandchild|husband|wife|mother|father|mom|mum|dad|nephew|niece|brother|sister|child|kid)(?: \\w+){0,3} (?:is|was) in (?:surgery|the er|the hospital|the emergency room)",
  // Spanish
  "(?:su|tu) (?:nieto|nieta|hijo|hija|sobrino|sobrina) (?:tuvo un (?:problema|accidente)|esta (?:detenid[ao]|en la carcel|en el hospital|pres[ao]))|defensor(?:a)? de (?:su|tu) (?:nieto|nieta|hijo|hija)",
  // Someone speaking for a relative: "habla el abogado de su sobrino", "I'm your grandson's lawyer".
  String.raw`(?:abogad[oa]|defensor[a]?|licenciad[oa]|representante|medic[oa]|doctor[a]?|enfermer[oa]) (?:de|del) (?:su|tu) (?:nieto|nieta|hijo|hija|sobrino|sobrina|esposo|esposa)|(?:your|ur) (?:grandson|granddaughter|grandchild|son|daughter|nephew|niece)'s (?:lawyer|attorney|public defender|doctor|nurse)|(?:lawyer|attorney|public defender) (?:for|representing) (?:your|ur) (?:grandson|granddaughter|grandchild|son|daughter|nephew|niece)`,
  `(?:este es|es) mi (?:nuevo )?(?:numero|telefono|celular)(?: nuevo)?`,
  "mi (?:nuevo numero|numero nuevo)",
  "(?:es |este es |tengo )?(?:un|mi) (?:telefono|celular|numero|cel) nuevo|(?:un|mi) nuevo (?:telefono|celular|numero|cel)",
  "(?:se me (?:rompio|cayo|perdio|mojo|descompuso)|perdi|rompi|me robaron) (?:el|mi) (?:telefono|celular|movil|cel)",
  "(?:abuela|abuelo|mama|papa|abuelita|abuelito|tia|tio),? soy yo",
  "soy (?:tu|su) (?:hijo|hija|nieto|nieta|sobrino|sobrina)",
  "(?:estoy|me meti) en (?:problemas|un lio|la carcel|el hospital)",
  "tuve un accidente",
);

/**
 * "Hey Hana, it's your cousin Ji-woo! Switched carriers so this is my number now. Hope the kids are
 * good": a relative who gives their name and asks for nothing is telling you a number, the way
 * families do. The scam's relative hides the name ("it's me") and comes to a request: money, a
 * favour, a problem, a reply on another app. Without one, the new number is context only.
 */
const GIVES_A_NAME =
  /(?:[Ii]t'?s|[Ii]ts|[Tt]his is|[Hh]ere'?s|[Ss]oy|[Hh]abla)(?: (?:your|ur|tu|su) (?:cousin|aunt|auntie|uncle|niece|nephew|friend|neighbou?r|prim[oa]|tí[oa]|ti[oa]|sobrin[oa]|amig[oa]|vecin[oa]|comadre|compadre))? (?!Me\b|Mom\b|Mum\b|Dad\b)\p{Lu}[\p{Ll}'-]+/u;
const ASKS_OR_NEEDS =
  /\$|money|cash|send|pay|transfer|wire|lend|loan|help|favou?r|urgent|need (?!to reply)|problem|trouble|emergency|hospital|accident|jail|bail|stuck|can you|could you|text me|reply|whatsapp|telegram|dinero|efectivo|mandar|mandes|enviar|envies|pagar|pagues|prestar|presta|ayuda|favor|necesito|problema|urgente|emergencia|puedes|podrias|contesta|respond/;

/** The same in a text typed all in lower case: "hi grandpa its mia!!". */
const GIVES_A_NAME_LOWER_CASE =
  /(?<![\p{L}])(?:it'?s|its|this is|here'?s|soy|habla) (?!(?:me|mom|mum|dad|your|ur|tu|su|yo|a|an|the|my|mi|not|just|so|ok|okay|about|time|urgent)(?![\p{L}]))\p{Ll}{3,}(?![\p{L}])/u;

function givesAName(original: string): boolean {
  return GIVES_A_NAME.test(original) || (!/\p{Lu}/u.test(original) && GIVES_A_NAME_LOWER_CASE.test(original));
}

function justSayingSo(message: PreparedMessage): boolean {
  const text = message.wording.find((part) => part.field === "text");
  if (!text || !givesAName(text.original)) return false;
  return !ASKS_OR_NEEDS.test(
    text.folded.replace(/no need to reply|no hace falta (?:que )?(?:contestes|respondas)|por favor/g, ""),
  );
}

export const newNumberRelative: Rule = {
  id: "new-number-relative",
  title: 'A "new number" from family',
  why: "It says it's someone in your family on a new number, or in trouble. Call them on the number you already have, or ask something only they would know, before you do anything.",
  page: SIGN_PAGES.fakeEmergencies,
  weight: "suspicious",
  find: (message) => {
    const found = findPhrases(message.wording, NEW_NUMBER_RELATIVE);
    return justSayingSo(message) ? found.map((match) => ({ ...match, weight: "context" as const })) : found;
  },
};
