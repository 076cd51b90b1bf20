/**
 * Paths that accept POSTs from other sites, declared beside their routes. server.ts refuses every
 * other cross-site write (CSRF) and reads this list through the server runtime; for these paths
 * alone its page handler tells React Router to accept an action from any origin
 * (allowedActionOrigins on the build), since a mail app posts a one-click unsubscribe from its own.
 */
export interface CrossSitePost {
  /** The path, or for a path with a parameter its route pattern (then `pattern` is what matches). */
  path: string;
  /** For a path with a parameter: the whole path it matches. */
  pattern?: RegExp;
  /** Why another site may post here: what proves the request is genuine. */
  reason: string;
}

export const CROSS_SITE_POSTS: readonly CrossSitePost[] = [
  { path: "/api/webhooks/stripe", reason: "Stripe signs every event (Stripe-Signature)." },
  { path: "/api/webhooks/twilio", reason: "Twilio signs every inbound text (X-Twilio-Signature)." },
  {
    path: "/api/webhooks/twilio/status",
    reason: "Twilio signs every delivery status callback (X-Twilio-Signature).",
  },
  {
    path: "/api/webhooks/inbound-email",
    reason: "Every inbound email carries an HMAC of its body under INBOUND_EMAIL_SECRET (X-Scam-Free-Signature).",
  },
  {
    path: "/unsubscribe",
    reason:
      "RFC 8058 one-click unsubscribes are POSTed by the recipient's mail provider. The secret token in the link is the whole authorisation, and the only change it can make is to stop that one address's newsletter.",
  },
  {
    path: "/practice/:token/stop",
    pattern: /^\/practice\/[A-Za-z0-9_-]{43}\/stop$/,
    reason:
      "RFC 8058 one-click stops of practice emails are POSTed by the recipient's mail provider. The practice message's secret token in the path is the whole authorisation, and the only change it can make is to stop practice messages to that person.",
  },
  {
    path: "/unsubscribe/:token",
    pattern: /^\/unsubscribe\/[A-Za-z0-9_-]{43}$/,
    reason:
      "The same one-click stop of practice emails at the address their footer and List-Unsubscribe header show (a path that says nothing of practice, issue #40). The token is the whole authorisation; the only change it can make is to stop practice messages to that person.",
  },
  {
    path: "/training/summaries/unsubscribe",
    reason:
      "RFC 8058 one-click unsubscribes from the Training Program's weekly summaries, POSTed by the recipient's mail provider. The secret token in the link is the whole authorisation, and the only change it can make is to stop that one person's (or holder's) weekly summaries.",
  },
  {
    path: "/scam-updates/unsubscribe",
    reason:
      "RFC 8058 one-click unsubscribes from the weekly scam-update digest, POSTed by the recipient's mail provider. The secret token in the link is the whole authorisation, and the only change it can make is to stop that one account's digest.",
  },
];
