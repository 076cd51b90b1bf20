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
 * The home page, the one page with the newsletter pop-up: the stand-in script also watches for the
 * pop-up's moment, so its half minute counts from the page's start.
 */
export const deferHydrationWithPopupHandle = { hydrate: "on-interaction", newsletterPopup: true } as const;

/**
 * A page that is mostly reading for everyone who sees it, signed in or not (a course page), opts in
 * with `export const handle = deferHydrationForReadersHandle`.
 */
export const deferHydrationForReadersHandle = { hydrate: "on-interaction", signedIn: true } as const;

/** What a route's handle may say about its hydration. */
export type HydrationHandle = { hydrate?: string; signedIn?: boolean; newsletterPopup?: boolean };

export const DEFERRED_HYDRATION = {
  /** The `<template>` that holds React Router's scripts until the page hydrates. */
  templateId: "deferred-hydration",
  /** The script that stands in for React; it removes itself when React takes over. */
  bootstrapId: "hydrate-on-interaction",
  /** Dispatched on window by the root once React has hydrated. */
  hydratedEvent: "scam-free:hydrated",
  /** Dispatched on window when the newsletter pop-up's moment came before or after hydration. */
  popupDueEvent: "scam-free:popup-due",
  /** The window property the stand-in script keeps its state in. */
  stateKey: "__scamFreeDeferredHydration",
} as const;

export const POPUP_DUE_EVENT = DEFERRED_HYDRATION.popupDueEvent;

/** What the stand-in script leaves on window. */
export interface DeferredHydrationState {
  /** The newsletter pop-up's moment has come and React has not opened it yet. */
  popupDue: boolean;
}

function deferredHydrationState(): DeferredHydrationState | undefined {
  return (window as unknown as Record<string, DeferredHydrationState | undefined>)[DEFERRED_HYDRATION.stateKey];
}

/**
 * On a page that hydrated late, the stand-in script has been watching for the pop-up's moment since
 * the page loaded: React asks it (and listens for `POPUP_DUE_EVENT`) instead of starting again.
 * Undefined on a page React hydrated straight away or reached by client-side navigation from one.
 */
export function popupDueBeforeHydration(): { takeDue(): boolean } | undefined {
  const state = deferredHydrationState();
  if (!state) return undefined;
  return {
    takeDue() {
      const due = state.popupDue;
      state.popupDue = false;
      return due;
    },
  };
}

/**
 * Called once by the root when React has hydrated: the stand-in script replays what was pressed,
 * and `<html data-hydrated>` says so to anyone who looks later (the browser tests wait for it).
 */
export function announceHydrated() {
  document.documentElement.dataset.hydrated = "";
  window.dispatchEvent(new Event(DEFERRED_HYDRATION.hydratedEvent));
}
