import { findPhrases, phrases } from "../phrase-patterns";
import type { PreparedMessage } from "../prepared-message";
import type { Rule, RuleMatch } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/** Big pay for little work, a job you never applied for, reshipping parcels, "tasks" paid in crypto. */

const MONEY = String.raw`(?:\$|£|€|usd ?)?\d[\d,.]{0,15}(?:k)? ?(?:\$|£|€|usd|dollars|pounds|euros|dolares)?`;
const PERIOD = "(?:a|per|an|each|every|/|al|por) ?(?:day|daily|hour|hr|week|weekly|task|dia|hora|semana)";

const JOB_OFFER = phrases(
  String.raw`(?:earn|make|making|earning|get paid|paid|pays?|salary of|income of|gane|gana|ganar|ganando) (?:up to |over |about |at least |from |between |hasta |mas de |entre )?${MONEY} ?${PERIOD}`,
  String.raw`${MONEY} ?${PERIOD} (?:from home|working|for|doing|just|only|part-time|desde casa)`,
  "no (?:prior )?(?:experience|skills|qualifications?) (?:needed|required|necessary)",
  // An interview held by text on a chat app, with a "hiring manager" to add: how fake employers work.
  String.raw`(?:interview|onboarding|training|orientation)[^.!?\n]{0,60}?(?:on|via|through|over|by|using) (?:text|chat|telegram|whatsapp|signal|wechat|google chat|instant messag\w*)|add (?:our|the|my) (?:hiring manager|recruiter|hr (?:manager|rep)|supervisor|mentor|coordinator)|entrevista (?:por|en|via) (?:chat|telegram|whatsapp|mensaje)`,
  String.raw`(?:you )?(?:passed|cleared) (?:the|your) (?:interview|screening|assessment)|starter kit|equipment (?:check|stipend|allowance)|(?:we'?ll|we will|we) (?:send|mail) you a check (?:to|for) (?:buy|purchase)`,
  // A recruiter you never contacted: "I came across your background", "you'd be a great fit".
  String.raw`(?:came across|found|saw|reviewed|viewed|noticed) (?:your|ur) (?:resume|cv|background|profile|experience) (?:online|on|in|from|and|through|via)|(?:you'?d|you would|you might|you will|you could) be (?:a )?(?:great|good|perfect|strong|ideal|excellent) (?:fit|match|candidate)|(?:your )?(?:info|information|details|number|resume|cv) (?:was|were|has been) (?:passed|given|referred|forwarded|sent) to us`,
  // However the recruiter says it fits: "your profile matches a position", "su perfil coincide con".
  String.raw`(?:your|ur|su|tu) (?:\w+ )?(?:profile|resume|cv|background|experience|skills?|skill set|perfil|curriculum|experiencia) (?:matches|fits|suits|meets|qualifies (?:you )?for|is (?:a )?(?:good |great |perfect |strong )?(?:match|fit) for|caught our (?:attention|eye)|stood out|coincide con|encaja con|cumple con|califica para|nos (?:llamo|intereso))`,
  // Little time, from the phone in your hand: "60-90 minutes a day from your phone", "solo necesita su celular".
  String.raw`(?:minutes?|mins?|hours?|hrs?|minutos?|horas?) (?:a|per|each|al|por) (?:day|dia)[^.!?\n]{0,30}?(?:from|on|using|with|desde|con) (?:your|ur|su|tu) (?:phone|cell|smartphone|mobile|celular|telefono|cel|casa|home)`,
  // A recruiter's first question: "are you open to new opportunities?", "¿está buscando trabajo?".
  String.raw`(?:are|r) (?:you|u) (?:currently |still )?(?:open to|interested in|looking for) (?:a |an |some |new |extra |remote |part-time |flexible )*(?:job|jobs|work|opportunit(?:y|ies)|position|role|income)|(?:esta|estas) (?:usted )?(?:buscando|interesad[oa] en) (?:un |algun )?(?:trabajo|empleo|ingresos?|oportunidad)`,
  // Picked for a job nobody applied for: "you have been selected for the position", "fue aceptado para el puesto".
  String.raw`(?:you (?:have been|were|are|'ve been)|you'?ve been) (?:selected|chosen|approved|hired|accepted|shortlisted) for (?:the|a|this|our|an?) (?:\w+ ){0,3}(?:position|role|job|opening)|(?:usted |tu )?(?:fue|ha sido|has sido|fuiste) (?:seleccionad|elegid|aceptad|aprobad|contratad)[oa] para (?:el|un|este|nuestro) (?:puesto|trabajo|empleo|cargo)`,
  "(?:encontramos|vimos|revisamos|recibimos) (?:tu|su) (?:curriculum|cv|perfil|solicitud)|(?:seria|serias|podria ser|eres|es) (?:un |una )?(?:candidat[oa]|perfil) (?:ideal|perfect[oa])|(?:te|le) (?:contacto|contactamos|escribo|escribimos) de (?:una|la) agencia",
  String.raw`(?:daily|weekly|hourly|per task) (?:salary|pay|income|wage|earnings|commission|payout)s?(?: of| is| from|:)? (?:up to |about |between )?${MONEY}(?: ?(?:-|to|a|y) ?${MONEY})?`,
  String.raw`${MONEY} ?(?:-|to|a|y) ?${MONEY} ?(?:${PERIOD}|daily|diarios?)`,
  "(?:help|helping|assist|assisting) (?:online )?(?:merchants|sellers|brands|shops|stores|vendors|apps|hotels|products|restaurants) (?:to )?(?:improve|boost|increase|raise|get more|optimi[sz]e)",
  "(?:ayudar|ayude|ayudas) a (?:comerciantes|vendedores|tiendas|marcas|aplicaciones|hoteles) a (?:mejorar|aumentar|subir)",
  "(?:without|no) (?:the need for )?(?:an )?interview|no interview (?:is )?(?:needed|required)",
  "(?:complete|simple|easy|online|daily|optimi[sz]ation|rating|review) tasks?",
  "tasks? (?:paid|in|for) (?:crypto|usdt|bitcoin)",
  "(?:your (?:resume|cv|profile)|you) (?:was|were|has been|have been) (?:selected|shortlisted|chosen|recommended|reviewed)",
  "hiring (?:teens|students|moms|parents|\\d+)",
  "get paid (?:daily|weekly|instantly|every day|same day|right away)",
  String.raw`(?:finish(?:ing|ed)?|complet(?:e|ed|ing)|do|did|doing)[^.!?\n]{0,20}?tasks`,
  "(?:next|higher) level of tasks|unlock (?:the )?next level|vip ?\\d",
  String.raw`(?:task|tasks|work|order|orders) (?:account|level|set|batch)|(?:to )?unlock (?:level \d|the next|your|more) (?:\w+ )?(?:orders|tasks|commission|earnings|set)|(?:cuenta|nivel) de tareas|(?:liberar|desbloquear) (?:tu|su) comision|ultima tarea`,
  String.raw`commission (?:is|of) \$`,
  "(?:completaste|complete|completar|complet[oa]) (?:tus|sus|las) tareas|desbloquear el siguiente nivel|(?:de|en) comision",
  "mystery shopper|secret shopper|personal assistant|data entry",
  "(?:like|liking|rating|reviewing) (?:youtube )?(?:videos|products|hotels|apps|posts)",
  "easy (?:job|money|cash|work|income)",
  "(?:extra|side|passive) (?:income|cash|money)",
  "(?:deposit|cash) (?:the|this) check[^.!?\\n]{0,80}?(?:send|buy|wire|transfer)",
  "commission (?:per|for each|on every)",
  // Spanish
  "sin (?:experiencia|entrevista)",
  "ingresos extras?|dinero extra",
  "pago (?:diario|semanal|al dia)|(?:daily|weekly) pay(?:outs?)?",
  "(?:su|tu) perfil (?:fue|ha sido) (?:seleccionado|elegido|preseleccionado)",
  "(?:dando|dar|dandole) likes?|escribiendo (?:resenas|comentarios)|(?:calificar|evaluar) (?:productos|hoteles|aplicaciones)",
  String.raw`(?:ganancias?|ganar|gana|pago) (?:de )?\$?[\d,.]+ (?:a|-) \$?[\d,.]+ (?:diarios?|al dia|por dia|a la semana|semanales?)`,
  "(?:completar|sencillas|simples|faciles) tareas|tareas (?:sencillas|simples|faciles|en linea|pagadas)",
);

/**
 * Jobs that are the scam itself, whatever else the message says: reshipping parcels (the FTC's
 * "package reshipping" fraud), paid "tasks" that boost ratings for a commission, moving money for
 * someone (a money mule). Strong on their own.
 */
const SCAM_JOB = phrases(
  "(?:reship(?:ping)?|re-ship(?:ping)?|package forwarding|parcel forwarding|forward(?:ing)? (?:the )?(?:packages|parcels))",
  "(?:receive|get|accept|take in|collect) (?:parcels|packages)[^.!?\\n]{0,120}?(?:re-?post|re-?pack|re-?ship|re-?label|forward|send them on|post them on|ship them|ship (?:them )?out|new (?:shipping )?labels?|prepaid labels?)",
  "(?:boost|improve|increase|optimi[sz]e) (?:\\w+ )?(?:ratings|rankings|reviews|visibility)[^.!?\\n]{0,60}?(?:commission|paid|earn)",
  "(?:tasks?|ratings?|reviews?)[^.!?\\n]{0,40}?(?:earn|get|receive) (?:a )?commission",
  "money mule|payment processor|process payments for (?:us|our clients)|receive (?:and send|funds|payments) (?:on behalf|for (?:us|our))",
  // Spanish reshipping: "recibirá paquetes en su domicilio … y los reenviará con las etiquetas que le mandaremos".
  String.raw`(?:recibir|recibira|recibiras|recibe|reciba|recibiendo) (?:los |unos )?(?:paquetes|envios|cajas)[^.!?\n]{0,120}?(?:reenvi|re-?etiquet|etiquetas|mandarlos|enviarlos|volver a enviar)|reenvio de (?:paquetes|mercancia)`,
);

/**
 * Words of ordinary working life ("work from home", "part-time role", "our recruiter"): office
 * notices say them too, so they are context, named only beside a warning.
 */
const JOB_WORDS = phrases(
  "work(?:ing)? (?:from|at) home|home-based (?:job|work|position)|remote (?:job|position|work|role|opportunity)",
  "(?:part-?time|full-?time|flexible|remote|online) (?:job|jobs|position|positions|opportunity|role|work|vacanc(?:y|ies)|hours)",
  "(?:job|position|employment) (?:offer|opportunity)",
  "(?:recruiter|hr department|hiring manager|talent acquisition|headhunter)",
  "trabajo (?:desde|en) casa|trabajar desde casa|empleo desde casa",
  "(?:oferta|propuesta) de (?:trabajo|empleo)",
  "(?:medio tiempo|tiempo parcial|horario flexible)",
  "reclutador(?:a)?|recursos humanos",
  "estamos contratando",
  String.raw`(?:all )?(?:you|u) (?:only |just )?need (?:is )?(?:a|your) (?:phone|smartphone|cell ?phone)|(?:solo|unicamente) (?:necesita|necesitas|requiere|requieres) (?:un|su|tu) (?:celular|telefono|cel)`,
);

/**
 * Pay quoted per hour, day or week that is high for "easy" work: "$45 an hour", "$300/week",
 * "gana $500 al día". Modest amounts ("parking is $2 an hour") stay quiet.
 */
const PAY_RATE =
  /(?:\$|£|€|usd ?)\s?(\d[\d,]{0,15})(?:\.\d\d)?(?:\s?(?:-|to|a)\s?(?:\$|£|€)?\s?\d[\d,]{0,15})?\s?(?:(?:\/|a|an|per|each|every|al|por|la|el)\s?)?(hour|hr|day|daily|week|wk|dia|hora|semana|diarios|diario|semanales)\b/g;
const HIGH_PAY: Record<string, number> = {
  hour: 25,
  hr: 25,
  hora: 25,
  day: 100,
  daily: 100,
  dia: 100,
  week: 300,
  wk: 300,
  semana: 300,
  diario: 100,
  diarios: 100,
  semanales: 300,
};

function highPay(message: PreparedMessage): RuleMatch[] {
  const found: RuleMatch[] = [];
  for (const part of message.wording) {
    for (const match of part.folded.matchAll(PAY_RATE)) {
      if (Number(match[1].replaceAll(",", "")) < HIGH_PAY[match[2]]) continue;
      found.push({ field: part.field, start: match.index, end: match.index + match[0].length });
    }
  }
  return found;
}

export const jobOffer: Rule = {
  id: "job-offer",
  title: "An easy-money job",
  why: "It offers big pay for little work, or a job you never applied for. Real jobs interview you properly, and they never ask you to pay, or to pass on money or parcels for them.",
  page: SIGN_PAGES.jobOffers,
  weight: "suspicious",
  find: (message) => [
    ...findPhrases(message.wording, SCAM_JOB).map((match) => ({ ...match, weight: "decisive" as const })),
    ...findPhrases(message.wording, JOB_OFFER),
    ...highPay(message),
    ...findPhrases(message.wording, JOB_WORDS).map((match) => ({ ...match, weight: "context" as const })),
  ],
};
