import { data } from "react-router";
import type { z } from "zod";
import { getLogger } from "~/config/logger.server";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/database.server";
import { requireMethod } from "~/validation/read-form.server";
import type { UnsubscribeView } from "./one-click-unsubscribe-page";

/**
 * The server half of a one-click unsubscribe page (RFC 8058) for a list whose link carries a secret
 * token: GET only asks (mail scanners open links in emails, and that must never stop anything);
 * POST, from the page's button or from the mail provider (token in the URL, body
 * "List-Unsubscribe=One-Click"), stops it, and doing it twice is fine. Its path must be declared
 * in app/routes/cross-site-posts.ts.
 */

const view = (value: UnsubscribeView, status: number) =>
  data(value, { status, headers: { "Cache-Control": "no-store" } });

interface OneClickList {
  tokenSchema: z.ZodType<string, string>;
  /** For log lines: "weekly summary", "scam update digest". */
  name: string;
  state(db: Database, token: string): Promise<"active" | "stopped" | "unknown">;
  stop(db: Database, token: string): Promise<"stopped" | "already" | "unknown">;
}

export async function unsubscribeLoader(request: Request, list: OneClickList) {
  const token = list.tokenSchema.safeParse(new URL(request.url).searchParams.get("token") ?? undefined);
  if (!token.success) return view({ state: "invalid", message: token.error.issues[0]!.message }, 400);
  try {
    const state = await list.state(await getDatabase(), token.data);
    if (state === "unknown") return view({ state: "unknown" }, 404);
    return state === "stopped" ? view({ state: "already" }, 200) : view({ state: "confirm", token: token.data }, 200);
  } catch (error) {
    getLogger().error({ err: error }, `${list.name} unsubscribe page failed`);
    return view({ state: "error" }, 503);
  }
}

export async function unsubscribeAction(request: Request, list: OneClickList) {
  requireMethod(request);
  const form = await request.formData().catch(() => new FormData());
  const fromForm = form.get("token");
  const raw =
    typeof fromForm === "string" && fromForm !== "" ? fromForm : new URL(request.url).searchParams.get("token");
  const token = list.tokenSchema.safeParse(raw ?? undefined);
  if (!token.success) return view({ state: "invalid", message: token.error.issues[0]!.message }, 400);
  try {
    const outcome = await list.stop(await getDatabase(), token.data);
    if (outcome === "unknown") return view({ state: "unknown" }, 404);
    return view({ state: "done" }, 200);
  } catch (error) {
    getLogger().error({ err: error }, `${list.name} unsubscribe failed`);
    return view({ state: "error" }, 503);
  }
}
