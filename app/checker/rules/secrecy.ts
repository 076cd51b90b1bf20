import { findPhrases, phrases, YOUR } from "../phrase-patterns";
import type { MessagePart } from "../message-part";
import type { Rule } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/**
 * Being told to keep quiet or not to check: "don't tell anyone", "keep this between us", "don't
 * call your bank". Honest advice about codes ("don't share this code", "don't tell anyone your
 * PIN") is not secrecy, and neither is an email footer saying the message is confidential.
 */

const WHO = String.raw`(?:anyone|anybody|any one|no one|nobody|your (?:bank|family|children|kids|son|daughter|wife|husband|partner|parents|mom|mum|dad|friends|teacher|boss|manager|colleagues|coworkers|grandchildren|relatives|branch)|(?:the|my|our) (?:team|bank|family|others|office|police|boss)|mom|mum|dad|my parents|the police|others|family(?: members)?|other family members|(?:the )?(?:bank |branch )?(?:staff|tellers?|employees)|(?:bank |branch )?staff|anyone at the (?:bank|branch|store))`;

const SECRECY = phrases(
  // "If you tell anyone, the deal is off", "si avisa a alguien", "don't hang up", "ni vaya a la sucursal": cutting the reader off from help.
  String.raw`(?:if|si) (?:you |usted |tu )?(?:tell|call|contact|inform|avisa|avisas|le dice|le dices|llama|llamas|contacta|informa)(?: a)? (?:anyone|anybody|someone|the police|the cops|alguien|nadie|la policia|las autoridades)`,
  String.raw`(?:don'?t|do not|dont|never|no|ni) (?:hang up|end (?:the|this) call|cuelgue|cuelgues|corte la llamada|go to (?:the|your) (?:branch|bank)|vaya a (?:la|su) (?:sucursal|banco)|visit (?:the|a|your) branch)`,
  String.raw`(?:don'?t|do not|dont|never|please don'?t|pls dont|please do not|must not|mustn'?t|can'?t|cannot|shouldn'?t|should not) (?:even )?(?:think about )?(?:tell|telling|mention|mentioning|discuss|share this with|talk to|talking to|speak to|speak with|talk with|contact|call|calling|inform|say (?:anything|a word) to) (?:this |it |anything |about this )?(?:to |with |about it (?:to |with )?)?${WHO}`,
  String.raw`(?:don'?t|do not|dont|pls dont|please don'?t) (?:mention|discuss|talk about) (?:it|this|that)(?: to (?:\w+ ){0,2}\w+)?`,
  String.raw`(?:keep|kept) (?:this|it|that|everything|our chat|our conversation|this award|the award|this matter|this offer) (?:strictly |completely |totally )?(?:between us|between you and me|quiet|secret|private|to yourself|confidential|a secret|on the down ?low|hush)`,
  "keep it quiet|between (?:you and me|us|ourselves)|our (?:little )?secret|tell no one|nobody (?:else )?(?:can|must|should) know|(?:strictly |highly )?confidential",
  String.raw`(?:don'?t|do not|please do not) (?:use|call) the (?:number|phone number) on (?:the back of )?(?:your|ur) card`,
  String.raw`(?:don'?t|do not) (?:go to|visit) (?:your|the) (?:bank|branch)`,
  String.raw`(?:bank|teller|staff) (?:may|might|will) (?:ask|try|not understand)`,
  String.raw`(?:fraudsters?|scammers?|criminals?|someone) (?:may be|might be|is|are|could be) (?:working )?(?:inside|at|in) (?:the|your) (?:bank|branch)`,
  String.raw`must not discuss`,
  "(?:if you|don'?t|do not|dont) (?:call|contact|tell|go to) (?:the )?(?:police|cops|authorities)|si (?:llama|llamas|avisa|avisas) a la policia",
  // Ways of stopping you from checking by phone: the scammer can't "talk" in the voice you know.
  "can'?t (?:take|answer|make) (?:any )?(?:calls|phone calls|the phone)|(?:phone lines?|phones?) (?:are|is) (?:down|out|not working)|(?:email|text(?:ing)?|chat|this number) is the (?:best|only) way to reach me|(?:i'?m|i am) (?:stuck )?in (?:a|another) meeting|can'?t talk (?:right )?now",
  String.raw`(?:i'?m|i am|im) (?:tied up|stuck|busy|caught up|booked) (?:in|with|all day in) (?:\w+ ){0,3}(?:meetings?|conference|calls?|appointments?)|(?:in|between) back[- ]to[- ]back (?:meetings|calls)|(?:can'?t|cannot|unable to) (?:talk|call(?: you| u)?|take (?:a |your )?call|answer (?:the |my )?phone|speak)(?: (?:right )?now| at the moment| today)?`,
  // "Don't discuss this with your lawyer": whoever is named, the point is to keep the reader alone.
  String.raw`(?:don'?t|do not|dont|never) (?:tell|mention|discuss|share|talk about) (?:this|it|anything|any of this|about this)(?: (?:with|to) (?:${YOUR}|the) \w+)`,
  String.raw`no (?:le |les |se lo )?(?:comente|comentes|diga|digas|cuente|cuentes|mencione|menciones|hable|hables|consulte|consultes) (?:esto |nada |de esto |sobre esto |el asunto )?(?:con|a) (?:su|tu|sus|tus|el|la|los|las|nadie|ningun)(?![\p{L}])`,
  String.raw`(?:estoy|ando) (?:en|metid[oa] en) (?:una )?(?:junta|reunion|juntas|reuniones)|no puedo (?:hablar|contestar|atender)(?: ahorita| ahora| en este momento)?`,
  // Spanish
  String.raw`no (?:le |les |se lo |se la )?(?:diga|digas|cuente|cuentes|comente|comentes|mencione|menciones|hable|hables|llame|llames|contacte|contactes|avise|avises)(?: (?:nada|esto|a nadie|de esto|el caso|del caso|sobre esto|lo que paso))? (?:a |con )?(?:nadie|su (?:banco|familia|hijos?|hija|esposo|esposa)|tus? (?:papas|padres|mama|papa|familia|hijos)|mama|papa|el banco|la policia)`,
  "entre (?:nosotros|tu y yo|usted y yo)",
  // The writer's own family kept out: "no le digas a mi papá", "don't tell my mom".
  String.raw`no (?:le |les |se lo )?(?:digas|diga|cuentes|cuente|avises|avise|menciones|mencione) (?:nada )?(?:a|con) (?:mi|mis) (?:papa|mama|papas|padres|esposo|esposa|familia|hermano|hermana|hijos?)|(?:don'?t|do not|dont|please don'?t) (?:tell|call|text|worry) (?:my|our) (?:mom|mum|dad|parents|wife|husband|family|brother|sister)`,
  String.raw`(?:you|u) (?:don'?t|dont|do not) want (?:your|ur|the) (?:\w+ )?(?:parents|mom|mum|dad|family|friends|school|boss|wife|husband|kids|teachers?) (?:to )?(?:see|seeing|know|knowing|find out|finding out)|no (?:quieres|quiere) que (?:tus|sus|tu|su) (?:papas|padres|mama|papa|familia|esposo|esposa|amigos|jefe) (?:lo |se )?(?:vean|sepan|enteren)`,
  String.raw`no (?:lo |la |le |se lo )?(?:comente|comentes|diga|digas|cuente|cuentes|mencione|menciones|hable|hables) (?:con|a) (?:nadie|ninguna persona)|que no se (?:entere|enteren) (?:mi |su |tu |nadie|el |la )`,
  String.raw`(?:before|so|or) (?:my|your|ur|the|his|her) (?:\w+ )?(?:boss|mom|mum|dad|parents|wife|husband|family|bank|partner|kids) (?:finds? out|knows?|sees?|hears?)|(?:don'?t|do not|dont) (?:want|let) (?:my|your|ur|the) (?:\w+ )?(?:boss|mom|mum|dad|parents|wife|husband|family|bank|partner) (?:to )?(?:know|find out)`,
  String.raw`(?:asked|begged|wants?|told me) (?:that )?(?:you|u) (?:not|don'?t|do not|never) (?:to )?(?:call|tell|contact|text|involve|worry) (?:his|her|their|your|ur) (?:\w+ )?(?:mother|father|mom|mum|dad|parents|wife|husband|family|bank)`,
  String.raw`(?:handle|do|take care of) (?:something|this|a task|an errand)[^.!?\n]{0,25}?(?:discreetly|quietly|privately|confidentially)`,
  "(?:mantenga|mantener|guarde|guardar) (?:este (?:aviso|mensaje|asunto)|esto|la noticia) (?:en )?(?:reserva|secreto|privado)",
  "no (?:le |les )?(?:puede|debe|podra|puedes|debes) (?:comentarlo|decirlo|contarlo|hablarlo|comentar|decir|contar|avisar)(?:le|les)? (?:con|a) nadie",
  "no (?:le |les )?(?:avise|avises|diga|digas|cuente|cuentes) (?:nada )?a (?:los|sus|tus) (?:papas|padres|hijos|familiares)",
  "mantenga(?:lo)? (?:en )?(?:secreto|confidencial)|mantengalo en secreto|(?:es |sea )?confidencial",
  "en secreto",
);

/** "This email and any attachments are confidential": a legal footer, not a request. */
function isFooter(part: MessagePart, start: number): boolean {
  const before = part.folded.slice(Math.max(0, start - 80), start);
  return /(?:e-?mail|message|communication|attachments?|transmission|correo|mensaje)[^.!?]*$/.test(before);
}

/** "Don't tell anyone your code": advice about a code, which honest sign-in messages give. */
function isCodeAdvice(part: MessagePart, end: number): boolean {
  return /^\s*(?:your|ur|this|the|su|tu|este|el)?\s*(?:code|pin|password|passcode|codigo|clave|contrasena)/.test(
    part.folded.slice(end, end + 30),
  );
}

/**
 * "Don't tell Dad about the party, it's a surprise for his birthday": the one secret families keep
 * on purpose. A "surprise" that needs money or gift cards is the boss-gift-card scam's cover story.
 */
function isHappySurprise(part: MessagePart): boolean {
  const text = part.folded;
  return (
    /(?<![\p{L}])(?:surprise|sorpresa)/u.test(text) &&
    /party|birthday|anniversary|fiesta|cumpleanos|aniversario/.test(text) &&
    // A present bought for the party is fine ("te compré una tarjeta de regalo"); a request for one is not.
    !/(?:buy|get|send|pay|transfer|wire|scratch|pick up|grab)(?: me| us)? (?:\w+ ){0,3}(?:gift ?cards?|\$|money|cash)|(?:compra|compre(?:me|nos)|consigue|consiga|manda|mande|envia|envie|paga|pague|transfiere)(?:me|nos)? (?:\w+ ){0,3}(?:tarjetas? de regalo|\$|dinero|efectivo)|codes?|codigos?|photos? of|fotos? de/.test(
      text,
    )
  );
}

export const secrecy: Rule = {
  id: "secrecy",
  title: "Asks you to keep it secret",
  why: "It tells you not to tell anyone, or not to check with your bank or family. Scammers want you on your own, because the people who care about you would spot the trick.",
  page: SIGN_PAGES.secrets,
  weight: "suspicious",
  asks: "keep-secret",
  find: (message) => {
    // Judged once per part, not per match: a long message can have thousands of matches.
    const happy = new Set(message.wording.filter(isHappySurprise));
    return findPhrases(message.wording, SECRECY, {
      unless: (part, start, end) => isFooter(part, start) || isCodeAdvice(part, end) || happy.has(part),
    });
  },
};
