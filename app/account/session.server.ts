import { localeOfPath, pathInLocale } from "~/i18n/locales";
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
  // Loaders that ask again with the same Request share one lookup.
  let loaded = sessionsByRequest.get(request);
  if (!loaded) {
    loaded = sharedWithinPage(request) ?? lookUpSession(request);
    sessionsByRequest.set(request, loaded);
  }
  return loaded;
}

const sessionsByRequest = new WeakMap<Request, Promise<LoadedSession>>();

/** Set by the server on every request it hands to React Router (`http/page-handler.ts`). */
export const PAGE_REQUEST_ID_HEADER = "x-scam-free-page-request";
/** Long enough for every loader of one page, short enough to hold only the pages in flight. */
const SHARED_FOR_MS = 10_000;
const sessionsByPage = new Map<string, Promise<LoadedSession>>();

/**
 * React Router 7 gives each loader of a page its own copy of the request, so the root's loader and
 * the page's would each look the session up. Copies of one GET carry the same page-request id and
 * cookies: they share one lookup. Only for GET and HEAD, where no action can change the session
 * between two loaders; keyed by the cookies too, so a made-up id can only ever find the asker's own.
 */
function sharedWithinPage(request: Request): Promise<LoadedSession> | undefined {
  const id = request.headers.get(PAGE_REQUEST_ID_HEADER);
  const method = request.method.toUpperCase();
  const cookies = request.headers.get("cookie") ?? "";
  if (!id || (method !== "GET" && method !== "HEAD") || !cookies.includes("session_token")) return undefined;
  const key = `${id}\n${cookies}`;
  let loaded = sessionsByPage.get(key);
  if (!loaded) {
    loaded = lookUpSession(request);
    sessionsByPage.set(key, loaded);
    setTimeout(() => sessionsByPage.delete(key), SHARED_FOR_MS).unref();
  }
  return loaded;
}

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
  options: { notice?: { title: string; message: string; kind?: "error" | "info" }; returnTo?: string } = {},
): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    const returnTo = options.returnTo ?? `${url.pathname}${url.search}`;
    const headers = new Headers();
    if (options.notice) headers.append("Set-Cookie", await setFlash({ kind: "error", ...options.notice }));
    // A Spanish page's reader signs in on the Spanish sign-in page.
    const signIn = pathInLocale("/auth", localeOfPath(url.pathname));
    throw redirect(`${signIn}?returnTo=${encodeURIComponent(returnTo)}`, { headers });
  }
  return user;
}
