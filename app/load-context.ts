import type { PageSession } from "~/account/session.server";

/** What server.ts hands to every loader and action besides the request, made anew for each request. */
declare module "react-router" {
  interface AppLoadContext {
    /** Per-request Content-Security-Policy nonce for inline scripts. */
    cspNonce?: string;
    /** The visitor's IP address (after trusted proxies), for rate limits. */
    clientIp?: string;
    /** The session look-up this request's loaders share (loadSession in app/account/session.server.ts). */
    pageSession?: PageSession;
  }
}

export {};
