import punycode from "punycode/punycode.js";
import { claimedNames, type ClaimedNames } from "../claimed-names";
import { KNOWN_BRANDS } from "../known-brands";
import type { PreparedMessage } from "../prepared-message";
import type { HiddenSpelling, Rule, RuleMatch } from "../rule";
import { SIGN_PAGES } from "../sign-pages";
import { isIpAddress, registrableDomain, type WebAddress } from "../web-addresses";

/**
 * A web address dressed up to look like someone else's: digits for letters ("paypa1", "amaz0n"),
 * "rn" for "m", letters from another alphabet or punycode ("xn--"), a brand or a security word
 * stuffed into a domain its owner does not own ("harborbank.secure-login.example",
 * "account-verify.example"), or a name that is many words joined by hyphens. Checked in the text,
 * the sender's address and the links. Only the registered part (registrableDomain) is judged for
 * security words, so "secure.chase.com" or "login.microsoftonline.com" stay quiet.
 */

/** Words that make a domain sound official or urgent, and which honest companies keep in subdomains. */
const SECURITY_WORDS = new Set(
  (
    "secure security secured login logon signin verify verification verified validate validation " +
    "account accounts update confirm confirmation auth authenticate authentication support helpdesk " +
    "helpline billing payment payments wallet unlock recover recovery alert alerts portal refund " +
    "refunds claim claims protect protection official webscr redelivery reschedule fee fees toll " +
    "tolls fines gov government irs benefits reward rewards prize winner bonus identity mailbox " +
    "webmail upgrade notice notification dept customs clearance ssn service services customer center " +
    "centre tracking delivery online access admin appeals appeal notices notice docs documents " +
    "renewals renewal renew orders order status case review unclaimed escrow loyalty gift gifts apply " +
    "rebate rebates verificacion verificar seguridad clientes cliente entregas entrega envios soporte " +
    "tecnico renovaciones renovacion correo facturas facturacion pagos pago cuenta acceso aduanas " +
    "reembolso premios premio ayuda"
  ).split(" "),
);

/** Filler that joins the words of a made-up domain ("my", "the", "web"). */
const FILLER = new Set("my the web net app mail box info go get now us usa intl global en es".split(" "));

const DIGIT_FOR_LETTER: Record<string, string> = {
  "0": "o",
  "1": "l",
  "3": "e",
  "5": "s",
  "4": "a",
  "7": "t",
  "8": "b",
};

function undisguised(token: string): string[] {
  const letters = token.replace(/[0134578]/g, (digit) => DIGIT_FOR_LETTER[digit]);
  return [
    letters,
    letters.replaceAll("rn", "m"),
    token.replace(/1/g, "i").replace(/[03578]/g, (d) => DIGIT_FOR_LETTER[d]),
    token.replaceAll("vv", "w"),
  ];
}

const KNOWN_WORDS = new Set([...SECURITY_WORDS, ...FILLER, ...Object.keys(KNOWN_BRANDS)]);
const LONGEST_KNOWN_WORD = Math.max(...[...KNOWN_WORDS].map((word) => word.length));
/** How known words start: where no word starts, there is nothing to look up. */
const KNOWN_OPENINGS = new Set([...KNOWN_WORDS].map((word) => word.slice(0, 2)));

/**
 * The known words this label is made of ("mailboxverifycenter" → mailbox, verify, center), or null.
 * Of the ways to split it, the one that takes the longest word first at each step. Worked out from
 * the end of the label, so each position is judged once: a label can be as long as a link (2,000
 * characters), and trying every split afresh ("webmailbox" is web+mailbox or webmail+box) would
 * double the work with every repeat.
 */
function splitIntoWords(label: string): string[] | null {
  // longestWordAt[i]: the longest known word starting at i after which the rest splits too (0: none).
  const longestWordAt = new Array<number>(label.length + 1).fill(0);
  const splits = (i: number) => i === label.length || longestWordAt[i] > 0;
  for (let i = label.length - 1; i >= 0; i--) {
    if (!KNOWN_OPENINGS.has(label.slice(i, i + 2))) continue;
    for (let length = Math.min(LONGEST_KNOWN_WORD, label.length - i); length >= 2; length--) {
      if (KNOWN_WORDS.has(label.slice(i, i + length)) && splits(i + length)) {
        longestWordAt[i] = length;
        break;
      }
    }
  }
  if (!splits(0)) return null;
  const words: string[] = [];
  for (let i = 0; i < label.length; i += longestWordAt[i]) words.push(label.slice(i, i + longestWordAt[i]));
  return words;
}

function brandIn(token: string): string | null {
  for (const candidate of undisguised(token)) {
    // Own names only: "constructor" is in every object, and is not a brand.
    if (Object.hasOwn(KNOWN_BRANDS, candidate)) return candidate;
    // A brand joined to security words: "paypalsecure", "secureamazonlogin" (brands of 4+ letters only).
    if (candidate.length < 4) continue;
    for (const brand of Object.keys(KNOWN_BRANDS)) {
      if (brand.length < 4 || !candidate.includes(brand)) continue;
      const rest = candidate.split(brand).join("");
      if (!rest || splitIntoWords(rest)) return brand;
    }
  }
  return null;
}

/** Labels a real organisation puts in front of its own domain. */
const ORDINARY_SUBDOMAINS = new Set(
  "www mail m app portal login secure my news email go shop account accounts support help web".split(" "),
);

/**
 * A name the message claims, in an address it does not own: in front of someone else's domain
 * ("nimbusdrive.share-docs.example") or with words added that are not part of the name
 * ("pebblecraft-appeals.example" from "Pebblecraft Trust & Safety"). A domain that only spells out
 * the name ("lindenpark-schools" from "Linden Park Schools") is not one.
 */
function borrowsClaimedName(host: string, claimed: ClaimedNames): boolean {
  const owner = registrableDomain(host);
  const ownerLabel = owner.split(".")[0];
  const subdomains = host
    .slice(0, host.length - owner.length)
    .split(".")
    .filter(Boolean);
  // "drive.nimbus.example" from "Nimbus Drive": the claimed name owns the domain, so its subdomains are its own.
  const ownedByTheName = claimed.names.has(ownerLabel);
  for (const label of subdomains) {
    if (ORDINARY_SUBDOMAINS.has(label) || ownedByTheName) continue;
    if (claimed.names.has(label) && !ownerLabel.includes(label)) return true;
    // "northgate-parcel.redeliver-now.top": the name hyphenated, in front of someone else's domain.
    const joined = label.replaceAll("-", "");
    if (label.includes("-") && claimed.names.has(joined) && !ownerLabel.replaceAll("-", "").includes(joined))
      return true;
  }
  const tokens = ownerLabel.split("-").filter(Boolean);
  if (tokens.length < 2) return false;
  const partOfName = (token: string) => claimed.words.has(token) || claimed.names.has(token);
  return tokens.some((token) => claimed.names.has(token)) && !tokens.every(partOfName);
}

/** The endings people know from addresses: a host that shows one before its real owner is posing as that domain. */
const DOMAIN_ENDING = "com|net|org|gov|edu|us|info|co|mil";

/**
 * A host shaped like another domain in front of its real owner: "e-zpassny.com-etcaa.icu" (owned
 * by com-etcaa.icu), "cedarlinebank-com.secure-login.example", or a name put in front of a
 * domain made only of security words ("harborbank.secure-verify.example"). Whatever the name,
 * known brand or not: the shape is the trick.
 */
function posesAsAnotherDomain(host: string, owner: string): boolean {
  const ownerLabel = owner.split(".")[0] ?? "";
  const subdomains = host
    .slice(0, Math.max(0, host.length - owner.length - 1))
    .split(".")
    .filter(Boolean);
  if (subdomains.length === 0) return false;
  if (new RegExp(`^(?:${DOMAIN_ENDING})-`).test(ownerLabel)) return true;
  if (subdomains.some((label) => new RegExp(`[a-z0-9]-(?:${DOMAIN_ENDING})$`).test(label))) return true;
  // "relief-fund.org.give-now.site": a whole ".org" in the middle of the host.
  if (subdomains.length >= 2 && subdomains.slice(1).some((label) => new RegExp(`^(?:${DOMAIN_ENDING})$`).test(label)))
    return true;
  const ownerWords = ownerLabel.split("-").filter(Boolean);
  const onlySecurityWords =
    ownerWords.length > 0 &&
    ownerWords.every((word) => SECURITY_WORDS.has(word) || FILLER.has(word) || splitIntoWords(word) !== null) &&
    ownerWords.some(
      (word) => SECURITY_WORDS.has(word) || (splitIntoWords(word) ?? []).some((w) => SECURITY_WORDS.has(w)),
    );
  const named = subdomains.filter((label) => !ORDINARY_SUBDOMAINS.has(label) && /^[a-z][a-z0-9-]{3,}$/.test(label));
  return onlySecurityWords && named.length > 0;
}

/** Why this host is a look-alike, or null. */
function lookalikeReason(host: string): string | null {
  if (isIpAddress(host)) return null;
  if (/[^\p{ASCII}]/u.test(host)) return "letters from another alphabet";
  if (host.split(".").some((label) => label.startsWith("xn--"))) return "punycode";
  const owner = registrableDomain(host);
  const ownerLabel = owner.split(".")[0];
  if (posesAsAnotherDomain(host, owner)) return "another domain's name in front of its owner";
  const tokens = host.split(/[.-]/).filter(Boolean);
  for (const token of tokens) {
    const brand = brandIn(token);
    if (brand && !KNOWN_BRANDS[brand].includes(owner) && !(token === brand && owner.startsWith(`${brand}.`))) {
      return `brand ${brand} in someone else's domain`;
    }
  }
  // Digits standing in for letters inside a word: "amaz0n", "g00gle", "faceb00k", "paypa1".
  if (
    // "[a-z]{3}" rather than "{3,}": the same test, without rereading a long label from every letter.
    /[a-z][0135][a-z]|[a-z]{3}[01]$/.test(ownerLabel) &&
    /^[a-z0-9-]+$/.test(ownerLabel) &&
    !/^\d|\d{2,}/.test(ownerLabel.replace(/00/, "oo"))
  ) {
    return "digit for a letter";
  }
  const ownerTokens = ownerLabel.split("-").filter(Boolean);
  if (ownerTokens.length >= 2 && ownerTokens.some((token) => SECURITY_WORDS.has(token)))
    return "security word in the domain";
  if (ownerTokens.length >= 4) return "many hyphenated words";
  const joined = ownerTokens.length === 1 ? splitIntoWords(ownerLabel) : null;
  if (joined && joined.filter((word) => SECURITY_WORDS.has(word)).length >= 2)
    return "security words joined into the domain";
  return null;
}

/**
 * What the reader cannot see: a punycode address decoded into the letters it shows, or an address
 * with letters from another alphabet written the way computers read it.
 */
function hiddenSpelling(host: string): HiddenSpelling | undefined {
  try {
    if (host.split(".").some((label) => label.startsWith("xn--"))) {
      const shown = punycode.toUnicode(host);
      if (shown !== host) return { kind: "decoded", address: shown };
    }
    if (/[^\p{ASCII}]/u.test(host)) return { kind: "as-computers-read", address: punycode.toASCII(host) };
  } catch {
    // A host that is not valid punycode is still a look-alike; there is just nothing to decode.
  }
  return undefined;
}

/** The English line under the sign (the API's `detail`); pages in other languages word it themselves. */
function detailLine(hidden: HiddenSpelling): string {
  return hidden.kind === "decoded"
    ? `Decoded, this address shows as "${hidden.address}": letters from another alphabet, made to look like a name you know.`
    : `Computers read this address as "${hidden.address}": some of its letters come from another alphabet and only look like ours.`;
}

function find(message: PreparedMessage): RuleMatch[] {
  const claimed = claimedNames(message);
  const isDisguised = (address: WebAddress) =>
    !isIpAddress(address.host) && (lookalikeReason(address.host) !== null || borrowsClaimedName(address.host, claimed));
  return message.addresses.filter(isDisguised).map((address) => {
    const hidden = hiddenSpelling(address.host);
    return {
      field: address.field,
      ...(address.linkIndex === undefined ? {} : { linkIndex: address.linkIndex }),
      start: address.hostStart,
      end: address.hostEnd,
      ...(hidden ? { detail: detailLine(hidden), hiddenSpelling: hidden } : {}),
    };
  });
}

export const lookalikeDomain: Rule = {
  id: "lookalike-domain",
  title: "A look-alike web address",
  why: 'This web address is dressed up to look like a real one, with swapped letters, extra words or a famous name stuck in. Read the end of the address, just before the first "/": that is who really owns it.',
  page: SIGN_PAGES.lookAlikeSendersAndLinks,
  weight: "decisive",
  find,
};
