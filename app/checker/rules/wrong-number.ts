import type { MessagePart } from "../message-part";
import { findPhrases, phrases } from "../phrase-patterns";
import type { PreparedMessage } from "../prepared-message";
import type { Rule, RuleMatch } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/**
 * A stranger's friendly opener: "Hi, is this Amy?", "sorry, wrong number", "we met at the
 * conference", "are you free for dinner?". The long scams (romance, investment) often start here.
 */

/** "Hi, is this Amy?", "¿Eres tú, Ana?": only when the last word is a name, written with a capital. */
const IS_THIS_SOMEONE = phrases(
  String.raw`(?:(?:hi|hey|hello|hola|good (?:morning|afternoon|evening))[,!.]* )is (?:this|that|it) (?:mr\.? |mrs\.? |ms\.? |dr\.? )?[\p{L}]+(?: [\p{L}]+)?\?`,
  String.raw`(?:eres|es) (?:tu|usted),? (?:(?:el|la) )?(?:(?:sr|sra|srta|senor|senora|don|dona)\.? )?[\p{L}]+(?: [\p{L}]+)?\?`,
  String.raw`are you (?:mr|mrs|ms|miss|dr)\.? [\p{L}]+(?: [\p{L}]+)?\?`,
);

const WRONG_NUMBER = phrases(
  // "I typed your number by mistake": the code a stranger "sent to you" is theirs to steal.
  String.raw`(?:typed|put|entered|used|gave|puse|escribi|di|meti) (?:in )?(?:your|ur|su|tu) (?:number|phone number|email|numero|telefono|correo) (?:by mistake|by accident|instead of mine|por error|por equivocacion|sin querer)`,
  // "Me dieron este número", "I was given this number": a stranger who "got" your number.
  String.raw`(?:me dieron|me pasaron|me compartieron) (?:este|su|tu) (?:numero|telefono|contacto)|(?:i was|i got) (?:given|passed|sent) (?:this|your) (?:number|contact)|(?:someone|somebody|a friend) gave me (?:this|your) (?:number|contact)`,
  // "Is this Dr. Huang's office?": a stranger's appointment, sent to you.
  String.raw`is (?:this|that) (?:the )?(?:(?:mr|mrs|ms|dr)\.? )?[\p{L}]+(?:'s)? (?:office|clinic|salon|practice|studio)\?`,
  "is (?:this|that) still (?:your|ur) number",
  // "Is this Mrs. Tran's number?": someone else's line, asked of a stranger.
  String.raw`is (?:this|that) (?:(?:mr|mrs|ms|dr)\.? )?[\p{L}]+'s (?:number|phone|cell|line)\?|es (?:este|el) (?:numero|telefono|celular) de (?:(?:la |el )?(?:sr|sra|senor|senora|don|dona)\.? )?[\p{L}]+\?`,
  // However the stranger checks the line is alive: "is this email still active?", "¿sigue activo este correo?".
  "is (?:this|that|your) (?:(?:e-?mail|number|address|account) )?(?:(?:e-?mail|number|address) )?still (?:active|valid|in use|working|good|yours)",
  "(?:sigue|esta) (?:activo|vigente) (?:este|tu|su) (?:correo|numero)|(?:este|tu|su) (?:correo|numero) (?:sigue|esta) (?:activo|vigente)",
  // A meeting the reader does not remember, claimed as a question: "did we meet at ...?", "¿nos vimos en ...?".
  "(?:did|have) we (?:meet|met|talk|speak|chat)|do (?:we|i) know (?:each other|you)|(?:nos|ya nos) (?:conocemos|vimos en|conocimos)|me recuerdas|me recuerda usted|se acuerda de mi",
  "(?:sorry|oops|apologies|my apologies|my bad)[,!.]* (?:(?:i think |it seems |looks like )?(?:i (?:have|got|texted|messaged) )?(?:the |a )?wrong (?:number|person))",
  "(?:wrong number|texted the wrong|messaged the wrong|wrong person)",
  "(?:are you|r u|you) (?:free|around|available|still up for|up for) (?:for )?(?:coffee|dinner|lunch|drinks|a drink|golf|tennis|a walk|tea|brunch)",
  "(?:we|we've) met (?:at|in|on|last)",
  "(?:do|d'?you|u|you) (?:you )?(?:still )?remember me|long time no (?:see|talk|chat)",
  "(?:this is|it'?s|its) [a-z]+ from (?:the |your |our )?(?:\\w+ ){0,3}(?:class|club|gym|church|party|group|meetup|conference|event|course|team|neighbo(?:u)?rhood)",
  "(?:grab|get|have) (?:a )?(?:lunch|coffee|dinner|drinks?|tea|brunch) (?:sometime|some time|one day)",
  "you said (?:we should|to text|to message|to call|you'?d|i should)",
  "(?:your|ur) number (?:was|is) (?:in|on) my (?:contacts|phone|list)",
  "you (?:seem|seemed|sound|look|seem like|sound like)(?: a| such a)? (?:so |really |very |super )?(?:kind|nice|friendly|lovely|sweet|polite|interesting|fun|cool|genuine|good)(?: person| guy| lady| woman| man)?",
  // However the number went wrong: "typed one digit wrong", "saved the wrong contact", "me pasaron mal el numero".
  String.raw`(?:typed|dialed|entered|saved|wrote|put in|got) (?:a |one |the )?(?:digit|number|contact)s? wrong|(?:wrong|incorrect) (?:digit|contact)|misdial(?:ed)?|(?:saved|added|texted|messaged) (?:the |a )?wrong (?:contact|number|person)|(?:me )?(?:pasaron|dieron|anotaron|guarde|anote|marque) mal (?:el|su|tu) (?:numero|contacto)|(?:numero|contacto) (?:mal (?:anotado|guardado)|equivocado)`,
  // A compliment on a stranger's picture: "what a lovely profile photo", "que bonita foto de perfil".
  String.raw`(?:nice|lovely|beautiful|cute|great|pretty|bonita|linda|hermosa|preciosa) (?:profile )?(?:pic|picture|photo|foto)(?: de perfil)?|(?:profile (?:pic|picture|photo)|foto de perfil) (?:is|es) (?:so |muy )?(?:nice|lovely|beautiful|cute|bonita|linda|hermosa)`,
  "(?:de donde eres|where are you from|what do you do for (?:a living|work)|a que te dedicas)\\?",
  "(?:nice|lovely|glad) to (?:meet|e-?meet) you(?: here)?[,!.]* (?:where|what|how)",
  "let'?s be friends|can we be friends",
  // A catch-up from someone the phone does not know: "how have you been lately?", "¿como has estado?".
  String.raw`how (?:have|ve) (?:you|u) been(?: lately| doing)?|long time since we (?:last )?(?:talked|spoke|chatted|met)|(?:como|que tal) (?:has|ha) estado|hace (?:mucho|tiempo|rato) que no (?:hablamos|nos vemos|platicamos|sabemos)|(?:are you|r u|you) free (?:this|tonight|tomorrow|on|for)`,
  // A stranger's introduction: "saw your profile on the hiking page", "hope you don't mind me reaching out".
  String.raw`(?:saw|found|came across|noticed) (?:your|ur) (?:profile|pic|picture|photo|photos|page|post|number|comment) (?:on|in|at|from)|(?:just )?(?:had|wanted) to say (?:hi|hello|hey)|hope (?:you|u) don'?t mind (?:me )?(?:reaching out|messaging|texting|writing|saying hi)|vi tu (?:perfil|foto) en|espero que no te moleste (?:que te escriba|mi mensaje)`,
  String.raw`(?:this is|it'?s|its) [a-z]+ from (?:the|our|your) (?:\w+ ){1,3}(?:last|yesterday|the other|this past) ?(?:\w+)?|(?:soy|habla) [a-z]+ (?:de|del) (?:la|el) (?:\w+ ){1,3}(?:del|de la|de ayer|pasad[oa])`,
  // A stranger moving the chat to another app, away from the phone's spam filters and reports.
  "(?:add|text|message|contact|find|reach|dm|chat with) me (?:on|via|at|through) (?:whatsapp|telegram|signal|wechat|line|kik|snapchat|viber)",
  "(?:continue|keep|move) (?:the |our )?(?:chat|chatting|conversation|talking) (?:on|to|over (?:to|on)) (?:whatsapp|telegram|signal|wechat|line|kik|viber)",
  "(?:agregame|agregueme|escribeme|escribame|contactame) (?:en|por) (?:whatsapp|telegram|signal|wechat)",
  // Spanish
  "numero equivocado|persona equivocada",
  "perdon,? (?:me )?equivoque",
  "me equivoque de (?:numero|persona|contacto)",
  "wrong contact|(?:maybe|must be|perhaps) (?:it'?s |it was )?fate|since we'?ve (?:already )?(?:connected|met|started (?:talking|chatting))",
  "nos conocimos en",
  "sigue siendo (?:tu|su) numero",
  "te acuerdas de mi|(?:todavia|aun) te acuerdas",
  "(?:estas|esta|estaras) libre (?:para|el|este|manana|hoy)",
);

function endsWithName(part: MessagePart, start: number, end: number): boolean {
  const name = /([\p{L}]+)\?$/u.exec(part.original.slice(start, end))?.[1] ?? "";
  return name !== "" && name[0] !== name[0].toLowerCase();
}

/**
 * "Mr. Chen, are we still on for golf Saturday?", "Mr. Howard, your table for 4 is confirmed":
 * plans made with someone by title and name, the polite stranger of the wrong-number scam. From a
 * number you don't know it is the opener, so it is worth checking when the name is not yours. A
 * friend's "Hi Grace, still on for Saturday?" is the most ordinary text there is, and is left alone.
 */
const PLANS_WITH_A_NAME = phrases(
  String.raw`(?:mr|mrs|ms|miss|dr|sr|sra|srta|don|dona)\.? (?<q>[\p{L}]+[,!.]* (?:(?:it'?s|this is) [\p{L}]+[^.!?\n]{0,40}?[.!]+ )?(?:are we still (?:on|meeting|good)|(?:is|are) [^.!?\n]{1,25} still on|still on for|are you (?:still )?coming|¿?(?:sigue|siguen) en pie|seguimos (?:con|para)|(?:is|are) (?:we|you) still (?:on|good|meeting)))`,
  String.raw`(?:mr|mrs|ms|dr|sr|sra)\.? (?<q>[\p{L}]+[,!.]* (?:your|su) (?:table|tee time|appointment|reservation|booking|order|cita|reserva|mesa)[^.!?\n]{0,60}?(?:confirmed|booked|moved|ready|arrived|confirmad|lista))`,
  String.raw`(?:good (?:morning|afternoon|evening)|hello|hi) (?:mr|mrs|ms|dr)\.? (?<q>[\p{L}]+[,!.]* (?:the|your) [^.!?\n]{0,60}?(?:arrived|confirmed|ready|booked|moved))`,
);

/** The name after the greeting starts with a capital, and is not a family word ("Hi Mom"). */
const FAMILY_WORDS =
  /^(?:mom|mum|mommy|mama|mami|dad|daddy|papa|papi|grandma|grandpa|granny|nana|abuela|abuelo|abue|honey|sweetie|babe|baby|love|son|hijo|hija|tia|tio|aunt|uncle|everyone|all|team|guys|folks|there|friend|neighbor|neighbour|vecino|vecina|amiga|amigo)$/i;

function namesSomeone(part: MessagePart, start: number): boolean {
  const name = /^[\p{L}]+/u.exec(part.original.slice(start))?.[0] ?? "";
  return name !== "" && name[0] !== name[0].toLowerCase() && !FAMILY_WORDS.test(name);
}

/**
 * "Hi Linda, just checking you got home ok?", "Hey Tom! Is your offer still good?", "Hola Sofía,
 * ¿sigue en pie la comida?": a message that opens on someone's name and asks about plans the
 * reader never made, from a bare phone number (a friend's text shows the friend's saved name, and
 * a business writes from its short code or says who it is). Whatever the plans are, the shape is
 * the opener: a name, no "this is ...", and a question. Worth checking, never more.
 */
const GREETING =
  /^\s*(?:(?:hi|hey|hello|hiya|good (?:morning|afternoon|evening)|morning|evening|hola|buenos dias|buenos días|buenas tardes|buenas noches|buenas|buen dia|buen día|ola)[,!. ]+)?/iu;
/** The name after the greeting, written as a name (a capital), with a title or a surname: "Ms. Wendy", "Tom Reyes". */
const NAME =
  /^(?:(?:Mr|Mrs|Ms|Miss|Dr|Sr|Sra|Srta|Don|Doña|Dona)\.? )?(\p{Lu}[\p{Ll}'-]+)(?: \p{Lu}[\p{Ll}'-]+)?\s*[,!.]+\s*/u;
/** Words that start a text with a capital but are not a name ("Hi!", "Saw your dresser", "Thanks,"). */
const NOT_A_NAME =
  /^(?:i'?m|im|i|hi|hey|hello|hiya|hola|ola|oye|ey|yo|oh|ok|okay|yes|yeah|no|nope|thanks|thank|sorry|saw|so|well|good|great|sure|perfect|morning|evening|buenas|buenos|gracias|perdon|disculpa|disculpe|si|bueno|listo|vale|wow|hmm|hello|dear|reminder|update|note|urgent|alert|attention|welcome|congrats|congratulations|felicidades|aviso|atencion|urgente|recordatorio|estimad[oa]|querid[oa])$/i;
const SAYS_WHO =
  /^(?:[\p{L}]+ here(?![\p{L}])|this is|it'?s|its|it is|here'?s|my name is|soy|le saluda|te saluda|le escribe|te escribe|le habla|habla|aqui)(?![\p{L}])/u;
/** "I'm Lily" says who; "I'm landing at 4" does not. Read on the original, where a name has its capital. */
const SAYS_NAME = /^(?:I'?m|I am|Im) \p{Lu}/u;
const ASKS_ABOUT_PLANS = /\?|still (?:on|good|going|ok|okay|works)|sigue en pie|seguimos/;
/** A phone number as the sender (10 digits or more): not a saved contact's name, not a business's short code. */
const BARE_NUMBER = /^[+\d\s().-]+$/;

function opensOnAName(message: PreparedMessage): RuleMatch[] {
  const sender = message.wording.find((part) => part.field === "sender");
  if (!sender || !BARE_NUMBER.test(sender.original) || sender.original.replace(/\D/g, "").length < 10) return [];
  const text = message.wording.find((part) => part.field === "text");
  if (!text || text.original.length > 400) return [];
  const greeting = GREETING.exec(text.original)?.[0] ?? "";
  const name = NAME.exec(text.original.slice(greeting.length));
  if (!name || FAMILY_WORDS.test(name[1]) || NOT_A_NAME.test(name[1])) return [];
  const restStart = greeting.length + name[0].length;
  const rest = text.folded.slice(restStart);
  if (SAYS_WHO.test(rest) || SAYS_NAME.test(text.original.slice(restStart))) return [];
  if (!ASKS_ABOUT_PLANS.test(rest.slice(0, 160))) return [];
  const start = text.original.search(/\S/);
  const sentenceEnd = /[.!?\n]/.exec(rest);
  const end = restStart + (sentenceEnd ? sentenceEnd.index + 1 : Math.min(rest.length, 80));
  return [{ field: "text", start, end }];
}

/**
 * "Hi, are you free tomorrow?", "Hey it's been a while!", "Good evening, I hope you are well",
 * "¿Este sigue siendo tu número?": the opener that names nobody and asks nothing yet, sent from a
 * bare number to see who answers. What makes it one is what it lacks: it says nothing a message
 * with a purpose says (who is writing, a name, an item, a place, a clock time, an amount, a link);
 * every word is small talk, and it greets or asks rather than answers. A friend on a saved contact
 * is left alone (find), and a buyer's "Is the bike still available?" names the bike. Worth
 * checking, never more.
 */
const SMALL_TALK = new Set(
  // English: the words that carry no purpose.
  (
    "a an the i im ive id ill me my mine you u ya your ur youre yours yourself we us our it its this that these those there here " +
    "is are am was were be been being do does did done doing have has had having will would can could should may might " +
    "just still yet again too also so very really much many lot lots and or but if then than as at in on of to for with from " +
    "about by up out over not no yes yeah yep ok okay oh hey hi hello hiya heya yo dear there well good great fine nice lovely " +
    "sweet sure how hows what whats when where who whos why which morning afternoon evening night tonight today tomorrow tmrw " +
    "weekend week month year day days while time ages long ago lately recently soon later now yesterday next last " +
    "monday tuesday wednesday thursday friday saturday sunday free around busy catch chat talk talking meet met meeting " +
    "know knew remember recall forget forgot see saw seen hang grab coffee tea lunch dinner drink drinks brunch town area " +
    "plans plan number contact email message messages text phone saved find found get got gave hope hoping miss missed " +
    "wonder wondering sorry bother bothering disturb mind wrong want wanna would like love glad happy think thought guess " +
    "maybe each other everything anything something things life going doing well someone friend buddy together any " +
    "everyone either whether reach reached checking check sir madam miss mister sis bro lol haha wonderful " +
    "beautiful blessed amazing awesome peaceful happy hope hopefully enjoy enjoying weather sleep slept rest heard hear " +
    "forever havent hadnt awhile stranger live living neighborhood neighbourhood coming come party ask asking talks new " +
    "looking look friends mutual contacts list photo pic picture" +
    // Spanish, without accents (fold-text.ts).
    " hola buenas buenos buen dia dias tardes tarde noches noche que como estas esta estoy estamos has ha he hemos han estado sido " +
    "tu te ti usted ustedes yo me mi mis nos su sus el la lo los las le les un una unos unas de del al a en con por para sin " +
    "y o pero si no ya aun todavia sigue sigues siendo sigo este esto ese esa eso aqui alla mucho muchos mucha tiempo rato " +
    "cuanto hace haces hacer hacemos hoy manana semana fin finde sabado domingo lunes martes miercoles jueves viernes libre " +
    "libres ocupado ocupada numero telefono celular cel mensaje mensajes recuerdas recuerda acuerdas acuerda conocemos " +
    "conoces conocimos vimos vemos ver verte vernos verlo verla hablar hablamos platicar cafe comer cenar almorzar amiga amigo " +
    "querida querido disculpa disculpe perdon molestia molestar molesto se saber sabes sabe nada bien todo todos cosas vida " +
    "contigo espero esperando cuando donde quien saludos saludo tal gusto feliz bonito bonita lindo linda hermoso hermosa " +
    "bendiciones bendecido bendecida disfruta disfrutes eres es soy son somos va vas van clima dormiste descansa " +
    "descanses vives vive barrio tengo tienes tiene foto fotos contactos amigos amigas nuevo nueva buscando"
  ).split(" "),
);
const BARE_SENDER = /^[+\d\s().-]+$/;
/** An opener greets or asks; "ok see you tomorrow" or "thanks so much!" answers something already said. */
const OPENS =
  /^\s*(?:hi|hey|hello|hiya|heya|good (?:morning|afternoon|evening|day)|morning|evening|dear|hola|buenas|buenos|buen dia|saludos)(?![\p{L}])|\?/u;
const ANSWERS =
  /(?<![\p{L}])(?:ok|okay|k|yes|yeah|yep|yup|sure|thanks|thank|thx|ty|sounds|perfect|gracias|vale|listo|claro|perfecto|dale|sale|bueno)(?![\p{L}])/u;

function nothingButSmallTalk(message: PreparedMessage): RuleMatch[] {
  const sender = message.wording.find((part) => part.field === "sender");
  if (!sender || !BARE_SENDER.test(sender.original) || sender.original.replace(/\D/g, "").length < 10) return [];
  const text = message.wording.find((part) => part.field === "text");
  if (!text || text.folded.length > 160 || /\d/.test(text.folded) || message.addresses.length > 0) return [];
  const words = (text.folded.match(/[\p{L}']+/gu) ?? []).map((word) => word.replace(/'/g, ""));
  if (words.length < 3 || !words.every((word) => SMALL_TALK.has(word))) return [];
  if (!OPENS.test(text.folded) || ANSWERS.test(text.folded)) return [];
  const start = text.folded.search(/\S/);
  return [{ field: "text", start, end: text.folded.trimEnd().length }];
}

/** The sender is a name with no number or address in it: how a phone shows a saved contact. */
function fromAKnownContact(message: PreparedMessage): boolean {
  const sender = message.wording.find((part) => part.field === "sender");
  return sender !== undefined && !/[\d@<]/.test(sender.original) && sender.original.trim().split(/\s+/).length <= 3;
}

/** "Got your number from the team list": how a stranger starts, and how a new parent does too. */
const FOUND_YOUR_NUMBER = phrases(
  "(?:got|found|have) (?:your|ur) (?:number|contact) (?:from|in|on)|gave me (?:this|your|ur) (?:number|contact)",
);

export const wrongNumber: Rule = {
  id: "wrong-number",
  title: "A friendly stranger",
  why: "A stranger starts chatting as if by mistake, or as if you met somewhere you don't remember. Many long scams start just like this, and it's fine not to reply.",
  page: SIGN_PAGES.friendlyStrangers,
  weight: "suspicious",
  // A saved contact's name as the sender ("Dana", "Grandma Rose") is someone the reader knows.
  find: (message) =>
    fromAKnownContact(message)
      ? []
      : [
          ...findPhrases(message.wording, IS_THIS_SOMEONE, {
            unless: (part, start, end) => !endsWithName(part, start, end),
          }),
          ...findPhrases(message.wording, WRONG_NUMBER),
          ...findPhrases(message.wording, PLANS_WITH_A_NAME, { unless: (part, start) => !namesSomeone(part, start) }),
          ...opensOnAName(message),
          ...nothingButSmallTalk(message),
          ...findPhrases(message.wording, FOUND_YOUR_NUMBER).map((match) => ({ ...match, weight: "context" as const })),
        ],
};
