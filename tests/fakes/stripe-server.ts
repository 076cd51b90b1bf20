import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the parts of Stripe's HTTP API this site uses, spoken over a real socket so
 * the real `stripe` SDK talks to it exactly as it talks to Stripe: form-encoded requests with
 * bracketed keys, Idempotency-Key headers, JSON answers and Stripe-shaped errors.
 * Tests play "Stripe" through its control methods: complete a checkout, change a subscription,
 * make the API fail for a while.
 */

type Json = Record<string, unknown>;

export interface FakeSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: "list"; data: { id: string; current_period_end: number; current_period_start: number }[] };
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: Json;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/** Parses Stripe's form encoding: metadata[plan]=x, line_items[0][price]=y. */
export function parseStripeForm(body: string): Json {
  const result: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/[[\]]+/).filter(Boolean);
    let target: Json = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        target[part] = value;
      } else {
        target[part] ??= {};
        target = target[part] as Json;
      }
    });
  }
  return result;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

export class FakeStripe {
  readonly sessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly requests: RecordedRequest[] = [];
  portalConfigured = true;
  /** While above zero, every API call answers 500 (and counts down). */
  failuresLeft = 0;
  private idempotent = new Map<string, Json>();
  private server: Server;
  url = "";

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Stripe's side of a buyer paying: the session completes and a subscription exists. */
  completeCheckout(sessionId: string, options: { status?: string; periodEnd?: Date } = {}): FakeSubscription {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no fake session ${sessionId}`);
    const subscription = this.createSubscription({
      status: options.status ?? "active",
      periodEnd: options.periodEnd,
      metadata: ((session.subscription_data as Json | undefined)?.metadata ?? {}) as Record<string, string>,
    });
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      subscription: subscription.id,
      customer: subscription.customer,
    });
    return subscription;
  }

  createSubscription(input: {
    status?: string;
    periodEnd?: Date;
    metadata?: Record<string, string>;
  }): FakeSubscription {
    const end = Math.floor((input.periodEnd ?? new Date(Date.now() + 30 * 86_400_000)).getTime() / 1000);
    const subscription: FakeSubscription = {
      id: id("sub"),
      object: "subscription",
      customer: id("cus"),
      status: input.status ?? "active",
      cancel_at_period_end: false,
      metadata: input.metadata ?? {},
      items: {
        object: "list",
        data: [{ id: id("si"), current_period_start: end - 30 * 86_400, current_period_end: end }],
      },
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  updateSubscription(
    subscriptionId: string,
    patch: { status?: string; cancelAtPeriodEnd?: boolean; periodEnd?: Date },
  ) {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no fake subscription ${subscriptionId}`);
    if (patch.status) subscription.status = patch.status;
    if (patch.cancelAtPeriodEnd !== undefined) subscription.cancel_at_period_end = patch.cancelAtPeriodEnd;
    if (patch.periodEnd) subscription.items.data[0].current_period_end = Math.floor(patch.periodEnd.getTime() / 1000);
    return subscription;
  }

  private send(res: ServerResponse, status: number, body: Json) {
    res.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req") });
    res.end(JSON.stringify(body));
  }

  private missing(res: ServerResponse, what: string, value: string) {
    this.send(res, 404, {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${what}: '${value}'`,
        param: "id",
      },
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? "/", "http://fake");
    const body = parseStripeForm(raw);
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    this.requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      body,
      idempotencyKey,
      authorization: req.headers.authorization,
    });

    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      // Stripe-Should-Retry: false keeps the SDK from retrying, so a test controls exactly how long the outage lasts.
      res.setHeader("Stripe-Should-Retry", "false");
      return this.send(res, 500, { error: { type: "api_error", message: "Fake Stripe is having an outage." } });
    }
    if (idempotencyKey && req.method === "POST" && this.idempotent.has(idempotencyKey)) {
      return this.send(res, 200, this.idempotent.get(idempotencyKey)!);
    }

    const [, version, resource, sub, maybeId] = url.pathname.split("/");
    if (version !== "v1")
      return this.send(res, 404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });

    if (req.method === "POST" && resource === "checkout" && sub === "sessions" && !maybeId) {
      const sessionId = id("cs_test");
      const session: Json = {
        id: sessionId,
        object: "checkout.session",
        ...body,
        status: "open",
        payment_status: "unpaid",
        subscription: null,
        customer: null,
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      };
      this.sessions.set(sessionId, session);
      if (idempotencyKey) this.idempotent.set(idempotencyKey, session);
      return this.send(res, 200, session);
    }
    if (req.method === "GET" && resource === "checkout" && sub === "sessions" && maybeId) {
      const session = this.sessions.get(maybeId);
      return session ? this.send(res, 200, session) : this.missing(res, "checkout.session", maybeId);
    }
    if (req.method === "GET" && resource === "subscriptions" && sub) {
      const subscription = this.subscriptions.get(sub);
      return subscription
        ? this.send(res, 200, subscription as unknown as Json)
        : this.missing(res, "subscription", sub);
    }
    if (req.method === "DELETE" && resource === "subscriptions" && sub) {
      // Stripe's "cancel a subscription": it ends now, and a second cancel is refused.
      const subscription = this.subscriptions.get(sub);
      if (!subscription) return this.missing(res, "subscription", sub);
      if (subscription.status === "canceled") {
        return this.send(res, 400, {
          error: { type: "invalid_request_error", message: "This subscription has already been canceled." },
        });
      }
      subscription.status = "canceled";
      subscription.cancel_at_period_end = false;
      return this.send(res, 200, subscription as unknown as Json);
    }
    if (req.method === "POST" && resource === "billing_portal" && sub === "sessions") {
      if (!this.portalConfigured) {
        return this.send(res, 400, {
          error: {
            type: "invalid_request_error",
            message:
              "No configuration provided and your test mode default configuration has not been created. Provide a configuration or create your default by saving your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.",
          },
        });
      }
      const portal = {
        id: id("bps"),
        object: "billing_portal.session",
        customer: body.customer,
        return_url: body.return_url,
        url: `https://billing.stripe.test/p/session/${id("test")}`,
      };
      return this.send(res, 200, portal);
    }
    this.send(res, 404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
    });
  }
}

/** A Stripe event envelope as Stripe sends it to a webhook endpoint. */
export function stripeEvent(type: string, object: object, eventId = id("evt")) {
  return JSON.stringify({
    id: eventId,
    object: "event",
    api_version: "2026-10-28",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}
