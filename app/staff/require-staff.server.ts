import { getSessionUser, type RequestArgs, type SessionUser } from "~/account/session.server";

/**
 * The signed-in staff member, or a 404 for everyone else (anonymous or not staff): the console's
 * existence is not advertised. Every /staff loader and action calls this first.
 */
export async function requireStaff(args: RequestArgs): Promise<SessionUser> {
  const user = await getSessionUser(args);
  if (!user || user.role !== "staff") {
    throw new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return user;
}

/** Staff pages show personal data: never cache them anywhere. */
export const STAFF_HEADERS = { "Cache-Control": "private, no-store" };
