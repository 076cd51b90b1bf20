import { bandFitProblems } from "./band-fit";
import { MIN_LANDING_CONTRAST, whiteTextContrast } from "./landing-look";
import { hasStrayPlaceholderBraces, sampleDeliveredForm, unknownPlaceholders } from "./delivered-form";
import {
  displayBody,
  findRedFlagSpan,
  hasStrayLinkBrackets,
  partText,
  type MessagePart,
} from "./practice-message-text";
import { foreignDomains, frighteningWords, realBrandNames, realLookingPhoneNumbers } from "./practice-safety-rules";
import { GIVEAWAY_LINK_WORDS, type AgeBand, type PracticeScenario, type ScamType } from "./practice-scenario-schema";
import { britishWords } from "./us-english";
import { otherVoiceWord, spainWords, voiceFor } from "./us-spanish";
import { kindMatches, RED_FLAG_KINDS, type RedFlagKindId } from "./red-flag-kinds";

/**
 * The rules of one scenario that the zod shape cannot say on its own: channel rules, red flag
 * quotes that really are in the message, difficulty that matches the age bands, and the safety
 * rules. Each problem is one sentence; the library puts the file name in front.
 */

/** Child scenarios stay gentle: only these kinds of scam are ever simulated for 8-12 year olds. */
export const CHILD_SCAM_TYPES: readonly ScamType[] = [
  "fake-prize",
  "gaming-currency",
  "social-media",
  "qr-code",
  "skins-trading",
  "streamer-giveaway",
  "account-ban",
];
/** Romance (and sextortion) is taught in lessons, never simulated, for children and teenagers. */
const ADULT_ONLY_SCAM_TYPES: readonly ScamType[] = ["romance"];
const YOUNG_BANDS: readonly AgeBand[] = ["child", "teen"];

export const SMS_BODY_MAX_CHARACTERS = 300;
export const EMAIL_BODY_WORDS = { min: 40, max: 180 } as const;
/** The SMS link is written `[[link]]`: the sender swaps it for the practice link's address. */
export const SMS_LINK_MARKER = "[[link]]";

/** The part of an email address before the "@": the practice mail domain follows it. */
const LOCAL_PART = /^[a-z0-9](?:[a-z0-9._-]{0,38}[a-z0-9])?$/;

function quoted(text: string): string {
  return JSON.stringify(text);
}

function describeBands(bands: readonly string[]): string {
  return bands.length ? bands.join(", ") : "none";
}

/** A word of four or more capitals: a short acronym (DMV, GEM) is how names are written. */
const SHOUTED_WORD = /\b[A-Z]{4,}\b/;
const THREE_BANGS = /!{3,}/;

/**
 * What receivers' filters score and no real scam of the kind needs (issue #40): an all-caps word
 * in the sender's name, and three or more exclamation marks in a row. A scenario keeps its
 * shouting and its "!!"; these two only cost practice mail its inbox.
 */
function deliverabilityProblems(scenario: PracticeScenario): string[] {
  const problems: string[] = [];
  const shouted = SHOUTED_WORD.exec(scenario.from.name)?.[0];
  if (shouted) {
    problems.push(
      `the sender's name has the all-caps word ${quoted(shouted)}; write it in ordinary capitals (spam filters score shouted sender names)`,
    );
  }
  for (const [name, text] of [
    ["subject", scenario.subject ?? ""],
    ["body", scenario.body],
  ] as const) {
    if (THREE_BANGS.test(text)) {
      problems.push(`the ${name} has three or more "!" in a row; use at most two (spam filters score "!!!")`);
    }
  }
  return problems;
}

function channelProblems(scenario: PracticeScenario): string[] {
  const problems: string[] = [];
  const body = displayBody(scenario.body);
  if (scenario.channel === "email") {
    if (scenario.subject === undefined) problems.push(`missing field "subject" (every email needs one)`);
    const address = scenario.from.address;
    if (address === undefined) {
      problems.push(`missing field "from.address" (the part before the "@", such as "fraud-alerts")`);
    } else if (!LOCAL_PART.test(address)) {
      problems.push(
        `from.address ${quoted(address)} must be only the part before the "@" (lower-case letters, digits, dots and hyphens): the email leaves from it at the practice mail domain`,
      );
    }
    problems.push(...deliverabilityProblems(scenario));
    const words = body.text.split(/\s+/).filter(Boolean).length;
    if (words < EMAIL_BODY_WORDS.min || words > EMAIL_BODY_WORDS.max) {
      problems.push(
        `the email body has ${words} words; it must have ${EMAIL_BODY_WORDS.min} to ${EMAIL_BODY_WORDS.max}`,
      );
    }
  } else {
    if (scenario.subject !== undefined) problems.push(`a text message has no subject; remove "subject"`);
    if (scenario.from.address !== undefined) {
      problems.push(`a text message arrives from the Training Program's own number; remove "from.address"`);
    }
    const length = scenario.body.replace(SMS_LINK_MARKER, "").length;
    if (length > SMS_BODY_MAX_CHARACTERS) {
      problems.push(
        `the text message is ${length} characters without the link; at most ${SMS_BODY_MAX_CHARACTERS} fit`,
      );
    }
  }
  return problems;
}

/** HTML tags and Markdown marks would show up literally (or not at all) in a plain-text message. */
const FORMATTING = /<\/?[a-z][^>]*>|\*\*|__|\]\(|^#{1,6}\s/im;

function linkProblems(scenario: PracticeScenario): string[] {
  const links = displayBody(scenario.body).links;
  if (links.length !== 1 || hasStrayLinkBrackets(scenario.body)) {
    return [
      `the body must have exactly one [[...]] link marker; it has ${links.length}${hasStrayLinkBrackets(scenario.body) ? " and stray brackets" : ""}`,
    ];
  }
  if (scenario.channel === "sms" && links[0].text !== "link") {
    return [`a text message's link marker must be exactly ${SMS_LINK_MARKER}, not [[${links[0].text}]]`];
  }
  if (!links[0].text.trim()) return ["the link marker has no link text"];
  // The words a reader sees on the link may be an address: it must not say what the message is.
  if (GIVEAWAY_LINK_WORDS.test(links[0].text)) {
    return [`the link text ${quoted(links[0].text)} must not say "practice", "training", "scam" or "test"`];
  }
  const formatting = FORMATTING.exec(scenario.body);
  if (formatting)
    return [`the body must be plain text, without HTML or Markdown such as ${quoted(formatting[0].trim())}`];
  return [];
}

function landingProblems(scenario: PracticeScenario): string[] {
  const problems: string[] = [];
  const { colour, organisation } = scenario.landing;
  if (whiteTextContrast(colour) < MIN_LANDING_CONTRAST) {
    problems.push(
      `landing.colour ${colour} is too light for white text on it (contrast ${whiteTextContrast(colour).toFixed(1)}:1, at least ${MIN_LANDING_CONTRAST}:1 needed)`,
    );
  }
  // The page is the organisation's: a phone number is no organisation's name.
  if (!organisation && /\d{3}/.test(scenario.from.name)) {
    problems.push(
      `from.name ${quoted(scenario.from.name)} is a number; give the landing page a "landing.organisation"`,
    );
  }
  return problems;
}

function placeholderProblems(scenario: PracticeScenario): string[] {
  const problems: string[] = [];
  for (const [name, text] of [
    ["body", scenario.body],
    ["subject", scenario.subject ?? ""],
  ] as const) {
    for (const unknown of new Set(unknownPlaceholders(text))) {
      problems.push(`the ${name} has the placeholder {{${unknown}}}; the only one is {{firstName}}`);
    }
    if (hasStrayPlaceholderBraces(text)) problems.push(`the ${name} has "{{" or "}}" outside a placeholder`);
  }
  return problems;
}

/**
 * Each quote must be in the message as it arrives (delivered-form.ts): a text's sender is our own
 * number, and an email's address ends in the practice domain, so a quote can point at the display
 * name or the part of the address before the "@", never at what the deployment decides.
 */
function redFlagProblems(scenario: PracticeScenario): string[] {
  const problems: string[] = [];
  const form = sampleDeliveredForm(scenario);
  const localPartLength = (scenario.from.address ?? "").length;
  const spans = scenario.redFlags.map((redFlag, index) => {
    if (redFlag.quote.includes("{{")) {
      problems.push(`red flag ${index + 1} quotes a placeholder; quote words that arrive as written`);
      return null;
    }
    if (scenario.channel === "sms" && redFlag.in === "from") {
      problems.push(
        `red flag ${index + 1} points at the sender, but a text arrives from the Training Program's own number; quote the message instead`,
      );
      return null;
    }
    const span = findRedFlagSpan(form, redFlag);
    if (!span) {
      const where = redFlag.in === "from" ? "sender's name or address" : redFlag.in;
      problems.push(`red flag ${index + 1} quote ${quoted(redFlag.quote)} is not in the ${where} as delivered`);
    } else if (span.part === "fromAddress" && span.end > localPartLength) {
      problems.push(
        `red flag ${index + 1} quote ${quoted(redFlag.quote)} reaches past the "@": the domain there is the practice domain, not the scenario's`,
      );
      return null;
    }
    return span;
  });
  // Overlapping quotes could not each be highlighted and numbered on the feedback page.
  for (let a = 0; a < spans.length; a++) {
    for (let b = a + 1; b < spans.length; b++) {
      const first = spans[a];
      const second = spans[b];
      if (first && second && first.part === second.part && first.start < second.end && second.start < first.end) {
        problems.push(
          `red flags ${a + 1} and ${b + 1} overlap in the ${scenario.redFlags[a].in}; quote different words`,
        );
      }
    }
  }
  if (scenario.difficulty.cues < scenario.redFlags.length) {
    problems.push(
      `difficulty.cues is ${scenario.difficulty.cues} but ${scenario.redFlags.length} red flags are listed; cues counts every cue, so it cannot be smaller`,
    );
  }
  return problems;
}

function audienceProblems(scenario: PracticeScenario): string[] {
  const problems: string[] = [];
  const bands = [...scenario.ageBands].sort();
  const premiseBands = Object.keys(scenario.difficulty.premise).sort();
  if (bands.join() !== premiseBands.join()) {
    problems.push(
      `difficulty.premise must rate exactly the age bands in ageBands (ageBands: ${describeBands(bands)}; premise: ${describeBands(premiseBands)})`,
    );
  }
  if (scenario.ageBands.includes("child") && !CHILD_SCAM_TYPES.includes(scenario.scamType)) {
    problems.push(
      `scamType ${scenario.scamType} is not for children; child scenarios may only be ${CHILD_SCAM_TYPES.join(", ")}`,
    );
  }
  if (ADULT_ONLY_SCAM_TYPES.includes(scenario.scamType)) {
    const young = scenario.ageBands.filter((band) => YOUNG_BANDS.includes(band));
    if (young.length) problems.push(`scamType ${scenario.scamType} is for adults only, not ${young.join(", ")}`);
  }
  if (scenario.ageBands.includes("child")) {
    const words = [...new Set(allText(scenario).flatMap((entry) => frighteningWords(entry.text)))];
    if (words.length) problems.push(`a child scenario must not be frightening; remove ${words.map(quoted).join(", ")}`);
  }
  // Scenarios are chosen only for the bands whose lives the story fits (band-fit.ts, issue #35).
  problems.push(...bandFitProblems(scenario));
  return problems;
}

interface NamedText {
  name: string;
  text: string;
}

/** What the reader of the message sees: the message itself and the landing page. */
function messageText(scenario: PracticeScenario): NamedText[] {
  return [
    { name: "title", text: scenario.title },
    { name: "from.name", text: scenario.from.name },
    { name: "from.address", text: scenario.from.address ?? "" },
    { name: "subject", text: scenario.subject ?? "" },
    { name: "body", text: scenario.body },
    { name: "landing.heading", text: scenario.landing.heading },
    { name: "landing.button", text: scenario.landing.button },
  ];
}

/** Everything written in the scenario, including our own explanations. */
function allText(scenario: PracticeScenario): NamedText[] {
  return [
    ...messageText(scenario),
    { name: "nextTime", text: scenario.nextTime },
    ...scenario.redFlags.flatMap((redFlag, index) => [
      { name: `red flag ${index + 1} quote`, text: redFlag.quote },
      { name: `red flag ${index + 1} why`, text: redFlag.why },
    ]),
  ];
}

/** Sextortion is taught in the course and lessons, never simulated, in any band (issue #36). */
const SEXTORTION =
  /\bsextort\w*|\bnudes?\b|\bnaked\b|\bintimate (?:photos?|pictures?|images?|videos?)\b|\bexplicit (?:photos?|pictures?|images?|videos?)\b|sextorsi[oó]n|(?<!\p{L})desnud\p{L}*|(?:fotos?|im[aá]genes|videos?) (?:[ií]ntim|expl[ií]cit)\p{L}*/iu;

function wordingProblems(scenario: PracticeScenario): string[] {
  const problems: string[] = [];
  if (scenario.language === "es") problems.push(...spanishWordingProblems(scenario));
  else {
    for (const { name, text } of allText(scenario)) {
      const british = britishWords(text);
      if (british.length) problems.push(`${name} is not US English: ${british.join(", ")}`);
    }
  }
  for (const { name, text } of messageText(scenario)) {
    const match = SEXTORTION.exec(text);
    if (match) problems.push(`${name} says ${quoted(match[0])}: sextortion is never simulated, in any band`);
  }
  return problems;
}

/**
 * US Spanish, and one voice in our own words: "tú" to children and teenagers, "usted" to adults
 * and older adults. A scenario is for the young or for grown-ups, never both, so its explanations
 * can keep one voice.
 */
function spanishWordingProblems(scenario: PracticeScenario): string[] {
  const problems: string[] = [];
  for (const { name, text } of allText(scenario)) {
    const words = spainWords(text);
    if (words.length) problems.push(`${name} is not US Spanish: ${words.join(", ")}`);
  }
  const voice = voiceFor(scenario.ageBands);
  if (!voice) {
    problems.push(
      `a Spanish scenario is for children and teenagers ("tú") or for adults and older adults ("usted"), not both: split it in two`,
    );
    return problems;
  }
  const explanations = [
    { name: "nextTime", text: scenario.nextTime },
    ...scenario.redFlags.map((redFlag, index) => ({ name: `red flag ${index + 1} why`, text: redFlag.why })),
  ];
  for (const { name, text } of explanations) {
    const other = otherVoiceWord(text, voice);
    if (other) {
      problems.push(
        `${name} says ${quoted(other)}, but speaks to ${voice === "tú" ? 'children and teenagers as "tú"' : 'adults as "usted"'}`,
      );
    }
  }
  return problems;
}

function safetyProblems(scenario: PracticeScenario): string[] {
  const problems: string[] = [];
  for (const { name, text } of allText(scenario)) {
    for (const domain of foreignDomains(text)) {
      problems.push(`${name} has the domain ${quoted(domain)}; every domain must end in .example`);
    }
    for (const phone of realLookingPhoneNumbers(text)) {
      problems.push(`${name} has the phone number ${quoted(phone)}; only the fictional 555-01xx range is allowed`);
    }
  }
  // Our explanations may name a real agency ("the tax office never texts"), the message may not.
  for (const { name, text } of messageText(scenario)) {
    for (const brand of new Set(realBrandNames(text))) {
      problems.push(`${name} names the real brand or agency ${quoted(brand)}; use an invented name`);
    }
  }
  return problems;
}

/** Words a greeting or a title may be followed by that are no one's name. */
const NOT_A_NAME = new Set(
  (
    "Customer Sir Madam Friend Friends Member Members User Gamer Gamers Player Players Winner Valued Account " +
    "Home Homeowner Owner Parent Parents Student Students Team All There Everyone Beneficiary Client Subscriber " +
    "Shopper Applicant Candidate Taxpayer Resident Driver Fan Fans Creator Buddy Champ Lucky Grandma Grandpa " +
    "Mom Mum Dad Sweetheart Darling Dear Love Neighbour Neighbor Colleague Colleagues Partner Supplier Traveller " +
    "Traveler Patient Guest Reader Artist Coach Boss Manager Holder Cardholder Employee Staff Agent Officer " +
    "Legend Builder Champion Pensioner Gran Granny Nana Reciever Receiver Winer Hero Star Superstar " +
    // The same in Spanish (issue #39): "Estimado cliente", "¡Hola, campeón!", "Querida abuela".
    "Cliente Clienta Usuario Usuaria Amigo Amiga Amigos Jugador Jugadora Ganador Ganadora Miembro Señor Señora " +
    "Abuelo Abuela Abuelito Abuelita Mamá Papá Vecino Vecina Estudiante Titular Contribuyente Beneficiario " +
    "Beneficiaria Suscriptor Suscriptora Candidato Candidata Familia Todos Compañero Compañera Cariño Amor Socio " +
    "Socia Conductor Conductora Paciente Campeón Campeona Creador Creadora Fan Residente Propietario Inquilino"
  ).split(" "),
);
/**
 * "Dear Mr. Okafor," "My dearest Carol," "Hi Tom!": a greeting, maybe a title, one name, then a
 * comma or "!". A greeting with a title is always someone's name; a first name may be the cast's
 * (a wrong-number text is addressed to someone else on purpose).
 */
const GREETED_NAME =
  /(?:^|\n)[ \t]*(?:Dear|Dearest|My dearest|My darling|Hi|Hello|Hey|Good morning|Good afternoon|Hola|Estimad[oa]|Querid[oa]|Buenos días|Buenas tardes)[ \t]+((?:Mr|Mrs|Ms|Miss|Mx|Dr|Sr|Sra|Srta|Dra|Don|Doña)\.?[ \t]+)?(\p{Lu}\p{Ll}+)[ \t]*[,!:]/gu;

/**
 * A message greets its reader with `{{firstName}}`, never with a name written for someone else
 * ("Dear Mr. Okafor"). A name of the cast (content/CAST.md) is allowed, as is a one-off stranger
 * elsewhere in the story (a scammer may sign with a name).
 */
export function personalNameProblems(scenario: PracticeScenario, castNames: ReadonlySet<string>): string[] {
  const names = new Set<string>();
  for (const text of [scenario.subject ?? "", scenario.body]) {
    for (const [, title, name] of text.matchAll(GREETED_NAME)) {
      // "Dear Mr. Okafor" addresses the reader by a surname, the cast's or not.
      if (title ? true : !NOT_A_NAME.has(name) && !castNames.has(name)) names.add(`${title ?? ""}${name}`);
    }
  }
  return [...names].map(
    (name) =>
      `the message names ${quoted(name)}, someone outside the cast (content/CAST.md); greet the reader with {{firstName}} instead`,
  );
}

/** The kinds a verification drill imitates: someone you know, or your bank, asking for something. */
export const DRILL_SCAM_TYPES: readonly ScamType[] = ["family-emergency", "gift-card-request", "bank", "hacked-friend"];

function drillProblems(scenario: PracticeScenario): string[] {
  if (!scenario.drill) return [];
  const problems: string[] = [];
  if (scenario.channel !== "sms") problems.push(`a drill is a text message: its reply is what counts`);
  if (!DRILL_SCAM_TYPES.includes(scenario.scamType)) {
    problems.push(`a drill imitates ${DRILL_SCAM_TYPES.join(", ")}, not ${scenario.scamType}`);
  }
  if (!scenario.asks.includes("reply")) problems.push(`a drill invites a reply: add "reply" to asks`);
  return problems;
}

export function scenarioProblems(scenario: PracticeScenario): string[] {
  return [
    ...drillProblems(scenario),
    ...channelProblems(scenario),
    ...linkProblems(scenario),
    ...placeholderProblems(scenario),
    ...landingProblems(scenario),
    ...redFlagProblems(scenario),
    ...audienceProblems(scenario),
    ...safetyProblems(scenario),
    ...wordingProblems(scenario),
  ];
}

const PART_NAMES: Record<MessagePart, string> = {
  fromName: "the sender's name",
  fromAddress: "the sender's address",
  subject: "the subject",
  body: "the body",
};

/** How one scenario uses one kind of red flag (red-flag-kinds.ts). */
interface KindUse {
  /** A red flag whose quote shows the kind (the first one met), or null when none does. */
  counted: { quote: string } | null;
  /** Each part of the message showing the kind outside every red flag, as `"text" in the body`. */
  unmarked: string[];
}

function kindUses(scenario: PracticeScenario): Map<RedFlagKindId, KindUse> {
  const form = sampleDeliveredForm(scenario);
  const spans = scenario.redFlags.map((redFlag) => findRedFlagSpan(form, redFlag));
  const uses = new Map<RedFlagKindId, KindUse>();
  for (const part of ["fromName", "fromAddress", "subject", "body"] as const) {
    for (const match of kindMatches(partText(form, part))) {
      const use = uses.get(match.kind) ?? { counted: null, unmarked: [] };
      uses.set(match.kind, use);
      const flag = spans.findIndex(
        (span) => span !== null && span.part === part && span.start < match.end && match.start < span.end,
      );
      if (flag >= 0) use.counted ??= { quote: scenario.redFlags[flag]!.quote };
      else {
        const place = `${quoted(match.text)} in ${PART_NAMES[part]}`;
        if (!use.unmarked.includes(place)) use.unmarked.push(place);
      }
    }
  }
  return uses;
}

function listed(items: readonly string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/**
 * The same kind of part must get the same verdict in every message (issue 23): when one scenario
 * counts a kind of red flag (a prize claim, a rush, shouting capitals: red-flag-kinds.ts), every
 * scenario showing that kind must count it too, at least once. Other places in the same message
 * may stay unquoted: the trainer tells whoever marks one that it is a good instinct, counted once
 * as that red flag (half a red flag's points), never that it is "not a red flag". Each problem
 * starts with the file name and names a file that counts the kind.
 */
export function redFlagConsistencyProblems(entries: readonly { file: string; scenario: PracticeScenario }[]): string[] {
  const uses = entries.map((entry) => ({ file: entry.file, uses: kindUses(entry.scenario) }));
  const problems: { file: string; text: string }[] = [];
  for (const kind of RED_FLAG_KINDS) {
    const example = uses
      .filter((entry) => entry.uses.get(kind.id)?.counted)
      .sort((a, b) => a.file.localeCompare(b.file))[0];
    if (!example) continue;
    const exampleQuote = example.uses.get(kind.id)!.counted!.quote;
    for (const entry of uses) {
      const use = entry.uses.get(kind.id);
      if (!use || use.counted) continue;
      const [verb, pronoun] = use.unmarked.length === 1 ? ["is", "it"] : ["are", "one"];
      problems.push({
        file: entry.file,
        text: `${entry.file}: ${listed(use.unmarked)} ${verb} ${kind.name} (${kind.rule}). ${example.file} counts ${kind.name} as a red flag (${quoted(exampleQuote)}), but no red flag of this message marks ${pronoun}: quote ${pronoun} as a red flag, or reword the message`,
      });
    }
  }
  // By file (a stable sort keeps the kinds' order within a file), like the other checks.
  return problems.sort((a, b) => a.file.localeCompare(b.file)).map((problem) => problem.text);
}
