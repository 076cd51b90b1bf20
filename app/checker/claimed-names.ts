import type { PreparedMessage } from "./prepared-message";
import { registrableDomain } from "./web-addresses";

/**
 * The names a message says it comes from, squashed the way a domain would write them: the
 * sender's display name ("Nimbus Drive" → nimbus, drive, nimbusdrive), a text's "HarborBank:"
 * prefix, and the plain domains it shows ("mail.lindenpark.example" → lindenpark). A look-alike
 * address borrows one of these and adds words ("nimbusdrive.share-docs.example",
 * "harborbank-verificacion.example").
 */
export interface ClaimedNames {
  /** Names that identify the organisation (long enough, not generic). */
  names: Set<string>;
  /** Every word of those names, generic ones included ("bank", "support"). */
  words: Set<string>;
}

/** Words that say what kind of organisation, not which one: never enough to identify it. */
const GENERIC = new Set(
  "the and for from team support service services security safety trust alerts alert customer customers bank banking credit union office department dept billing notice notices notify info mail email help desk center centre online account accounts group inc ltd llc corp company official admin case officer clerk county city state federal national soporte seguridad servicio facturacion oficial clientes free coins coin crew rewards reward player players care game games news club new your my get best world global shop store market home family friends gift gifts prize prizes winner winners lucky money cash pay app apps web net data tech system systems scam hub".split(
    " ",
  ),
);

function wordsOf(text: string): string[] {
  return text.match(/[a-z0-9]+/g) ?? [];
}

function addName(text: string, into: ClaimedNames) {
  const words = wordsOf(text);
  for (const word of words) into.words.add(word);
  for (let i = 0; i < words.length; i++) {
    if (words[i].length >= 4 && !GENERIC.has(words[i]) && !/^\d+$/.test(words[i])) into.names.add(words[i]);
    // "Nimbus Drive" may be written nimbusdrive; "Linden Park Schools" lindenparkschools.
    for (let j = i + 2; j <= Math.min(words.length, i + 3); j++) into.names.add(words.slice(i, j).join(""));
  }
}

/**
 * The names of whoever the message says wrote it: the sender's display name, the domain of the
 * sender's address, and a text's "HarborBank:" prefix. Unlike claimedNames, not the addresses it
 * shows: an address is what is being judged against these.
 */
export function writerNames(message: PreparedMessage): ClaimedNames & { domains: Set<string> } {
  const writer = { names: new Set<string>(), words: new Set<string>(), domains: new Set<string>() };
  for (const part of message.wording) {
    if (part.field === "sender") {
      const display = part.folded.split("<")[0];
      if (!display.includes("@") && /[a-z]/.test(display)) addName(display, writer);
    }
    // A text's brand prefix: "HarborBank: your card ..." (also a subject's).
    const prefix = /^\s*([a-z][a-z0-9&' .-]{1,40}?):/.exec(part.folded);
    if (prefix && part.field !== "sender") addName(prefix[1], writer);
  }
  for (const address of message.addresses) {
    if (address.field === "sender" && address.kind === "email") writer.domains.add(registrableDomain(address.host));
  }
  return writer;
}

export function claimedNames(message: PreparedMessage): ClaimedNames {
  const claimed = writerNames(message);
  for (const address of message.addresses) {
    const label = registrableDomain(address.host).split(".")[0];
    if (label && !label.includes("-") && address.kind !== "email") addName(label, claimed);
  }
  return claimed;
}
