import { createCookie } from "react-router";
import { authSecret } from "~/config/auth-secret.server";
import { getEnv } from "~/config/env.server";
import type { SessionUser } from "~/account/session.server";

/**
 * Who is liking: the signed-in person's id, or else an anonymous visitor id kept in a first-party
 * HttpOnly cookie. It identifies a browser, not a person; it carries no personal data and is never
 * readable by scripts. The community page itself is the same for every anonymous visitor (it is
 * served from the page cache), so the cookie comes from /community/visitor, which the page loads
 * as a hidden image (so it works without JavaScript) and asks which comments this browser liked.
 *
 * The cookie is signed, so a script cannot invent a fresh visitor for every like, and a like that
 * arrives without it does not count (it only gets the cookie): a client that refuses cookies
 * cannot add a like per request. A real browser already has the cookie from the page it liked on.
 */
const ONE_YEAR = 365 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function visitorCookie() {
  return createCookie("scam-free-visitor", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: ONE_YEAR,
    secure: getEnv().isHttps,
    secrets: [authSecret()],
  });
}

async function readVisitorId(request: Request): Promise<string | null> {
  const value = (await visitorCookie().parse(request.headers.get("Cookie"))) as unknown;
  return typeof value === "string" && UUID.test(value) ? value : null;
}

async function newVisitorCookie() {
  return visitorCookie().serialize(crypto.randomUUID());
}

/**
 * For the community page's own loader: a signed-in person's likes are marked in the page; an
 * anonymous page is shared by every visitor, so it marks none (and sets no cookie).
 */
export function voterForPage(user: SessionUser | null): string | null {
  return user ? `user:${user.id}` : null;
}

/**
 * For /community/visitor: the voter key, and the visitor cookie to set for an anonymous browser
 * that does not have one yet (its voter key is new, so it has liked nothing).
 */
export async function getVisitorVoter(
  request: Request,
  user: SessionUser | null,
): Promise<{ voterKey: string | null; setCookie?: string }> {
  if (user) return { voterKey: `user:${user.id}` };
  const visitor = await readVisitorId(request);
  if (visitor) return { voterKey: `visitor:${visitor}` };
  return { voterKey: null, setCookie: await newVisitorCookie() };
}

/**
 * For a like: the voter key, or null with a new visitor cookie when an anonymous like came without
 * a valid one (that like is not counted; the browser can like again now that it has the cookie).
 */
export async function getVoterForLike(
  request: Request,
  user: SessionUser | null,
): Promise<{ voterKey: string; setCookie?: undefined } | { voterKey: null; setCookie: string }> {
  if (user) return { voterKey: `user:${user.id}` };
  const visitor = await readVisitorId(request);
  if (visitor) return { voterKey: `visitor:${visitor}` };
  return { voterKey: null, setCookie: await newVisitorCookie() };
}
