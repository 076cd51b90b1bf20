import { getDomain } from "tldts-icann";
import type { MessagePart } from "./message-part";
import type { SignField } from "./sign-ids";
import { THROWAWAY_TLDS } from "./throwaway-tlds";

/**
 * Web addresses in a message: written out with "https://" or "www.", bare ("paypa1-login.com/x"),
 * inside an email address (the part after "@"), or given as a link target. The rules about
 * links look only at these, with the host (the name of the computer) and where it sits, so they
 * can highlight just the address.
 */

export interface WebAddress {
  field: SignField;
  linkIndex?: number;
  /** The whole address, offsets in its part. */
  start: number;
  end: number;
  /** The host, lower case, without "www.". */
  host: string;
  hostStart: number;
  hostEnd: number;
  /** url: has a scheme or "www."; bare: a domain written alone; email: after an "@"; link: a link target. */
  kind: "url" | "bare" | "email" | "link";
}

/**
 * Endings a bare domain must have before we treat "word.word" as an address: without a list,
 * "today.Please" or "e.g." would count. Short-link and scam favourites are included.
 */
const BARE_TLDS = [
  ...new Set([
    ..."com|net|org|info|biz|co|io|us|uk|gov|gob|edu|example|invalid|test|xyz|top|online|site|club|app|me|ly|gl|gd|gy|cc|su|to|ru|cn|tk|ml|ga|cf|gq|live|shop|store|link|click|support|help|services|de|fr|es|mx|ca|au|in|ar|cl|pe|co|br|it|nl|eu|ie|nz|za|ph|ng|ai|tv|ws|mobi|pro|page|dev|icu|vip|win|bid|loan|work|buzz|rest|cam|fun|space|tech|website|world|news|today|email|center|cloud|network|host|digital|life|global|at|id|ae|ke|pw|sbs|cfd|bond|lat|cyou|ink|ltd|bank|secure|login|zip|mov".split(
      "|",
    ),
    ...THROWAWAY_TLDS,
  ]),
].join("|");

const ADDRESS = new RegExp(
  [
    // With a scheme, including the "defanged" hxxp some people paste.
    String.raw`(?<url>(?:https?|hxxps?):\/\/[^\s<>"'\u0060]+)`,
    String.raw`(?<www>(?<![\w.@\/-])www\.[^\s<>"'\u0060]+)`,
    String.raw`(?<email>(?<![\w.%+-])[\w.%+-]+@(?:[\p{L}\p{N}-]+\.)+[\p{L}]{2,24})`,
    // A bare IPv4 address counts only with a path or port after it, or it would catch version numbers.
    String.raw`(?<ip>(?<![\w.@\/-])\d{1,3}(?:\.\d{1,3}){3}[\/:][^\s<>"'\u0060]*)`,
    String.raw`(?<bare>(?<![\w.@\/-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:${BARE_TLDS}|xn--[a-z0-9-]+)(?![\p{L}\p{N}_-])(?:[\/?#:][^\s<>"'\u0060]*)?)`,
  ].join("|"),
  "gu",
);

const TRAILING_PUNCTUATION = /[.,;:!?'"*]$/;

/** "https://x.com/a)." written at the end of a sentence: the ")" and "." are not part of it. */
function trimEnd(address: string): string {
  let trimmed = address;
  for (;;) {
    if (TRAILING_PUNCTUATION.test(trimmed)) trimmed = trimmed.slice(0, -1);
    else if (/[)\]]$/.test(trimmed) && count(trimmed, "(") < count(trimmed, ")")) trimmed = trimmed.slice(0, -1);
    else if (/\]$/.test(trimmed) && !trimmed.includes("[")) trimmed = trimmed.slice(0, -1);
    else return trimmed;
  }
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

/** Where the host is inside an address that starts at `start`: after any scheme and sign-in part, before the path. */
function hostSpan(address: string): { offset: number; length: number } {
  let offset = 0;
  const scheme = /^[a-z]+:\/\//.exec(address);
  if (scheme) offset = scheme[0].length;
  const rest = address.slice(offset);
  if (rest.startsWith("[")) {
    const close = rest.indexOf("]");
    return { offset, length: close > 0 ? close + 1 : rest.length };
  }
  let length = rest.search(/[/?#:\\]/);
  if (length === -1) length = rest.length;
  // "https://paypal.com@evil.example/": the real host is after the "@".
  const at = rest.slice(0, length).lastIndexOf("@");
  if (at >= 0) return { offset: offset + at + 1, length: length - at - 1 };
  return { offset, length };
}

function withoutWww(host: string): { host: string; skipped: number } {
  return host.startsWith("www.") ? { host: host.slice(4), skipped: 4 } : { host, skipped: 0 };
}

function address(part: MessagePart, start: number, text: string, kind: WebAddress["kind"]): WebAddress | null {
  let hostStart: number;
  let hostLength: number;
  if (kind === "email") {
    const at = text.lastIndexOf("@");
    hostStart = start + at + 1;
    hostLength = text.length - at - 1;
  } else {
    const span = hostSpan(text);
    hostStart = start + span.offset;
    hostLength = span.length;
  }
  const rawHost = part.folded.slice(hostStart, hostStart + hostLength).replace(/\.$/, "");
  const { host, skipped } = withoutWww(rawHost);
  if (!host) return null;
  return {
    field: part.field,
    ...(part.linkIndex === undefined ? {} : { linkIndex: part.linkIndex }),
    start,
    end: start + text.length,
    host,
    hostStart: hostStart + skipped,
    hostEnd: hostStart + skipped + host.length,
    kind,
  };
}

export function findWebAddresses(part: MessagePart): WebAddress[] {
  if (part.field === "links") {
    // A link target is an address by definition, even one the patterns below would not spot.
    const leading = part.folded.length - part.folded.trimStart().length;
    const text = part.folded.trim();
    if (!text) return [];
    const found = address(part, leading, text, "link");
    return found ? [found] : [];
  }
  const found: WebAddress[] = [];
  for (const match of part.folded.matchAll(ADDRESS)) {
    const groups = match.groups ?? {};
    const text = trimEnd(match[0]);
    const kind = groups.email ? "email" : groups.bare ? "bare" : "url";
    const item = address(part, match.index, text, kind);
    if (item) found.push(item);
  }
  return found;
}

/**
 * The part of a host someone registers and owns, by the Public Suffix List (ICANN section):
 * "secure.chase.com" → "chase.com", "news.bbc.co.uk" → "bbc.co.uk", "e-zpassny.com-etcaa.icu" →
 * "com-etcaa.icu". A host the list cannot place (an IP address, "localhost") is its own owner.
 */
export function registrableDomain(host: string): string {
  return getDomain(host, { validateHostname: false }) ?? host;
}

/**
 * A government's own address: only US government bodies can register under ".gov" (and ".mil"),
 * and other countries keep "gov.uk", "gob.mx" and the like for theirs. "irs.gov-refund.top" is
 * owned by "gov-refund.top", so a look-alike never passes.
 */
export function isGovernmentDomain(host: string): boolean {
  const labels = registrableDomain(host).split(".");
  const ending = labels.slice(1).join(".");
  return /^(?:gov|mil)$/.test(ending) || /^(?:gov|gob|gouv|govt|mil)\.[a-z]{2}$/.test(ending);
}

export function isIpAddress(host: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || /^\[[0-9a-f:.]+\]$/.test(host);
}
