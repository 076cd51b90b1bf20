import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

type RouteAction = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

/**
 * A route action behind a plain HTTP server on a free loopback port, as an outside service (Twilio's
 * status callbacks) reaches it: the request exactly as it arrived, the action's answer as it is.
 * `origin` is the address the request is rebuilt on (a signed callback's URL must match it).
 */
export async function serveRouteAction(action: RouteAction) {
  let origin = "";
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = new Request(`${origin}${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      });
      void (action({ request, params: {}, context: {} }) as Promise<Response>).then(async (response) => {
        res.writeHead(response.status, { "Content-Type": response.headers.get("Content-Type") ?? "text/plain" });
        res.end(await response.text());
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
