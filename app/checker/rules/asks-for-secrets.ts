import type { MessagePart } from "../message-part";
import { givesACode } from "../one-time-codes";
import { describesScammers, findPhrases, isDenied, phrases, WITHIN, YOUR } from "../phrase-patterns";
import type { Rule } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/**
 * A request for a password, PIN, sign-in code or security answer. It must ASK: an honest sign-in
 * text gives a code ("Your code is 482913. Don't share it."), and "we will never ask for your
 * password" is advice, so those do not count.
 */

const ASK = String.raw`(?:send|sending|give|tell|share|reply(?: back)?(?: with)?|digale|diganos|dile|dinos|respond with|text(?: back)?|confirm|provide|enter|type|read(?: out)?|forward|verify|re-?enter|re-?type|input|submit|update|need|needs|what'?s|what is|let me know|write|put|screenshot|snap|validate|sign in with|log ?in with|login with|sign in using|log in using|login \+|pasame|dame|dime|digame|envie(?:me|nos)?|enviar(?:nos|me)?|mande(?:nos)?|mandame|comparta|compartir|proporcione|proporcionar|indique|confirme|confirmenos|confirmeme|diganos|indiquenos|proporcionenos|envienos|mandenos|compartanos|confirmar|ingrese|ingresar|introduzca|introducir|escriba|responda con|facilite|verifique|actualice|necesito|necesitamos|inicie sesion con|proporcionele|deselo|digale|dele|leale)`;

const SECRET = String.raw`(?:passwords?|passcode|pass code|passwd|pasword|pw|pins?|pin (?:number|code)|one[- ]time (?:pass ?)?code|otp|verification code|2fa code|2-step code|two-step code|two-factor code|sms code|text code|login code|sign-in code|sign in code|access code|authentication code|auth code|security code (?:we|that we|you)|(?:\d{1,2}|four|five|six|seven|eight|nine|ten)[- ]?(?:digits?|number)(?: \w+)? (?:code|number|pin|session (?:code|number|id))|(?:session|remote(?:[- ]access)?|support|connection|access) (?:code|number|id|key|pin)|(?:code|number|pin) (?:it|that|the app|the screen|the program|the tool|the window) (?:shows|displays|gives you)|(?:code|number|pin) (?:\w+ )?(?:texts|sends|sent|emails|emailed|texted) (?:you|u)|code (?:we|that we|i|they) (?:just )?(?:sent|texted|text|send)|code you (?:just )?(?:got|received|get)|security (?:questions?|answers?)|answers? to ${YOUR} security questions?|mother'?s maiden name|name of ${YOUR} first pet|(?:login|log-in|sign-in|account) (?:details|credentials|info)|(?:email|e-mail|account|mailbox) (?:login|log-in|sign-in|password)|credentials|recovery (?:code|phrase)|seed phrase|secret (?:phrase|words)|private key|backup codes?|contrasenas?|claves?(?: de acceso)?|codigos?(?: de verificacion| de seguridad| de acceso| sms)?|preguntas de seguridad)`;

const SECRETS = phrases(
  String.raw`${ASK} ${WITHIN(50)}${SECRET}(?:(?:,| and| &| \+| or)(?: the| your| ur)? ${SECRET})*`,
  // Sign in through the message: "Log in here", "u have to log in to see it".
  String.raw`(?:log|sign) ?in (?:here|below|through (?:this|the) link|via (?:this|the) link|using (?:this|the) link|at (?:this|the) link|on (?:this|the) link)`,
  String.raw`(?:log|sign) ?in (?:thru|through|on|at|via|using|with|in) (?:this|that|the|our) (?:site|page|website|web site|portal|form|app)|inicie sesion (?:en|desde) (?:este|esta|el|la) (?:sitio|pagina|enlace|link)`,
  String.raw`(?:have to|need to|must|gotta|got to) (?:log|sign) ?in (?:to|2) (?:see|watch|view|open|read|find out)`,
  String.raw`${YOUR} (?:\w+ )?(?:username|user name|login|email|e-mail|player id|account name|id)(?:,| and| &| \+|\/) ?(?:\w+ )?password`,
  String.raw`keep (?:using )?${YOUR} (?:current|existing|old|same) password`,
  // A code mentioned first, then the request for it: "I'm sending a code to your phone, can you tell me what it is?"
  String.raw`(?:code|codigo|pin)[^\n]{0,140}?(?:tell me|tell us|send (?:it |that |the code )?(?:to me|to us|back|me|us|over)|give (?:it )?(?:to )?me|read (?:it )?(?:out )?(?:to )?me|text (?:it )?(?:to )?me|forward it|share it with (?:me|us)|what it (?:is|says)|what (?:the )?code (?:is|says|you got)|me lo pasas|pasamelo|pasame|dimelo|digamelo|me lo dicta|me lo dictas|dictamelo|dictemelo|me lo lee|me lo lees|leamelo|me lo dice|me lo confirma|confirmemelo|enviamelo|mandamelo|me lo envias|me lo mandas|me lo dices|cual es|me lo (?:puedes|podrias|puede|podria) (?:pasar|enviar|mandar|dar|decir|leer)|(?:can|could|would) (?:u|you) (?:please )?(?:send|text|read|tell|give) (?:it|that|me it|me that|me the \\w+)(?: to me| over| back)?|proporcionele|deselo|digale|dele (?:el|ese) codigo)`,
  String.raw`(?:sign|log) ?in with ${YOUR} (?:\w+ ){0,2}(?:email|e-mail|credentials|username|work email|school email)`,
  String.raw`(?:password|pin|code) (?:is )?(?:needed|required) (?:to|for)`,
  // "Approve this sign-in": a scammer signing in as you needs only your tap on the prompt.
  String.raw`(?:tap|press|click|hit|select|choose|touch|pulse|toque|presione) (?:on )?["'“]?(?:approve|allow|yes|accept|confirm|aprobar|permitir|si)["'”]?`,
  String.raw`approve (?:the |this |that |our |a )?(?:sign-?in|log-?in|login|request|prompt|notification|push)`,
  String.raw`read (?:it|them|the (?:code|numbers?|digits)) (?:back|out)(?: to (?:me|us|the agent|our agent))?|read (?:it|the code) to (?:the|our) (?:agent|representative|specialist)`,
  String.raw`(?:text|send) (?:it|that|them) back(?: to (?:me|us))?`,
  String.raw`(?:the |those |ur |your )?(?:\d|six|four|five|eight) digits? (?:(?:u|you) )?(?:just )?(?:got|received|get|were sent)`,
  // "Please have your online banking code ready": the caller will ask for it.
  String.raw`have ${YOUR} (?:\w+ ){0,3}(?:${SECRET}|code|pin) (?:ready|handy|at hand|nearby)`,
  String.raw`tenga (?:a la mano |listo |lista )?(?:su|tu) (?:\w+ ){0,3}(?:codigo|clave|contrasena|pin)`,
  // The code passed to a person on the phone: "read that code to our agent when they call", "the
  // agent will ask for the 6-digit code", "deberá confirmarle el código". Whoever asks, it is the key.
  String.raw`(?:read|give|tell|say|confirm|provide|share|repeat) (?:it|that|this|them|(?:the|that|this|your|those) (?:\w+ )?(?:code|pin|digits))(?: back| out)? to (?:the|our|my|an?|that|this) (?:\w+ )?(?:agent|representative|specialist|officer|caller|investigator|technician|rep|team member|advisor)`,
  String.raw`(?:agent|representative|specialist|officer|caller|investigator|technician|advisor|rep) (?:will|is going to|'ll) (?:ask (?:you )?for|request|need|verify|confirm|read back) (?:the|your|that|this|a) (?:\d[- ]?digit |six[- ]digit |one[- ]time |verification |security |sms )*(?:code|pin|passcode)`,
  String.raw`(?:confirmarle|darle|dictarle|leerle|proporcionarle|decirle|pasarle|compartirle|confirmele|dictele|leale|digale|dele|pasele) (?:el|ese|este|su|tu|los) (?:\w+ )?(?:codigo|codigos|pin|clave|digitos)`,
  String.raw`(?:el|la|un|una|nuestro|nuestra) (?:agente|asesor|asesora|representante|especialista|tecnico) (?:le|te) (?:pedira|va a pedir|solicitara|preguntara) (?:el|su|tu|un|los) (?:\w+ )?(?:codigo|pin|clave|digitos)`,
  // Signing in through the message, in Spanish: "entra con tu usuario y contraseña en …", "inicie sesión en el siguiente enlace".
  String.raw`(?:entra|entre|ingresa|ingrese|accede|acceda|inicia sesion|inicie sesion|conectate|conectese) (?:con|usando) (?:tu|su) (?:\w+ ){0,2}(?:contrasena|clave|usuario)[^.!?\n]{0,30}? (?:en|desde|a traves de) (?:el|este|esta|la|nuestro|nuestra) (?:siguiente )?(?:enlace|link|vinculo|pagina|sitio)|(?:entra|ingresa|ingrese|inicie sesion|inicia sesion) (?:aqui|en este enlace) con (?:tu|su) (?:\w+ ){0,2}(?:contrasena|clave|usuario)`,
  String.raw`(?:inicie|inicia) sesion (?:en|desde|con) (?:el|la|este|esta) (?:siguiente )?(?:enlace|link|vinculo|pagina|sitio)`,
  // "the code that pops up when you log in": a code shown to the reader, asked for by someone else.
  String.raw`(?:send|text|tell|give|share|read|forward|screenshot|snap|pasame|dame|dime|mandame|enviame|mandanos|envianos|digame|paseme|deme)(?: (?:me|us|it))? ${WITHIN(30)}(?:code|codigo|pin)s? (?:that |which |que )?(?:pops up|shows up|appears|comes up|you see|aparece|te sale|le sale|te llega|le llega)`,
);

/**
 * "Your password expires in 5 days": the classic lure, and also how an IT desk reminds staff. It
 * asks for nothing by itself; the link it comes with decides (verdict.ts), so it is pressure.
 */
const PASSWORD_EXPIRY = phrases(
  String.raw`${YOUR} (?:\w+ )?password (?:expires|will expire|has expired|is expiring|is about to expire)`,
);

/** "Reply with the code so we can block them": no honest code message asks for it back. */
const REPLY_WITH_CODE = phrases(
  String.raw`(?:reply|respond|text (?:us|me)?|send (?:us|me)?)(?: back)?(?: to (?:this|the|our|my) (?:text|message|email|sms|number))? with (?:the|this|that|your|ur|el|ese|su) (?:\d[- ]digit |six[- ]digit |login |verification |security )?(?:code|codigo|pin)`,
  String.raw`(?:responda|responde|contesta|conteste)(?:nos|me)? con (?:el|ese|su|tu) codigo`,
);

const CODE_ONLY = /cod|otp|pin|digit|number/;

/** "Don't share this code" in a message that gives a code; a request for a password still counts. */
function isHonestCodeMessage(part: MessagePart, start: number, end: number): boolean {
  const words = part.folded.slice(start, end);
  return givesACode(part) && CODE_ONLY.test(words) && !/pass|contrase/.test(words);
}

/**
 * "Send me the wifi password for grandma's house": the password a household shares with its guests
 * opens a home network, not anybody's account, and families ask for it all the time.
 */
function isHouseholdWifi(part: MessagePart, start: number, end: number): boolean {
  return /wi-?fi|router|red (?:de internet|inalambrica)/.test(part.folded.slice(start, end + 20));
}

/** "Give the code to the agent at the counter": a pickup code shown in person, not read to a caller. */
function isShownInPerson(part: MessagePart, end: number): boolean {
  return /^[^.!?\n]{0,15}?(?:at|in) the (?:counter|desk|front desk|door|store|branch|pickup|locker|station|gate|register)|^[^.!?\n]{0,15}?(?:when you (?:arrive|pick up|get there)|in person)/.test(
    part.folded.slice(end, end + 50),
  );
}

/** "Sign in with your FlickPost account": a named account, signed into from the message. "Your usual account" is not named. */
const NAMED_ACCOUNT = phrases(String.raw`(?:sign|log) ?in with ${YOUR} [\p{L}\p{N}]+ account`);

function namesTheAccount(part: MessagePart, start: number, end: number): boolean {
  const name = /(\S+)\s+account$/u.exec(part.original.slice(start, end))?.[1] ?? "";
  return name !== "" && name[0] !== name[0].toLowerCase();
}

export const asksForSecrets: Rule = {
  id: "asks-for-secrets",
  title: "Asks for a password or code",
  why: "It asks for a password, a PIN or a code that was sent to you. Those are the keys to your accounts, and no real company, and no real friend, will ever ask you for them.",
  page: SIGN_PAGES.passwordsAndCodes,
  weight: "decisive",
  asks: "give-code",
  find: (message) => [
    ...findPhrases(message.wording, SECRETS, {
      unless: (part, start, end) =>
        isDenied(part, start) ||
        isHonestCodeMessage(part, start, end) ||
        isHouseholdWifi(part, start, end) ||
        isShownInPerson(part, end) ||
        describesScammers(part, start),
    }),
    ...findPhrases(message.wording, NAMED_ACCOUNT, {
      unless: (part, start, end) => isDenied(part, start) || !namesTheAccount(part, start, end),
    }),
    ...findPhrases(message.wording, REPLY_WITH_CODE, { unless: (part, start) => isDenied(part, start) }),
    ...findPhrases(message.wording, PASSWORD_EXPIRY).map((match) => ({
      ...match,
      weight: "pressure" as const,
      asks: null,
    })),
  ],
};
