import { isWritersOwn, writerOf } from "../asks";
import type { Rule } from "../rule";
import { SIGN_PAGES } from "../sign-pages";
import { THROWAWAY_TLDS } from "../throwaway-tlds";

/**
 * An address on a cheap, throw-away top-level domain (throwaway-tlds.ts): ".xin", ".top", ".icu".
 * Toll agencies, banks and carriers do not use them; honest small sites sometimes do, so the
 * sign is "worth checking" and becomes a warning only beside another (verdict.ts).
 */
export const throwawayDomain: Rule = {
  id: "throwaway-domain",
  title: "A throw-away web address",
  why: 'This address ends in a cheap ending (like ".top", ".xin" or ".icu") that scammers buy by the hundred and throw away after a few days. A toll road, a bank or a delivery company uses its own well-known address, not one like this.',
  page: SIGN_PAGES.lookAlikeSendersAndLinks,
  weight: "suspicious",
  find: (message) => {
    // A small shop's own address on ".shop", in a message from that shop, is how it really writes.
    const writer = writerOf(message);
    return (
      message.addresses
        .filter(
          (address) =>
            THROWAWAY_TLDS.has(address.host.split(".").at(-1) ?? "") &&
            !isWritersOwn(address, writer, { bySenderAddress: false }),
        )
        // Only the ending is marked: the name before it may be a look-alike, a sign of its own.
        .map((address) => ({
          field: address.field,
          ...(address.linkIndex === undefined ? {} : { linkIndex: address.linkIndex }),
          start: address.hostEnd - (address.host.split(".").at(-1)?.length ?? 0) - 1,
          end: address.hostEnd,
        }))
    );
  },
};
