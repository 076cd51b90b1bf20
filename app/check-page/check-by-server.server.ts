import { data } from "react-router";
import { checkMessage } from "~/checker/check-message";
import type { FormResult } from "~/validation/form-result";
import { fieldErrors } from "~/validation/fields";
import { readForm } from "~/validation/read-form.server";
import { localeOfPath } from "~/i18n/locales";
import { translatorFor } from "~/i18n/translate";
import { hitCheckLimit } from "./check-limits.server";
import { checkFormSchema } from "./check-request";

/**
 * Every answer about a pasted message, from the page or the API: no shared cache or browser may
 * keep it. The request logger records only the method and path, and nothing here logs the message.
 */
export const NOT_STORED_HEADERS = { "Cache-Control": "no-store" } as const;

/** The address a limit counts: the proxy-aware one server.ts found, or one bucket for the unknown. */
export function checkLimitKey(clientIp: string | undefined) {
  return clientIp ?? "unknown";
}

/**
 * The page's form posted without JavaScript: the same schema and analysis as in the browser, and
 * the refusals in the page's language (/check or /es/check).
 */
export async function checkByServer(request: Request, clientIp: string | undefined) {
  const t = translatorFor(localeOfPath(new URL(request.url).pathname));
  const limit = await hitCheckLimit(checkLimitKey(clientIp));
  if (!limit.allowed) {
    const refused: FormResult = { ok: false, title: t("check.tooMany.title"), message: t("check.tooMany.message") };
    return data(refused, {
      status: 429,
      headers: { ...NOT_STORED_HEADERS, "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  const parsed = checkFormSchema(t).safeParse(await readForm(request));
  if (!parsed.success) {
    const refused: FormResult = {
      ok: false,
      title: t("check.refused.title"),
      message: t("check.refused.message"),
      fields: fieldErrors(parsed.error),
    };
    return data(refused, { status: 400, headers: NOT_STORED_HEADERS });
  }
  return data({ input: parsed.data, result: checkMessage(parsed.data) }, { headers: NOT_STORED_HEADERS });
}
