/** Builds the Request a browser would send for a form post, for calling route actions directly. */
export function formPost(
  path: string,
  fields: Record<string, string | string[]>,
  headers: Record<string, string> = {},
) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  }
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
}

/** The minimum a route action needs besides the request. */
export function actionArgs(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: { clientIp: "203.0.113.7" } } as never;
}

/** React Router's data() results carry their status in `init`. */
export function unwrapData<T>(result: unknown): { status: number; data: T } {
  const value = result as { type?: string; data?: T; init?: { status?: number } };
  if (value && value.type === "DataWithResponseInit") {
    return { status: value.init?.status ?? 200, data: value.data as T };
  }
  return { status: 200, data: result as T };
}
