import type { Route } from "./+types/api.check";
import { checkMessage } from "~/checker/check-message";
import { hitCheckLimit, TOO_MANY_CHECKS } from "~/check-page/check-limits.server";
import { checkLimitKey, NOT_STORED_HEADERS } from "~/check-page/check-by-server.server";
import { CheckRequestSchema } from "~/check-page/check-request";

/**
 * `POST /api/check` with `{ text, sender?, subject?, links? }` as JSON: the same analysis as the
 * /check page, for a future browser extension and for tests. It stores and logs nothing of the
 * message; bad input gets a 4xx with a clear `error`, too many checks from one address a 429.
 */

function refuse(status: number, error: string, extra: Record<string, unknown> = {}, headers: HeadersInit = {}) {
  return Response.json({ error, ...extra }, { status, headers: { ...NOT_STORED_HEADERS, ...headers } });
}

export function loader() {
  return refuse(405, "Send the message with POST, as JSON.", {}, { Allow: "POST" });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method.toUpperCase() !== "POST") {
    return refuse(405, "Send the message with POST, as JSON.", {}, { Allow: "POST" });
  }
  const limit = await hitCheckLimit(checkLimitKey(context.clientIp));
  if (!limit.allowed) return refuse(429, TOO_MANY_CHECKS, {}, { "Retry-After": String(limit.retryAfterSeconds) });
  const contentType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (contentType !== "application/json") {
    return refuse(415, 'Send the message as JSON (Content-Type: application/json): { "text": "..." }.');
  }
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return refuse(400, 'That is not valid JSON. Send { "text": "the message" }.');
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return refuse(400, 'Send an object with the message in "text": { "text": "the message" }.');
  }
  const parsed = CheckRequestSchema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const field = String(first.path[0] ?? "text");
    // A message longer than the limit is too large; anything else is malformed.
    const status = field === "text" && first.code === "too_big" ? 413 : 400;
    return refuse(status, first.message, { field });
  }
  return Response.json(checkMessage(parsed.data), { headers: NOT_STORED_HEADERS });
}
