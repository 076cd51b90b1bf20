/** better-auth throws APIError with a body.message; turn anything into a sentence for people. */
export function authErrorMessage(error: unknown, fallback: string): string {
  const body = (error as { body?: { message?: unknown } })?.body;
  if (body && typeof body.message === "string" && body.message) return body.message;
  return fallback;
}

export function authErrorStatus(error: unknown): number {
  const status = (error as { statusCode?: unknown })?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? status : 400;
}
