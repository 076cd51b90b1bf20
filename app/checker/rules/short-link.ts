import type { Rule } from "../rule";
import { SIGN_PAGES } from "../sign-pages";

/** A link shortener hides where a link really goes. The list holds the common public shorteners. */

const SHORTENERS = new Set(
  (
    "bit.ly bitly.com bitly.ws tinyurl.com t.co rb.gy is.gd v.gd cutt.ly cutt.us ow.ly shorturl.at " +
    "shorturl.com tiny.cc tiny.one goo.su goo.gl s.id t.ly buff.ly rebrand.ly bl.ink shorte.st adf.ly " +
    "lnkd.in tr.im qr.ae x.co soo.gd clck.ru u.to short.io bit.do po.st t2m.io surl.li urlz.fr han.gl " +
    "shrtco.de tinu.be rotf.lol 1url.com snip.ly s.yam.com linktr.ee did.li ouo.io urlr.me gg.gg " +
    "shorturl.asia kutt.it zpr.io"
  ).split(" "),
);

export const shortLink: Rule = {
  id: "short-link",
  title: "A shortened link",
  why: "A short link hides where it really goes, so you can't check it before you tap. Don't use it: go to the company's own website or app yourself.",
  page: SIGN_PAGES.lookAlikeSendersAndLinks,
  weight: "suspicious",
  find: (message) =>
    message.addresses
      .filter((address) => address.kind !== "email" && SHORTENERS.has(address.host))
      .map((address) => ({
        field: address.field,
        ...(address.linkIndex === undefined ? {} : { linkIndex: address.linkIndex }),
        start: address.start,
        end: address.end,
      })),
};
