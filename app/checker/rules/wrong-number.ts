import type { MessagePart } from "../message-part";
import { findPhrases, phrases } from "../phrase-patterns";
import type { Rule } from "../rule";
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
  // "Is this Dr. Huang's office?": a stranger's appointment, sent to you.
  String.raw`is (?:this|that) (?:the )?(?:(?:mr|mrs|ms|dr)\.? )?[\p{L}]+(?:'s)? (?:office|clinic|salon|practice|studio)\?`,
  "is (?:this|that) still (?:your|ur) number",
  "(?:sorry|oops|apologies|my apologies|my bad)[,!.]* (?:(?:i think |it seems |looks like )?(?:i (?:have|got|texted|messaged) )?(?:the |a )?wrong (?:number|person))",
  "(?:wrong number|texted the wrong|messaged the wrong|wrong person)",
  "(?:are you|r u|you) (?:free|around|available|still up for|up for) (?:for )?(?:coffee|dinner|lunch|drinks|a drink|golf|tennis|a walk|tea|brunch)",
  "(?:we|we've) met (?:at|in|on|last)",
  "(?:do|d'?you|u|you) (?:you )?(?:still )?remember me|long time no (?:see|talk|chat)",
  "(?:this is|it'?s|its) [a-z]+ from (?:the |your |our )?(?:\\w+ ){0,3}(?:class|club|gym|church|party|group|meetup|conference|event|course|team|neighbo(?:u)?rhood)",
  "(?:grab|get|have) (?:a )?(?:lunch|coffee|dinner|drinks?|tea|brunch) (?:sometime|some time|one day)",
  "you said (?:we should|to text|to message|to call|you'?d|i should)",
  "(?:your|ur) number (?:was|is) (?:in|on) my (?:contacts|phone|list)",
  "you seemed (?:so )?(?:kind|nice|friendly|lovely|sweet)",
  "(?:nice|lovely|glad) to (?:meet|e-?meet) you(?: here)?[,!.]* (?:where|what|how)",
  "let'?s be friends|can we be friends",
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

/** "Got your number from the team list": how a stranger starts, and how a new parent does too. */
const FOUND_YOUR_NUMBER = phrases("(?:got|found|have) (?:your|ur) (?:number|contact) (?:from|in|on)");

export const wrongNumber: Rule = {
  id: "wrong-number",
  title: "A friendly stranger",
  why: "A stranger starts chatting as if by mistake, or as if you met somewhere you don't remember. Many long scams start just like this, and it's fine not to reply.",
  page: SIGN_PAGES.friendlyStrangers,
  weight: "suspicious",
  find: (message) => [
    ...findPhrases(message.wording, IS_THIS_SOMEONE, { unless: (part, start, end) => !endsWithName(part, start, end) }),
    ...findPhrases(message.wording, WRONG_NUMBER),
    ...findPhrases(message.wording, PLANS_WITH_A_NAME, { unless: (part, start) => !namesSomeone(part, start) }),
    ...findPhrases(message.wording, FOUND_YOUR_NUMBER).map((match) => ({ ...match, weight: "context" as const })),
  ],
};
