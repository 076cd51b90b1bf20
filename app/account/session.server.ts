import { localeOfPath, pathInLocale } from "~/i18n/locales";
import { eq } from "drizzle-orm";
import { redirect, type AppLoadContext } from "react-router";
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
 * What a loader or action hands to the session functions: its request, and the load context the
 * server makes for each request (server.ts), which carries the look-up that request's loaders share.
 */
export interface RequestArgs {
  request: Request;
  context?: AppLoadContext;
}

/** One request's shared session look-up; server.ts puts a fresh one in each request's load context. */
export interface PageSession {
  loaded?: Promise<LoadedSession>;
}

/**
 * The signed-in user, or null. Enforces the absolute lifetime: a session older than 30 days ends
 * however active it was. A failed check counts as signed out and is logged.
 *
 * React Router hands each loader of a page its own copy of the request but the same load context,
 * so the root's loader and the page's share one look-up through `context.pageSession`. Only for
 * GET and HEAD: an action may sign in or out before the loaders run. Without a load context (a
 * test calling a loader) loaders that ask with the same Request still share one look-up.
 */
export function loadSession({ request, context }: RequestArgs): Promise<LoadedSession> {
  const method = request.method.toUpperCase();
  const shared = context?.pageSession && (method === "GET" || method === "HEAD") ? context.pageSession : undefined;
  if (shared?.loaded) return shared.loaded;
  let loaded = sessionsByRequest.get(request);
  if (!loaded) {
    loaded = lookUpSession(request);
    sessionsByRequest.set(request, loaded);
  }
  if (shared) shared.loaded = loaded;
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

export async function getSessionUser(args: RequestArgs): Promise<SessionUser | null> {
  return (await loadSession(args)).user;
}

/**
 * The signed-in user, or a redirect to /auth that comes back here after login. `notice` explains
 * the detour (checkout's 'Authentication required'); it travels as a one-time flash message.
 */
export async function requireUser(
  args: RequestArgs,
  options: { notice?: { title: string; message: string; kind?: "error" | "info" }; returnTo?: string } = {},
): Promise<SessionUser> {
  const user = await getSessionUser(args);
  if (!user) {
    const { request } = args;
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
