import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeSubscriber {
  email: string;
  status: string;
  fields: Record<string, unknown>;
  groups: string[];
}

export interface ReceivedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/**
 * A local stand-in for MailerLite's REST API (connect.mailerlite.com) on a random port, speaking
 * the parts we use: POST /api/subscribers with a Bearer token creates a subscriber (201) or
 * updates the one with that email (200); 401 for a wrong token; 422 for a refused address.
 * `failNext(n)` makes the next n calls fail with 503, the way an outage looks.
 */
export async function startFakeMailerLite(options: { apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? "test-mailerlite-key";
  const subscribers = new Map<string, FakeSubscriber>();
  const requests: ReceivedRequest[] = [];
  const refused = new Set<string>();
  let failuresLeft = 0;

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      req.on("error", reject);
    });

  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Keep the raw text; the request is answered 422 below.
    }
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    requests.push({
      method: req.method ?? "",
      path,
      authorization: req.headers.authorization,
      contentType: req.headers["content-type"],
      body,
    });
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(payload));
    };

    if (req.method !== "POST" || path !== "/api/subscribers") return reply(404, { message: "Not found" });
    if (req.headers.authorization !== `Bearer ${apiKey}`) return reply(401, { message: "Unauthenticated." });
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return reply(503, { message: "Service Unavailable" });
    }
    const input = body as { email?: unknown; status?: unknown; fields?: unknown; groups?: unknown } | undefined;
    if (!input || typeof input.email !== "string" || !input.email.includes("@")) {
      return reply(422, {
        message: "The email field is required.",
        errors: { email: ["The email field is required."] },
      });
    }
    if (refused.has(input.email)) {
      return reply(422, {
        message: "The email must be a valid email address.",
        errors: { email: ["The email must be a valid email address."] },
      });
    }
    const existing = subscribers.get(input.email);
    const next: FakeSubscriber = {
      email: input.email,
      status: typeof input.status === "string" ? input.status : (existing?.status ?? "active"),
      fields: { ...(existing?.fields ?? {}), ...((input.fields as Record<string, unknown>) ?? {}) },
      groups: [...new Set([...(existing?.groups ?? []), ...((input.groups as string[]) ?? [])])],
    };
    subscribers.set(input.email, next);
    return reply(existing ? 200 : 201, { data: { id: String(subscribers.size), ...next } });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    subscribers,
    requests,
    failNext(count: number) {
      failuresLeft = count;
    },
    refuse(email: string) {
      refused.add(email);
    },
    reset() {
      subscribers.clear();
      requests.length = 0;
      refused.clear();
      failuresLeft = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
