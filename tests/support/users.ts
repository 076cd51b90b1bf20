import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { users } from "~/account/tables";
import { action as authAction } from "~/routes/auth";
import { formPost } from "./requests";

let counter = 0;

/** A fresh address in the documentation range, so each call gets its own sign-up limit. */
function nextIp() {
  counter += 1;
  return `198.51.100.${(counter % 250) + 1}`;
}

/**
 * Creates an account through the real sign-up and login actions and returns the session cookie
 * ("name=value") to send as a Cookie header. `role: "staff"` grants the role the way the
 * staff:grant script does.
 */
export async function signedInCookie(
  handle: DatabaseHandle,
  email: string,
  options: { role?: "staff" | "member"; password?: string } = {},
): Promise<string> {
  const password = options.password ?? "secret123";
  const context = { clientIp: nextIp() };
  await authAction({ request: formPost("/auth", { intent: "signup", email, password }), params: {}, context } as never);
  if (options.role === "staff") {
    await handle.db.update(users).set({ role: "staff" }).where(eq(users.email, email.toLowerCase()));
  }
  const thrown = await authAction({
    request: formPost("/auth", { intent: "login", email, password }),
    params: {},
    context,
  } as never).catch((value: unknown) => value);
  if (!(thrown instanceof Response)) throw new Error(`login for ${email} did not redirect`);
  const cookie = thrown.headers.getSetCookie().find((c) => c.startsWith("scam-free.session_token="));
  if (!cookie) throw new Error(`login for ${email} set no session cookie`);
  return cookie.split(";")[0];
}
