import { findPhrases, phrases } from "../phrase-patterns";
import { givesACode } from "../one-time-codes";
import type { Rule } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/**
 * Deadlines and countdowns: the rush that stops people checking. A deadline to act ("pay within 24
 * hours", "respond immediately", "final notice") counts alone; a countdown on an offer ("last
 * chance", "ends tonight") only beside another sign.
 */

const NUMBER = String.raw`(?:\d+|one|two|three|four|five|six|seven|ten|twelve|una|uno|dos|tres|cinco|diez)`;
const UNIT = String.raw`(?:hours?|hrs?|minutes?|mins?|days?|business days|working days|horas?|minutos?|dias?|dias habiles)`;
const TIME = String.raw`(?:\d{1,2}(?::\d{2})? ?(?:am|pm|a\.m\.|p\.m\.)|noon|midnight|medianoche|mediodia)`;
/** A date: "11/21", "12/04", "November 19", "19 de noviembre". */
const DATE = String.raw`(?:\d{1,2}\/\d{1,2}(?:\/\d{2,4})?|(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?|\d{1,2} de (?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre))`;
const DAY = String.raw`(?:today|tonight|tonite|2nite|tomorrow|tmrw|monday|tuesday|wednesday|thursday|friday|saturday|sunday|(?:the )?end of (?:the |this |the business )?(?:day|week|month)|close of business|eod)`;

/** Words that make a date a demand: "pay ... by Friday", not "arrives by Friday". */
const DEMAND = String.raw`(?:pay|paid|received|submitted|completed|reply|respond|confirm|verify|claim|call|act|sign in|log in|sign|complete|update|finish|submit|register|renew|send|click|scan|settle|let me know|let us know|tell me|answer|decide|must|need to|needs to|have to|has to|required|or|otherwise|pague|responda|confirme|verifique|llame|debe|tiene que|o|de lo contrario)`;
const SHORT_UNIT = String.raw`(?:hours?|hrs?|minutes?|mins?|horas?|minutos?)`;
/** "24 hours", "48hrs", and spelled out "an hour", "the hour", "a day". */
const SHORT_SPAN = String.raw`(?:${NUMBER} ?${SHORT_UNIT}|(?:an?|the|one) (?:hour|minute)|una hora)`;
const SPAN = String.raw`(?:${NUMBER} ?${UNIT}|(?:an?|the|one) (?:hour|minute|day|week)|(?:una|un) (?:hora|dia|semana))`;

/** A deadline on something you must do: pay, reply, sign in, "or else". Strong. */
const DEADLINE = phrases(
  // A deadline told as a day or an hour: "matched until Sunday", "need them by 3", "first one to pay gets them", "tienes 2 horas".
  String.raw`(?:matched|doubled|valid|open|available|on offer|need (?:it|them|this|the \w+)|tonight only)[^.!?\n]{0,20}? (?:until|till|by|before) (?:this )?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tonight|midnight|noon|\d{1,2}(?::\d\d)? ?(?:am|pm|o'?clock)?)(?![\p{L}\d])`,
  String.raw`first (?:one|person|buyer)? ?to (?:pay|send|respond|reply|deposit) (?:gets|wins|takes)`,
  String.raw`(?:tienes|tiene|tienen|le quedan|te quedan) (?:solo |solamente )?\d{1,2} (?:horas?|minutos?|dias?)|antes de que (?:sea|se|la|lo) (?:devuelt[ao]|devuelva|cancel\w*|bloque\w*|cierr\w*|venz\w*|pierd\w*)`,
  "(?:real|super|very) quick(?:ly)?|asap|rn(?![\\p{L}])|right now",
  "don'?t miss (?:it|out|this|your chance)|no te lo pierdas|no se lo pierda",
  "(?:give|donate|act|apply|order|buy|reply|respond|pay|sign up|join|claim|send|enroll|register|book) (?:it |them |yours )?(?:now|today|tonight|immediately)",
  String.raw`(?:hold|keep|save|reserve) (?:it|them|the \w+|\d+ spots?|your spot|a spot|your place)[^.!?\n]{0,30}?(?:til|till|until|by|for) (?:tonight|tomorrow|today|\w+day|the weekend|\d)`,
  String.raw`you (?:only )?have (?:two|three|four|\d+|24|48|72) (?:days|hours|hrs|h)(?![\p{L}])`,
  String.raw`within \d+ ?(?:h|hrs?)(?![\p{L}])`,
  String.raw`(?:due|expires?|closes?|ends?) (?:this|next) (?:week|weekend|\w+day)`,
  String.raw`before (?:this |next )?\w+day'?s? (?:payroll|deadline|cutoff|cut-off|run)`,
  "another (?:guy|person|buyer|family|lady|man|couple) (?:is )?(?:coming|interested|wants it)",
  String.raw`(?:solo )?quedan \d+ (?:lugares|cupos|espacios|plazas)`,
  // English
  String.raw`(?:within|in the next|in the following|in less than|in under|during the next) (?:the next )?${SHORT_SPAN}`,
  String.raw`${DEMAND} [^.!?\n]{0,60}?(?<q>(?:within|in the next|in) ${SPAN})`,
  String.raw`(?:you have|u have|you've got|you get) (?:only |just )?${SPAN} (?:to|left|before|or)`,
  String.raw`(?:frozen|deleted|closed|cancell?ed|suspended|returned|destroyed|removed|disabled|locked|forfeited|lost|gone|paused|double|doubles)[^.!?\n]{0,30}? (?:after|in|within) ${SPAN}`,
  "(?:don'?t|do not|never) ignore (?:this|these|our)",
  String.raw`within (?:24|48|72) ?hrs?`,
  String.raw`${NUMBER} ?${UNIT} (?:left|remaining|to (?:respond|act|pay|reply|confirm|claim))`,
  String.raw`${DEMAND} [^.!?\n]{0,60}?(?<q>(?:by|before|until|no later than) (?:${TIME}(?: (?:today|tonight|tomorrow))?|${DAY}(?: at ${TIME})?))`,
  // A payment or reply demanded by a date: "Pay by 11/21", "pague antes del 12/04", "pay before 11:59 PM on November 19".
  String.raw`(?:pay|paid|settle|respond|reply|confirm|verify|update|call|renew|pague|pagar|responda|confirme|llame|actualice)[^.!?\n]{0,40}?(?<q>(?:by|before|until|no later than|antes del?|a mas tardar el|hasta el) (?:${TIME} (?:on )?)?${DATE})`,
  String.raw`act (?:now|fast|quickly|immediately|today)`,
  // "Call our Fraud Department now", "Final day to enroll": the deadline on the request itself.
  String.raw`(?:call|contact|phone) (?:our|the) (?:\w+ ){1,2}(?:now|immediately|right away|today)`,
  "(?:final|last) day (?:to|for) (?:enroll|apply|claim|respond|register|sign up|qualify|file)",
  String.raw`(?:respond|reply|pay|call|verify|confirm|click|tap|update|claim|sign in|log in|restore|reschedule|renew|clean|fix|secure|protect|unlock|reactivate|install|register|sign up|join|enroll|apply|decide|book|act|send|scan|download|freeze|start|block|cancel|stop) (?:it |this |them |access |your \w+ |here |to (?:start|begin|work) )?(?:now|immediately|right away|right now|today|tonight|asap|urgently)`,
  String.raw`(?:need|needs|want|get) (?:this|it|them|the money|the payment|the codes|the cards)? ?(?:done |sent |paid |back )?(?:quickly|fast|asap|urgently|right now|today|tonight)`,
  String.raw`(?:has to|have to|must|gotta|needs to|got to) be (?:done |paid |sent |today |tonight |now )*(?:today|tonight|now|asap|by)`,
  "or (?:i|we|you)(?:'ll| will)? (?:lose|miss) (?:it|the deal|the spot|your spot|the place|out)",
  "immediately",
  // The harm set for today, or a countdown to it: "will be disconnected today", "crew arrives in 45 min".
  String.raw`(?:disconnected|cut off|shut off|suspended|closed|blocked|cancell?ed|locked|towed|arrested) (?:today|tonight|tomorrow morning|within the hour)|(?:crew|technician|officers?|deputies|agents?|police) (?:\w+ )?(?:arrives?|arriving|will arrive|is on (?:the|its|their) way|are on (?:the|their) way|en camino)`,
  "(?:is |are |payment )?(?:due|overdue) (?:today|tonight|immediately|now|right now)",
  "immediate (?:action|attention|response|payment)",
  "asap",
  "urgent(?:ly)?",
  "final (?:\\w+ )?(?:notice|warning|reminder|attempt)|last (?:\\w+ )?(?:notice|warning|reminder|attempt)",
  "(?:before|b4) (?:it'?s|its|it is) too late",
  "don'?t (?:delay|wait)",
  "as soon as possible",
  // Spanish
  "urgente(?:mente)?",
  "inmediata(?:mente)?",
  "de inmediato",
  String.raw`(?:en|dentro de) (?:las |los )?(?:proximas |proximos |siguientes )?${SHORT_SPAN}`,
  String.raw`${DEMAND} [^.!?\n]{0,60}?(?<q>(?:en|dentro de) (?:las |los )?(?:proximas |proximos |siguientes )?${SPAN})`,
  "hoy mismo",
  "(?:ultimo|unico) aviso",
  "aviso final",
  "ultima advertencia",
  String.raw`antes de (?:las |la )?${TIME}`,
  String.raw`antes de (?:manana|hoy|medianoche|que termine el dia|que acabe el dia)`,
  "lo antes posible",
  String.raw`(?:en|dentro de) las? proximas? \d+ horas`,
  "quedan pocos (?:dias|cupos|lugares)|se vence (?:hoy|manana|pronto)|ahorita mismo|(?:hoy|ya) mismo",
  "cuanto antes",
  "(?:registrese|inscribase|llame|responda|pague|actue|compre|confirme|verifique|reclame|escanee) (?:hoy|ahora|ya|de inmediato)",
  "(?:hoy|esta noche|manana) (?:mismo|antes de)",
  "date prisa",
  String.raw`(?:tengo que|tiene que|tienes que|necesito|necesita|hay que|debo|debe) (?:pagar|mandar|enviar|depositar|cubrir|transferir|resolver|entregar)[^.!?\n]{0,40}?(?<q>hoy|esta noche|ahorita|ya mismo|ahora mismo)(?![\p{L}])`,
  String.raw`(?:need|needs|have|has|got) to (?:pay|send|cover|transfer|wire|deposit|settle|get)[^.!?\n]{0,40}?(?<q>today|tonight|right away|by tonight|this morning|this afternoon)(?![\p{L}])`,
  "apurate",
  String.raw`si no (?:paga|pagas|contesta|contestas|responde|respondes|confirma|confirmas|llama|llamas|actua)(?: \w+)? (?:hoy|ahora|ya|de inmediato|en \d+)|(?:sera|seran|va a ser|queda) (?:desconectad|cortad|suspendid|bloquead|cancelad)[ao]s? (?:hoy|manana|esta noche)`,
  "no (?:lo )?deje para despues",
);

/**
 * A countdown on an offer: "last chance", "ends tonight", "only 3 left". Shops and clubs say this
 * too; like a deadline it is pressure, which counts only beside a request (verdict.ts).
 */
const COUNTDOWN = phrases(
  "(?:spots|places|seats|slots|spaces|openings|units|boxes) (?:are )?(?:filling|going|selling) (?:up )?(?:fast|quickly)",
  String.raw`(?:only|just) ${NUMBER} (?:\w+ ){0,2}(?:spots|places|seats|slots|spaces|openings|units|boxes|left|remaining)`,
  "limited (?:spots|places|seats|slots|availability|spaces|openings)",
  String.raw`(?:\d+|several|other|two|three|many|a couple of|a few|lots of) (?:other )?(?:people|ppl|buyers|families|persons) (?:are |have |already )?(?:asking|asked|ask|interested|waiting|want)`,
  "another (?:family|buyer|person|customer) (?:is|are) (?:interested|waiting|asking)",
  "first (?:to pay|come,? first served)",
  "today only",
  "before (?:the )?(?:program|offer|window|enrollment|registration|deadline|portal|promotion|sale|fund|funding) (?:closes|ends|expires|runs out)|antes de que (?:cierre|termine|venza|se acabe) (?:el|la) (?:programa|oferta|inscripcion|plazo|promocion)",
  "expires? (?:today|tonight|soon)",
  "time is running out",
  "limited time",
  "hurry(?: up)?",
  "be quick",
  "now or never",
  "(?:only|just) \\d+ (?:\\w+ )?(?:left|remaining)",
  "(?:it )?(?:only|just) takes? (?:a|one|\\d+|two|five) (?:sec|second|minute|min|moment)s?",
  String.raw`(?:only|just) ${NUMBER} ?${UNIT}`,
  String.raw`(?:expires?|expiring|ends?|closes?|stops? working|runs? out|turns? off|deadline is) (?:in ${NUMBER} ?${UNIT}|(?:at|on|by|before) (?:${TIME}|${DAY})|${DAY}|soon|shortly)`,
  "(?:vencen?|caducan?|expiran?|terminan?) (?:hoy|manana|pronto|esta noche|en \\d+)",
  "solo (?:por )?hoy",
  "tiempo limitado|cupos limitados|plazas limitadas|quedan pocos",
  "(?:hay |tengo )?(?:otr[oa]s|vari[oa]s|muchas?|muchos) (?:familias|personas|compradores|interesados|gente)(?: que)? (?:estan |esta )?(?:interesad[oa]s|preguntando|esperando|pidiendo|la quieren|lo quieren)",
  String.raw`for the next ${SHORT_SPAN}(?: only)?`,
  "(?:last|final) chance|last opportunity|ultima oportunidad",
);

export const urgency: Rule = {
  id: "urgency",
  title: "A rush to act",
  why: "The message hurries you with a deadline or a countdown. Real companies and real people give you time to stop and check; a scammer rushes you so that you won't.",
  page: SIGN_PAGES.deadlines,
  weight: "pressure",
  // A sign-in code that "expires in 10 minutes" is a safety feature, not a rush (one-time-codes.ts).
  find: (message) => [
    ...findPhrases(message.wording, DEADLINE, { unless: (part) => givesACode(part) }),
    ...findPhrases(message.wording, COUNTDOWN, { unless: (part) => givesACode(part) }).map((match) => ({
      ...match,
      weight: "pressure" as const,
    })),
  ],
};
