import { findPhrases, phrases, YOUR } from "../phrase-patterns";
import type { MessagePart } from "../message-part";
import type { PreparedMessage } from "../prepared-message";
import type { Rule, RuleMatch } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/**
 * Borrowed importance: the message says it comes from a bank, a government office, the police or
 * a court, a delivery company, tech support or a fraud team, or it leans on a crowd ("everyone in
 * your class already did it", "12,000 players topped up"). The public page for both is the same
 * (official-sounding-names). Honest banks and couriers name themselves too, so a name is context:
 * it is shown only beside a warning (Rule.weight), where it is what makes a request or a threat
 * believable; a bank's name on a plain statement notice is not named at all. The crowd is a
 * pressure tactic of its own, so it counts alone.
 */

const AUTHORITY = phrases(
  `${YOUR} bank`,
  "(?:bank(?:ing)?|card) (?:security|fraud|protection|services) (?:team|department|dept|unit|desk|center|centre)",
  "fraud (?:department|dept|team|prevention|unit|desk|division|investigations?|investigator|specialist|services|protection|alert|alerts|detection)",
  "(?:security|compliance|verification|billing|refunds?|claims|accounts?|collections|support|technical|it) (?:department|team|desk|center|centre|dept|division|unit|office|agent|specialist)",
  "internal revenue service|social security(?: administration| office)?|tax (?:office|department|authority|authorities|agency|service|refund (?:department|unit))",
  String.raw`department of (?:the )?(?:\w+ ){0,2}\w+`,
  "police(?: department| officer| station)?|sheriff(?:'s office)?|(?:us |u\\.s\\. )?marshals?(?: service)?",
  "court (?:order|case|date|summons|hearing|appearance|fees?)|(?:the|district|federal|county|supreme|magistrates?) court|magistrate|judge|attorney(?: at law)?|lawyer|solicitor|legal (?:department|team|office)",
  "customs(?: and border protection| office| department| clearance| duty| fee)?|border (?:control|agents?|protection)|immigration(?: office| services)?",
  "(?:the )?government|federal (?:\\w+ )?(?:agency|office|unit|department|government|benefits)|national (?:\\w+ )?(?:agency|office|service|bureau)|benefits? (?:office|department|team|review)|pension (?:office|department|service)|ministry of",
  "(?:delivery|postal|courier|shipping|parcel|logistics) (?:company|service|services|team|department|partner|center|centre|office|notice|agent)|post office|postal service",
  "tech(?:nical)? support|support (?:team|desk|center|centre|agents?|specialists?)|help ?desk|helpline|customer (?:service|support|care)|certified technicians?|technicians?",
  "account (?:services|security|protection|team|review)",
  "(?:probate|tax|benefits?|pension|records|claims|revenue|licensing|registry|court|customs|passport|immigration|post|sheriff'?s|attorney'?s|prosecutor'?s) office",
  String.raw`(?:this is|we are|i am|i'm|from|calling from|here at|on behalf of|at) (?:the |your )?(?:\w+ ){0,3}(?:bank|credit union|building society)`,
  "medicare|medicaid",
  "(?:federal|government|gubernamental) (?:grant|subsidy|program|relief)|subsidio (?:federal|del gobierno)|(?:le|te) (?:llamo|llamamos|hablo|hablamos) de(?:sde)? (?:la |el )?(?:compania|empresa|oficina|soporte|banco|departamento|servicio)",
  // "I'm Officer Diaz", "Sgt. Walker": a title of rank before a name.
  String.raw`(?:officer|sergeant|sgt\.?|deputy|detective|agent|inspector|lieutenant|lt\.?|captain|trooper|marshal|oficial|agente|sargento|principal|superintendent|barrister|licenciad[oa]|lic\.) [a-z]+(?=[,.!\s])`,
  "(?:sheriff|marshal|police|state police|highway patrol)'?s? (?:office|department|dept)|federal notice|aviso federal|servicios? de inmigracion|oficina de inmigracion",
  // The boss's name borrowed for a favour: "it's Principal Greene", "soy tu supervisor".
  "(?:it'?s|its|this is|from|soy|le escribe|te escribe) (?:your |ur |tu |su )?(?:principal|boss|manager|supervisor|director|ceo|cfo|pastor|headteacher|head teacher|jefe|jefa|supervisora|gerente|directora?)",
  "(?:tu|su) (?:jefe|jefa|supervisor|supervisora|gerente)",
  "(?:this is|it'?s|its|i'?m|im) (?:ur |your |the )?(?:\\w+ )?(?:delivery )?(?:driver|courier|carrier|delivery guy)",
  "(?:camera|traffic|speed|parking|red light|toll) enforcement|automated (?:camera|traffic|speed)",
  "(?:forensics?|recovery|investigations?|compliance|anti-?fraud|fraud|risk|trust (?:and|&) safety) (?:team|unit|department|division|specialists?|officers?|desk)|federal (?:investigators|agents|officers)|equipo antifraude",
  "(?:help|support|service|aid|processing|resolution|claims) (?:center|centre)|student aid",
  "billing (?:team|department|dept|office)|accounts (?:payable|receivable)",
  "le (?:saluda|habla|escribe|contacta) (?:el |la )?(?:equipo|departamento|banco|servicio|oficina|area)",
  String.raw`(?:county|city|municipal|state|district|federal|traffic|superior) (?:\w+ )?court`,
  String.raw`dept\.? of (?:the )?\w+`,
  "(?:parking|traffic|toll|tolls|turnpike|motor vehicle) (?:enforcement|authority|division|office|services|department|agency|notice|citation|violation)",
  // Spanish
  "(?:su|tu) banco",
  "departamento de (?:fraudes?|seguridad|cobranza|facturacion|educacion|vehiculos|salud|trabajo|estado)|la embajada|el consulado|notari[ao] publica?|servicios migratorios|migracion|le habla (?:el|la) (?:licenciad[ao]|oficial|agente)",
  "seguro social",
  "servicio de (?:impuestos|administracion tributaria)|agencia tributaria|hacienda",
  "aduanas?",
  "policia",
  "(?:soporte|servicio|asistencia) tecnic[ao]",
  "paqueteria|servicio postal|empresa de (?:mensajeria|paqueteria|envios)|mensajeria",
  "gobierno|ministerio|juzgado|tribunal|fiscalia|abogad[ao]|el juez|la jueza|licenciad[ao]|agente de (?:fraudes?|seguridad)",
  "(?:equipo|centro|area) de (?:seguridad|fraudes?|soporte)",
  // Who gets paid to file immigration papers: "nuestro notario", "notary public".
  "notari[oa]s?|notary(?: public)?|(?:tramites|servicios|asuntos) migratorios|(?:centro|oficina) de tramites",
);

/**
 * Names that are also ordinary words in lower case ("ups and downs", "she sat down", "apple
 * pie"): they count only when written with a capital letter, as a name is.
 */
const NAMES = phrases(
  // Toll programmes, the most borrowed names of 2025's smishing: written as names, they say "a toll authority".
  "e-?z ?pass|sun ?pass|fas ?trak|tx ?tag|peach ?pass|i-?pass|good to go|the toll roads|toll by plate|pay by plate|ntta|quick ?pass|k-?tag|e-?pass",
  "irs|hmrc|ssa|fbi|ftc|dea|dhs|uscis|fema|dmv|sat|usps|fedex|dhl|ups|royal mail|parcelforce|correos|canada post|evri|microsoft|windows|apple|norton|mcafee|geek squad|amazon|paypal|netflix|google|facebook|meta|instagram|whatsapp|coinbase|binance|chase|wells fargo|bank of america|citibank|hsbc|barclays|santander|bbva|interpol|europol",
  String.raw`[a-z]+bank`,
);

/**
 * An organisation's name written as a name: capitalised words ending in a word that says what
 * kind of organisation it is ("Cedarline Bank", "QuickShip Couriers", "Orbit OS Support"), or
 * in Spanish starting with one ("Banco Cedarline"). Matched on the original text, with capitals.
 */
const ORGANISATION_WORD =
  "Soporte|Seguridad|Cobranza|Facturación|Facturacion|Atención al Cliente|Bank|Banking|Credit Union|Couriers?|Parcels?|Post|Postal Service|Delivery|Deliveries|Logistics|Express|Shipping|Security|Support|Mail|Services?|Accounts?|Drive|Cloud|Pay|Wallet|Exchange|Office|Department|Dept|Agency|Authority|Registry|Help ?[Dd]esk|Helpline|Financial|Finance|Insurance|Police|Court|Customs|Telecom|Energy|Utilities|Power|Tax|Revenue|Treasury|Administration|Bureau|Commission|Council|Ministry|Government|Benefits|Pensions?|Retirement|Protection|Alerts?|Team|Systems?|Recruiting|Recruitment|Tolls?|Fraud Prevention|Fraud Team|Billing|Rewards|Unit|Division|Centre|Center|Mobile|Wireless|Electric|Gas|Water|Health|Medical|Pharmacy|Airlines|Capital|Trust|Investments|Recovery|Outreach|Foundation|Relief|Fund|Charities|Network|Schools?|University|College|District|Clinic|Hospital|Enforcement|Processing";
const NAME_CHARACTER = String.raw`[\p{L}\p{N}&'’.-]`;
/** "Cedarline Bank", "QuickShip Couriers": up to four capitalised words, ending in a kind of organisation. */
const NAME_THEN_KIND = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:[A-Z]${NAME_CHARACTER}*|OS|of|de|the) ){0,3}[A-Z]${NAME_CHARACTER}* (?:${ORGANISATION_WORD})(?![\p{L}\p{N}])`,
  "uy",
);
/** "Banco Cedarline", "Soporte de Nimbus". */
const KIND_THEN_NAME =
  /(?<![\p{L}\p{N}])(?:Banco|Paqueter[ií]a|Correos|Servicio|Departamento|Oficina|Agencia|Soporte|Seguridad)(?: de(?: la| los)?)? [A-Z][\p{L}\p{N}]+/uy;
const NAME_RUN = new RegExp(`${NAME_CHARACTER}*`, "uy");
const WORD_START = /(?<![\p{L}\p{N}])[A-Za-z]/uy;

/**
 * Every organisation name in the text, left to right, as one regular expression with both
 * patterns would find them. A name can start after a "." or "-" inside a run of letters
 * ("x.Cedarline Bank"), but from every such start in one run the first word reaches the same end
 * of the run, so the rest of the match is the same: once the first capital of a run fails, the
 * later ones would too and are not tried again. Trying them all ("A.A.A.A...") grows with the
 * square of the run's length.
 */
function* organisationMatches(text: string): Generator<{ index: number; text: string }> {
  let failedRunEnd = -1;
  for (let i = 0; i < text.length; i++) {
    WORD_START.lastIndex = i;
    if (!WORD_START.test(text)) continue;
    const capital = text[i] >= "A" && text[i] <= "Z";
    let match: RegExpExecArray | null = null;
    if (i >= failedRunEnd) {
      NAME_THEN_KIND.lastIndex = i;
      match = NAME_THEN_KIND.exec(text);
      if (!match && capital) {
        NAME_RUN.lastIndex = i;
        NAME_RUN.exec(text);
        failedRunEnd = NAME_RUN.lastIndex;
      }
    }
    if (!match && capital) {
      KIND_THEN_NAME.lastIndex = i;
      match = KIND_THEN_NAME.exec(text);
    }
    if (match) {
      yield { index: i, text: match[0] };
      i += match[0].length - 1;
    }
  }
}

const CAMEL_CASE_NAME = /(?<![\p{L}\p{N}@./])[A-Z][a-z]{2,}[A-Z][a-z]{2,}(?![\p{L}\p{N}.@/])/gu;

/** "HarborBank: your card ..." or "Pebble Pirates: Double treasure weekend!": a text that names its sender first. */
const NAME_PREFIX = /^\s*([A-Z][\p{L}\p{N}&'’ .-]{1,30}?):(?=\s)/u;

function organisationNames(message: PreparedMessage): RuleMatch[] {
  const found: RuleMatch[] = [];
  for (const part of message.wording) {
    for (const match of organisationMatches(part.original)) {
      // "Dear Customer Service Team," is a greeting, not a name; "Your Property Management Team" names the team after "Your".
      if (/^(?:Dear|Hi|Hello|Thank|Thanks|Kind|Best)\b/.test(match.text)) continue;
      const lead = /^(?:(?:The|Your|Our|My|of|de|the) )+/.exec(match.text)?.[0].length ?? 0;
      if (match.text.length - lead < 4) continue;
      found.push({ field: part.field, start: match.index + lead, end: match.index + match.text.length });
    }
    // "StreamNest", "QuickShip": a word with a capital inside is a brand's name, not how people write.
    for (const camel of part.original.matchAll(CAMEL_CASE_NAME)) {
      found.push({ field: part.field, start: camel.index, end: camel.index + camel[0].length });
    }
    const prefix = part.field === "sender" ? null : NAME_PREFIX.exec(part.original);
    if (
      prefix &&
      !/^(?:Re|Fwd?|Subject|Note|PS|Update|Hi|Hello|Hey|Dear|Reminder|From|To|Date)$/i.test(prefix[1].trim()) &&
      // "Queridos hermanos:", "Dear neighbors:", "Estimadas familias:": a greeting, not a sender's name.
      !/^(?:Dear|Hi|Hello|Hey|Hola|Querid[oa]s?|Estimad[oa]s?|Buen[oa]s?)\b/i.test(prefix[1].trim())
    ) {
      const start = prefix.index + prefix[0].indexOf(prefix[1]);
      found.push({ field: part.field, start, end: start + prefix[1].length });
    }
  }
  return found;
}

/** "Everyone is doing it": a crowd used as proof. Pressure, not context (RuleMatch.weight). */
const CROWD = phrases(
  String.raw`(?:everyone|everybody|all (?:your|ur|the) (?:friends|classmates|class)|the whole (?:class|school|team))(?: in (?:your|ur) (?:class|school|team|group))?(?:'s| is| has| have| already)? (?:already )?(?:done it|did it|doing it|joined|signed up|got (?:it|theirs|one)|watching|seen it|playing|using it|in)`,
  String.raw`(?:over |more than |already )?\d[\d,.]{0,15}k?\+? (?:happy |other |lucky )?(?:kids|players|people|users|members|customers|families|investors|students|gamers|fans|neighbo(?:u)?rs) (?:already |have already |have |just )?(?:got|did|joined|topped up|claimed|signed up|won|made|earned|received|collected|used|invested|upgraded|are (?:using|earning|playing))`,
  String.raw`(?:you have|you've got|u have) \d+ (?:mutual )?friends in common|\d+ mutual friends`,
  String.raw`(?:todos|todo el mundo|miles de personas|\d[\d,.]{0,15} personas) (?:ya )?(?:lo (?:hicieron|han hecho|tienen)|se (?:unieron|inscribieron)|ganan|estan ganando)`,
);

function isWrittenAsName(part: MessagePart, start: number): boolean {
  const first = part.original[start];
  return first !== first.toLowerCase();
}

export const claimsAuthority: Rule = {
  id: "claims-authority",
  title: "Borrowed importance",
  why: 'It leans on a big name, like a bank, a government office, a delivery company or tech support, or on "everyone is doing it". Anyone can type a name or a number. Check with the organization yourself, using a number or app you already trust.',
  page: SIGN_PAGES.officialSoundingNames,
  weight: "context",
  find: (message) => [
    ...findPhrases(message.wording, AUTHORITY),
    ...findPhrases(message.wording, NAMES, { unless: (part, start) => !isWrittenAsName(part, start) }),
    ...organisationNames(message),
    ...findPhrases(message.wording, CROWD).map((match) => ({ ...match, weight: "pressure" as const })),
  ],
};
