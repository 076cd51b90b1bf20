import type { MessagePart } from "../message-part";
import { findPhrases, isDenied, phrases } from "../phrase-patterns";
import type { PreparedMessage } from "../prepared-message";
import type { Rule } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/**
 * An alert that tells you to call a number written in the message: that number goes to the
 * scammer. A dentist's "call 555-0100 to reschedule" is not an alert, so a plain "call us" counts
 * only when the message around it is about fraud, a charge, a problem with your account or
 * computer, or is pressing you ("immediately", "to cancel", "if this wasn't you").
 */

const PHONE = String.raw`(?:\+?\d{1,3}[ .-]?)?(?:\(\d{2,4}\)|\d{2,4})[ .-]?\d{3,4}(?:[ .-]?\d{3,4})?(?:\s?(?:ext|x)\.?\s?\d+)?|1[ .-]?8\d\d[ .-]?[a-z0-9-]{7,8}`;
// A whole word: "llama" must not match the start of "(le) llamaremos", which promises a call rather than asking for one.
const CALL =
  "(?:call|calling|ring|phone|dial|contact|reach|text|speak to|talk to|speak with|talk with|llame|llamar|llama|llamanos|llamenos|marque|marca|marcar|comuniquese|comunicate|contacte|contactanos)(?![\\p{L}])";

const CALL_A_NUMBER = phrases(
  String.raw`${CALL}(?: us| our| the| an?| su| a| al| nuestro| nuestra| el| la)?[^.!?\n]{0,90}?(?:${PHONE})`,
  String.raw`(?:${PHONE})[^.!?\n]{0,15}?(?:to (?:cancel|dispute|stop|speak|reach|claim|unlock|restore|verify|confirm|get)|immediately|now|right away)`,
  String.raw`(?:call|contact|phone|ring) (?:us|our (?:\w+ ){0,3}(?:team|department|desk|line|helpline|support|agents?|technicians?|specialists?)|support|an agent|customer (?:service|support)|the (?:\w+ ){0,2}(?:team|department|desk|line|helpline)) (?:immediately|now|right away|urgently|asap|today)`,
  "(?:llame|llamenos|comuniquese|contacte) (?:de inmediato|inmediatamente|ahora|urgentemente|hoy)",
  // "Pay $212 at 915-555-0199", "pague $212 al 915-...": a payment taken over the phone, at a number the message gives.
  String.raw`(?:pay|make (?:a |the )?payment|pague|pagar|realice (?:el|su) pago)[^.!?\n]{0,30}? (?:at|by calling|over the phone at|al|llamando al) (?:${PHONE})`,
);

/** Words that make a call-us line an alert rather than a service notice ("to reschedule, call ..."). */
const ALARM =
  /fraud|suspicious|unauthori[sz]ed|unusual (?:activity|sign|log|charge|payment|transaction)|did not (?:make|authori|place|order|request|recogni)|didn'?t (?:make|authori|place|order|request|recogni)|wasn'?t you|not you|locked|suspend|frozen|froze|cancel (?:this|the|your) (?:order|subscription|charge|renewal|payment|transaction|purchase)|refund|charged|renew|virus|infect|hack|compromis|immediately|urgent|asap|avoid|warrant|arrest|legal action|penalt|overdue|debt|prize|winner|claim|dispute|expire|deactivat|disabled|security alert|beneficiar|inheritance|entitle|unclaimed|owed|overpaid|guarantee|deadline|lock in|cut off|shut off|disconnect|accident|hospital|surgery|emergency|jail|bail|deposit|spam|reported|forgiv|approved|eligib|finali[sz]|enroll|closes|refund|renewed|charged|fraude|sospechos|bloque|suspendid|reembolso|cobr|urgente|inmediat|multa|arresto|premio|cancelar|corte|cancelad|desconect|perdon|califica|cita|papeles|residencia|cobertura|fianza|detenid|garantizad|levy|lien|garnish|seiz|unpaid|unresolved|outstanding|past due|balance (?:due|owed)|you owe|owed|benefits? (?:are|is|will|have|has)|on hold|identity|spyware|malware|trojan|at risk|breach|infected|warrant|case (?:number|file|officer|id)|failed to (?:appear|report)|deuda|embargo|falta de pago|sin pagar|pendiente|cortad|orden de|su caso|identidad|riesgo/;

/**
 * Money owed, a benefit stopped, a device "infected": the words of a threat (rules/threat.ts) make
 * a call-us line an alert too, whatever the exact words are. The threat rule's own words are not
 * imported (a rule reads the message, not another rule); these are the kinds of harm it names.
 */
const HARM =
  /(?:will|may|could|would) be (?:suspended|closed|cancell?ed|terminated|cut|disconnected|seized|frozen|removed|deleted|locked)|(?:will|may|could) (?:lose|be arrested|face)|sera (?:cortad|suspendid|cancelad|bloquead|embargad)|podria perder|perdera/;

function isAlert(part: MessagePart, start: number, end: number): boolean {
  const around = part.folded.slice(Math.max(0, start - 250), Math.min(part.folded.length, end + 100));
  return ALARM.test(around) || HARM.test(around);
}

/** A phone number has at least seven digits; "order 20931" is not one ("call support now" has none, and needs none). */
function countDigits(text: string): number {
  return text.replace(/\D/g, "").length;
}

/**
 * "If this wasn't you, call 1-8xx-…" under a code, a new payee or an order: the message creates
 * the worry and hands over the number that "fixes" it. A real one points to the number you
 * already have (the back of your card, the app); this one is strong on its own.
 */
const IF_NOT_YOU_CALL = phrases(
  String.raw`(?:if (?:this|it|that) (?:wasn'?t|was not|isn'?t|is not) (?:you|yours)|not you\?|if (?:not|no)|(?:if you )?did(?:n'?t| not) (?:request|make|authori[sz]e|add|place|order|initiate|do|recogni[sz]e|sign)[^.!?\n]{0,30}?|(?:if you )?do(?:n'?t| not) recogni[sz]e[^.!?\n]{0,30}?|si (?:usted |tu )?no (?:fue|fuiste|reconoce|reconoces|solicito|solicitaste|realizo|realizaste|autorizo|autorizaste|hizo|hiciste)[^.!?\n]{0,30}?)[,.!?]*[^.!?\n]{0,25}?(?<q>(?:call|contact|llame|llamenos|comuniquese)[^.!?\n]{0,90}?(?:${PHONE}))`,
);

/**
 * "To cancel and get a refund, call 1-877-…", "call 1-833-… to cancel": the way out of a charge
 * handed over with the charge. Strong only in an order or renewal message (a dentist's "to cancel
 * your appointment, call" is a service notice).
 */
const CALL_TO_CANCEL = phrases(
  String.raw`to (?:cancel|stop|dispute|reverse)(?: (?:this|the|your|it|that)(?: \w+)?)?(?: and (?:get|receive|claim|request) (?:a |your |the )?(?:full )?refund)?,? (?:please )?(?:call|contact|dial|phone|speak (?:with|to)|talk (?:with|to)|reach|llame|marque)[^.!?\n]{0,40}?(?:${PHONE})`,
  String.raw`(?:call|contact|dial|phone|llame|marque)[^.!?\n]{0,20}?(?:${PHONE})[^.!?\n]{0,10}?to (?:cancel|stop|dispute|reverse)`,
  String.raw`para (?:cancelar|detener|anular)[^.!?\n]{0,40}?(?:llame|marque|comuniquese)[^.!?\n]{0,90}?(?:${PHONE})`,
);

/**
 * A message about a code, a new payee, money sent, or an order or renewal: there the number to
 * call is the trick (issue 34; the FTC's fake order and renewal notices exist to make you call).
 * A shop or a subscription sends you to your account to cancel, not to a number in the text. Under
 * a bank's card-charge alert ("did you attempt a purchase of $489?") it is weaker (banks do print
 * numbers there), so it is only the request it is, and needs pressure beside it.
 */
function isCodeOrPayeeMessage(message: PreparedMessage): boolean {
  return message.wording.some((part) =>
    /code|codigo|passcode|payee|recipient|beneficiar|transfer|sent \$|you sent|enviaste|envio de \$|added|agrego|agregaste|new device|sign-?in|inicio de sesion|(?:place|placed|made) (?:this |the |an? )?order|order #|pedido|(?:your|ur|the) order\b|order of\b|renew|subscription|membership|suscripcion|renovacion/.test(
      part.folded,
    ),
  );
}

/**
 * "If NO, a fraud specialist will call you shortly": the fake fraud alert's second step is the
 * phone call, from the scammer, who then "protects" the money by moving it. A real alert blocks the
 * card or sends you to the number on its back; it does not promise that someone will ring you.
 * Worth checking even alone.
 */
const WE_WILL_CALL_YOU = phrases(
  // "Reply YES for a call from a specialist": the reply books the scammer's call.
  String.raw`(?:reply|text|respond|responda|responde|conteste|contesta)(?: back)? ["']?(?:yes|y|1|si|ok|call)["']?[^.!?\n]{0,40}? (?:for|to (?:get|receive|schedule|request|book)|para (?:recibir|agendar|programar)) (?:a |an |una )?(?:free |quick |gratis )?(?:call|callback|call-back|phone call|llamada)(?: from| de)?`,
  String.raw`(?:if (?:no|not|this (?:was|is)n'?t you|this was not you|it wasn'?t you|you did(?:n'?t| not) \w+)|reply no|respond[ae] no|si (?:usted |tu )?no (?:fue|fuiste|reconoce|reconoces|autorizo|autorizaste)[^.!?\n]{0,30}?)[^.!?\n]{0,40}?(?<q>(?:a|an|our|one of our) (?:\w+ )?(?:specialist|agent|representative|rep|investigator|officer|analyst|team member|advisor|agente|especialista|representante|asesor)[^.!?\n]{0,20}? (?:will|is going to|shall) (?:call|contact|phone|reach out to|ring) (?:you|u)|(?:we|we'?ll) (?:will )?(?:call|phone|ring) (?:you|u) (?:shortly|soon|right away|immediately|within|now)|(?:un|una|nuestro|nuestra) (?:agente|especialista|representante|asesor[a]?)[^.!?\n]{0,20}? (?:lo|la|le|te) (?:llamara|contactara|va a llamar))`,
);

/**
 * The same promise without the "if not" in its own sentence: "Reply YES or NO. If you answer NO, a
 * member of our team will phone you within the hour", "Un asesor le llamará en unos minutos". The
 * reply the message asks for and the call it announces are the two steps of the fake fraud alert,
 * wherever the sentences break. Counted only in a message that is about a charge or activity to
 * confirm or deny (ASKS_TO_CONFIRM), so an insurer's "an adjuster will contact you" stays quiet.
 */
const SOMEONE_WILL_CALL = phrases(
  String.raw`(?:a|an|our|one of our|the|a member of our) (?:\w+ ){0,3}(?:specialist|agent|representative|rep|investigator|officer|analyst|team|department|unit|advisor|member)s? (?:will|is going to|shall|'ll|will be (?:calling|contacting)) (?:call|contact|phone|reach out to|ring|calling|contacting) (?:you|u)`,
  String.raw`(?:we|we'?ll|they|they'?ll) (?:will )?(?:call|phone|ring) (?:you|u) (?:shortly|soon|right away|immediately|within|now|in a (?:few|moment))`,
  String.raw`when (?:they|he|she|we|the (?:\w+ )?(?:agent|specialist|representative|officer|caller)|our (?:\w+ )?(?:agent|specialist|representative|officer|team)) (?:call|calls|phone|phones|ring|rings) (?:you|u)`,
  String.raw`(?:you(?:'ll| will)|you are going to) (?:receive|get) a (?:phone )?call from (?:our|the|a|an)`,
  String.raw`(?:un|una|nuestro|nuestra|el|la) (?:\w+ ){0,2}(?:agente|especialista|representante|asesor|asesora|investigador|equipo|departamento)[^.!?\n]{0,20}? (?:lo|la|le|te) (?:llamara|contactara|va a llamar|va a contactar)`,
  String.raw`(?:le|te|lo|la) (?:llamaremos|llamara|vamos a llamar|va a llamar|contactaremos)(?! (?:si|cuando) (?:usted|tu) (?:lo )?(?:pide|solicita))|(?:recibira|recibiras) una llamada (?:de|del)`,
);

/** A message that asks the reader to confirm or deny a charge or some activity: the first step of the fake alert. */
const ASKS_TO_CONFIRM =
  /was (?:this|it|that) (?:you|yours)|(?:fue|fuiste) (?:usted|tu)|reply (?:with )?["']?(?:yes|y|no|n|1|2)["']?\b[^.!?\n]{0,25}(?:or|\/)|(?:responda|responde|conteste|contesta)(?: con)? ["']?(?:si|s|1|no)["']?\b[^.!?\n]{0,25}(?:o|\/)|did you (?:attempt|authori[sz]e|make|try|send|request|recogni[sz]e)|if (?:you )?did(?:n'?t| not) (?:make|send|authori[sz]e|request|attempt|place|do|recogni[sz]e)|reply ["']?no\b|(?:if )?(?:this|it) (?:wasn'?t|was not|isn'?t|is not) you|not you\?|si no (?:fue|reconoce)|suspicious|sospechos|unauthori[sz]ed|no autorizad|fraud|fraude|unusual (?:activity|charge|transaction|sign)|movimientos? (?:sospechos|inusual)/;

export const callbackNumber: Rule = {
  id: "callback-number",
  title: '"Call this number"',
  why: "It tells you to call a number written in the message, or says someone will call you, and that call goes straight to the scammer. Use a number you already know, like the one on the back of your card or on the company's own website.",
  page: SIGN_PAGES.secrets,
  weight: "context",
  asks: "call",
  find: (message) => {
    const aboutACodeOrPayee = isCodeOrPayeeMessage(message);
    return [
      ...findPhrases(message.wording, WE_WILL_CALL_YOU).map((match) => ({
        ...match,
        weight: "suspicious" as const,
        asks: null,
      })),
      ...(message.wording.some((part) => ASKS_TO_CONFIRM.test(part.folded))
        ? findPhrases(message.wording, SOMEONE_WILL_CALL, { unless: (part, start) => isDenied(part, start) }).map(
            (match) => ({ ...match, weight: "suspicious" as const, asks: null }),
          )
        : []),
      ...findPhrases(message.wording, IF_NOT_YOU_CALL, {
        unless: (part, start, end) => countDigits(part.folded.slice(start, end)) < 7,
      }).map((match) => ({
        ...match,
        weight: aboutACodeOrPayee ? ("decisive" as const) : ("context" as const),
      })),
      ...(aboutACodeOrPayee
        ? findPhrases(message.wording, CALL_TO_CANCEL, {
            unless: (part, start, end) => countDigits(part.folded.slice(start, end)) < 7,
          }).map((match) => ({ ...match, weight: "decisive" as const }))
        : []),
      ...findPhrases(message.wording, CALL_A_NUMBER, {
        unless: (part, start, end) => {
          const digits = countDigits(part.folded.slice(start, end));
          return (digits > 0 && digits < 7) || !isAlert(part, start, end);
        },
      }),
    ];
  },
};
