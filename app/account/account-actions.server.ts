import { translatorFor, type Translate } from "~/i18n/translate";
import { getEnv } from "~/config/env.server";
import { getLogger } from "~/config/logger.server";
import { getDatabase } from "~/db/database.server";
import { requestNewsletterSubscription } from "~/newsletter/confirmation.server";
import { hitLimit, retryMessage } from "~/security/request-limits.server";
import { fieldErrors } from "~/validation/fields";
import type { FormResult } from "~/validation/form-result";
import { AUTH_LIMITS, authLimitKeys } from "./auth-limits";
import { authErrorMessage, authErrorStatus } from "./auth-errors";
import { authHeaders, getAuth } from "./auth.server";
import { pathInLocale } from "~/i18n/locales";
import { authSchemasFor } from "./auth-schemas";
import { startSignInAttempt } from "./sign-in-limits.server";

/** What an auth form action answers: a status, a title/message pair, and per-field errors. */
export interface AuthFormResult extends FormResult {
  intent: "login" | "signup" | "forgot" | "reset";
}

type Outcome = { status: number; result: AuthFormResult; setCookie?: string[] };

const english = translatorFor("en");

function invalid(
  intent: AuthFormResult["intent"],
  title: string,
  errors: Record<string, string>,
  t: Translate = english,
): Outcome {
  const message = Object.values(errors)[0] ?? t("auth.checkForm");
  return { status: 400, result: { ok: false, intent, title, message, fields: errors } };
}

function tooMany(intent: AuthFormResult["intent"], title: string, seconds: number, t: Translate = english): Outcome {
  return { status: 429, result: { ok: false, intent, title, message: retryMessage(seconds, t) } };
}

/**
 * Sign in. Attempts are counted per account and IP pair and per IP; a success clears the pair and
 * is not held against the IP. A correct password from another address gets through until 20 wrong
 * ones for the account in an hour pause password sign-in; the owner is then emailed a one-time
 * sign-in link (see auth-limits.ts). The same limiter guards better-auth's JSON sign-in
 * (sign-in-limits.server.ts).
 */
export async function logIn(
  request: Request,
  raw: unknown,
  clientIp = "unknown",
  t: Translate = english,
): Promise<Outcome> {
  const parsed = authSchemasFor(t).LoginSchema.safeParse(raw);
  if (!parsed.success) return invalid("login", t("auth.loginFailed"), fieldErrors(parsed.error), t);
  const { email, password } = parsed.data;

  const attempt = await startSignInAttempt(email, clientIp, t);
  if (!attempt.allowed) {
    return {
      status: 429,
      result: { ok: false, intent: "login", title: t("auth.loginFailed"), message: attempt.message },
    };
  }

  try {
    const auth = await getAuth();
    const { headers } = await auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
    await attempt.succeeded();
    return {
      status: 200,
      result: { ok: true, intent: "login", title: t("auth.loginOk"), message: t("auth.welcomeBack") },
      setCookie: headers.getSetCookie(),
    };
  } catch (error) {
    const status = authErrorStatus(error);
    if (status === 401) await attempt.failed();
    return {
      status,
      result: {
        ok: false,
        intent: "login",
        title: t("auth.loginFailed"),
        // better-auth's own words are English: a Spanish page says the same in Spanish.
        message: t.locale === "en" ? authErrorMessage(error, t("auth.invalidLogin")) : t("auth.invalidLogin"),
      },
    };
  }
}

/** Create an account. The session starts only when the person logs in. */
export async function signUp(
  request: Request,
  raw: unknown,
  clientIp = "unknown",
  t: Translate = english,
): Promise<Outcome> {
  const parsed = authSchemasFor(t).SignUpSchema.safeParse(raw);
  if (!parsed.success) return invalid("signup", t("auth.signupFailed"), fieldErrors(parsed.error), t);
  const { email, password, newsletter } = parsed.data;

  const db = await getDatabase();
  const limit = await hitLimit(db, `signup:ip:${clientIp}`, AUTH_LIMITS.signUpPerIp);
  if (!limit.allowed) return tooMany("signup", t("auth.signupFailed"), limit.retryAfterSeconds, t);

  try {
    const auth = await getAuth();
    await auth.api.signUpEmail({
      // The account keeps the edition it was made on: its emails come in that language (issue #39).
      body: { email, password, name: email.split("@")[0] ?? email, language: t.locale },
      headers: authHeaders(request, clientIp),
    });
  } catch (error) {
    return {
      status: authErrorStatus(error),
      result: {
        ok: false,
        intent: "signup",
        title: t("auth.signupFailed"),
        message: t.locale === "en" ? authErrorMessage(error, t("auth.signupError")) : t("auth.signupError"),
      },
    };
  }

  if (newsletter) {
    // The account matters more than the newsletter: a failure here is only logged. The address
    // is not proved yet, so it gets the newsletter's confirmation link, like any other sign-up.
    try {
      await requestNewsletterSubscription(db, { email, name: null, source: "signup" });
    } catch (error) {
      getLogger().warn({ err: error }, "newsletter sign-up during registration failed");
    }
  }
  return {
    status: 200,
    result: {
      ok: true,
      intent: "signup",
      title: t("auth.signupOk"),
      message: t("auth.signupOkMessage"),
    },
  };
}

/** Ask for a reset link. The answer is the same whether or not the account exists. */
export async function requestPasswordReset(
  request: Request,
  raw: unknown,
  clientIp = "unknown",
  t: Translate = english,
): Promise<Outcome> {
  const parsed = authSchemasFor(t).ForgotPasswordSchema.safeParse(raw);
  if (!parsed.success) return invalid("forgot", t("forgot.checkEmail"), fieldErrors(parsed.error), t);
  const { email } = parsed.data;

  // Sign-in locks never apply here. The per-email counters are keyed with the IP first, so a
  // stranger asking for someone's resets uses up their own share, not the owner's.
  const db = await getDatabase();
  const [byIp, byEmailAndIp] = await Promise.all([
    hitLimit(db, authLimitKeys.resetIp(clientIp), AUTH_LIMITS.resetPerIp),
    hitLimit(db, authLimitKeys.resetEmailAndIp(email, clientIp), AUTH_LIMITS.resetPerEmailAndIp),
  ]);
  if (!byIp.allowed || !byEmailAndIp.allowed) {
    return tooMany(
      "forgot",
      t("forgot.tooManyTitle"),
      Math.max(byIp.retryAfterSeconds, byEmailAndIp.retryAfterSeconds),
      t,
    );
  }
  const byEmail = await hitLimit(db, authLimitKeys.resetEmail(email), AUTH_LIMITS.resetPerEmail);
  if (!byEmail.allowed) {
    // This many links went to that inbox within the hour, and each still works: say so.
    const minutes = Math.max(1, Math.ceil(byEmail.retryAfterSeconds / 60));
    return {
      status: 429,
      result: {
        ok: false,
        intent: "forgot",
        title: t("forgot.tooManyTitle"),
        message: t("forgot.tooManyLinks", { minutes }),
      },
    };
  }
  try {
    const auth = await getAuth();
    await auth.api.requestPasswordReset({
      // The link leads back to the form in the language it was asked from.
      body: { email, redirectTo: `${getEnv().APP_URL}${pathInLocale("/reset-password", t.locale)}` },
      headers: authHeaders(request, clientIp),
    });
  } catch (error) {
    getLogger().error({ err: error }, "password reset request failed");
    return {
      status: 503,
      result: {
        ok: false,
        intent: "forgot",
        title: t("forgot.failedTitle"),
        message: t("forgot.failed"),
      },
    };
  }
  return {
    status: 200,
    result: { ok: true, intent: "forgot", title: t("forgot.checkEmail"), message: t("forgot.sent") },
  };
}

/** Set a new password with the single-use token; every session of that user ends. */
export async function resetPassword(
  request: Request,
  raw: unknown,
  clientIp = "unknown",
  t: Translate = english,
): Promise<Outcome> {
  const parsed = authSchemasFor(t).ResetPasswordSchema.safeParse(raw);
  if (!parsed.success) return invalid("reset", t("reset.checkForm"), fieldErrors(parsed.error), t);
  try {
    const auth = await getAuth();
    await auth.api.resetPassword({
      body: { newPassword: parsed.data.password, token: parsed.data.token },
      headers: authHeaders(request, clientIp),
    });
  } catch (error) {
    getLogger().info({ err: authErrorMessage(error, "reset failed") }, "password reset refused");
    return {
      status: 400,
      result: {
        ok: false,
        intent: "reset",
        title: t("reset.expiredTitle"),
        message: t("reset.expired"),
      },
    };
  }
  return {
    status: 200,
    result: { ok: true, intent: "reset", title: t("reset.doneTitle"), message: t("reset.done") },
  };
}

/** End the session on the server. Returns the cookie-clearing headers. */
export async function signOut(request: Request): Promise<{ ok: boolean; setCookie: string[] }> {
  try {
    const auth = await getAuth();
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return { ok: true, setCookie: headers.getSetCookie() };
  } catch (error) {
    getLogger().error({ err: error }, "sign-out failed");
    return { ok: false, setCookie: [] };
  }
}

/**
 * Set-Cookie headers that remove the session cookies (better-auth's, prefixed "scam-free") from the browser, for when the
 * session itself is already gone (the account was deleted) and signOut has nothing to end.
 */
export function expiredSessionCookies(request: Request): string[] {
  const names = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter((name) => /^(__Secure-)?scam-free\.(session_token|session_data|dont_remember)$/.test(name));
  return names.map(
    (name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Secure-") ? "; Secure" : ""}`,
  );
}
