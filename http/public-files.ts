/**
 * The built site's files outside /assets (the favicon, the web app manifest and its icons, the
 * service worker and its offline page), served by express.static.
 *
 * Mounted at the root, express.static looked for a file on every page request (a file-system
 * stat for /course/scam-free/1 and every other page). The names are known when the server
 * starts, so only a request whose first path segment is one of them reaches the file server.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

/**
 * Files a browser must ask us about each time it uses them: the service worker (a changed or
 * removed sw.js must take effect on the next visit, not an hour later) and the page it keeps.
 */
const ALWAYS_ASK = new Set(["sw.js", "offline.html"]);

export function servePublicFiles(directory: string, options: { maxAge: string }): RequestHandler {
  const names = new Set(readdirSync(directory).filter((name) => name !== "assets"));
  const serve = express.static(directory, {
    ...options,
    setHeaders(res, file) {
      if (ALWAYS_ASK.has(path.relative(directory, file))) res.setHeader("Cache-Control", "no-cache");
    },
  });
  return (req, res, next) => {
    const firstSegment = req.path.split("/")[1] ?? "";
    if (names.has(firstSegment)) return serve(req, res, next);
    next();
  };
}
