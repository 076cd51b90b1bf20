/**
 * The built site's files outside /assets (today only favicon.svg), served by express.static.
 *
 * Mounted at the root, express.static looked for a file on every page request (a file-system
 * stat for /course/scam-free/1 and every other page). The names are known when the server
 * starts, so only a request whose first path segment is one of them reaches the file server.
 */
import { readdirSync } from "node:fs";
import express, { type RequestHandler } from "express";

export function servePublicFiles(directory: string, options: { maxAge: string }): RequestHandler {
  const names = new Set(readdirSync(directory).filter((name) => name !== "assets"));
  const serve = express.static(directory, options);
  return (req, res, next) => {
    const firstSegment = req.path.split("/")[1] ?? "";
    if (names.has(firstSegment)) return serve(req, res, next);
    next();
  };
}
