import type { Route } from "./+types/api.auth";
import { authHeaders, getAuth } from "~/account/auth.server";

/** better-auth's own HTTP endpoints (/api/auth/*), with the client IP set by our server. */
async function handle(request: Request, clientIp: string | undefined) {
  const auth = await getAuth();
  const forwarded = new Request(request.url, {
    method: request.method,
    headers: authHeaders(request, clientIp),
    body: request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer(),
  });
  return auth.handler(forwarded);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return handle(request, context.clientIp);
}

export async function action({ request, context }: Route.ActionArgs) {
  return handle(request, context.clientIp);
}
