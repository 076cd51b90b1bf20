/**
 * Registers public/sw.js, the site's one service worker, which keeps nothing but the offline page
 * (see that file). Only /check calls this, once the page has loaded and the browser is idle, so
 * the registration never competes with the page itself. A browser without service workers, or
 * one that refuses (a private window, a policy), just goes on without the offline page.
 */
const SERVICE_WORKER_URL = "/sw.js";

function whenIdle(run: () => void) {
  if ("requestIdleCallback" in window) window.requestIdleCallback(run, { timeout: 5_000 });
  else setTimeout(run, 1_000);
}

function register() {
  // updateViaCache "none": the browser always asks the server for sw.js, so a new version
  // (or its removal) takes effect on the next visit.
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/", updateViaCache: "none" }).catch(() => {
    // Nothing to tell the visitor: the page works the same without it.
  });
}

/** Registers the service worker after load, when idle. Returns a function that cancels a pending one. */
export function registerServiceWorkerWhenIdle(): () => void {
  if (typeof window === "undefined" || !("serviceWorker" in navigator)) return () => {};
  let cancelled = false;
  const start = () => whenIdle(() => !cancelled && register());
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", start);
  };
}
