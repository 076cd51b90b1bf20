/**
 * Practice pages live on a host of their own (PRACTICE_LINK_ORIGIN), served by this same server
 * and told apart by the Host header, so a browser's phishing warning or a spam report about a
 * practice page never touches the main site (docs/decisions/029).
 *
 * - On the practice host only a practice message's pages (landing, feedback, stop), its landing
 *   on the path of the scenario's story (`/toll/pay/<token>`: one or two segments, then a token of
 *   43 URL-safe characters), its plain `/unsubscribe/<token>`, and a delivery
 *   test's page (/practice/check/:token), the files they
 *   need and the health checks answer. Any other page is sent to the same address on the main site
 *   (so links in their header and footer work), and any other write is refused with a 404.
 * - On the main host, opening a practice page moves to the practice host (links in messages queued
 *   before it had one keep working). A button pressed on such a page still posts where it is.
 *   The feedback page is the exception: the site's own mail and texts (report thanks, weekly
 *   summaries) link to it on the site's host, never the practice host (issue #40), so it stays.
 */
import type { NextFunction, Request, Response } from "express";

const PRACTICE_PAGE =
  /^\/(?:practice\/(?:[A-Za-z0-9_-]+(?:\/(?:feedback|stop))?|check\/[A-Za-z0-9_-]+)|unsubscribe\/[A-Za-z0-9_-]{43})(?:\.data)?$/;
/** A landing link on its story's path: `/claim/<token>`, `/toll/pay/<token>` (issue #36). */
const STORY_LANDING = /^(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){1,2}\/[A-Za-z0-9_-]{43}(?:\.data)?$/;
const FEEDBACK_PAGE = /^\/practice\/[A-Za-z0-9_-]+\/feedback$/;
const PRACTICE_HOST_FILES = /^\/(?:assets\/|favicon\.svg$|healthz(?:\/|$)|__manifest$)/;

export function separatePracticeHost(origins: { site: string; practice: string | null }) {
  if (!origins.practice) return (_req: Request, _res: Response, next: NextFunction) => next();
  const practice = new URL(origins.practice);
  const site = new URL(origins.site);
  return (req: Request, res: Response, next: NextFunction) => {
    const readOnly = req.method === "GET" || req.method === "HEAD";
    if (req.get("host") === practice.host) {
      if (PRACTICE_PAGE.test(req.path) || STORY_LANDING.test(req.path) || PRACTICE_HOST_FILES.test(req.path)) {
        return next();
      }
      // Concatenated, never resolved: "//other.site/x" must stay a path on our own host.
      if (readOnly) return res.redirect(302, `${site.origin}${req.originalUrl}`);
      return res.status(404).type("text/plain").send("Not found.");
    }
    if (readOnly && PRACTICE_PAGE.test(req.path) && !req.path.endsWith(".data") && !FEEDBACK_PAGE.test(req.path)) {
      return res.redirect(302, `${practice.origin}${req.originalUrl}`);
    }
    next();
  };
}
