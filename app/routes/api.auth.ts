import type { Route } from "./+types/api.auth";
import { handleAuthRequest } from "~/account/auth-endpoints.server";

/**
 * better-auth's own HTTP endpoints (/api/auth/*): only those the site uses, with callback URLs
 * checked and the client IP set by our server (see auth-endpoints.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleAuthRequest(request, context.clientIp);
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleAuthRequest(request, context.clientIp);
}
