import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/account/tables";
import { action as authAction } from "~/routes/auth";
import { formPost } from "./requests";

/**
 * Signs up and logs in through the real /auth action (better-auth on the test database) and
 * returns the user's id and a Cookie header value for requests made as that user.
 */
export async function signedInUser(db: Database, email: string, password = "secret-pass-1") {
  const args = (fields: Record<string, string>) =>
    ({
      request: formPost("/auth", fields),
      params: {},
      context: { clientIp: `198.51.100.${Math.floor(Math.random() * 200) + 1}` },
    }) as never;
  await authAction(args({ intent: "signup", email, password }));
  const thrown = await authAction(args({ intent: "login", email, password })).catch((response: unknown) => response);
  if (!(thrown instanceof Response)) throw new Error(`login for ${email} did not redirect`);
  const cookie = thrown.headers
    .getSetCookie()
    .find((value) => value.startsWith("scam-free.session_token="))!
    .split(";")[0];
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: user.id, cookie };
}

/** Calls a route loader or action, turning a thrown Response (redirect, 404) into a value. */
export async function callRoute<T>(
  handler: (args: never) => Promise<T> | T,
  request: Request,
  params: Record<string, string> = {},
) {
  try {
    return { value: await handler({ request, params, context: { clientIp: "203.0.113.9" } } as never), thrown: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { value: null, thrown };
    // `throw data("Not found", { status: 404 })` arrives as a DataWithResponseInit.
    const value = thrown as { type?: string; data?: unknown; init?: { status?: number } };
    if (value?.type === "DataWithResponseInit") {
      return { value: null, thrown: Response.json(value.data, { status: value.init?.status ?? 200 }) };
    }
    throw thrown;
  }
}
