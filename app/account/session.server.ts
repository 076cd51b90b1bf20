import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { getDatabase } from "~/db/database.server";
import { sessions } from "~/account/tables";
import { getLogger } from "~/config/logger.server";
import { setFlash } from "~/ui/flash.server";
import { getAuth, SESSION_MAX_AGE_SECONDS } from "./auth.server";

export interface SessionUser {
  id: string;
  email: string;
  role: string;
  /** The person proved they read this address (better-auth's emailVerified). */
  emailVerified: boolean;
}

interface LoadedSession {
  user: SessionUser | null;
  /** Set-Cookie headers better-auth wants sent (a refreshed session); forward them when you can. */
  headers: Headers;
}

/**
 * The signed-in user, or null. Enforces the absolute lifetime: a session older than 30 days ends
 * however active it was. A failed check counts as signed out and is logged.
 */
export function loadSession(request: Request): Promise<LoadedSession> {
  // Loaders that ask again with the same Request share one lookup. React Router 7 gives each loader
  // of a page its own copy of the request (unless future.v8_passThroughRequests is on), so the root's
  // and the page's loaders still look up twice (README, "Performance").
  let loaded = sessionsByRequest.get(request);
  if (!loaded) {
    loaded = lookUpSession(request);
    sessionsByRequest.set(request, loaded);
  }
  return loaded;
}

const sessionsByRequest = new WeakMap<Request, Promise<LoadedSession>>();

async function lookUpSession(request: Request): Promise<LoadedSession> {
  const empty = { user: null, headers: new Headers() };
  if (!request.headers.get("Cookie")?.includes("session_token")) return empty;
  try {
    const auth = await getAuth();
    const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
    if (!response) return { user: null, headers };
    const age = Date.now() - new Date(response.session.createdAt).getTime();
    if (age > SESSION_MAX_AGE_SECONDS * 1000) {
      const db = await getDatabase();
      await db.delete(sessions).where(eq(sessions.id, response.session.id));
      return empty;
    }
    const user = response.user as { id: string; email: string; role?: string | null; emailVerified?: boolean | null };
    return {
      user: { id: user.id, email: user.email, role: user.role ?? "member", emailVerified: user.emailVerified === true },
      headers,
    };
  } catch (error) {
    getLogger().error({ err: error }, "session check failed");
    return empty;
  }
}

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await loadSession(request)).user;
}

/**
 * The signed-in user, or a redirect to /auth that comes back here after login. `notice` explains
 * the detour (checkout's 'Authentication required'); it travels as a one-time flash message.
 */
export async function requireUser(
  request: Request,
  options: { notice?: { title: string; message: string }; returnTo?: string } = {},
): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    const returnTo = options.returnTo ?? `${url.pathname}${url.search}`;
    const headers = new Headers();
    if (options.notice) headers.append("Set-Cookie", await setFlash({ kind: "error", ...options.notice }));
    throw redirect(`/auth?returnTo=${encodeURIComponent(returnTo)}`, { headers });
  }
  return user;
}
