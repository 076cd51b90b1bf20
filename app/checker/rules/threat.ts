import { findPhrases, phrases, YOUR } from "../phrase-patterns";
import type { PreparedMessage } from "../prepared-message";
import type { Rule } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/** Scary consequences: a locked account, a fine, an arrest, an infected computer, a cut-off service. */

const THING = String.raw`(?:${YOUR} |the |this )?(?:(?:vehicle )?registration|license plate|account|card|debit card|credit card|profile|service|access|number|benefits?|benefit payments?|payments?|licen[cs]e|subscription|mailbox|email|e-mail|inbox|phone line|line|channel|page|id|identity|membership|plan|wallet|device|computer|apple id|social security number|ssn|passport|visa|package|parcel|shipment)`;
const BAD = String.raw`(?:(?:put|placed) on hold|locked|suspended|closed|disabled|deactivated|de-activated|frozen|blocked|restricted|terminated|cancell?ed|limited|deleted|removed|cut off|disconn?ected|shut off|shut down|on hold|seized|revoked|compromised|hacked|flagged|banned|forfeited|destroyed|returned to (?:the )?sender)`;

const THREAT = phrases(
  // Harm named differently: "the people in your contact list will get a link", "se congela tu salario".
  String.raw`(?:people|everyone|everybody|friends|family|contacts?) (?:in|on|from) (?:your|ur) (?:contact list|contacts|address book|phone|friends list)[^.!?\n]{0,30}?(?:will |are going to |gonna )?(?:get|receive|see|hear)`,
  String.raw`se (?:congela|congelara|bloquea|bloqueara|cancela|cancelara|pierde|perdera|suspende|suspendera) (?:tu|su|el|la) (?:salario|cuenta|saldo|dinero|comision|pago|envio|remesa|servicio)|(?:sea|sera) (?:devuelt[ao]|cancelad[ao]|bloquead[ao])`,
  // Prevented rather than avoided: "to prevent disconnection", "para evitar el corte". Harm to a person: "hurt you and your family", "we know where you live".
  String.raw`(?:to |and |or )?(?:prevent|stop) (?:a |an |the |any |further )?(?:\w+ )?(?:disconnection|shut-?off|cut-?off|suspension|interruption|termination|closure|cancell?ation|late fees?|penalt(?:y|ies)|legal action|arrest|deactivation|collections?)`,
  String.raw`(?:para )?(?:evitar|prevenir) (?:el |la |los |las |un |una |cualquier )?(?:\w+ )?(?:corte|desconexion|suspension|cancelacion|multas?|recargos?|cargos? por mora|cierre|bloqueo|arresto|deportacion|demanda)`,
  String.raw`(?:hurt|harm|kill|hurting|harming) (?:you|u|your (?:family|kids|children|wife|husband|son|daughter))|(?:we|i) know where (?:you|u) live|(?:hacerle|hacerte|hacerles) dano|(?:sabemos|se) donde (?:vive|vives|viven|trabaja|trabajas)|(?:lastimar|matar)(?:lo|la|le|te|los|las)`,
  "(?:scheduled|set|due|marked) for (?:disconnection|shut ?off|suspension|termination|cancellation|disconnect)|(?:disconnection|shut ?off|service interruption) (?:today|tomorrow|notice|scheduled)",
  "(?:wages?|paycheck|salary|tax refund) (?:may be |will be |could be )?garnish(?:ed)?|garnish (?:your|ur) (?:wages?|paycheck)",
  // Sextortion: "I saw what you were doing", "the video goes to all your contacts".
  String.raw`(?:i|we) (?:have |'ve )?(?:recorded|installed|hacked|infected|have access to|got access to|saw|filmed|captured)[^.!?\n]{0,50}?(?:your (?:camera|webcam|device|computer|phone|contacts|screen|password)|what you (?:were|are) doing|what you did|you (?:doing|watching))`,
  String.raw`(?:send|share|post|release|forward|leak) (?:it|the (?:video|recording|photos?|pictures?|clip)|them|everything) to (?:all |every(?:one in)? )?(?:of )?${YOUR} (?:contacts|friends|family|followers|colleagues|coworkers)`,
  String.raw`${THING}(?: [\w#*-]+){0,3} (?:has been|have been|will be|is being|is|was|were|may be|might be|could be|will get|gets|got|are|is now|has now been|would be) (?:temporarily |permanently |immediately |automatically |now )?${BAD}`,
  String.raw`(?:we|we've|we have|we will|we'll|they will|we had to|we are going to|we may|we might) (?:temporarily |permanently |now )?(?:locked|suspended|closed|disabled|frozen|froze|blocked|restricted|limited|limit|suspend|close|disable|freeze|block|terminate|cancel|delete|remove|deactivate|lock|restrict|seize|cut off|disconnect) ${YOUR}`,
  String.raw`(?:lose|losing|loose|loss of) (?:all )?(?:access|(?:${YOUR}|their|there|his|her) (?:\w+ )?(?:account|access|data|files|photos|money|savings|benefits|pets|progress|items|coins|invite|spot|place|rank|level|island|homework|grades|email|skins|followers|channel|page))`,
  String.raw`(?:${YOUR}|the) (?:\w+ ){1,4}(?:will be|may be|is being|are being|would be) (?:permanently |automatically |immediately )?(?:deleted|removed|erased|wiped|lost|closed|disabled|suspended)`,
  String.raw`(?:opened|taken out|applied for|registered|used|filed) in ${YOUR} name`,
  String.raw`(?:someone|somebody|a stranger) (?:has )?(?:posted|shared|uploaded|leaked|put up) (?:a |an |some )?(?:video|photo|pic|picture|pics|photos|post|clip)s? (?:of|about) (?:u|you)`,
  String.raw`to avoid (?:a |the |any )?(?:\$[\d,.]{1,15} )?(?:late|penalty|extra|additional|overdue) (?:\w+ )?(?:fee|charge|fine|penalty)`,
  String.raw`(?:late|penalty|extra|additional|overdue) (?:\w+ )?(?:fee|charge) (?:of \$[\d,.]{1,15} )?(?:may|will|could) (?:apply|be (?:added|charged|applied))`,
  String.raw`(?:arrest(?:ed)?|warrant|warrants|jail|prison|handcuffs)`,
  String.raw`legal (?:action|proceedings|consequences)`,
  "lawsuit",
  "(?:be )?(?:prosecuted|sued)",
  "criminal (?:charges|case|investigation|record)",
  String.raw`(?:a|the|pay(?: a| the)?|\$\d[\d,.]{0,15}|heavy|large) (?:fine|penalty)`,
  "fined",
  "(?:fine|penalty|penalties|late fee|surcharge) (?:of|will|may|up to)",
  "(?:fine|penalty|charge|fee|amount) (?:will )?doubles?",
  "deport(?:ation|ed)",
  "collection agency|sent to collections|debt collector|(?:referred|referral|sent|forwarded|turned over) to (?:a )?collections?",
  // "To avoid a hold / an administrative fee / DMV penalties / losing your profiles": the harm named as the thing to avoid.
  String.raw`(?:to |and |or )?avoid (?:a |an |the |any |further |additional )?(?:\$[\d,.]{1,15} )?(?:\w+ )?(?:hold|holds|fees?|penalt(?:y|ies)|fines?|suspension|disconnection|shut-?off|cut-?off|interruption|termination|closure|cancell?ation|late charges?|surcharges?|collections?|violations?|violation notice|gap in (?:\w+ )?coverage|losing|arrest|legal action|deactivation|being (?:\w+ed))`,
  String.raw`(?:${YOUR} |the )?(?:computer|device|phone|pc|mac|laptop|system|router|network|iphone|tablet) (?:is|has been|was|may be|might be|are) (?:infected|compromised|hacked|at risk|damaged|under attack)`,
  String.raw`(?:\d+|several|multiple) (?:viruses|virus|threats|trojans|malware)`,
  "virus(?:es)? (?:found|detected)",
  "infected with",
  "(?:power|electricity|water|gas|heat|internet|phone service|service) (?:will be |is being |may be )?(?:cut off|disconn?ected|shut off|turned off)",
  String.raw`(?:permanently|automatically) (?:deleted|removed|closed|lost|banned|suspended)`,
  String.raw`(?:will|may|could) be (?:permanently |temporarily |immediately )?(?:suspended|deleted|cancell?ed|terminated|disabled|locked|removed|forfeited|destroyed|seized|banned|passed to|reported to|returned to (?:the )?sender|disconn?ected)`,
  "third strike|final strike",
  String.raw`(?:a |the )?(?:hacker|hackers|someone|somebody|criminals?|scammers?) (?:may be|might be|could be|is|are) (?:using|accessing|in|inside|controlling|watching|tracking)|sending (?:us )?(?:error|crash|virus|security) (?:reports|alerts|messages)`,
  String.raw`(?:pics|photos|pictures|video|videos|fotos|clip) (?:are |is |will )?(?:about to |going to |gonna |will )?(?:go|be posted|get posted|end up|go up|be shared|be public) (?:on|online|public|everywhere|to)|(?:fotos|video|videos) (?:van a|va a) (?:salir|publicarse|circular)`,
  String.raw`(?:pirata|hacker|hackers|alguien|delincuentes?) (?:informatico )?(?:podria|puede|esta|estan|podrian) (?:estar )?(?:usando|usandola|usandolo|accediendo|entrando|controlando)|(?:enviando|manda) reportes de (?:error|virus)`,
  "(?:notified|summoned|required|ordered|obligated) to appear|return(?:ed)? to sender",
  String.raw`(?:linked|connected|tied) to (?:illegal|criminal|suspicious|fraudulent|unlawful) (?:activity|activities|transactions|crimes?)|(?:taken|placed) into (?:custody|detention)|(?:held|kept) in custody|(?:is|are|was|were) being held (?:until|at|by|in)`,
  String.raw`(?:${YOUR} |the )?(?:application|case|petition|claim|request|visa|status|registration|license|licence|permit|benefits?|enrollment|coverage|policy) (?:\w+ ){0,2}(?:will be|may be|could be|has been|was|is being|would be) (?:\w+ )?(?:denied|rejected|voided|revoked|dismissed|terminated|cancell?ed|refused|closed|lost|forfeited)`,
  String.raw`(?:share|send|post|show|leak|forward|release) (?:it|them|everything|the (?:\w+ )?(?:video|pics|photos|chat|recording)s?) (?:with|to) (?:every|all|each) (?:name|person|one|contact|friend|follower)s? (?:on|in|of) ${YOUR}`,
  String.raw`(?:saved|recorded|screenshotted|kept|captured|have) (?:everything|all of it|the (?:\w+ )?(?:video|call|chat|pics|photos)) (?:from|of) (?:our|your|ur) (?:video )?(?:chat|call|conversation|facetime)`,
  // Money taken by force of law, a missed court date, a device "found" infected: the harm is named, not the exact verb.
  String.raw`(?:tax |bank |wage )?(?:levy|lien)(?: on| against| has| will| is)|(?:levy|lien|garnishment|seizure) (?:notice|order|is being prepared|has been (?:filed|issued|placed))`,
  String.raw`(?:failed|failure) to (?:appear|report|show up) (?:for|in|at|before)|bench (?:order|warrant)|missed (?:your |a )?(?:jury|court) (?:duty|date|summons|selection)`,
  String.raw`(?:detected|found|discovered|contains?|infected by) (?:\w+ )?(?:spyware|malware|ransomware|trojans?|viruses|a virus|adware|keyloggers?)`,
  String.raw`(?:${YOUR} )?(?:\w+ ){0,4}(?:is|are) (?:now |currently |seriously )?(?:at risk|in danger|exposed|being tracked|being accessed)`,
  String.raw`(?:benefits?|payments?|deposits?|refund|pension|checks?) (?:are|is|will be|have been|has been|will|may be) (?:stopped|paused|on hold|halted|withheld|delayed|cut)|(?:stop|pause|halt|withhold|suspend) ${YOUR} (?:benefits?|payments?|pension|refund)`,
  String.raw`(?:removed|deported|expelled) from the (?:country|united states|us|u\.s\.)|lose (?:${YOUR} )?(?:status|visa|green card|case)`,
  // Extortion: "I have the photos ... or I post them / send them to your family".
  String.raw`(?:i|we) (?:have|got|recorded|hacked|have access to) (?:the |your |ur |all (?:of )?(?:your |ur )?)?(?:pics|photos|pictures|videos?|recordings?|browsing history|contacts|webcam|camera|passwords?|private)`,
  String.raw`(?:or|otherwise|else) (?:i|we)(?:'ll| will)? (?:post|send|share|publish|leak|release|expose|show|forward|upload) (?:them|it|everything|the \w+|your \w+|ur \w+)`,
  String.raw`(?:failure|fail) to (?:\w+ ){0,4}(?:will|may|could) result in`,
  "result in (?:the )?(?:loss|suspension|termination|closure|cancell?ation|deletion|penalt|fines?|legal|arrest|prosecution)",
  String.raw`(?:messages|emails|mail|e-mails) (?:are being|will be|have been|are) (?:rejected|blocked|deleted|lost|held|bounced)`,
  String.raw`(?:mailbox|inbox|storage|cloud|icloud|drive) (?:is )?(?:almost |nearly |\d+% )?full`,
  String.raw`(?:withdrawals?|funds|money|savings|assets|balance|deposits?|winnings|account) (?:are|is|will be|get|gets|may be|have been|has been) (?:frozen|seized|lost|held|forfeited|confiscated)`,
  "unusual (?:sign-in|sign in|login|log-in|log in|activity)(?: attempt)?",
  String.raw`(?:someone|somebody|a hacker|hackers) (?:is trying|tried|has tried|have tried|are trying|was trying) to (?:sign|log|get) ?in`,
  "unauthori[sz]ed (?:access|activity|login|sign-in)",
  "suspicious (?:activity|login|sign-in|sign in|transaction)",
  // Spanish
  String.raw`(?:bloquead[ao]s?|suspendid[ao]s?|desactivad[ao]s?|congelad[ao]s?|inhabilitad[ao]s?|restringid[ao]s?)`,
  String.raw`(?:sera|seran|podria ser|puede ser|va a ser) (?:cancelad|cerrad|eliminad|suspendid|bloquead|desactivad|embargad|retenid)[ao]s?`,
  "multas?",
  String.raw`(?:sera|seran|va a ser|van a ser) (?:desconectad|cortad)[ao]s?`,
  "se (?:pierde|perdera|cancela|cancelara|suspende|suspendera) (?:la|su|tu|el) (?:cita|cobertura|cuenta|servicio|beneficio|pago|tramite)",
  "(?:detenid[ao]|arrestad[ao]|en la carcel|pres[ao])(?![\\p{L}])",
  "sancion(?:es)?",
  "orden de (?:arresto|detencion|captura)",
  "acciones? legal(?:es)?",
  "demanda judicial",
  "deportacion|deportad[ao]",
  "arrestad[ao]|detenid[ao]|carcel|prision",
  "(?:esta|ha sido|fue) (?:infectad|hackead|comprometid)[ao]",
  "virus",
  "(?:corte|cortaremos|cortar|suspension) (?:del|el|de su|su) (?:servicio|luz|agua|gas)",
  // Spanish: the harm named as the thing to avoid, or a list it is on.
  "(?:para )?evitar (?:(?:el|la|los|las|un|una|su|sus) (?:\\w+ )?)?(?:corte|cortes|suspension|desconexion|bloqueo|cancelacion|multa|multas|recargos?|cargos? adicionales|embargo|arresto|deportacion)|(?:lista|orden|aviso) de (?:desconexion|corte|suspension|cobranza)|(?:quedara|quedaria|quedo) (?:suspendid|bloquead|cancelad|inhabilitad)[ao]s?",
  String.raw`(?:registration|license|licence|plates?|benefits?|refund|registro|licencia|placas?) (?:\w+ ){0,2}(?:may|will|could|might) be (?:held|flagged|placed on hold|put on hold)|(?:podria|puede|va a) ser (?:retenid|marcad)[ao]`,
  "me (?:detuvieron|arrestaron|encerraron)|(?:acceso|ingreso|cargo|movimiento)s? no autorizad[oa]s?",
  "perdera (?:el )?acceso",
  "perdera (?:su|sus|todo)",
  "actividad (?:sospechosa|inusual|no autorizada)|movimientos? (?:sospechos|inusual|no autorizad)[oa]?s?",
  "(?:sera|seran) (?:devuelt|destruid|retenid|eliminad|confiscad)[ao]s?",
  "(?:esta|queda|quedo|fue) retenid[ao]",
  "devuelto al remitente",
  "(?:orden|aviso) de (?:embargo|desalojo|corte|suspension)|embargo (?:de|sobre) (?:su|sus|tu|tus)|embargar",
  "(?:perder|pierda|pierde|perdera) (?:su|tu) (?:caso|estatus|residencia|permiso|visa|beneficio|licencia|placa)",
  "(?:esta|estan|quedara|queda) en riesgo|(?:sus|tus) (?:fotos|datos|cuentas) (?:estan|corren) (?:en )?(?:riesgo|peligro)",
  "(?:no se presento|no asistio|falto) (?:a|al) (?:jurado|tribunal|la corte|su cita)",
  String.raw`(?:fue|ha sido|sera|seran|podria ser|puede ser|va a ser|podrian ser) (?:cancelad|rechazad|negad|denegad|anulad|revocad|suspendid|cerrad|congelad)[ao]s?`,
  "(?:usado|utilizado|vinculado|relacionado) (?:en|con|a) (?:actividades|actividad) (?:ilegal|ilegales|criminal|criminales|sospechosas?)|proceso (?:judicial|penal|legal)",
);

/** Extortion: "I hacked your phone and have private recordings". Strong on its own. */
const EXTORTION = phrases(
  // A "virtual kidnapping": no one is held, but the call is built so that you cannot check.
  "we have (?:your|ur) (?:daughter|son|child|kid|husband|wife|mom|mother|dad|father|grandson|granddaughter|nephew|niece)|tenemos a (?:su|tu) (?:hija|hijo|esposo|esposa|nieto|nieta)",
  String.raw`(?:he|she|they|your (?:\w+ )?(?:daughter|son|child|kid)) will (?:be|get) (?:hurt|harmed|killed)`,
  String.raw`(?:i|we) have (?:your )?(?:private|intimate|embarrassing|personal) (?:recordings|videos?|photos|pictures|pics|clips)`,
  String.raw`${YOUR} (?:phone|device|computer|camera|webcam) (?:was|has been|got|is) hacked`,
  String.raw`(?:tengo|tenemos) (?:tus|sus) (?:videos?|fotos) (?:privad|intim)[ao]s`,
);

/**
 * "Locked after three incorrect PIN attempts": a lock the reader caused is information, the way a
 * bank writes it, not a threat (a scam's lock comes from "suspicious activity" nobody can check).
 */
function lockedByTheReader(message: PreparedMessage): boolean {
  return message.wording.some((part) =>
    /(?:incorrect|wrong|failed|invalid) (?:\w+ )?(?:pin|password|passcode|sign-?in|login|code)s?(?: attempts| tries| entries)?|too many (?:incorrect |wrong |failed )?(?:attempts|tries)|intentos (?:fallidos|incorrectos)|demasiados intentos/.test(
      part.folded,
    ),
  );
}

export const threat: Rule = {
  id: "threat",
  title: "A scary warning",
  why: "It warns that something bad will happen, like a locked account, a fine or even an arrest, unless you act. Fear makes anyone rush, and that is exactly what the sender wants.",
  page: SIGN_PAGES.threats,
  weight: "pressure",
  find: (message) => {
    const readersOwnLock = lockedByTheReader(message);
    return [
      ...findPhrases(message.wording, EXTORTION).map((match) => ({ ...match, weight: "decisive" as const })),
      ...findPhrases(message.wording, THREAT).map((match) =>
        readersOwnLock ? { ...match, weight: "context" as const } : match,
      ),
    ];
  },
};
