/**
 * What reaches better-auth's own HTTP handler (/api/auth/*), and on what terms.
 *
 * The site itself talks to better-auth in-process (auth.api.*, from the /auth, /forgot-password,
 * /reset-password and /confirm-email actions), so only three endpoints are served over HTTP:
 * the session probe, the JSON sign-in (limited exactly like the /auth form, through the same
 * limiter), and the link in password-reset emails. Everything else answers 404 before better-auth
 * sees it: its endpoints (verify-email, sign-up, change-email, ...) are surface we do not use. The
 * site's one limiter (request-limits.server.ts) counts the served endpoints per client IP, after
 * the path is known, so a made-up path of any length costs no counter row; better-auth's own
 * limiter is off.
 *
 * Every redirect target better-auth accepts (callbackURL and friends, in the query or the JSON
 * body) must be a path on this site, checked after URL normalisation: better-auth's own check let
 * "/.//evil.example" through and then redirected to "//evil.example".
 */
import { getEnv } from "~/config/env.server";
import { getDatabase } from "~/db/database.server";
import { hitLimit, retryMessage } from "~/security/request-limits.server";
import { fieldErrors } from "~/validation/fields";
import { authHeaders, getAuth } from "./auth.server";
import { AUTH_LIMITS, authLimitKeys } from "./auth-limits";
import { LoginSchema } from "./auth-schemas";
import { startSignInAttempt } from "./sign-in-limits.server";

const AUTH_BASE_PATH = "/api/auth";

/** `name` keys its request counter; sign-in has counters of its own (sign-in-limits.server.ts). */
type Endpoint = { name: string; method: "GET" | "POST"; path: RegExp; signIn?: true };

const EXPOSED: Endpoint[] = [
  // Browser tests and API clients ask whether a session is live; it reveals nothing else.
  { name: "session", method: "GET", path: /^\/get-session$/ },
  { name: "sign-in", method: "POST", path: /^\/sign-in\/email$/, signIn: true },
  // The link in password-reset emails (better-auth writes it); tokens are 24 characters.
  { name: "reset-link", method: "GET", path: /^\/reset-password\/[A-Za-z0-9_-]{1,128}$/ },
];

/** Every field better-auth reads a redirect target from. */
const CALLBACK_FIELDS = ["callbackURL", "newUserCallbackURL", "errorCallbackURL", "redirectTo"] as const;

const MAX_CALLBACK_LENGTH = 2000;

/**
 * A URL on this site: a path ("/reset-password") or an absolute URL on APP_URL's origin, which
 * still resolves to this origin and a path that does not start with "//" once normalised (dot
 * segments, escaped dots), with no backslashes or control characters (browsers read "\" as "/"
 * and drop tabs and newlines).
 */
function isSafeCallbackURL(value: unknown): boolean {
  if (typeof value !== "string" || value.length > MAX_CALLBACK_LENGTH) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false;
  const origin = new URL(getEnv().APP_URL).origin;
  const written = value.startsWith("/") ? value : value === origin || value.startsWith(`${origin}/`) ? value : null;
  if (written === null || written.startsWith("//")) return false;
  try {
    const resolved = new URL(written, origin);
    return resolved.origin === origin && !resolved.pathname.startsWith("//");
  } catch {
    return false;
  }
}

function jsonAnswer(status: number, message: string, code: string, headers: Record<string, string> = {}) {
  return Response.json({ code, message }, { status, headers });
}

/** Reads a JSON body as an object; null when it is not JSON or not an object. */
function readJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Handles a request for /api/auth/*: refused here, or passed to better-auth. */
export async function handleAuthRequest(request: Request, clientIp: string | undefined): Promise<Response> {
  const url = new URL(request.url);
  const endpoint = url.pathname.startsWith(`${AUTH_BASE_PATH}/`)
    ? EXPOSED.find(
        (entry) => entry.method === request.method && entry.path.test(url.pathname.slice(AUTH_BASE_PATH.length)),
      )
    : undefined;
  if (!endpoint) return jsonAnswer(404, "Not found.", "NOT_FOUND");

  let fields: Record<string, unknown> = {};
  if (endpoint.method === "POST") {
    // better-auth takes JSON only on these endpoints; reading it here lets us check what it will read.
    if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
      return jsonAnswer(
        415,
        "Send the request body as JSON (Content-Type: application/json).",
        "UNSUPPORTED_MEDIA_TYPE",
      );
    }
    const parsed = readJsonObject(await request.text());
    if (!parsed) return jsonAnswer(400, "The request body is not a JSON object.", "BAD_REQUEST");
    fields = parsed;
  }

  for (const name of CALLBACK_FIELDS) {
    const values = [...url.searchParams.getAll(name), ...(name in fields ? [fields[name]] : [])];
    if (!values.every(isSafeCallbackURL)) {
      return jsonAnswer(400, `${name} must be a path on this site, like "/account".`, "INVALID_CALLBACK_URL");
    }
  }

  const forward = async (body: string | undefined) => {
    const headers = authHeaders(request, clientIp);
    // The body may have been rewritten (sign-in's normalised email): let fetch count it again.
    headers.delete("content-length");
    return (await getAuth()).handler(new Request(request.url, { method: request.method, headers, body }));
  };
  if (endpoint.signIn) return signIn(fields, clientIp ?? "unknown", forward);
  const limit = await hitLimit(
    await getDatabase(),
    authLimitKeys.authEndpoint(endpoint.name, clientIp ?? "unknown"),
    AUTH_LIMITS.authEndpointPerIp,
  );
  if (!limit.allowed) {
    return jsonAnswer(429, retryMessage(limit.retryAfterSeconds), "TOO_MANY_REQUESTS", {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
  return forward(endpoint.method === "POST" ? JSON.stringify(fields) : undefined);
}

/**
 * better-auth's JSON sign-in, through the /auth form's limiter: the same counters, the same 429
 * and message. better-auth is given the normalised address that was counted, so no other spelling
 * of it gets a fresh allowance.
 */
async function signIn(
  fields: Record<string, unknown>,
  clientIp: string,
  forward: (body: string) => Promise<Response>,
): Promise<Response> {
  const parsed = LoginSchema.safeParse(fields);
  if (!parsed.success) {
    const message = Object.values(fieldErrors(parsed.error))[0] ?? "Please check the email and password.";
    return jsonAnswer(400, message, "VALIDATION_ERROR");
  }
  const attempt = await startSignInAttempt(parsed.data.email, clientIp);
  if (!attempt.allowed) {
    return jsonAnswer(429, attempt.message, "TOO_MANY_REQUESTS", {
      "Retry-After": String(attempt.retryAfterSeconds),
    });
  }
  const response = await forward(JSON.stringify({ ...fields, email: parsed.data.email }));
  if (response.ok) await attempt.succeeded();
  else if (response.status === 401) await attempt.failed();
  return response;
}
