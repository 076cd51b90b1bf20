import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { magicLink } from "better-auth/plugins/magic-link";
import { authSecret } from "~/config/auth-secret.server";
import { getEnv } from "~/config/env.server";
import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/database.server";
import { accounts, sessions, users, verifications } from "~/account/tables";
import { getMailBranding, queueEmail } from "~/mail/mailer.server";
import { accountExistsEmail, confirmEmailEmail, passwordChangedEmail, passwordResetEmail } from "~/mail/templates";
import {
  accountExistsEmailEs,
  confirmEmailEmailEs,
  passwordChangedEmailEs,
  passwordResetEmailEs,
} from "~/mail/account-emails-es";
import { AUTH_LIMITS } from "./auth-limits";
import { emailConfirmed } from "./email-confirmed.server";
import { signInLockedEmail } from "./account-emails";
import { SIGN_IN_LINK_MINUTES } from "./sign-in-link";
import { endSignInPause } from "./sign-in-pause.server";
import { userFieldsHook } from "./user-fields.server";
import { CONFIRMATION_LINK_DAYS } from "./email-confirmation";

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const RESET_TOKEN_MINUTES = 60;
/** Idle expiry: a session unused this long ends. Each day of use extends it. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
/** Absolute lifetime: however active, a session ends this long after sign-in. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** better-auth reads the client IP from this header; our route sets it from Express, never the client. */
export const CLIENT_IP_HEADER = "x-scam-free-client-ip";

/** An account made on the Spanish edition gets its emails in Spanish (users.language, issue #39). */
function readsSpanish(user: object): boolean {
  return (user as { language?: unknown }).language === "es";
}

function createAuth(db: Database) {
  const env = getEnv();
  return betterAuth({
    appName: "scam-free",
    baseURL: env.APP_URL,
    basePath: "/api/auth",
    secret: authSecret(),
    trustedOrigins: [env.APP_URL],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    // update-user and sign-up take only the fields the site sends, and a name must be a name.
    hooks: { before: userFieldsHook },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "member", input: false },
        // The edition the account was made on (issue #39); sign-up alone sets it, checked in user-fields.server.ts.
        language: { type: "string", required: false, defaultValue: "en", input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      // Signing up with a taken address looks like success (no account enumeration); the real
      // owner gets an email explaining what happened instead.
      async onExistingUserSignUp({ user }) {
        await queueEmail(db, {
          template: "account-exists",
          to: user.email,
          ...(readsSpanish(user) ? accountExistsEmailEs : accountExistsEmail)(getMailBranding()),
        });
      },
      async sendResetPassword({ user, url }) {
        const input = { resetUrl: url, expiresInMinutes: RESET_TOKEN_MINUTES };
        await queueEmail(db, {
          template: "password-reset",
          to: user.email,
          ...(readsSpanish(user) ? passwordResetEmailEs : passwordResetEmail)(getMailBranding(), input),
        });
      },
      async onPasswordReset({ user }) {
        // A new password ends any sign-in lock on the account, from every address.
        await endSignInPause(db, user.email);
        await queueEmail(db, {
          template: "password-changed",
          to: user.email,
          ...(readsSpanish(user) ? passwordChangedEmailEs : passwordChangedEmail)(getMailBranding()),
        });
      },
    },
    // Signing in does not wait for it; a proved address is what family members' access needs.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: CONFIRMATION_LINK_DAYS * 24 * 60 * 60,
      async sendVerificationEmail({ user, token }) {
        // Our page, not better-auth's GET endpoint: a mail scanner opening the link must not confirm.
        // A Spanish account's email and page are in Spanish (issue #39).
        const spanish = readsSpanish(user);
        const confirmUrl = `${env.APP_URL}${spanish ? "/es" : ""}/confirm-email?token=${encodeURIComponent(token)}`;
        const input = { confirmUrl, expiresInDays: CONFIRMATION_LINK_DAYS };
        await queueEmail(db, {
          template: "confirm-email",
          to: user.email,
          ...(spanish ? confirmEmailEmailEs : confirmEmailEmail)(getMailBranding(), input),
        });
      },
      // What waited for a confirmed address goes now (a receipt: billing registers it at start,
      // see email-confirmed.server.ts).
      async afterEmailVerification(user) {
        await emailConfirmed(db, user.id);
      },
    },
    plugins: [
      // The one-time sign-in link of the "sign-in paused" email (sign-in-link.server.ts). Its two
      // endpoints are not served over HTTP (auth-endpoints.server.ts): only our code asks for a
      // link, after too many wrong passwords, and only our /sign-in-link page's button uses one.
      magicLink({
        disableSignUp: true,
        storeToken: "hashed",
        expiresIn: SIGN_IN_LINK_MINUTES * 60,
        async sendMagicLink({ email, token }) {
          const rule = AUTH_LIMITS.failedLoginPerAccount;
          await queueEmail(db, {
            template: "sign-in-failures",
            to: email,
            ...signInLockedEmail(getMailBranding(), {
              failures: rule.max,
              minutes: Math.round(rule.windowSeconds / 60),
              signInUrl: `${env.APP_URL}/sign-in-link?token=${encodeURIComponent(token)}`,
              linkMinutes: SIGN_IN_LINK_MINUTES,
            }),
          });
        },
      }),
    ],
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: 24 * 60 * 60,
    },
    // better-auth's own limiter guards its HTTP endpoints under /api/auth in every mode.
    // One limiter for the whole site (app/security/request-limits.server.ts): the few endpoints
    // served over HTTP are limited in auth-endpoints.server.ts, before better-auth sees them.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: env.isHttps,
      cookiePrefix: "scam-free",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: env.isHttps },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      log: (level, message) => {
        const log = getLogger();
        if (level === "error") log.error({ source: "better-auth" }, message);
        else if (level === "warn") log.warn({ source: "better-auth" }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

// One instance per database, so tests that swap databases get their own.
const instances = new WeakMap<Database, Auth>();

export async function getAuth(): Promise<Auth> {
  const db = await getDatabase();
  let auth = instances.get(db);
  if (!auth) {
    auth = createAuth(db);
    instances.set(db, auth);
  }
  return auth;
}

/** Request headers for better-auth calls, with the client IP from Express (never from the client). */
export function authHeaders(request: Request, clientIp: string | undefined): Headers {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
  return headers;
}
