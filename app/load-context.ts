/** What server.ts hands to every loader and action besides the request. */
declare module "react-router" {
  interface AppLoadContext {
    /** Per-request Content-Security-Policy nonce for inline scripts. */
    cspNonce?: string;
    /** The visitor's IP address (after trusted proxies), for rate limits. */
    clientIp?: string;
  }
}

export {};
