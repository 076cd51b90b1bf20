import { useSyncExternalStore } from "react";
import { isKnownTimeZone } from "./quiet-hours";

const subscribeToNothing = () => () => {};

function browserTimeZone(): string | null {
  const found = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return found && isKnownTimeZone(found) ? found : null;
}

/**
 * The device's own IANA time zone, once the page runs in the browser; null on the server (which
 * cannot know it) and where the browser names no zone we know.
 */
export function useBrowserTimeZone(): string | null {
  return useSyncExternalStore(subscribeToNothing, browserTimeZone, () => null);
}
