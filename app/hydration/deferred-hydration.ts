/**
 * The names shared by the server, React and the small script that stands in for React on pages
 * that hydrate on the visitor's first interaction (decision 021). Browser and server both import this.
 */

/**
 * A public page opts in with `export const handle = deferHydrationHandle`: it hydrates on the first
 * interaction for anonymous visitors (the page a campaign sends thousands to), and on load for
 * signed-in ones.
 */
export const deferHydrationHandle = { hydrate: "on-interaction" } as const;

/**
 * A page that is mostly reading for everyone who sees it, signed in or not (a course page), opts in
 * with `export const handle = deferHydrationForReadersHandle`.
 */
export const deferHydrationForReadersHandle = { hydrate: "on-interaction", signedIn: true } as const;

/** What a route's handle may say about its hydration. */
export type HydrationHandle = { hydrate?: string; signedIn?: boolean };

export const DEFERRED_HYDRATION = {
  /** The `<template>` that holds React Router's scripts until the page hydrates. */
  templateId: "deferred-hydration",
  /** The script that stands in for React; it removes itself when React takes over. */
  bootstrapId: "hydrate-on-interaction",
  /** Dispatched on window by the root once React has hydrated. */
  hydratedEvent: "scam-free:hydrated",
  /** The window property the stand-in script sets when it is in place. */
  stateKey: "__scamFreeDeferredHydration",
} as const;

/**
 * Called once by the root when React has hydrated: the stand-in script replays what was pressed,
 * and `<html data-hydrated>` says so to anyone who looks later (the browser tests wait for it).
 */
export function announceHydrated() {
  document.documentElement.dataset.hydrated = "";
  window.dispatchEvent(new Event(DEFERRED_HYDRATION.hydratedEvent));
}
