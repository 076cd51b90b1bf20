/**
 * The home page's newsletter pop-up opener, shipped as the text of a small inline script
 * (`newsletter-popup.tsx`; the home page has no other script): it opens the dialog its script
 * element names (`data-dialog`) when `watchForPopupMoment` says the moment has come.
 */

/**
 * Decides when the newsletter pop-up appears: once per visitor (remembered in this browser), after
 * they have scrolled through half the page themselves or spent half a minute on it. Never on a
 * later visit, never over another dialog or a form in use, and never because of a jump the visitor
 * asked for: only scrolling that follows the wheel, a touch drag or a scrolling key counts, so
 * "Stay Informed" (an anchor), a button scrolled into view or focus moving down the page do not.
 * When the moment comes while the visitor is busy, the pop-up waits until they have been done for
 * a couple of seconds. Calls `onDue` once, when the pop-up should open; returns a function that
 * stops watching.
 */
function watchForPopupMoment(onDue: () => void): () => void {
  const POPUP_SEEN_KEY = "scam-free:newsletter-popup-seen";
  const DELAY_MS = 30_000;
  const SCROLL_FRACTION = 0.5;
  // How long the page must have been left alone (no dialog, no field in use, no press) before the pop-up may open.
  const QUIET_MS = 2_000;
  const CHECK_EVERY_MS = 500;
  // A scroll this soon after the wheel, a touch drag, a scrolling key or the visitor's previous scroll
  // counts as the visitor's own (the chain covers a fling that coasts on after the finger lifts).
  const SCROLL_INTENT_MS = 1_000;
  // End and Home jump to an edge of the page, so they count as jumps, not reading.
  const SCROLL_KEYS = new Set(["ArrowDown", "ArrowUp", "PageDown", "PageUp", " "]);
  const FIELD_SELECTOR = "input, textarea, select, [contenteditable]:not([contenteditable='false'])";

  // Busy: another dialog is open (ours are Radix dialogs, present only while open) or focus is in a form.
  const pageIsBusy = () => {
    if (document.querySelector("[role='dialog'], [role='alertdialog'], dialog[open]")) return true;
    const focused = document.activeElement;
    return focused instanceof HTMLElement && (focused.matches(FIELD_SELECTOR) || focused.closest("form") !== null);
  };

  let seen = false;
  try {
    seen = window.localStorage.getItem(POPUP_SEEN_KEY) !== null;
  } catch {
    seen = true; // Storage blocked: we cannot remember, so do not nag.
  }
  if (seen) return () => {};

  let due = false;
  let lastBusyAt = Number.NEGATIVE_INFINITY;
  let scrollIntentAt = Number.NEGATIVE_INFINITY;
  let draggingScrollbar = false;
  let lastScrollY = window.scrollY;
  let scrolledByVisitor = 0;

  const open = () => {
    cleanup();
    try {
      window.localStorage.setItem(POPUP_SEEN_KEY, new Date().toISOString());
    } catch {
      return;
    }
    onDue();
  };
  const check = () => {
    if (pageIsBusy()) lastBusyAt = Date.now();
    else if (due && Date.now() - lastBusyAt >= QUIET_MS) open();
  };

  const markScrollIntent = () => {
    scrollIntentAt = Date.now();
  };
  // A click (on an anchor such as "Stay Informed", or a button) or Tab may move the page; that is a jump.
  const forgetScrollIntent = () => {
    scrollIntentAt = Number.NEGATIVE_INFINITY;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    lastBusyAt = Date.now();
    const focused = document.activeElement;
    const pressesButton =
      event.key === " " && focused instanceof HTMLElement && focused.matches("button, [role='button']");
    if (SCROLL_KEYS.has(event.key) && !pressesButton && !pageIsBusy()) markScrollIntent();
    else forgetScrollIntent();
  };
  const onPointerDown = (event: PointerEvent) => {
    lastBusyAt = Date.now();
    // A press on the page's own scrollbar reaches the root element.
    draggingScrollbar = event.target === document.documentElement;
  };
  const onPointerUp = () => {
    draggingScrollbar = false;
  };
  const onScroll = () => {
    const moved = Math.abs(window.scrollY - lastScrollY);
    lastScrollY = window.scrollY;
    const byVisitor = draggingScrollbar || Date.now() - scrollIntentAt <= SCROLL_INTENT_MS;
    if (!byVisitor) return;
    scrollIntentAt = Date.now();
    scrolledByVisitor += moved;
    const scrollable = document.documentElement.scrollHeight - window.innerHeight;
    if (scrollable > 0 && scrolledByVisitor / scrollable >= SCROLL_FRACTION) {
      due = true;
      check();
    }
  };

  // The half minute counts from the start of the page, not from when this watcher started.
  const timer = window.setTimeout(
    () => {
      due = true;
      check();
    },
    Math.max(0, DELAY_MS - performance.now()),
  );
  const checker = window.setInterval(check, CHECK_EVERY_MS);
  const listeners: [string, EventListener][] = [
    ["wheel", markScrollIntent],
    ["touchmove", markScrollIntent],
    ["keydown", onKeyDown as EventListener],
    ["pointerdown", onPointerDown as EventListener],
    ["pointerup", onPointerUp],
    ["click", forgetScrollIntent],
    ["hashchange", forgetScrollIntent],
  ];
  // Capture, so a component that stops an event still lets us see the visitor is busy.
  for (const [type, listener] of listeners) window.addEventListener(type, listener, { passive: true, capture: true });
  // Bubble only: the page's own scroll, not that of a scrolling box inside it.
  window.addEventListener("scroll", onScroll, { passive: true });
  function cleanup() {
    window.clearTimeout(timer);
    window.clearInterval(checker);
    for (const [type, listener] of listeners) window.removeEventListener(type, listener, { capture: true });
    window.removeEventListener("scroll", onScroll);
  }
  return cleanup;
}

const dialogId = document.currentScript?.getAttribute("data-dialog");
watchForPopupMoment(() => {
  const popup = dialogId ? document.getElementById(dialogId) : null;
  if (popup instanceof HTMLDialogElement && !popup.open) popup.showModal();
});

export {};
