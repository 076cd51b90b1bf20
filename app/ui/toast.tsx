import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { AlertCircle, CheckCircle2, Info, X } from "lucide-react";
import { cn } from "./cn";

/**
 * Toasts: short results of what the visitor just did ("Saved Grandma Rose's settings").
 *
 * Every step from `toast.success` to the screen is synchronous: the call adds the toast to the
 * store below and tells the listeners at once, and <Toasts /> reads the store through
 * useSyncExternalStore, whose store updates React renders as urgent (sync) updates, never folded
 * into the transition a navigation or revalidation is rendering. No library is loaded on demand,
 * and nothing waits for a timer or an animation frame before a toast is inserted. A toast raised before <Toasts /> has
 * mounted (from an effect during hydration, say) is in the store and shows when it mounts.
 *
 * Each toast stays DURATION_MS after it appears; the countdown stops while the pointer is over the
 * toasts or focus is inside them (WCAG 2.2.1), and each has a close button. The newest is on top,
 * and at most MAX_TOASTS are kept: a fourth pushes out the oldest.
 */

/** "info": a calm note that is neither a success nor a failure ("log in to continue to your plan"). */
type ToastKind = "success" | "error" | "info";

type Toast = { id: string; kind: ToastKind; title: string; description?: string };

/** What callers may pass: a description under the title, and an id that keeps a toast from showing twice. */
type ToastOptions = {
  description?: string;
  /** A toast raised with the id of one on screen replaces it in place instead of adding another. */
  id?: string;
};

const DURATION_MS = 4_000;
const MAX_TOASTS = 3;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const noToasts: readonly Toast[] = [];

function setToasts(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, title: string, options: ToastOptions = {}) {
  const id = options.id ?? `toast-${nextId++}`;
  const shown: Toast = { id, kind, title, description: options.description };
  const index = toasts.findIndex((existing) => existing.id === id);
  if (index >= 0) setToasts(toasts.map((existing, at) => (at === index ? shown : existing)));
  else setToasts([shown, ...toasts].slice(0, MAX_TOASTS));
  return id;
}

export const toast = {
  success: (title: string, options?: ToastOptions) => show("success", title, options),
  error: (title: string, options?: ToastOptions) => show("error", title, options),
  info: (title: string, options?: ToastOptions) => show("info", title, options),
};

/** Removes one toast (its close button, or its time ran out). */
export function dismissToast(id: string) {
  if (toasts.some((shown) => shown.id === id)) setToasts(toasts.filter((shown) => shown.id !== id));
}

/** The toasts now in the store, newest first. The same array until something changes. */
export function getToasts() {
  return toasts;
}

export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Where toasts appear: a fixed layer over the page, top right (across the top on a phone). */
export function Toasts() {
  const shown = useSyncExternalStore(subscribeToToasts, getToasts, () => noToasts);
  const [pointerInside, setPointerInside] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const list = useRef<HTMLOListElement>(null);

  function close(id: string) {
    if (list.current?.contains(document.activeElement)) {
      // Keep keyboard focus in the list, on the next toast's close button, rather than losing it.
      const index = shown.findIndex((other) => other.id === id);
      const next = shown[index + 1] ?? shown[index - 1];
      if (next) list.current.querySelector<HTMLElement>(`[data-toast-id="${CSS.escape(next.id)}"] button`)?.focus();
    }
    // The pointer was over the last toast: nothing is left under it, and no pointer event says so.
    if (shown.length === 1) setPointerInside(false);
    dismissToast(id);
  }

  return (
    // Always in the page, even empty, so that screen readers announce each toast added to it.
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 p-2 sm:left-auto sm:w-[26rem] sm:p-4"
    >
      <ol
        ref={list}
        aria-live="polite"
        className="flex flex-col gap-2"
        onPointerEnter={() => setPointerInside(true)}
        onPointerLeave={() => setPointerInside(false)}
        onFocus={() => setFocusInside(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
        }}
      >
        {shown.map((item) => (
          <ToastItem
            key={item.id}
            toast={item}
            paused={pointerInside || focusInside}
            onClose={() => close(item.id)}
            setFocusInside={setFocusInside}
          />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({
  toast: item,
  paused,
  onClose,
  setFocusInside,
}: {
  toast: Toast;
  paused: boolean;
  onClose: () => void;
  /** The list's state setter, the same function on every render. */
  setFocusInside: (inside: boolean) => void;
}) {
  const element = useRef<HTMLLIElement>(null);
  const remaining = useRef(DURATION_MS);
  // A toast that leaves with focus inside (its close button pressed, or a newer toast pushing it
  // out) takes focus with it, and no focus event says so: the countdown must not stay paused.
  // (A layout effect's cleanup runs while the element is still in the page.)
  useLayoutEffect(() => {
    const node = element.current;
    return () => {
      if (node?.contains(document.activeElement)) setFocusInside(false);
    };
  }, [setFocusInside]);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, item.id]);

  const error = item.kind === "error";
  const Icon = error ? AlertCircle : item.kind === "info" ? Info : CheckCircle2;
  const accent = error ? "danger-600" : item.kind === "info" ? "brand-700" : "safe-600";
  return (
    <li
      ref={element}
      data-toast=""
      data-toast-kind={item.kind}
      data-toast-id={item.id}
      // The list is a polite live region; an error interrupts. (Not role="alert"/"status": the
      // forms show the same result in the page with those roles, and one of each is enough.)
      aria-live={error ? "assertive" : undefined}
      aria-atomic="true"
      className={cn(
        "pointer-events-auto flex items-start gap-3 rounded-lg border border-l-4 border-slate-200 bg-white p-4 shadow-lg",
        {
          "border-l-danger-600": error,
          "border-l-brand-700": accent === "brand-700",
          "border-l-safe-600": accent === "safe-600",
        },
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn("mt-0.5 size-5 shrink-0", {
          "text-danger-600": error,
          "text-brand-700": accent === "brand-700",
          "text-safe-600": accent === "safe-600",
        })}
      />
      <div className="min-w-0 flex-1 text-sm">
        <p className={cn("font-semibold", error ? "text-danger-600" : "text-brand-900")}>{item.title}</p>
        {item.description ? <p className="mt-1 text-slate-700">{item.description}</p> : null}
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={onClose}
        className="-mt-1 -mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-700"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
