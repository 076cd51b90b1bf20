/**
 * The local mailbox (/dev/mailbox) shows every email the site wrote, password-reset links included.
 * It exists only in local mode, and only for the machine the site runs on: whatever HOST is, a
 * request from another address gets the ordinary 404 page's status. The check uses the socket's
 * address, not req.ip, because X-Forwarded-For is whatever the sender wrote; a request relayed by a
 * proxy (one that names any non-loopback client) is refused too.
 */
import type { NextFunction, Request, Response } from "express";

/** The first path segment of every local-only page. */
const LOCAL_ONLY_SEGMENT = "dev";

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

/**
 * The path as React Router will match it, not as it was written: React Router decodes
 * percent-escapes, the URL parser resolves "." and ".." (also when escaped) and reads "\" as "/",
 * matching ignores case, and "<page>.data" is the data request of <page>. A raw prefix check missed
 * "/Dev/mailbox", "/%64ev/mailbox", "/x/../dev/mailbox" and "/dev/mailbox.data". Decoding here may
 * turn more into separators than React Router does (an escaped "/"), which only refuses more.
 */
export function routedPath(rawPath: string): string {
  // Byte by byte: only ASCII matters for the comparison, and a malformed escape cannot throw.
  const decoded = rawPath.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const segments: string[] = [];
  for (const segment of decoded.toLowerCase().split(/[/\\]+/)) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  const path = `/${segments.join("/")}`;
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

function isLocalOnlyPath(rawPath: string): boolean {
  const path = routedPath(rawPath);
  return path === `/${LOCAL_ONLY_SEGMENT}` || path.startsWith(`/${LOCAL_ONLY_SEGMENT}/`);
}

export function refuseRemoteMailbox(req: Request, res: Response, next: NextFunction) {
  // originalUrl, not req.path: the whole path as sent, whatever Express mounted this under.
  const rawPath = req.originalUrl.split("?")[0]!;
  if (!isLocalOnlyPath(rawPath) || isLoopbackRequest(req)) return next();
  res.status(404).type("text/plain").send("Not found.");
}
