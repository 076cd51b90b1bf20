/**
 * The safety rules every practice message must pass (content/practice/README.md): only reserved
 * `.example` domains, only the fictional 555-01xx phone numbers, no real brand or agency, and
 * nothing frightening in a child's message. Each function returns the offending pieces of text
 * (empty when the text is fine), so the validator can quote them back to the writer.
 */

/** A domain ending here is safe: `.example` is reserved for documentation (RFC 2606, RFC 6761). */
const SAFE_TOP_LEVEL_DOMAIN = "example";

/** "invoice-2291.pdf" is a file name, not a domain. */
const FILE_EXTENSIONS = new Set([
  "pdf",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "ppt",
  "pptx",
  "csv",
  "txt",
  "rtf",
  "zip",
  "rar",
  "jpg",
  "jpeg",
  "png",
  "gif",
  "heic",
  "mp3",
  "mp4",
  "mov",
  "htm",
  "html",
  "ics",
  "exe",
  "apk",
  "dmg",
]);

const DOMAIN_LIKE = /(?<![\w-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?![\w-])/gi;
const IP_ADDRESS = /(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])/g;
/** The part of an email address before "@": dots there are not domains. */
const EMAIL_LOCAL_PART = /[\w.+-]+@/g;

/** Domain-looking words (and IP addresses) that are not on a `.example` domain. */
export function foreignDomains(text: string): string[] {
  const found: string[] = [];
  for (const ip of text.match(IP_ADDRESS) ?? []) found.push(ip);
  const withoutLocalParts = text.replace(IP_ADDRESS, " ").replace(EMAIL_LOCAL_PART, "@");
  for (const token of withoutLocalParts.match(DOMAIN_LIKE) ?? []) {
    const labels = token.toLowerCase().split(".");
    const topLevel = labels[labels.length - 1];
    if (topLevel === SAFE_TOP_LEVEL_DOMAIN) continue;
    if (labels.length === 2 && FILE_EXTENSIONS.has(topLevel)) continue;
    found.push(token);
  }
  return found;
}

/**
 * Things that look like phone numbers: North American numbers with or without a country code and
 * separators, seven-digit local numbers ("555-0143"), and anything international starting with "+".
 */
const PHONE_LIKE =
  /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{3}\)|(?<!\d)\d{3})[\s.-]?\d{3}[\s.-]?\d{4}(?!\d)|(?<![\d-])\d{3}[\s.-]\d{4}(?![\d-])|\+\d[\d\s().-]{6,}\d/g;

/** True for a number in the range set aside for fiction: 555-0100 to 555-0199, any area code. */
export function isFictionalPhoneNumber(candidate: string): boolean {
  let digits = candidate.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (digits.length === 10) return digits.slice(3, 8) === "55501";
  if (digits.length === 7) return digits.startsWith("55501");
  return false;
}

/** Phone-number-looking pieces of text outside the fictional 555-01xx range. */
export function realLookingPhoneNumbers(text: string): string[] {
  return (text.match(PHONE_LIKE) ?? []).map((match) => match.trim()).filter((match) => !isFictionalPhoneNumber(match));
}

/**
 * Real companies, banks, agencies, apps and games that scams imitate. Matched as whole words,
 * ignoring case. The invented names in our scenarios must not be these.
 */
export const REAL_BRAND_NAMES = [
  "PayPal",
  "Amazon",
  "iCloud",
  "iTunes",
  "App Store",
  "Apple Pay",
  "Microsoft",
  "Hotmail",
  "Office 365",
  "OneDrive",
  "SharePoint",
  "Google",
  "Gmail",
  "Google Play",
  "Google Pay",
  "YouTube",
  "Netflix",
  "Hulu",
  "Disney",
  "Spotify",
  "Roblox",
  "Robux",
  "Fortnite",
  "V-Bucks",
  "Minecraft",
  "Minecoins",
  "Epic Games",
  "Twitch",
  "Xbox",
  "PlayStation",
  "Nintendo",
  "Facebook",
  "Instagram",
  "TikTok",
  "Snapchat",
  "WhatsApp",
  "Twitter",
  "LinkedIn",
  "Pinterest",
  "Reddit",
  "Venmo",
  "Zelle",
  "Cash App",
  "Wells Fargo",
  "Bank of America",
  "Citibank",
  "Capital One",
  "Barclays",
  "HSBC",
  "Lloyds",
  "Santander",
  "NatWest",
  "Mastercard",
  "American Express",
  "Amex",
  "Western Union",
  "MoneyGram",
  "Coinbase",
  "Binance",
  "IRS",
  "HMRC",
  "USPS",
  "FedEx",
  "DHL",
  "Royal Mail",
  "Evri",
  "Walmart",
  "Costco",
  "eBay",
  "Etsy",
  "Best Buy",
  "Geek Squad",
  "Norton",
  "McAfee",
  "Avast",
  "Samsung",
  "Verizon",
  "AT&T",
  "T-Mobile",
  "Comcast",
  "Xfinity",
  "DoorDash",
  "Uber",
  "Lyft",
  "Airbnb",
  "DocuSign",
  "Dropbox",
  "Adobe",
  "Social Security Administration",
  "Administración del Seguro Social",
  "USCIS",
  "Servicio de Ciudadanía e Inmigración",
  "Servicio de Impuestos Internos",
  "Departamento de Seguridad Nacional",
  "Mercado Pago",
  "Nequi",
  "Elektra",
  "Banco Azteca",
  "BBVA",
  "Banorte",
  "Coppel",
  "Medicare",
  "Medicaid",
  "FBI",
  "FTC",
  "CISA",
  "NCSC",
];

/**
 * Brands that are also everyday English words ("chase the ball", "ups and downs", "an apple"):
 * rejected only when written the way the brand writes itself.
 */
export const REAL_BRAND_NAMES_EXACT_CASE = [
  "Apple",
  "Chase",
  "Steam",
  "Discord",
  "UPS",
  "Target",
  "Visa",
  "Outlook",
  "Windows",
  "Telegram",
  "Zoom",
];

/**
 * Whole-word pattern: no letter or digit directly before or after, any run of spaces inside, and
 * a straight or curly apostrophe.
 */
function wholeWords(words: string[], flags: string): RegExp {
  const alternatives = words.map((word) =>
    word
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace(/ /g, "\\s+")
      .replace(/'/g, "['’]"),
  );
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}])`, `g${flags}u`);
}

const BRAND_PATTERN = wholeWords(REAL_BRAND_NAMES, "i");
const BRAND_PATTERN_EXACT_CASE = wholeWords(REAL_BRAND_NAMES_EXACT_CASE, "");

export function realBrandNames(text: string): string[] {
  return [...(text.match(BRAND_PATTERN) ?? []), ...(text.match(BRAND_PATTERN_EXACT_CASE) ?? [])];
}

/** Words that have no place in a message written for an 8-12 year old. */
export const FRIGHTENING_WORDS = [
  "emergency",
  "accident",
  "arrest",
  "arrested",
  "police",
  "jail",
  "prison",
  "hurt",
  "injured",
  "hospital",
  "kill",
  "killed",
  "die",
  "died",
  "dying",
  "dead",
  "death",
  "blood",
  "kidnap",
  "kidnapped",
  "ransom",
  "warrant",
  "lawsuit",
  "court",
  "threat",
  "threaten",
  "scared",
  "afraid",
  "secret from your parents",
  "don't tell your parents",
  "do not tell your parents",
  "don't tell anyone",
  "do not tell anyone",
  "keep this secret",
  "keep it a secret",
  "love you",
  // In Spanish (issue #39), for the children's scenarios in content/practice/es/.
  "emergencia",
  "accidente",
  "arresto",
  "arrestado",
  "arrestada",
  "policía",
  "cárcel",
  "prisión",
  "herido",
  "herida",
  "lastimado",
  "lastimada",
  "matar",
  "muerto",
  "muerta",
  "muerte",
  "morir",
  "sangre",
  "secuestro",
  "secuestrado",
  "orden de arresto",
  "tribunal",
  "amenaza",
  "miedo",
  "asustado",
  "asustada",
  "no les digas a tus papás",
  "no le digas a nadie",
  "no se lo digas a nadie",
  "es un secreto",
  "nuestro secreto",
  "te quiero",
  "te amo",
];

const FRIGHTENING_PATTERN = wholeWords(FRIGHTENING_WORDS, "i");

export function frighteningWords(text: string): string[] {
  return text.match(FRIGHTENING_PATTERN) ?? [];
}
