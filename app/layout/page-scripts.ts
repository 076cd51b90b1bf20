import { useMatches } from "react-router";

/**
 * A page that needs no JavaScript in the browser says so with `export const handle = noScriptsHandle`
 * (React Router's route `handle`): it is rendered with React on the server as every page is, and the
 * root then leaves out `<Scripts />` and `<ScrollRestoration />`, so the browser downloads no script
 * at all. Its links are whole page loads and its few widgets are the platform's own (the site menu
 * is a popover). Issue #24, decision 037.
 */
export const noScriptsHandle = { scripts: false } as const;

type ScriptsHandle = { scripts?: boolean } | undefined;

/** False when a matched route said it needs no script. */
export function usePageNeedsScripts(): boolean {
  return !useMatches().some((match) => (match.handle as ScriptsHandle)?.scripts === false);
}

/**
 * Every no-script route exports this as its `clientLoader`. It never runs on the route's own
 * document (that has no script); React Router runs it only when a page React owns changes to this
 * route in the browser, by a link or a redirect. It then loads the page whole instead of rendering
 * it with React, so the page is exactly what a first visit gets: its inline scripts (the
 * self-check's total, the pop-up's watcher) run, and its links are whole page loads again.
 *
 * A redirect after a form that carries a flash message must be a `redirectDocument` instead: the
 * root's loader, which reads the message once, runs beside this and would use it up.
 */
export function loadAsWholePage({ request }: { request: Request }): Promise<never> {
  const url = new URL(request.url);
  window.location.assign(url.pathname + url.search);
  // The page being left may be kept in the back-forward cache with this change still pending
  // (its progress bar running): if the visitor comes back to it, load it afresh.
  window.addEventListener(
    "pageshow",
    (event) => {
      if (event.persisted) window.location.reload();
    },
    { once: true },
  );
  return new Promise<never>(() => {});
}

/**
 * The server loader of a no-script route that has no data of its own. It is needed beside
 * `loadAsWholePage`: React Router renders a route that has only a client loader in the browser
 * (an empty page on the server), and one with both on the server as usual.
 */
export function noPageData(): null {
  return null;
}
