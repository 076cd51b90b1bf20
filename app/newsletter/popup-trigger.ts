import { useEffect, useState } from "react";

export const POPUP_SEEN_KEY = "scam-free:newsletter-popup-seen";
const DELAY_MS = 30_000;
const SCROLL_FRACTION = 0.5;

/**
 * Decides when the newsletter pop-up appears: once per visitor (remembered in this browser), after
 * they have read half the page or spent half a minute on it. Never on a later visit.
 */
export function useNewsletterPopupTrigger(): [boolean, () => void] {
  const [show, setShow] = useState(false);

  useEffect(() => {
    let seen = false;
    try {
      seen = window.localStorage.getItem(POPUP_SEEN_KEY) !== null;
    } catch {
      seen = true; // Storage blocked: we cannot remember, so do not nag.
    }
    if (seen) return;

    const trigger = () => {
      cleanup();
      try {
        window.localStorage.setItem(POPUP_SEEN_KEY, new Date().toISOString());
      } catch {
        return;
      }
      setShow(true);
    };
    const onScroll = () => {
      const scrollable = document.documentElement.scrollHeight - window.innerHeight;
      if (scrollable > 0 && window.scrollY / scrollable >= SCROLL_FRACTION) trigger();
    };
    const timer = window.setTimeout(trigger, DELAY_MS);
    window.addEventListener("scroll", onScroll, { passive: true });
    function cleanup() {
      window.clearTimeout(timer);
      window.removeEventListener("scroll", onScroll);
    }
    return cleanup;
  }, []);

  return [show, () => setShow(false)];
}
