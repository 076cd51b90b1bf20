import type { Rule } from "../rule";
import { SIGN_PAGES } from "../sign-pages";
import { isIpAddress } from "../web-addresses";

/** A link to bare numbers (http://203.0.113.7/login, http://[2001:db8::1]/): no company name to check. */

export const ipAddressLink: Rule = {
  id: "ip-address-link",
  title: "A link made of numbers",
  why: "The link goes to a string of numbers instead of a company's name. Real organizations use their own web address, so a link like this is a big warning.",
  page: SIGN_PAGES.lookAlikeSendersAndLinks,
  weight: "decisive",
  find: (message) =>
    message.addresses
      .filter((address) => address.kind !== "email" && isIpAddress(address.host))
      .map((address) => ({
        field: address.field,
        ...(address.linkIndex === undefined ? {} : { linkIndex: address.linkIndex }),
        start: address.start,
        end: address.end,
      })),
};
