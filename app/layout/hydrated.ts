/**
 * Called once by the root when React has hydrated a page that ships it: `<html data-hydrated>`
 * says so to anyone who looks later (the browser tests wait for it before pressing what React owns).
 */
export function announceHydrated() {
  document.documentElement.dataset.hydrated = "";
}
