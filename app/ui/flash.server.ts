import { createCookie } from "react-router";
import { getEnv } from "~/config/env.server";

/**
 * A one-time message carried across a redirect ("Signed out successfully"): set by an action,
 * read and cleared by the root loader, shown as a toast (or a banner without JavaScript).
 */
export interface Flash {
  id: string;
  kind: "success" | "error" | "info";
  title: string;
  message?: string;
}

function flashCookie() {
  return createCookie("scam-free-flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secure: getEnv().isHttps,
  });
}

const FLASH_KINDS: readonly Flash["kind"][] = ["success", "error", "info"];

export async function setFlash(flash: Omit<Flash, "id">): Promise<string> {
  return flashCookie().serialize({ ...flash, id: crypto.randomUUID() });
}

export async function readFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const cookie = flashCookie();
  const value = (await cookie.parse(request.headers.get("Cookie"))) as Flash | null;
  if (!value || typeof value !== "object" || typeof value.title !== "string") return { flash: null, clear: null };
  // The cookie comes back from the browser: a kind we never set is shown as a plain note.
  const kind = FLASH_KINDS.includes(value.kind) ? value.kind : "info";
  return { flash: { ...value, kind }, clear: await cookie.serialize("", { maxAge: 0 }) };
}
