/**
 * The local mailbox (/dev/mailbox) shows every email the site wrote, password-reset links included.
 * It exists only in local mode, and only for the machine the site runs on: whatever HOST is, a
 * request from another address gets the ordinary 404 page's status. The check uses the socket's
 * address, not req.ip, because X-Forwarded-For is whatever the sender wrote; a request relayed by a
 * proxy (one that names any non-loopback client) is refused too.
 */
import type { NextFunction, Request, Response } from "express";

const LOCAL_ONLY_PREFIX = "/dev/";

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return plain === "::1" || /^127(?:\.\d{1,3}){3}$/.test(plain);
}

/** True when the request comes from this machine, directly or through a proxy on it for a local client. */
export function isLoopbackRequest(req: Request): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  const forwarded = [req.get("x-forwarded-for"), req.get("x-real-ip")]
    .filter((value): value is string => Boolean(value))
    .flatMap((value) => value.split(","))
    .map((value) => value.trim());
  if (req.get("forwarded")) return false;
  return forwarded.every(isLoopbackAddress);
}

export function refuseRemoteMailbox(req: Request, res: Response, next: NextFunction) {
  if (!req.path.startsWith(LOCAL_ONLY_PREFIX) || isLoopbackRequest(req)) return next();
  res.status(404).type("text/plain").send("Not found.");
}
