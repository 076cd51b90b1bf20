import type { LimitRule } from "~/security/request-limits.server";

/**
 * Brute-force limits, in every mode.
 *
 * Sign-in attempts are counted per account *and* IP address, so five wrong passwords lock that
 * account from that address only. The per-IP limit stops one address guessing across many
 * accounts. Attempts for one account from every address are also counted (a success gives its
 * count back): once `failedLoginPerAccount.max` in its window failed, nobody signs in to that
 * account with a password (the right one included) until the window ends, and the owner is
 * emailed once, with a one-time sign-in link that ends the lock (sign-in-link.server.ts). Rotating
 * network addresses therefore buys at most 20 guesses an hour, and a stranger who locks the
 * account only sends its owner a way in.
 *
 * Password resets are never blocked by sign-in limits. They are counted per email *and* IP, so a
 * stranger asking for the owner's resets uses up only their own share, with a looser cap per email
 * (the owner's inbox then already holds that many fresh links) and a cap per IP.
 */
export const AUTH_LIMITS = {
  failedLoginPerAccountAndIp: { max: 5, windowSeconds: 15 * 60 },
  failedLoginPerIp: { max: 20, windowSeconds: 15 * 60 },
  failedLoginPerAccount: { max: 20, windowSeconds: 60 * 60 },
  signUpPerIp: { max: 10, windowSeconds: 60 * 60 },
  resetPerIp: { max: 5, windowSeconds: 15 * 60 },
  resetPerEmailAndIp: { max: 3, windowSeconds: 60 * 60 },
  resetPerEmail: { max: 10, windowSeconds: 60 * 60 },
  confirmationResendPerAccount: { max: 3, windowSeconds: 60 * 60 },
  // Someone holding a signed-in browser must not be able to guess the password on the delete form.
  deleteAccountPasswordPerAccount: { max: 5, windowSeconds: 15 * 60 },
  // better-auth's endpoints served over HTTP besides sign-in (the session probe, the reset email's link).
  authEndpointPerIp: { max: 60, windowSeconds: 60 },
} satisfies Record<string, LimitRule>;

/** The request-limit keys, in one place, so the reset path can clear an account's sign-in locks. */
export const authLimitKeys = {
  loginAccountAndIp: (email: string, ip: string) => `${authLimitKeys.loginAccountPrefix(email)}${ip}`,
  loginAccountPrefix: (email: string) => `login:account-ip:${email}:`,
  loginIp: (ip: string) => `login:ip:${ip}`,
  loginFailures: (email: string) => `login:failures:${email}`,
  resetIp: (ip: string) => `reset:ip:${ip}`,
  resetEmailAndIp: (email: string, ip: string) => `reset:email-ip:${email}:${ip}`,
  resetEmail: (email: string) => `reset:email:${email}`,
  confirmationResend: (userId: string) => `confirm-email:resend:${userId}`,
  deleteAccountPassword: (userId: string) => `delete-account:password:${userId}`,
  authEndpoint: (endpoint: string, ip: string) => `auth-endpoint:${endpoint}:${ip}`,
};
