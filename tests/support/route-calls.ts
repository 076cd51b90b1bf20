/** Calling route loaders and actions directly, as React Router would, with status and headers. */

/** Calls a loader the way React Router does, returning its status and data (or the thrown Response). */
export async function callLoader<T>(
  loader: (args: never) => unknown,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; data: T; headers: Headers; response?: Response }> {
  const request = new Request(`http://localhost:3000${path}`, { headers });
  try {
    const result = await loader({ request, params: {}, context: { clientIp: "203.0.113.9" } } as never);
    return fromResult<T>(result);
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, data: undefined as T, headers: thrown.headers, response: thrown };
    throw thrown;
  }
}

/** Calls an action with a form post. */
export async function callAction<T>(
  action: (args: never) => unknown,
  path: string,
  fields: Record<string, string | string[]>,
  options: { headers?: Record<string, string>; ip?: string } = {},
): Promise<{ status: number; data: T; headers: Headers; response?: Response }> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  }
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...options.headers },
  });
  try {
    const result = await action({ request, params: {}, context: { clientIp: options.ip ?? "203.0.113.7" } } as never);
    return fromResult<T>(result);
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, data: undefined as T, headers: thrown.headers, response: thrown };
    throw thrown;
  }
}

function fromResult<T>(result: unknown): { status: number; data: T; headers: Headers; response?: Response } {
  if (result instanceof Response)
    return { status: result.status, data: undefined as T, headers: result.headers, response: result };
  const value = result as { type?: string; data?: T; init?: { status?: number; headers?: HeadersInit } };
  if (value && value.type === "DataWithResponseInit") {
    return { status: value.init?.status ?? 200, data: value.data as T, headers: new Headers(value.init?.headers) };
  }
  return { status: 200, data: result as T, headers: new Headers() };
}
