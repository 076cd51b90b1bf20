/*
 * scam-free's service worker: it makes the site installable and shows an offline page, nothing
 * more. It keeps one file, /offline.html (static, the same for everyone), and never stores a page,
 * a message or anything personal. It answers only a page load (a navigation) that fails for want
 * of a network; every other request goes to the network exactly as if it were not here.
 *
 * Registered by /check (app/pwa/register-service-worker.ts). Served with Cache-Control: no-cache,
 * so a changed version is picked up on the next visit.
 */
const CACHE = "scam-free-offline-v1";
const OFFLINE_PAGE = "/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_PAGE, { cache: "reload" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  // Earlier versions' caches go; nothing else was ever kept.
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  // Not a page load (scripts, styles, data, form posts): not ours to answer.
  if (request.mode !== "navigate" || request.method !== "GET") return;
  event.respondWith(
    fetch(request).catch(async () => {
      const offline = await caches.match(OFFLINE_PAGE, { cacheName: CACHE });
      return offline ?? Response.error();
    }),
  );
});
