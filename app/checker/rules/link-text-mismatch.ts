import type { PreparedMessage } from "../prepared-message";
import type { Rule, RuleMatch } from "../rule";
import { SIGN_PAGES } from "../sign-pages";
import { registrableDomain, type WebAddress } from "../web-addresses";

/**
 * The address you can read is not where the link goes. Three ways to see it:
 * - markdown or pasted text "paypal.com (https://other.example/x)" or "[paypal.com](https://other...)";
 * - pasted HTML `<a href="https://other...">paypal.com</a>`;
 * - the text shows an address while the link targets the person gave (`links`) all go elsewhere.
 * Only the owner of an address matters: "secure.chase.com" and "chase.com" are the same.
 */

// Bounded and anchored at the start of a word, so a long run without spaces is read once, not over and over.
const SHOWN_THEN_TARGET =
  /\[([^\]\n]{1,200})\]\(\s{0,3}([^)\s]{1,500})\s{0,3}\)|(?<!\S)([^\s(<]{1,200})\s{0,3}[(<]\s{0,3}((?:https?|hxxps?):\/\/[^)>\s]{1,500})\s{0,3}[)>]/g;

/**
 * Pasted HTML links, `<a ... href="target" ...>shown</a>`: the first href of each tag, and the text
 * up to "</a>" (at most 200 characters). Read tag by tag with indexOf: as one regular expression
 * it rereads everything after each unclosed "<a " ("<a <a <a ..."), which grows with the square.
 */
const HREF = /href\s*=\s*["']?([^"'\s>]+)/;
const MOST_SHOWN = 200;

function* anchors(text: string): Generator<{ target: string; shown: string; shownStart: number }> {
  const openings = /<a\s/g;
  for (let opening = openings.exec(text); opening; opening = openings.exec(text)) {
    const tagEnd = text.indexOf(">", opening.index + 3);
    // No ">" to close this tag means none for any later one either.
    if (tagEnd === -1) return;
    // A later "<a " before this ">" ends at the same ">", with fewer hrefs and the same text after: no better.
    openings.lastIndex = tagEnd + 1;
    const href = HREF.exec(text.slice(opening.index + 3, tagEnd));
    const shownStart = tagEnd + 1;
    const shownEnd = text.slice(shownStart, shownStart + MOST_SHOWN + 1).indexOf("<") + shownStart;
    if (!href || shownEnd <= shownStart || !text.startsWith("</a>", shownEnd)) continue;
    openings.lastIndex = shownEnd + 4;
    yield { target: href[1], shown: text.slice(shownStart, shownEnd), shownStart };
  }
}

const HOST_IN = /(?:^|[\s/@])((?:[\p{L}\p{N}-]+\.)+[\p{L}]{2,24})(?=$|[\s/:?#.,;!)])/u;

function hostOf(text: string): string | null {
  const cleaned = text
    .trim()
    .replace(/^[a-z]+:\/\//, "")
    .replace(/^www\./, "");
  const match = HOST_IN.exec(` ${cleaned}`);
  if (!match) return null;
  const host = match[1].replace(/^www\./, "");
  // "file.pdf" or "e.g" are not addresses: ask for a letter-only ending of 2+ characters.
  return /\.[a-z]{2,}$/.test(host) ? host : null;
}

function differentOwners(a: string, b: string): boolean {
  return registrableDomain(a) !== registrableDomain(b);
}

/** "shown (target)" and [shown](target) and <a href> in the text. */
function writtenPairs(message: PreparedMessage): RuleMatch[] {
  const found: RuleMatch[] = [];
  for (const part of message.wording) {
    const text = part.folded;
    for (const match of text.matchAll(SHOWN_THEN_TARGET)) {
      const shown = match[1] ?? match[3];
      const target = match[2] ?? match[4];
      const shownHost = hostOf(shown);
      const targetHost = hostOf(target);
      if (!shownHost || !targetHost || !differentOwners(shownHost, targetHost)) continue;
      const offset = match[1] !== undefined ? match.index + 1 : match.index;
      found.push({ field: part.field, start: offset, end: offset + shown.length });
    }
    for (const anchor of anchors(text)) {
      const shownHost = hostOf(anchor.shown);
      const targetHost = hostOf(anchor.target);
      if (!shownHost || !targetHost || !differentOwners(shownHost, targetHost)) continue;
      found.push({ field: part.field, start: anchor.shownStart, end: anchor.shownStart + anchor.shown.length });
    }
  }
  return found;
}

/** Addresses shown in the text when none of the real link targets belongs to the same owner. */
function shownVersusTargets(message: PreparedMessage): RuleMatch[] {
  const targets = message.addresses.filter((address) => address.kind === "link").map((address) => address.host);
  if (targets.length === 0) return [];
  const shown = message.addresses.filter(
    (address): address is WebAddress => address.field === "text" && (address.kind === "url" || address.kind === "bare"),
  );
  const shownOwners = new Set(shown.map((address) => registrableDomain(address.host)));
  // A link to an address the text also shows explains itself; a link to an address the text never shows, beside
  // a different shown address, is the trick.
  const hiddenTarget = targets.some((target) => !shownOwners.has(registrableDomain(target)));
  if (!hiddenTarget) return [];
  const targetOwners = new Set(targets.map(registrableDomain));
  return shown
    .filter((address) => !targetOwners.has(registrableDomain(address.host)))
    .map((address) => ({ field: address.field, start: address.start, end: address.end }));
}

export const linkTextMismatch: Rule = {
  id: "link-text-mismatch",
  title: "The link goes somewhere else",
  why: "The address you can read is not where the link really goes. Scammers show you an address you trust and send you to their own page instead.",
  page: SIGN_PAGES.lookAlikeSendersAndLinks,
  weight: "decisive",
  find: (message) => [...writtenPairs(message), ...shownVersusTargets(message)],
};
