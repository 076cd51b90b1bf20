import { data } from "react-router";
import type { FormResult } from "./form-result";
import { formDataToObject } from "./fields";

/**
 * The one way an action reads a submitted form. Our forms only ever POST urlencoded or multipart
 * bodies; anything else is a client we did not write, and gets a clear 4xx instead of the 500 that
 * `request.formData()` throws on JSON, plain text or a multipart body without a boundary:
 * 405 for another method (with Allow), 415 for another content type, 400 for a body that does not
 * parse. The answer has the FormResult shape, so a page that shows it needs nothing new.
 */
const FORM_CONTENT_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

function refuse(status: number, message: string, headers?: HeadersInit): never {
  const result: FormResult = { ok: false, title: "Nothing was changed", message };
  throw data(result, { status, headers });
}

/** Refuses any method but the given ones with 405 and an Allow header. */
export function requireMethod(request: Request, allowed: readonly string[] = ["POST"]) {
  if (!allowed.includes(request.method.toUpperCase())) {
    refuse(405, `This address does not accept ${request.method} requests.`, { Allow: allowed.join(", ") });
  }
}

export async function readFormData(request: Request): Promise<FormData> {
  requireMethod(request);
  const contentType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_CONTENT_TYPES.has(contentType)) {
    refuse(415, "Please send this form from the page it belongs to.");
  }
  try {
    return await request.formData();
  } catch {
    refuse(400, "We could not read this form. Please reload the page and try again.");
  }
}

/** The submitted form as a plain object (repeated names become arrays). */
export async function readForm(request: Request): Promise<Record<string, string | string[]>> {
  return formDataToObject(await readFormData(request));
}
