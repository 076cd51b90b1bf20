import { useEffect, useRef } from "react";

/**
 * The answer to a press, where the thumb is. On a phone the button pressed is often far down the
 * page and the answer appears at its top, out of sight: Jorge pressed "Yes", saw nothing change, and
 * found "Stop practice messages" under his thumb. So when an answer appears (or changes), it is
 * scrolled to the top of what is visible (below the sticky header, by its scroll-margin) unless all
 * of it is already in view, and focus moves to it so a screen reader reads it next.
 *
 * `answer` is the answer object itself: a new object is a new answer, even with the same words.
 */
export function useAnswerInView<E extends HTMLElement>(answer: unknown) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const element = ref.current;
    if (!answer || !element) return;
    const box = element.getBoundingClientRect();
    const headerBottom = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    const inView = box.top >= Math.max(0, headerBottom) && box.bottom <= window.innerHeight;
    if (!inView) element.scrollIntoView({ block: "start", behavior: "instant" });
    element.focus({ preventScroll: true });
  }, [answer]);
  return ref;
}

/** The classes an answer needs: focusable by script only, and kept clear of the sticky header. */
export const ANSWER_IN_VIEW_CLASS = "scroll-mt-24 outline-none";
