import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs in the browser. Forms use
 * it to keep working before JavaScript loads (their buttons stay enabled; the server checks).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
