import type { LimitRule } from "~/security/request-limits.server";

/**
 * Brute-force limits, in every mode. Failed sign-ins are counted per account and per IP; the
 * account limit trips after 5 failures, far below the 40-a-minute an attacker would want.
 */
export const AUTH_LIMITS = {
  failedLoginPerAccount: { max: 5, windowSeconds: 15 * 60 },
  failedLoginPerIp: { max: 20, windowSeconds: 15 * 60 },
  signUpPerIp: { max: 10, windowSeconds: 60 * 60 },
  resetPerIp: { max: 5, windowSeconds: 15 * 60 },
  resetPerEmail: { max: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, LimitRule>;
