/**
 * The site answers GET, HEAD and POST, and nothing else reaches the page handler. React Router
 * met TRACE with a 500 (a request with that method may not be turned into a Fetch API Request),
 * and PUT, PATCH and DELETE have no meaning on any of our routes; each other method is answered
 * 405 here, with the Allow header, before any route is looked up. OPTIONS is answered the same
 * way: the site serves no cross-origin API, so a preflight has nothing to allow.
 */
import type { Server } from "node:http";
import type { NextFunction, Request, Response } from "express";

const ALLOWED = new Set(["GET", "HEAD", "POST"]);
const ALLOW_HEADER = "GET, HEAD, POST";

export function refuseOtherMethods(req: Request, res: Response, next: NextFunction) {
  if (ALLOWED.has(req.method)) return next();
  res.status(405).set("Allow", ALLOW_HEADER).type("text/plain").send("Method not allowed.");
}

/**
 * CONNECT never reaches Express: Node hands it to the server's "connect" event, and with no
 * listener it drops the connection without an answer. Answer it 405 like every other method.
 */
export function refuseConnect(server: Server) {
  server.on("connect", (_req, socket) => {
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW_HEADER}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
}
