import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse } from "react-router";
import { ServerRouter } from "react-router";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/security/nonce";
import { getLogger } from "~/config/logger.server";

export { serverRuntime } from "~/server-runtime.server";

export const streamTimeout = 5_000;

/**
 * Every unexpected error from a loader, action or render is logged once, as JSON through pino,
 * with the method and path (never the query string: it can carry tokens). Refusals we threw on
 * purpose (data() or a Response with a 4xx status) are answers, not errors.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (isRouteErrorResponse(error) && error.status < 500) return;
  getLogger().error({ err: error, method: request.method, path: new URL(request.url).pathname }, "request failed");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Everyone gets the whole page at once. Streaming the shell first sent a course page's
    // "Loading..." fallback before its lazily loaded text (the first render of each page
    // suspends), and swapping the text in moved everything below it: a layout shift of about
    // 0.2 on every first visit. Our loaders return no deferred data, so waiting costs nothing.
    const readyOption: keyof RenderToPipeableStreamOptions = "onAllReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // React 19 still "outlines" a finished Suspense boundary larger than this many bytes: it
        // sends the fallback in place and the content at the end of the HTML with a script that
        // swaps it in. A course page's text is larger than the 12.8 KB default, so the reader saw
        // "Loading..." and then the footer jump (CLS 0.3). We send the whole page at once anyway.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          // The page is complete, so it goes out as one buffer: React writes it in 2 KB pieces,
          // and passing each one on to the socket (or to gzip) separately cost more per page than
          // rendering some of it.
          const chunks: Buffer[] = [];
          const page = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const html = Buffer.concat(chunks);
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(page);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) getLogger().error({ err: error, path: new URL(request.url).pathname }, "render failed");
        },
      },
    );
  });
}
