import { getEnv } from "~/config/env.server";

/**
 * "Has someone logged in on this browser before?": only to choose which tab /auth opens first
 * (Login for a returning visitor, Create Account for someone new on their way to a plan). It holds
 * no identity, just "1", and is never used to decide what anyone may see or do.
 */
const NAME = "scam-free-returning";
const ONE_YEAR = 60 * 60 * 24 * 365;

export async function rememberReturningVisitor(): Promise<string> {
  const secure = getEnv().isHttps ? "; Secure" : "";
  return `${NAME}=1; Path=/auth; Max-Age=${ONE_YEAR}; HttpOnly; SameSite=Lax${secure}`;
}

export function isReturningVisitor(request: Request): boolean {
  const cookies = request.headers.get("Cookie") ?? "";
  return cookies.split(/;\s*/).includes(`${NAME}=1`);
}
