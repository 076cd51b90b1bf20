/**
 * Paths with repeated slashes ("//", "//account", "/x//y") never reach the page handler. Parsed as
 * a URL, "//account" is a protocol-relative address whose host is "account": the page cache looked
 * up "/" for it (and "//" threw "Invalid URL", a 500). A GET or HEAD is sent to the collapsed path
 * (301); other methods get 404. Backslashes count as slashes, as browsers read them, so the
 * redirect can never point at "//other.site". A request target that is not a path at all (the
 * absolute form "http://host/x", meant for proxies) is refused with 400 for the same reason.
 */
import type { NextFunction, Request, Response } from "express";

const REPEATED = /[/\\]{2,}/g;

export function collapseRepeatedSlashes(req: Request, res: Response, next: NextFunction) {
  const url = req.originalUrl;
  if (!url.startsWith("/")) {
    res.status(400).type("text/plain").send("Bad request.");
    return;
  }
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.match(REPEATED)) return next();
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.status(404).type("text/plain").send("Not found.");
    return;
  }
  const query = queryAt === -1 ? "" : url.slice(queryAt);
  res.redirect(301, `${path.replace(REPEATED, "/")}${query}`);
}
