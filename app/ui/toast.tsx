import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";

/**
 * Toasts, loaded on first use. Most visits never show one, so sonner (about 9 KB of gzipped
 * JavaScript) is not part of any page's first load: the first `toast.success` or `toast.error`
 * mounts the toaster and loads the library; sonner replays toasts raised before its toaster
 * subscribed, so none is lost. Toasts sit in a fixed layer and never move the page's content.
 */

const loadSonner = () => import("sonner");

let toasterWanted = false;
const listeners = new Set<() => void>();

function wantToaster() {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of listeners) listener();
}

export const toast = {
  success(title: string, options?: ExternalToast) {
    wantToaster();
    void loadSonner().then(({ toast: show }) => show.success(title, options));
  },
  error(title: string, options?: ExternalToast) {
    wantToaster();
    void loadSonner().then(({ toast: show }) => show.error(title, options));
  },
};

const Toaster = lazy(() => loadSonner().then(({ Toaster: component }) => ({ default: component })));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where toasts appear: nothing until the first toast is raised. */
export function Toasts() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => toasterWanted,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" closeButton toastOptions={{ classNames: { description: "!text-slate-700" } }} />
    </Suspense>
  );
}
