import { findPhrases, phrases } from "../phrase-patterns";
import type { Rule } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/**
 * "Reply Y, then reopen this message to activate the link": phones switch off links in texts from
 * unknown senders until you answer, and scammers ask for the answer to switch them back on (and
 * to learn the number is alive). No honest sender needs it.
 */

const REPLY = String.raw`(?:reply|respond|text (?:back )?|answer|send)(?: with)? ["'(]?(?:y|yes|1|ok)["')]?`;
// However the closing and opening are worded: "exit the text and open it again", "close this message, then reopen it".
const REOPEN = String.raw`(?:re-?open|reload|re-?enter|(?:exit|close|leave|quit)(?: (?:the|this) (?:message|text|sms|chat|conversation))?,? (?:and|then|and then) (?:re-?)?(?:open|enter)(?: it| this| the (?:message|text))?(?: again)?|open (?:this|the|it) (?:message |text |sms )?again|return to this (?:message|text))`;
const ACTIVATE = String.raw`(?:activate|enable|unlock|access|get|open|use|click|tap)(?: (?:the|this))?(?: (?:tracking|payment|pay|secure|delivery|below))? (?:link|url|website|page)`;

const REPLY_TO_ACTIVATE = phrases(
  String.raw`${REPLY}[^.!?\n]{0,60}?${REOPEN}`,
  String.raw`${REPLY}[^.!?\n]{0,60}?to ${ACTIVATE}`,
  String.raw`${ACTIVATE}[^.!?\n]{0,30}?,? (?:please )?${REPLY}`,
  String.raw`${REOPEN}[^.!?\n]{0,30}?to ${ACTIVATE}`,
  // "Reply 1 to receive your payment link": the link is sent only once the number answers.
  String.raw`${REPLY}[^.!?\n]{0,20}?to (?:receive|get|see|view|access|be sent) (?:the |your |a )?(?:\w+ )?(?:link|url)`,
  String.raw`(?:responda|responde|conteste|contesta|envie|envia)(?: con)? ["'(]?(?:s|si|y|1)["')]?[^.!?\n]{0,20}?para (?:recibir|obtener|ver) (?:el|su|tu) (?:enlace|link|vinculo)`,
  String.raw`(?:link|url) (?:is )?(?:not |isn'?t )?(?:clickable|active|working)[^.!?\n]{0,40}?${REPLY}`,
  // Spanish: "responda S y vuelva a abrir este mensaje para activar el enlace".
  String.raw`(?:responda|responde|conteste|contesta|envie|envia)(?: con)? ["'(]?(?:s|si|y|1)["')]?[^.!?\n]{0,60}?(?:vuelva a abrir|vuelve a abrir|reabra|reabre|cierre y abra|activar el (?:enlace|link)|activar el vinculo)`,
);

export const replyToActivate: Rule = {
  id: "reply-to-activate",
  title: '"Reply Y to turn on the link"',
  why: "Your phone switches off links in texts from strangers to protect you. This message asks you to reply so the link works again, and a reply also tells the scammer your number is real. Don't reply and don't open the link.",
  page: SIGN_PAGES.lookAlikeSendersAndLinks,
  weight: "decisive",
  asks: "reply",
  find: (message) => findPhrases(message.wording, REPLY_TO_ACTIVATE),
};
