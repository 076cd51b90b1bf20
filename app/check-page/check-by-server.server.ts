import { data } from "react-router";
import { checkMessage } from "~/checker/check-message";
import type { FormResult } from "~/validation/form-result";
import { fieldErrors } from "~/validation/fields";
import { readForm } from "~/validation/read-form.server";
import { hitCheckLimit, TOO_MANY_CHECKS } from "./check-limits.server";
import { CheckFormSchema } from "./check-request";

/**
 * Every answer about a pasted message, from the page or the API: no shared cache or browser may
 * keep it. The request logger records only the method and path, and nothing here logs the message.
 */
export const NOT_STORED_HEADERS = { "Cache-Control": "no-store" } as const;

/** The address a limit counts: the proxy-aware one server.ts found, or one bucket for the unknown. */
export function checkLimitKey(clientIp: string | undefined) {
  return clientIp ?? "unknown";
}

/** The page's form posted without JavaScript: the same schema and analysis as in the browser. */
export async function checkByServer(request: Request, clientIp: string | undefined) {
  const limit = hitCheckLimit(checkLimitKey(clientIp));
  if (!limit.allowed) {
    const refused: FormResult = { ok: false, title: "Please wait a minute", message: TOO_MANY_CHECKS };
    return data(refused, {
      status: 429,
      headers: { ...NOT_STORED_HEADERS, "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  const parsed = CheckFormSchema.safeParse(await readForm(request));
  if (!parsed.success) {
    const refused: FormResult = {
      ok: false,
      title: "Nothing to check yet",
      message: "Please look at the highlighted field.",
      fields: fieldErrors(parsed.error),
    };
    return data(refused, { status: 400, headers: NOT_STORED_HEADERS });
  }
  return data({ input: parsed.data, result: checkMessage(parsed.data) }, { headers: NOT_STORED_HEADERS });
}
