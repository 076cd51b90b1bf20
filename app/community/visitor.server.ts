import { createCookie } from "react-router";
import { getEnv } from "~/config/env.server";
import type { SessionUser } from "~/account/session.server";

/**
 * Who is liking: the signed-in person's id, or else an anonymous visitor id kept in a first-party
 * HttpOnly cookie that our server sets the first time someone likes a comment. It identifies a
 * browser, not a person; it carries no personal data and is never readable by scripts.
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
  });
}

async function readVisitorId(request: Request): Promise<string | null> {
  const value = (await visitorCookie().parse(request.headers.get("Cookie"))) as unknown;
  return typeof value === "string" && UUID.test(value) ? value : null;
}

/** The voter key for reading ("did I like this?"); null for a visitor who never liked anything. */
export async function getVoterKey(request: Request, user: SessionUser | null): Promise<string | null> {
  if (user) return `user:${user.id}`;
  const visitor = await readVisitorId(request);
  return visitor ? `visitor:${visitor}` : null;
}

/** The voter key for a like, creating the visitor cookie when there is none yet. */
export async function requireVoterKey(
  request: Request,
  user: SessionUser | null,
): Promise<{ voterKey: string; setCookie?: string }> {
  if (user) return { voterKey: `user:${user.id}` };
  const existing = await readVisitorId(request);
  if (existing) return { voterKey: `visitor:${existing}` };
  const created = crypto.randomUUID();
  return { voterKey: `visitor:${created}`, setCookie: await visitorCookie().serialize(created) };
}
