import { writerNames } from "./claimed-names";
import type { PreparedMessage } from "./prepared-message";
import { isGovernmentDomain, isIpAddress, registrableDomain, type WebAddress } from "./web-addresses";

/**
 * Whether the message asks the reader to open a link that leads away from whoever it says wrote
 * it. A school's notice linking to the school's own site asks nothing risky; the same notice
 * linking anywhere else is a request to trust a stranger's page. The other requests (call this
 * number, send the code, pay by gift card) are signs of their own (Rule.asks).
 */

/**
 * Names the message spells out in its words (not inside its addresses), squashed the way a domain
 * writes them: "Linden Park Schools" in a signature gives lindenparkschools, lindenpark, linden …
 * A domain that is exactly such a name is the named organisation's own; look-alikes add words,
 * hyphens or digits, and are judged by rules/lookalike-domain.ts.
 */
function spelledNames(message: PreparedMessage): Set<string> {
  const names = new Set<string>();
  for (const part of message.wording) {
    // The words outside the part's addresses, in one pass (a message can hold thousands of addresses).
    const spans = message.addresses.filter((address) => address.field === part.field).sort((a, b) => a.start - b.start);
    let text = "";
    let cursor = 0;
    for (const span of spans) {
      if (span.start < cursor) continue;
      text += `${part.folded.slice(cursor, span.start)} `;
      cursor = span.end;
    }
    text += part.folded.slice(cursor);
    const words = text.match(/[a-z0-9]+/g) ?? [];
    for (let i = 0; i < words.length; i++) {
      for (let j = i + 1; j <= Math.min(words.length, i + 4); j++) {
        const name = words.slice(i, j).join("");
        if (name.length >= 5) names.add(name);
      }
    }
  }
  return names;
}

export interface Writer {
  /** Names of whoever the message says wrote it (claimed-names.ts). */
  names: Set<string>;
  /** Registrable domains of the sender's own address. */
  domains: Set<string>;
  /** Names spelled out anywhere in the words. */
  spelled: Set<string>;
}

export function writerOf(message: PreparedMessage): Writer {
  const { names, domains } = writerNames(message);
  return { names, domains, spelled: spelledNames(message) };
}

/**
 * "cedarlinebank.example" for a message from "Cedarline Bank", from an address at cedarlinebank.example, or signed
 * "Cedarline Bank". `bySenderAddress: false` judges the sender's own address by its name alone.
 */
export function isWritersOwn(address: WebAddress, writer: Writer, { bySenderAddress = true } = {}): boolean {
  if (isIpAddress(address.host)) return false;
  const owner = registrableDomain(address.host);
  if (bySenderAddress && writer.domains.has(owner)) return true;
  const label = owner.split(".")[0] ?? "";
  if (label.includes("-") || label.length < 4) return false;
  if (writer.spelled.has(label)) return true;
  // "birchwoodapts" from "Birchwood Mgmt Office": a name the message spells, plus a short ending.
  for (let length = Math.max(6, label.length - 5); length < label.length; length++) {
    if (writer.spelled.has(label.slice(0, length))) return true;
  }
  // The writer's names are few (a sender's name, a prefix); a label can be as long as a link.
  for (const name of writer.names) {
    if (name === label || (name.length >= 5 && label.startsWith(name))) return true;
  }
  return false;
}

export function asksToOpenALink(message: PreparedMessage): boolean {
  const writer = writerOf(message);
  return message.addresses.some(
    (address) =>
      address.kind !== "email" &&
      address.field !== "sender" &&
      !isGovernmentDomain(address.host) &&
      !isWritersOwn(address, writer),
  );
}
